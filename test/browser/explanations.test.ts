/** Explanations of clicks that make no legal move, in Chromium: a piece that cannot move at all says so. */
import { describe, expect, it } from 'vitest';
import { BOARD, clickSite, open, photograph, useBrowser, viewOf } from './harness.js';

useBrowser();

const newGame = (config: object) => (page: import('playwright-core').Page) =>
  page.evaluate((c) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame(c), config);

describe('explanations in Chromium', () => {
  it('a click on a Refugia stone that cannot move says why it cannot move, not why one destination is wrong', async () => {
    const { page, errors } = await open('demo/#black=human&white=human');
    const why = page.locator(BOARD).locator('[part~=explanation]');
    // a1 (dark's) has one enemy neighbour, b1; every empty cell a step or a hop away has one or more.
    await newGame({ game: 'refugia', position: 'refugia hex3-4 1:a1,b2 2:b1,d1,a3,c3,f3,f4 n: 1 p0' })(page);
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickSite(page, 'a1');
    await expect.poll(() => why.textContent()).toBe('The stone on a1 cannot move: it has 1 enemy neighbour, and no empty cell a step or a hop away has fewer.');
    await photograph(page, 'refugia-stuck-stone');
    // A stone with no enemy at all.
    await newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3 2:f6 n: 1 p0' })(page);
    await expect.poll(async () => (await viewOf(page)).position).toContain('1:c3');
    await clickSite(page, 'c3');
    await expect.poll(() => why.textContent()).toBe('The stone on c3 cannot move: it has no enemy neighbours, and a stone moves only to a cell with fewer.');
    // A stone that can move is selected, with nothing to explain.
    await newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3 2:d4 n: 1 p0' })(page);
    await expect.poll(async () => (await viewOf(page)).position).toContain('2:d4');
    await clickSite(page, 'c3');
    await expect.poll(() => page.locator(BOARD).locator('[part~=selected]').count()).toBe(1);
    expect(await why.textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });
});
