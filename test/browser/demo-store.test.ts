/**
 * The demo's game store in Chromium: New game keeps the game before (Back and the Games panel
 * bring it back), the Games panel (list, resume, export, delete and bring back), two tabs on one
 * game (moves seen in both; moves made at once in both kept, one line as a new game), storage
 * refused (the address then holds the game), the bound of 200 games, the game the page kept
 * before it had a store, a link's board, and notices that do not outlive their moment.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, history, clickSite, waitForGame, viewOf, photograph, useBrowser } from './harness.js';
import { clickMoves, readKept, readShown, settle } from './model/page.js';

useBrowser();

const base64Url = (text: string): string => Buffer.from(text, 'utf8').toString('base64url');


async function newGameByDialog(page: Page, game: string): Promise<void> {
  await page.click('#new');
  await page.selectOption('#game-choice', game);
  await page.selectOption('select[name=black]', 'human');
  await page.selectOption('select[name=white]', 'human');
  await page.click('#start');
  await expect.poll(async () => (await readShown(page)).game).toBe(game);
}

describe('the game store', () => {
  it('New game keeps the game before: Back brings it back, and the Games panel lists, resumes, exports, deletes and brings back', async () => {
    const { page, errors } = await open('demo/#black=human&white=human');
    const first = await clickMoves(page, 3);
    const firstId = (await readShown(page)).id;
    await newGameByDialog(page, 'refugia');
    const second = await clickMoves(page, 2);
    const secondId = (await readShown(page)).id;
    expect(secondId).not.toBe(firstId);
    // Back: the Throngs game, whole.
    await page.goBack();
    await expect.poll(async () => (await readShown(page)).id).toBe(firstId);
    expect((await settle(page)).steps).toEqual(first);
    await page.goForward();
    await expect.poll(async () => (await readShown(page)).id).toBe(secondId);
    expect((await settle(page)).steps).toEqual(second);

    // The Games panel: both games, the one on show marked, newest first.
    const refugiaBoard = (await viewOf(page)).board.spec;
    await page.click('#games');
    const rows = page.locator('#games-list tr');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).getAttribute('aria-current')).toBe('true');
    const cells = async (i: number): Promise<string[]> => rows.nth(i).locator('td').allTextContents();
    expect((await cells(0)).slice(0, 5)).toEqual(['Refugia', refugiaBoard, 'Human – Human', '2', 'on show']);
    expect((await cells(1)).slice(0, 5)).toEqual(['Throngs', 'ragged63', 'Human – Human', '3', 'in play']);
    expect((await cells(1))[5]).toMatch(/now|second|minute/);
    await expect.poll(() => page.locator('#games-note').textContent()).toMatch(/last 200 games/);
    await photograph(page, 'demo-games');
    // Export: the game's record, whole.
    const [download] = await Promise.all([page.waitForEvent('download'), rows.nth(1).locator('button', { hasText: 'Export' }).click()]);
    const exported = readFileSync((await download.path())!, 'utf8');
    expect(exported).toContain('[Game "Throngs"]');
    for (const move of first) expect(exported).toContain(move.split(' ')[0]!);
    // The game on show cannot be deleted; another can, and be brought back.
    expect(await rows.nth(0).locator('button', { hasText: 'Delete' }).isDisabled()).toBe(true);
    await rows.nth(1).locator('button', { hasText: 'Delete' }).click();
    await expect.poll(() => rows.count()).toBe(1);
    expect((await readKept(page)).map((g) => g.id)).toEqual([secondId]);
    await page.click('#games-undelete');
    await expect.poll(() => rows.count()).toBe(2);
    // Resume the Throngs game from the panel.
    await rows.filter({ hasText: 'Throngs' }).locator('button', { hasText: 'Resume' }).click();
    await expect.poll(async () => (await readShown(page)).id).toBe(firstId);
    expect(await page.locator('#games-dialog').isVisible()).toBe(false);
    expect((await settle(page)).steps).toEqual(first);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a game reopened where it was stepped back to opens paused, as the status line and the Pause button say', async () => {
    const { page, errors } = await open('demo/#black=human&white=1');
    await clickMoves(page, 2);
    await page.click('#study summary');
    await page.click('#step-prev');
    await settle(page);
    await page.reload();
    await waitForGame(page);
    const shown = await settle(page);
    expect(shown.paused).toBe(true);
    expect(shown.redo).toBe(true);
    await expect.poll(() => page.locator('#board').locator('[part=seat]').textContent()).toMatch(/AI is paused/);
    expect(await page.locator('#board').locator('[part=resume-button]').isVisible()).toBe(true);
    await photograph(page, 'demo-reopened-paused');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('Undo back to where the AI is to move holds the AI, as the status line says; Redo replays the line and Resume lets it play', async () => {
    // Found by the model-based search (seed 1005): the AI began, Undo took its moves back, and the
    // page sat with the AI to move and neither playing nor paused.
    const { page, errors } = await open('demo/#game=throngs&black=1&white=human');
    const line = (await settle(page)).steps;
    expect(line.length).toBeGreaterThanOrEqual(2);
    await page.click('#undo');
    const back = await settle(page);
    expect(back.steps).toEqual([]);
    expect(back.aiToMove).toBe(true);
    expect(back.paused).toBe(true);
    expect(await page.locator('#pause').textContent()).toBe('Resume AI');
    await expect.poll(() => page.locator('#board').locator('[part=seat]').textContent()).toMatch(/AI is paused/);
    // Redo replays the AI's moves as they were, and the AI waits again short of the end.
    await page.click('#redo');
    expect((await settle(page)).steps).toEqual(line.slice(0, 1));
    await page.click('#board >> [part=resume-button]');
    const resumed = await settle(page);
    expect(resumed.paused).toBe(false);
    expect(resumed.steps.length).toBeGreaterThanOrEqual(2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('two tabs on one game: a move in one shows in the other, which does not play for its AI', async () => {
    const { page: a, errors } = await open('demo/#black=human&white=1');
    const b = await a.context().newPage();
    await b.goto(a.url());
    await waitForGame(b);
    await a.bringToFront();
    // Black's turn is two moves in Throngs; then the AI answers in the tab the user played in.
    const line = await clickMoves(a, 2);
    expect(line.length).toBeGreaterThanOrEqual(3);
    await expect.poll(async () => (await readShown(b)).steps).toEqual(line);
    expect((await readShown(b)).id).toBe((await readShown(a)).id);
    // The other tab shows the AI's move but never plays for it: its AI waits until the user acts there.
    await b.bringToFront();
    const next = await clickMoves(b, 2);
    expect(next.length).toBeGreaterThan(line.length + 2);
    await expect.poll(async () => (await readShown(a)).steps).toEqual(next);
    const shownId = (await readShown(a)).id;
    expect((await readKept(a)).find((g) => g.id === shownId)?.steps).toEqual(next);
    expect(errors).toEqual([]);
    await b.close();
    await a.close();
  });

  it('moves coming fast in one tab while two others show the game: no tab writes an older version back, and the tab played in stays unpaused', async () => {
    // The model-based search once failed here (seed 2025, under load): the AI's quick moves reach
    // the watching tabs as writes close together, and a tab that took up the second while the
    // first was still going on the board could write the first back over it. The race needs the
    // timing of a loaded machine, so this checks what the user sees, not the interleaving.
    const { page: a, errors } = await open('demo/#black=1&white=human');
    const line = (await settle(a)).steps;
    const others = [await a.context().newPage(), await a.context().newPage()];
    for (const p of others) {
      await p.goto(a.url());
      await waitForGame(p);
    }
    await a.bringToFront();
    await a.click('#study summary');
    await a.click('#step-first');
    await expect.poll(async () => (await readShown(a)).steps).toEqual([]);
    await a.click('#pause');
    const after = await settle(a);
    expect(after.paused).toBe(false);
    expect(after.steps.length).toBeGreaterThanOrEqual(line.length);
    const id = after.id;
    for (const p of others) await expect.poll(async () => (await readShown(p)).steps).toEqual(after.steps);
    const kept = (await readKept(a)).find((g) => g.id === id)!;
    expect(kept.steps).toEqual(after.steps);
    expect(kept.cursor).toBe(after.steps.length);
    expect((await settle(a)).paused).toBe(false);
    expect(errors).toEqual([]);
    for (const p of [...others, a]) await p.close();
  });

  it('moves made at once in two tabs of one game are both kept: the other tab’s in the game, this one’s as a new game', async () => {
    const { page: a, errors } = await open('demo/#black=human&white=human');
    await clickMoves(a, 1);
    // Tab B hears nothing of tab A (no BroadcastChannel), as if both moved at the same moment.
    const b = await a.context().newPage();
    await b.addInitScript(() => Object.defineProperty(window, 'BroadcastChannel', { value: undefined }));
    await b.goto(a.url());
    await waitForGame(b);
    const id = (await readShown(a)).id!;
    const ours = await clickMoves(a, 1, 3);
    const theirs = await clickMoves(b, 1, 40);
    expect(theirs.at(-1)).not.toBe(ours.at(-1));
    await expect.poll(async () => (await readShown(b)).id).not.toBe(id);
    await expect.poll(() => b.locator('#notice').textContent()).toMatch(/changed in another tab/);
    const kept = await readKept(a);
    const forked = (await readShown(b)).id;
    expect(kept.find((g) => g.id === id)?.steps).toEqual(ours);
    expect(kept.find((g) => g.id === forked)?.steps).toEqual(theirs);
    expect((await readShown(a)).steps).toEqual(ours);
    // A tab that lagged behind without moving (a pause) takes up the other's moves instead.
    const c = await a.context().newPage();
    await c.addInitScript(() => Object.defineProperty(window, 'BroadcastChannel', { value: undefined }));
    await c.goto(a.url());
    await waitForGame(c);
    await a.bringToFront();
    const longer = await clickMoves(a, 1, 5);
    await c.bringToFront();
    await c.click('#study summary');
    await c.click('#pause');
    await expect.poll(async () => (await readShown(c)).steps).toEqual(longer);
    expect((await readShown(c)).id).toBe(id);
    expect(errors).toEqual([]);
    await c.close();
    await b.close();
    await a.close();
  });

  it('where the browser refuses storage, the address holds the game: a reload keeps it, and the page says so', async () => {
    const { page, errors } = await open('demo/#black=human&white=human', async (p) => {
      await p.addInitScript(() => Object.defineProperty(window, 'indexedDB', { value: undefined }));
    });
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/keeps nothing/);
    const line = await clickMoves(page, 3);
    await expect.poll(() => page.url()).toContain('record=');
    await page.reload();
    await waitForGame(page);
    expect((await settle(page)).steps).toEqual(line);
    await page.click('#games');
    await expect.poll(() => page.locator('#games-note').textContent()).toMatch(/refused storage/);
    expect(errors.filter((e) => !/refused storage/.test(e))).toEqual([]);
    await page.close();
  });

  it('keeps the last 200 games: the least recently played go first, never the one on show', async () => {
    const { page, errors } = await open('demo/#black=human&white=human');
    await clickMoves(page, 1);
    const shownId = (await readShown(page)).id!;
    const old = (await readKept(page)).find((g) => g.id === shownId)!;
    // 205 older games, written straight into the store, each older than the last.
    await page.evaluate(
      (template) =>
        new Promise<void>((resolve, reject) => {
          const request = indexedDB.open('throngs-demo');
          request.onsuccess = () => {
            const tx = request.result.transaction('games', 'readwrite');
            for (let i = 0; i < 205; i++) tx.objectStore('games').put({ ...template, id: `old${i}`, rev: 1, updated: 1_000_000 + i, created: 1_000_000 + i });
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          };
        }),
      { ...old, steps: old.steps },
    );
    await newGameByDialog(page, 'refugia');
    await expect.poll(async () => (await readKept(page)).length).toBe(200);
    const ids = (await readKept(page)).map((g) => g.id);
    expect(ids).toContain(shownId);
    expect(ids).toContain((await readShown(page)).id);
    // The oldest went: old0 to old6 (205 + 2 games, 200 kept).
    for (let i = 0; i < 7; i++) expect(ids).not.toContain(`old${i}`);
    expect(ids).toContain('old7');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the game the page kept before it had a store is kept in it, and opens as it was', async () => {
    const record = '[Game "Refugia"]\n[Board "althex(3,4)"]\n\n(a1) (f3) (d2)\n';
    const { page, errors } = await open('demo/', async (p) => {
      await p.addInitScript((saved) => {
        if (!sessionStorage.getItem('seeded')) {
          sessionStorage.setItem('seeded', '1');
          localStorage.setItem('throngs-demo', saved);
        }
      }, JSON.stringify({ record, move: 2, game: 'refugia', players: { black: 'human', white: 'human' }, overlays: ['enemies'] }));
    });
    await expect.poll(async () => (await readShown(page)).game).toBe('refugia');
    const shown = await settle(page);
    expect(shown.steps).toEqual(['a1', 'f3']);
    expect(shown.redo).toBe(true);
    expect(await page.locator('#board').getAttribute('show-enemies')).not.toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('throngs-demo'))).toBeNull();
    const kept = await readKept(page);
    expect(kept.map((g) => g.steps)).toEqual([['a1', 'f3', 'd2']]);
    await page.reload();
    await waitForGame(page);
    expect((await settle(page)).steps).toEqual(['a1', 'f3']);
    expect(await readKept(page)).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('links and notices', () => {
  it('a link’s board is honoured for a new game, and refused with a notice where it cannot be used', async () => {
    const { page, errors } = await open('demo/#game=populace&board=hexhex(5)&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(5)');
    expect(await page.locator('#notice').textContent()).toBe('New Populace game on hexhex(5) from the link.');
    await page.evaluate(() => (location.hash = 'game=refugia&board=nonsense9'));
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/^The link’s board could not be used \(.+\); a new Refugia game on its usual board\.$/);
    const record = '[Game "Populace"]\n[Board "hexhex(4)"]\n\n(a1)\n';
    await page.evaluate((hash) => (location.hash = hash), `game=populace&record=${base64Url(record)}&board=hexhex(6)`);
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(4)');
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/board “hexhex\(6\)” was not used: its game is on hexhex\(4\)/);
    expect(await history(page)).toEqual(['a1']);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('what a notice said of the last action goes with the next move, and a reload says nothing of the link', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(() => page.locator('#notice').textContent()).toBe('New Refugia game from the link.');
    await clickSite(page, 'a1');
    await expect.poll(() => history(page)).toEqual(['a1']);
    expect(await page.locator('#notice').textContent()).toBe('');
    await page.reload();
    await waitForGame(page);
    await settle(page);
    expect(await page.locator('#notice').textContent()).not.toMatch(/link/);
    expect(await history(page)).toEqual(['a1']);
    expect(errors).toEqual([]);
    await page.close();
  });
});
