/** More of the demo's rough edges in Chromium: analysis of a forced move, the status line's words, hints without a cell, names a player can find, the evaluation graph's scale, How to play on a phone, the embed page. */
import { describe, expect, it } from 'vitest';
import { open, viewOf, photograph, afterFrame, BOARD, useBrowser } from './harness.js';

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
});
