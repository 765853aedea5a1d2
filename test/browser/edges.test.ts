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

  it('Populace says "potential value" on its toggle, legend, hover tip and guide; Throngs keeps "action potential"', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    const toggle = page.locator('label:has(#show-potential)');
    await expect.poll(() => toggle.textContent()).toBe(' Show action potential');
    await page.evaluate(() => (document.querySelector('#board') as unknown as Board).newGame({ game: 'populace', position: 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6' }));
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await expect.poll(() => toggle.textContent()).toBe(' Show potential value');
    await page.check('#show-potential');
    const legend = page.locator(BOARD).locator('[part=legend]');
    await legend.locator('summary').click();
    await expect.poll(() => legend.textContent()).toMatch(/numbers: potential value/);
    // The hover tip over a piece names its number alike.
    const d3 = (await viewOf(page)).board.sites.findIndex((s) => s.label === 'd3');
    await afterFrame(page);
    await page.locator(BOARD).locator(`.hit[data-site="${d3}"]`).hover();
    await expect.poll(() => page.locator(BOARD).locator('[part~=tooltip]').textContent()).toMatch(/^d3 .*potential value \+\d/);
    await page.click('#howto-button');
    await expect.poll(() => page.locator('#howto-title').textContent()).toBe('How to play Populace');
    const guide = (await page.locator('#howto').textContent())!;
    expect(guide).toContain('“Show potential value”');
    expect(guide).not.toMatch(/action potential/i);
    expect(await page.locator(BOARD).locator('[part~=board]').textContent()).not.toMatch(/action potential|AP /);
    expect(errors).toEqual([]);
    await page.close();
  });
});
