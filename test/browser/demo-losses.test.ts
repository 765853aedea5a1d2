/**
 * The five ways a new user lost moves in the demo before it had a game store, each replayed by
 * clicks in Chromium: a reload while stepped back to the AI's move, a link made at the AI's move,
 * the editor closed, the editor's invalid position shared then reloaded, and two tabs. Each must
 * now keep every move.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, history, clickSite, movesPlayed, waitForGame, viewOf, photograph, browser, server, useBrowser } from './harness.js';
import { clickMoves, playByClicks, readShown, settle } from './model/page.js';

useBrowser();


/** The game a page shows as the user sees it: the moves, Redo, and whether the AI waits. */
async function seen(page: Page): Promise<{ moves: string[]; redo: boolean; paused: boolean }> {
  const s = await settle(page);
  return { moves: s.steps, redo: s.redo, paused: s.paused };
}

async function redoAll(page: Page): Promise<void> {
  while (!(await page.locator('#redo').isDisabled())) {
    await page.click('#redo');
    await settle(page);
  }
}

describe('the five losses of the new user’s list, replayed', () => {
  for (const [game, level] of [
    ['throngs', 4],
    ['refugia', 3],
  ] as const) {
    it(`1. a reload while stepped back to the AI’s move opens paused there, with the rest on Redo (${game})`, async () => {
      const { page, errors } = await open(`demo/#game=${game}&black=human&white=${level}`);
      await expect.poll(async () => (await viewOf(page)).game).toBe(game);
      // The human's moves by clicks, the AI's answers, until five moves or more are played.
      while ((await settle(page)).steps.length < 5) await playByClicks(page, 11);
      const line = (await settle(page)).steps;
      await page.click('#study summary');
      // Back to a position where the AI is to move.
      await page.click('#step-prev');
      while (!(await settle(page)).aiToMove) await page.click('#step-prev');
      const back = (await settle(page)).steps.length;
      expect(back).toBeLessThan(line.length);
      const before = await seen(page);
      expect(before.paused).toBe(true);
      await page.reload();
      await waitForGame(page);
      // Nothing plays on opening: the same moves, Redo holding the rest, the AI paused.
      await page.waitForTimeout(1500);
      expect(await seen(page)).toEqual({ moves: line.slice(0, back), redo: true, paused: true });
      await photograph(page, `demo-reopened-${game}`);
      expect(await page.locator('#pause').textContent()).toBe('Resume AI');
      await redoAll(page);
      expect((await seen(page)).moves).toEqual(line);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('2. a link made at the AI’s move opens paused there, the later move on Redo', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=3');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    while ((await settle(page)).steps.length < 10) await playByClicks(page, 5);
    const line = (await settle(page)).steps;
    await page.click('#study summary');
    // Back to a position where the AI is to move.
    await page.click('#step-prev');
    while (!(await settle(page)).aiToMove) await page.click('#step-prev');
    const back = (await settle(page)).steps.length;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#share');
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/Link copied/);
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toContain(`move=${back}`);
    const other = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const tab = await other.newPage();
    await tab.goto(link);
    await waitForGame(tab);
    await tab.waitForTimeout(1500);
    expect(await seen(tab)).toEqual({ moves: line.slice(0, back), redo: true, paused: true });
    // A link opened short of its end is for study: Redo replays the rest and the AI waits for Resume.
    await redoAll(tab);
    await expect.poll(() => history(tab)).toEqual(line);
    await tab.waitForTimeout(1000);
    expect(await seen(tab)).toEqual({ moves: line, redo: false, paused: true });
    await other.close();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('3. closing the editor leaves the game as it was', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickMoves(page, 4);
    const line = await history(page);
    expect(line).toHaveLength(4);
    await page.click('#edit');
    await page.check('#editor-pieces input[value="3"]');
    await clickSite(page, 'c3');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).not.toBeNull();
    // While editing, the move list still shows the game, not the draft.
    expect(await page.locator('#moves li').count()).toBeGreaterThan(0);
    await page.click('#edit');
    await expect.poll(() => history(page)).toEqual(line);
    expect(await page.locator('#undo').isDisabled()).toBe(false);
    const v = await viewOf(page);
    expect(v.cells[v.board.sites.findIndex((s) => s.label === 'c3')], 'the draft’s neutral stone is gone with the draft').not.toBe(3);
    await page.reload();
    await waitForGame(page);
    expect((await seen(page)).moves).toEqual(line);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('4. the editor refuses to share or play an invalid position, saying why, and a reload keeps the game', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickMoves(page, 4);
    const line = await history(page);
    const url = page.url();
    await page.click('#edit');
    await page.fill('#editor-position', 'zz9,');
    await page.press('#editor-position', 'Enter');
    await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not a valid position/);
    await page.click('#editor-share');
    await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not shared: the position is not valid \(.+\)/);
    expect(page.url(), 'the address still names the game').toBe(url);
    await page.click('#editor-play');
    await expect.poll(() => page.locator('#editor-status').textContent()).toMatch(/^Not played: the position is not valid \(.+\)/);
    expect(await page.locator('#editor').isVisible()).toBe(true);
    await page.reload();
    await waitForGame(page);
    expect((await seen(page)).moves).toEqual(line);
    expect(await page.locator('#notice').textContent()).not.toMatch(/unchanged/);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('5. two tabs keep two games: a reload of the second brings back its own', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const a = await context.newPage();
    await a.goto(`${server.url}demo/#black=human&white=human`);
    await waitForGame(a);
    await clickSite(a, 'd3');
    await movesPlayed(a, 1);
    const b = await context.newPage();
    await b.goto(`${server.url}demo/`);
    await waitForGame(b);
    await b.click('#new');
    await b.selectOption('#game-choice', 'refugia');
    await b.selectOption('select[name=black]', 'human');
    await b.selectOption('select[name=white]', 'human');
    await b.click('#start');
    await expect.poll(async () => (await readShown(b)).game).toBe('refugia');
    await clickMoves(b, 4);
    const refugia = await history(b);
    await a.bringToFront();
    await clickMoves(a, 1);
    const throngs = await history(a);
    expect(throngs.length).toBeGreaterThanOrEqual(2);
    await b.bringToFront();
    await b.reload();
    await waitForGame(b);
    const back = await settle(b);
    expect(back.game).toBe('refugia');
    expect(back.steps).toEqual(refugia);
    expect((await settle(a)).steps).toEqual(throngs);
    await context.close();
  });
});
