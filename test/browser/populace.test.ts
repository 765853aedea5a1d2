/** Populace in Chromium: the pie, threatened pieces, overlays and scores. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, history, movesPlayed, siteIndex, clickIndex, clickSite, photograph, waitForGame, BOARD, useBrowser } from './harness.js';

useBrowser();

describe('Populace in Chromium', () => {
  /** POPULACE.md §8.2: Black d3 d4 e4, White c4 e5 (threatened by d4 and e4); Black to move. */
  const EXAMPLE = 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6';
  const turnText = (page: Page): Promise<string | null> => page.locator(BOARD).locator('[part=turn]').textContent();
  const seatText = (page: Page): Promise<string | null> => page.locator(BOARD).locator('[part=seat]').textContent();

  it('is chosen in the new-game dialog; the AI (Black) places, White swaps seats, the AI answers as White; a placement by click; a reload keeps the seats', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#game-choice', 'populace');
    // The dialog follows the game: its boards (hexhex(7) by default), its rule options, its AI levels.
    expect(await page.inputValue('#board-choice')).toBe('hexhex(7)');
    const boards = await page.locator('#board-choice option').allTextContents();
    for (const b of ['hexhex(7) — 127 cells (default)', 'hexhex(6) — 91 cells', 'hexhex(5) — 61 cells', 'hexhex(4) — 37 cells', 'althex(6,7) — 108 cells']) expect(boards).toContain(b);
    expect(await page.isVisible('#setup-row')).toBe(false);
    expect(await page.isVisible('#options-block')).toBe(true);
    await page.click('#options-block summary');
    expect(await page.isChecked('input[name=option-pie]')).toBe(true);
    expect(await page.isChecked('input[name=option-button]')).toBe(true);
    expect(await page.locator('select[name=option-superko] option').allTextContents()).toEqual(['none', 'positional']);
    expect(await page.locator('#option-moveLimit-values option').allTextContents()).toEqual(['none', '200', '400', '1000']);
    expect([await page.textContent('#first-name'), await page.textContent('#second-name')]).toEqual(['Black', 'White']);
    expect(await page.locator('select[name=black] option').count()).toBe(9);
    await page.selectOption('#board-choice', 'hexhex(5)');
    await page.selectOption('select[name=black]', '1');
    await page.selectOption('select[name=white]', 'human');
    await photograph(page, 'populace-new-game');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    expect(await page.textContent('#title')).toBe('Populace');
    await expect.poll(() => page.locator(BOARD).locator('polygon.cell').count()).toBe(61);

    // The AI plays the first seat (Black) and places; White is offered the swap.
    await movesPlayed(page, 1);
    await expect.poll(() => turnText(page)).toBe('White: play, or swap seats');
    await expect.poll(() => seatText(page)).toBe('· your move');
    const swap = page.locator(BOARD).locator('button[part=swap]');
    await expect.poll(() => swap.isEnabled()).toBe(true);
    await photograph(page, 'populace-swap-offered');
    await swap.click();
    // The seats are exchanged: the AI (first seat) now plays White and is still to move.
    await movesPlayed(page, 3);
    const afterSwap = await history(page);
    expect(afterSwap[1]).toBe('swap');
    expect((await viewOf(page)) as unknown as { seats: number[] }).toMatchObject({ seats: [2, 1] });
    await expect.poll(() => turnText(page)).toBe('Black to move (the second player, after the swap)');
    await expect.poll(() => seatText(page)).toBe('· your move');
    expect(await page.textContent('#players')).toMatch(/Black: Human \(the second player, after the swap\)\s*White: AI level 1 \(the first player, after the swap\)/);
    await expect.poll(() => page.locator(BOARD).locator('button[part=swap]').isVisible()).toBe(false);

    // A placement by clicking a cell where Black may place; the AI answers.
    const v = await viewOf(page);
    const place = v.legal.find((m) => m.kind === 'place')!;
    await clickIndex(page, place.at!);
    await movesPlayed(page, 5);
    const moves = await history(page);
    expect(moves[3]).toBe(v.board.sites[place.at!]!.label);
    expect((await viewOf(page)).history[4]!.player).toBe(2);
    // The move list has a line per seat's turn: the swap and the AI's first White move are apart.
    await expect.poll(() => page.locator('#moves li').allTextContents()).toEqual(moves.map((m, i) => `${['Black', 'White', 'White', 'Black', 'White'][i]}: ${m} `));
    await photograph(page, 'populace-ai-answered');

    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(((await viewOf(page)) as unknown as { seats: number[] }).seats).toEqual([2, 1]);
    expect(await page.textContent('#players')).toMatch(/Black: Human/);
    await page.click('#record');
    expect(await page.inputValue('#record-text')).toMatch(/\[Game "Populace"\][\s\S]*\(swap /);
    await page.keyboard.press('Escape');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#share');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText().catch(() => ''))).toContain('#game=populace');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('threatened pieces are marked, the legend explains; a replace and a move by clicking; pass, pass ends with the half point explained', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await page.evaluate((position) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'populace', position }), EXAMPLE);
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(4)');
    await expect.poll(() => page.locator(BOARD).locator('[part~=mark-threatened]').count()).toBe(1);
    await expect.poll(() => page.locator(BOARD).locator('[part=scores]').textContent()).toBe('Black 8 · White 8');

    // Overlays: who controls each empty cell (tints), and each piece's potential value.
    await page.check('#show-control');
    await page.check('#show-potential');
    await expect.poll(() => page.locator(BOARD).locator('[part~=control]').count()).toBe(11);
    await expect.poll(() => page.locator(BOARD).locator('text[part=potential]').allTextContents()).toEqual(expect.arrayContaining(['+3', '+1', '+2', '-1', '0']));
    await expect.poll(() => page.locator(BOARD).locator('text[part=potential]').count()).toBe(5);
    const legend = page.locator(BOARD).locator('[part=legend]');
    await legend.locator('summary').click();
    const legendText = await legend.textContent();
    expect(legendText).toMatch(/threatened piece/);
    expect(legendText).toMatch(/tinted cell: controlled by Black \(dark\) or White \(light\)/);
    // Populace's own term, in the legend and on the toggle (Throngs' is "action potential").
    expect(legendText).toMatch(/numbers: potential value/);
    expect(legendText).not.toMatch(/action potential/);
    expect(await page.locator('label:has(#show-potential)').textContent()).toBe(' Show potential value');
    await page.locator(BOARD).scrollIntoViewIfNeeded();
    await photograph(page, 'populace-threatened');

    // Black replaces the threatened e5 with a click.
    await clickSite(page, 'e5');
    await expect.poll(() => history(page)).toEqual(['xe5']);
    await expect.poll(() => page.locator(BOARD).locator('[part~=mark-threatened]').count()).toBe(0);
    // White places a1; Black selects d3 (potential 3): its reachable cells are highlighted.
    await clickSite(page, 'a1');
    await expect.poll(() => history(page)).toEqual(['xe5', 'a1']);
    await clickSite(page, 'd3');
    const d3 = await siteIndex(page, 'd3');
    const ends = (await viewOf(page)).legal.filter((m) => m.at === d3 && m.kind === 'move');
    expect(ends.length).toBeGreaterThan(10);
    await expect.poll(() => page.locator(BOARD).locator('circle.dest').count()).toBe(ends.length);
    await expect.poll(() => page.locator(BOARD).locator('[part=selected]').count()).toBe(1);
    await photograph(page, 'populace-selected');
    await clickSite(page, 'f3');
    await expect.poll(() => history(page)).toEqual(['xe5', 'a1', 'd3-f3']);

    // White passes first and takes the button's half point; Black's pass ends the game.
    const pass = page.locator(BOARD).locator('button[part=pass]');
    await pass.click();
    await expect.poll(() => page.locator(BOARD).locator('[part=duty]').textContent()).toBe('a pass now ends the game');
    await expect.poll(() => page.locator(BOARD).locator('[part=scores]').textContent()).toMatch(/White \d+½ \(\+½ button\)$/);
    await pass.click();
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    const v = await viewOf(page);
    const [b, w] = (v as unknown as { scores: number[] }).scores;
    expect(w! % 1).toBe(0.5);
    const over = (await page.textContent('#gameover'))!;
    expect(over).toMatch(/(Black|White) wins \d+½?–\d+½? \(two passes in a row\)/);
    expect(over).toMatch(/Pieces\s*\d+\s*\d+/);
    expect(over).toMatch(/Controlled empty cells\s*\d+\s*\d+/);
    expect(over).toMatch(/Button \(first to pass\)\s*0\s*½/);
    expect(over).toContain(`Total${b}${String(Math.trunc(w!))}½`);
    await expect.poll(() => turnText(page)).toMatch(/^Game over: (Black|White) wins$/);
    await expect.poll(() => pass.isDisabled()).toBe(true);
    await photograph(page, 'populace-game-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<game-board game="populace"> on the plain page: a placement, the AI answers; with ai="black:1" the AI keeps its seat after a swap', async () => {
    const embed = 'game-board[game=populace]';
    const { page, errors } = await open('lib/', undefined, embed);
    expect((await viewOf(page, embed)).board.spec).toBe('hexhex(5)');
    await clickSite(page, 'e5', embed);
    await movesPlayed(page, 2, embed);
    expect((await history(page, embed))[0]).toBe('e5');
    // show-control: the cells Black's stone controls are tinted.
    await expect.poll(() => page.locator(embed).locator('[part~=control-1]').count()).toBeGreaterThan(0);
    await page.locator(embed).scrollIntoViewIfNeeded();
    await photograph(page, 'populace-embed-page');

    await page.evaluate(() => {
      document.body.replaceChildren();
      const el = document.createElement('game-board');
      el.setAttribute('game', 'populace');
      el.setAttribute('board', 'hexhex(4)');
      el.setAttribute('interactive', '');
      el.setAttribute('ai', 'black:1');
      document.body.append(el);
    });
    const sel = 'game-board';
    await waitForGame(page, sel);
    // The AI holds the first seat: it places Black's first stone; we swap and so play Black.
    await movesPlayed(page, 1, sel);
    await page.locator(sel).locator('button[part=swap]').click();
    await movesPlayed(page, 3, sel);
    const v = await viewOf(page, sel);
    expect(v.history.map((h) => h.notation)[1]).toBe('swap');
    // The AI moved for White (its seat after the swap), and Black (us) is to move.
    expect(v.history[2]!.player).toBe(2);
    expect(v.toMove).toBe(1);
    await expect.poll(() => page.locator(sel).locator('[part=seat]').textContent()).toBe('· your move');
    await photograph(page, 'populace-embed');
    expect(errors).toEqual([]);
    await page.close();
  });
});
