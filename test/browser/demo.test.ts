/** The demo in Chromium: playing Throngs by clicks against the AI, undo, reload, links, the new-game dialog, keyboard play, a phone-size screen. */
import { describe, expect, it } from 'vitest';
import { open, viewOf, history, movesPlayed, clickSite, photograph, waitForGame, BOARD, browser, useBrowser } from './harness.js';

useBrowser();

describe('the demo in Chromium', () => {
  it('plays an opening by clicking; the AI answers within its budget; undo, redo and reload work', async () => {
    const { page, errors } = await open('demo/');
    await photograph(page, 'demo-start');
    await clickSite(page, 'd3');
    await movesPlayed(page, 1);
    await clickSite(page, 'e3');
    // e3 is selected: its destinations are highlighted.
    await expect.poll(() => page.locator(BOARD).locator('circle.dest').count()).toBeGreaterThan(5);
    await photograph(page, 'demo-selected');
    const started = Date.now();
    await clickSite(page, 'f4');
    // White is AI level 3 (400 iterations): two moves well within a few seconds.
    await movesPlayed(page, 4);
    expect(Date.now() - started).toBeLessThan(10_000);
    const moves = await history(page);
    expect(moves.slice(0, 2)).toEqual(['d3', 'e3-f4']);
    await expect.poll(() => page.locator('#moves li').count()).toBe(2);
    await photograph(page, 'demo-ai-answered');

    // Undo takes back the AI's turn and the player's last move: Black is to move again.
    await page.click('#undo');
    await expect.poll(() => history(page)).toEqual(['d3']);
    for (let n = 2; n <= 4; n++) {
      await page.click('#redo');
      await expect.poll(() => history(page)).toEqual(moves.slice(0, n));
    }

    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a shareable link opens the same game on another page', async () => {
    const { page } = await open('demo/');
    await clickSite(page, 'd3');
    await movesPlayed(page, 1);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#share');
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/Link copied/);
    const url = await page.evaluate(() => navigator.clipboard.readText());
    expect(url).toContain('#game=');
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(url);
    await waitForGame(fresh);
    await expect.poll(() => history(fresh)).toEqual(['d3']);
    await other.close();
    await page.close();
  });

  it('the new-game dialog starts a pie game on a hexagon, and records import and export', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#board-choice', 'hexhex');
    await page.selectOption('select[name=hexSide]', '4');
    await page.selectOption('select[name=setup]', 'pie');
    await page.selectOption('select[name=black]', 'human');
    await page.selectOption('select[name=white]', 'human');
    await photograph(page, 'demo-new-game');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(4)');
    await clickSite(page, 'd4');
    await clickSite(page, 'c3');
    await clickSite(page, 'e5');
    // White now answers the pie offer with the Swap button of the element.
    await page.locator(BOARD).locator('button[part=swap]').click();
    await expect.poll(() => history(page)).toEqual(['d4', 'c3', 'e5', 'swap']);

    await page.click('#record');
    const record = await page.inputValue('#record-text');
    expect(record).toContain('[Board "hexhex(4)"]');
    expect(record).toContain('[Setup "pie"]');
    await page.fill('#record-text', record.replace('swap', 'xq9'));
    await page.click('#record-load');
    await expect.poll(() => page.textContent('#record-error')).toMatch(/move 4 \(xq9\) cannot be played/);
    await page.fill('#record-text', '[Board "ragged63"]\n(pass d3) (pass)');
    await page.click('#record-load');
    await expect.poll(() => history(page)).toEqual(['pass', 'd3', 'pass']);
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    expect(await page.textContent('#gameover')).toMatch(/A draw 2–2/);
    await photograph(page, 'demo-game-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('works with the keyboard and on a phone-size screen', async () => {
    const { page } = await open('demo/', async (p) => p.setViewportSize({ width: 390, height: 844 }));
    const box = await page.locator(BOARD).boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await photograph(page, 'demo-phone');
    await page.locator(BOARD).locator('svg').focus();
    // From the centre, walk to some site and place a stone there with Enter; then pass with p.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'Enter']) await page.keyboard.press(key);
    await page.keyboard.press('p');
    await expect.poll(async () => (await history(page)).length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('keeps painting while the AI thinks (frame gaps under 100 ms)', async () => {
    // Earlier tests' contexts close in the background; one still searching would compete for the CPU.
    await Promise.all(browser.contexts().map((c) => c.close()));
    const { page } = await open('demo/#black=human&white=8');
    await clickSite(page, 'd3');
    await page.locator(BOARD).locator('button[part=pass]').click();
    // White (level 8, 2 s a move) thinks for two moves; the page must keep painting. A long think
    // keeps the counted window (which starts after the screenshot) well over 30 frames.
    await expect.poll(() => page.locator(BOARD).locator('[part=thinking]').textContent(), { timeout: 5_000 }).toMatch(/White is thinking/);
    await photograph(page, 'demo-thinking');
    // Frames are counted from here on: a screenshot stalls painting by itself, whatever the page does.
    await page.evaluate(() => {
      const w = window as unknown as { frames_: number[] };
      w.frames_ = [];
      const tick = (t: number): void => {
        w.frames_.push(t);
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await movesPlayed(page, 4, BOARD, 20_000);
    const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_);
    expect(frames.length).toBeGreaterThan(30);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    expect(Math.max(...gaps)).toBeLessThan(100);
    await page.close();
  });
});
