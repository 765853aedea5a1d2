/** Refugia in Chromium: hexagonal cells, moves by clicks, the neutral stone, the plain embed page. */
import { describe, expect, it } from 'vitest';
import { open, viewOf, history, movesPlayed, siteIndex, clickSite, photograph, waitForGame, BOARD, REFUGIA_EMBED, useBrowser } from './harness.js';

useBrowser();

describe('Refugia in Chromium', () => {
  it('is chosen in the new-game dialog, drawn as cells; a click places a stone, the AI answers; a reload keeps the game', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#game-choice', 'refugia');
    // The dialog follows the game: its boards, no set-up choice, no rule options, its side names.
    expect(await page.inputValue('#board-choice')).toBe('hex3-4');
    expect(await page.locator('#board-choice option').allTextContents()).toContain('hex3-4 — 27 cells (default)');
    expect(await page.isVisible('#setup-row')).toBe(false);
    expect(await page.isVisible('#options-block')).toBe(false);
    expect(await page.isVisible('#hex-size-row')).toBe(false);
    expect([await page.textContent('#first-name'), await page.textContent('#second-name')]).toEqual(['Dark', 'Light']);
    await page.selectOption('select[name=black]', 'human');
    await page.selectOption('select[name=white]', '2');
    await photograph(page, 'refugia-new-game');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    const start = await viewOf(page);
    expect(start.drawing).toBe('cells');
    expect(start.board.spec).toBe('althex(3,4)');
    await expect.poll(() => page.locator(BOARD).locator('polygon.cell').count()).toBe(27);
    expect(await page.textContent('#title')).toBe('Refugia');
    await expect.poll(() => page.locator(BOARD).locator('[part=turn]').textContent()).toBe('Dark to move');
    await photograph(page, 'refugia-start');

    await clickSite(page, 'c3');
    await movesPlayed(page, 2);
    const moves = await history(page);
    expect(moves[0]).toBe('c3');
    await expect.poll(() => page.locator('#moves li').count()).toBe(2);
    expect(await page.textContent('#moves li')).toMatch(/^Dark: c3/);
    await expect.poll(() => page.locator(BOARD).locator('circle[part~=stone-black]').count()).toBe(1);
    await photograph(page, 'refugia-ai-answered');

    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves);
    expect((await viewOf(page)).game).toBe('refugia');
    await expect.poll(() => page.locator(BOARD).locator('polygon.cell').count()).toBe(27);
    expect(await page.textContent('#players')).toMatch(/Dark: Human\s*Light: AI level 2/);
    // The record names the game.
    await page.click('#record');
    expect(await page.inputValue('#record-text')).toContain('[Game "Refugia"]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a link starts Refugia; a stone steps and hops to highlighted cells; pass, pass ends the game', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickSite(page, 'c3');
    await expect.poll(() => history(page)).toEqual(['c3']);
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3']);
    // c3 has an enemy next to it (d3): it may flee to a cell with none. Selecting it shows where.
    await clickSite(page, 'c3');
    const v = await viewOf(page);
    const c3 = await siteIndex(page, 'c3');
    const ends = v.legal.filter((m) => m.at === c3).map((m) => m.to!);
    expect(ends.length).toBeGreaterThan(1);
    await expect.poll(() => page.locator(BOARD).locator('circle.dest').count()).toBe(ends.length);
    await expect.poll(() => page.locator(BOARD).locator('[part=selected]').count()).toBe(1);
    await photograph(page, 'refugia-selected');
    await clickSite(page, 'b2');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3', 'c3-b2']);
    await expect.poll(() => page.locator(BOARD).locator('circle.dest').count()).toBe(0);

    // Light a1, Dark c1, Light b3: b2 (two enemies) hops over b3 to b4 (one), and b3 turns neutral.
    for (const [n, label] of ['a1', 'c1', 'b3'].entries()) {
      await clickSite(page, label);
      await movesPlayed(page, 4 + n);
    }
    await clickSite(page, 'b2');
    await clickSite(page, 'b4');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3', 'c3-b2', 'a1', 'c1', 'b3', 'b2-b4']);
    const b3 = await siteIndex(page, 'b3');
    expect((await viewOf(page)).cells[b3]).toBe(3);
    await expect.poll(() => page.locator(BOARD).locator('circle[part~=stone-neutral]').count()).toBe(1);
    await expect.poll(() => page.locator(BOARD).locator('[part=changed]').count()).toBe(1);
    await photograph(page, 'refugia-hop');

    // The enemies overlay: how many enemies touch each empty cell.
    await page.check('#show-enemies');
    await expect.poll(() => page.locator(BOARD).locator('text[part=enemies]').count()).toBeGreaterThan(10);

    const pass = page.locator(BOARD).locator('button[part=pass]');
    await pass.click();
    await expect.poll(() => page.locator(BOARD).locator('[part=duty]').textContent()).toMatch(/a pass now ends the game/);
    await pass.click();
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    // Scores 0-0, two stones each: Dark passed last and loses the tie (REFUGIA.md §7).
    expect(await page.textContent('#gameover')).toMatch(/Light wins 0–0 \(two passes in a row\)/);
    expect(await page.textContent('#gameover')).toMatch(/Stones \(the tie-break\)\s*2\s*2/);
    await expect.poll(() => page.locator(BOARD).locator('[part=turn]').textContent()).toBe('Game over: Light wins');
    await expect.poll(() => pass.isDisabled()).toBe(true);
    await photograph(page, 'refugia-game-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<game-board game="refugia"> on the plain page plays a placement and the AI answers; a crashed worker comes back with Refugia', async () => {
    const { page, errors } = await open('lib/', undefined, REFUGIA_EMBED);
    const v = await viewOf(page, REFUGIA_EMBED);
    expect([v.game, v.board.spec]).toEqual(['refugia', 'althex(3,4)']);
    await clickSite(page, 'c3', REFUGIA_EMBED);
    await movesPlayed(page, 2, REFUGIA_EMBED);
    expect((await history(page, REFUGIA_EMBED))[0]).toBe('c3');
    await page.locator(REFUGIA_EMBED).scrollIntoViewIfNeeded();
    await photograph(page, 'refugia-embed');

    const before = await history(page, REFUGIA_EMBED);
    const restarts = await page.evaluate(async (sel) => {
      const board = document.querySelector(sel) as unknown as { client: { simulateCrash(): void; restarts: number }; play(m: string): Promise<unknown>; setAttribute(n: string, v: string): void };
      board.setAttribute('ai', 'none');
      board.client.simulateCrash();
      await board.play('pass');
      return board.client.restarts;
    }, REFUGIA_EMBED);
    expect(restarts).toBe(1);
    await expect.poll(() => history(page, REFUGIA_EMBED)).toEqual([...before, 'pass']);
    expect((await viewOf(page, REFUGIA_EMBED)).game).toBe('refugia');
    expect(errors).toEqual([]);
    await page.close();
  });
});
