/** More of the demo's rough edges in Chromium: analysis of a forced move, the status line's words, hints without a cell, names a player can find, the evaluation graph's scale, How to play on a phone, the embed page. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, photograph, afterFrame, waitForGame, BOARD, useBrowser } from './harness.js';

useBrowser();

type Board = {
  newGame(c: object): Promise<unknown>;
  analyse(): Promise<{ winProbability: number; solved?: { result: string; margin: number; best: string[] } }>;
};

describe('the demo’s rough edges in Chromium', () => {
  it('Analyse on a position whose only move ends the game says the proven value, not 50% of no playouts', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    await page.evaluate(() => (document.querySelector('#board') as unknown as Board).newGame({ game: 'throngs', board: 'hexhex(2)' }));
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(2)');
    expect((await viewOf(page)).legal).toHaveLength(1);
    await page.click('#study summary');
    await page.click('#analyse');
    const text = page.locator('#analysis');
    await expect.poll(() => text.getAttribute('data-solved'), { timeout: 10_000 }).toBe('draw');
    expect(await text.textContent()).toBe('Solved: a draw with perfect play. Moves that keep it: pass');
    const analysis = await page.evaluate(() => (document.querySelector('#board') as unknown as Board).analyse());
    expect([analysis.solved, analysis.winProbability]).toEqual([{ result: 'draw', margin: 0, best: ['pass'] }, 0.5]);
    await photograph(page, 'edges-forced-analysis');
    expect(errors).toEqual([]);
    await page.close();
  });

  /** Replaces the library page's boards by one <game-board> with these attributes; returns its locator. */
  async function oneBoard(page: Page, attributes: Record<string, string>) {
    await page.evaluate((attrs) => {
      document.body.replaceChildren();
      const el = document.createElement('game-board');
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      el.style.maxWidth = '560px';
      document.body.append(el);
    }, attributes);
    await waitForGame(page, 'game-board');
    return page.locator('game-board');
  }

  it('AI against AI: the game-over line names no "AI" (the winning level where the levels differ); paused, the line no longer says thinking', async () => {
    const { page, errors } = await open('lib/');
    // Refugia on althex(2,3): a few moves, and no draws.
    for (const [ai, note] of [['both:1', /^$/], ['dark:1,light:2', /^\(AI level [12]\)$/]] as const) {
      const board = await oneBoard(page, { game: 'refugia', board: 'althex(2,3)', interactive: '', ai });
      await expect.poll(() => board.locator('[part~=turn]').textContent(), { timeout: 30_000 }).toMatch(/^Game over: (Dark|Light) wins$/);
      const seat = (await board.locator('[part~=seat]').textContent()) ?? '';
      expect(seat, ai).toMatch(note);
      expect(seat).not.toContain('the AI');
    }
    // AI against AI at a slow pace: paused while the AI waits to move, the thinking line goes at once.
    const slow = await oneBoard(page, { game: 'refugia', board: 'hex3-4', interactive: '', ai: 'both:1', 'ai-delay': '4000' });
    const thinking = slow.locator('[part~=thinking]');
    await expect.poll(() => thinking.textContent(), { timeout: 10_000 }).toMatch(/is thinking/);
    await page.evaluate(() => document.querySelector('game-board')!.setAttribute('ai-paused', ''));
    await afterFrame(page);
    expect(await slow.locator('[part~=seat]').textContent()).toMatch(/the AI is paused/);
    expect(await thinking.textContent()).not.toMatch(/thinking/);
    await photograph(page, 'edges-paused');
    // Nor does the AI hold the board while its dropped move would have waited for the pace.
    await expect.poll(() => slow.locator('[part~=board]').getAttribute('aria-busy'), { timeout: 1000 }).toBe('false');
    expect(errors).toEqual([]);
    await page.close();
  });
});
