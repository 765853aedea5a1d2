/**
 * The demo's game lifetime in Chromium: links opened at an earlier move, links edited in the
 * tab, the editor's shared position played on, pausing by stepping back, and links followed
 * during start-up. Each is a way a move could be lost or a notice could go stale.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, history, clickSite, movesPlayed, waitForGame, BOARD, browser, useBrowser, type View } from './harness.js';
import { readKept, readShown } from './model/page.js';

useBrowser();

const base64Url = (text: string): string => Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Plays `n` moves on the board through its API (the first legal move that is not a pass each time) and returns the record. */
async function playMoves(page: Page, n: number): Promise<string> {
  return page.evaluate(async (count) => {
    const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
    for (let i = 0; i < count; i++) {
      const moves = board.game.legal.filter((m) => m.kind !== 'pass');
      await board.play(moves[(i * 7) % moves.length]!);
    }
    return board.game.record;
  }, n);
}

/** The game on show as the page's store keeps it: its whole line and its cursor. */
async function saved(page: Page): Promise<{ record: string; move?: number } | null> {
  const id = (await readShown(page)).id;
  const game = (await readKept(page)).find((g) => g.id === id);
  return game ? { record: game.steps.join(' '), move: game.cursor } : null;
}

/** A whole game of 16 moves between two humans, its record and its moves. */
async function sixteenMoves(): Promise<{ record: string; moves: string[] }> {
  const { page } = await open('demo/#black=human&white=human');
  const record = await playMoves(page, 16);
  const moves = await history(page);
  expect(moves).toHaveLength(16);
  await page.close();
  return { record, moves };
}

/** The moves Redo replays from the move on show to the end of the line. */
async function redoAll(page: Page, to: number): Promise<void> {
  for (let n = (await history(page)).length; n < to; n++) {
    await expect.poll(() => page.locator('#redo').isDisabled()).toBe(false);
    await page.click('#redo');
    await expect.poll(async () => (await history(page)).length).toBe(n + 1);
  }
}

describe('the demo keeps every move of a link', () => {
  it('a link opened at move 4 of 16 keeps moves 5 to 16 on Redo through the address, the saved game and a reload', async () => {
    const { record, moves } = await sixteenMoves();
    const link = `demo/#game=throngs&record=${base64Url(record)}&move=4&black=human&white=human`;
    const { page, errors } = await open(link);
    await expect.poll(() => history(page)).toEqual(moves.slice(0, 4));
    await expect.poll(() => page.locator('#redo').isDisabled()).toBe(false);
    // What the page wrote (address and saved game) still holds the whole game.
    await expect.poll(async () => (await saved(page))?.record ?? '').toContain(moves[15]!);
    expect((await saved(page))?.move).toBe(4);
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves.slice(0, 4));
    await redoAll(page, 16);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an address edited in the tab to an earlier move keeps the later moves on Redo, also after a reload', async () => {
    const { record, moves } = await sixteenMoves();
    const { page, errors } = await open(`demo/#game=throngs&record=${base64Url(record)}&black=human&white=human`);
    await expect.poll(() => history(page)).toEqual(moves);
    await page.evaluate((hash) => (location.hash = hash), `game=throngs&record=${base64Url(record)}&move=4&black=human&white=human`);
    await expect.poll(() => history(page)).toEqual(moves.slice(0, 4));
    await expect.poll(async () => (await saved(page))?.record ?? '').toContain(moves[15]!);
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves.slice(0, 4));
    await redoAll(page, 16);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a position shared from the editor, then played on, comes back with its moves after a reload', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.click('#edit');
    await page.check('#editor-pieces input[value="3"]');
    await clickSite(page, 'c2');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('true');
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#editor-share');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText().catch(() => ''))).toContain('position=');
    await page.click('#editor-play');
    await expect.poll(() => page.locator('#editor').isHidden()).toBe(true);
    await clickSite(page, 'a1');
    await expect.poll(() => history(page)).toEqual(['a1']);
    await clickSite(page, 'e4');
    await expect.poll(() => history(page)).toEqual(['a1', 'e4']);
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(['a1', 'e4']);
    // The edited position is still the game's start: the neutral stone stays on c2.
    const v = await viewOf(page);
    expect(v.cells[v.board.sites.findIndex((s) => s.label === 'c2')]).toBe(3);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the demo says when the AI is paused', () => {
  it('after stepping back and playing a move, the status line says the AI is paused beside its Resume button, in step with the demo’s own button', async () => {
    const { page, errors } = await open('demo/#black=human&white=1');
    await clickSite(page, 'd3');
    await clickSite(page, 'e3');
    await clickSite(page, 'f4');
    await movesPlayed(page, 4);
    await page.click('#study summary');
    await page.click('#step-first');
    await expect.poll(() => history(page)).toEqual([]);
    await expect.poll(() => page.locator('#pause').textContent()).toBe('Resume AI');
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    await page.locator(BOARD).locator('button[part=pass]').click();
    await expect.poll(() => history(page)).toEqual(['d3', 'pass']);
    await expect.poll(async () => (await viewOf(page)).toMove).toBe(2);
    const seat = page.locator(BOARD).locator('[part=seat]');
    const resume = page.locator(BOARD).locator('[part=resume-button]');
    await expect.poll(() => seat.textContent()).toMatch(/AI is paused/);
    await expect.poll(() => resume.isVisible()).toBe(true);
    expect(await page.locator('#board').getAttribute('ai-paused')).not.toBeNull();
    // The element's Resume button resumes the AI and the demo's own button follows.
    await resume.click();
    await expect.poll(() => page.locator('#pause').textContent()).toBe('Pause AI');
    await expect.poll(() => page.locator('#pause').getAttribute('aria-pressed')).toBe('false');
    await movesPlayed(page, 3);
    // And the demo's button pauses the element.
    await page.click('#pause');
    await expect.poll(() => page.locator('#board').getAttribute('ai-paused')).not.toBeNull();
    // A new game is not a study: it starts with the AI playing, and both buttons say so.
    await page.click('#new');
    await page.click('#start');
    await expect.poll(() => history(page)).toEqual([]);
    await expect.poll(() => page.locator('#pause').textContent()).toBe('Pause AI');
    expect(await page.locator('#board').getAttribute('ai-paused')).toBeNull();
    await clickSite(page, 'd3');
    await page.locator(BOARD).locator('button[part=pass]').click();
    await movesPlayed(page, 3);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('links followed in the tab', () => {
  it('a link to another game typed over a game says what happened, not what the dialog did before', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#game-choice', 'tholian');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe('tholian');
    await expect.poll(() => page.textContent('#notice')).toMatch(/Tholian Go/);
    await page.evaluate(() => (location.hash = 'game=refugia&white=3'));
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await expect.poll(() => page.textContent('#notice')).toMatch(/Refugia/);
    expect(await page.textContent('#notice')).not.toMatch(/Tholian/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a link followed while the page is still starting waits for the start', async () => {
    const { page, errors } = await open('demo/', async (p) => {
      // The address changes as soon as the page listens for it, before the engine has said which games it plays.
      await p.addInitScript(() => {
        const listen = window.addEventListener.bind(window);
        let done = false;
        window.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, boolean | AddEventListenerOptions | undefined]) => {
          listen(type, ...rest);
          if (type !== 'hashchange' || done) return;
          done = true;
          setTimeout(() => (location.hash = 'game=refugia&white=3'), 0);
        }) as typeof window.addEventListener;
      });
    });
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.waitForTimeout(300);
    expect(errors).toEqual([]);
    await page.close();
  });
});
