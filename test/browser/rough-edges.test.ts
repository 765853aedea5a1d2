/** The demo’s rough edges in Chromium: layout, errors, records and links that must not break the page. */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { open, viewOf, history, movesPlayed, photograph, waitForGame, afterFrame, BOARD, type View, useBrowser } from './harness.js';

useBrowser();

describe('the demo’s remaining rough edges in Chromium', () => {
  /** Plays `n` placements (a fixed choice among the legal ones) through the board's API; returns their notation. */
  async function playPlacements(page: Page, n: number): Promise<string[]> {
    return page.evaluate(async (count) => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<{ history: View['history'] }> };
      for (let i = 0; i < count; i++) {
        const moves = board.game.legal.filter((m) => m.at !== undefined);
        await board.play(moves[(i * 7 + 3) % moves.length]!);
      }
      return board.game.history.map((h) => h.notation);
    }, n);
  }

  it('a share link keeps the moves after the one on show (redo survives a reload), and a link followed in the same tab opens its game', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    const line = await playPlacements(page, 5);
    expect(line).toHaveLength(5);
    await page.click('#undo');
    await page.click('#undo');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 3));
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.click('#share');
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText().catch(() => ''))).toContain('move=3');
    // A reload opens the game at move 3, with moves 4 and 5 waiting on Redo.
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(line.slice(0, 3));
    expect(await page.locator('#redo').isDisabled()).toBe(false);
    await page.click('#redo');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 4));
    await page.click('#redo');
    await expect.poll(() => history(page)).toEqual(line);
    expect(await page.locator('#redo').isDisabled()).toBe(true);
    // The address names the game: a reload after more moves keeps them.
    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(line);

    // Another link in the same tab: the page follows it (a Throngs game, at its first move).
    const other = await open('demo/#game=throngs&black=human&white=human');
    const throngs = await playPlacements(other.page, 3);
    const record = (await viewOf(other.page)).record;
    await other.page.close();
    const link = `game=throngs&record=${Buffer.from(record).toString('base64url')}&move=1&black=human&white=human`;
    await page.evaluate((hash) => (location.hash = hash), link);
    await expect.poll(async () => (await viewOf(page)).game).toBe('throngs');
    await expect.poll(() => history(page)).toEqual(throngs.slice(0, 1));
    await page.click('#redo');
    await expect.poll(() => history(page)).toEqual(throngs.slice(0, 2));
    // A bad link changes nothing and says why.
    const before = await history(page);
    await page.evaluate(() => (location.hash = 'game=throngs&record=KCh6ejkpKQ&move=0'));
    await expect.poll(() => page.locator('#notice').textContent()).toMatch(/could not be opened/);
    expect(await history(page)).toEqual(before);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the new-game dialog shows the hexagon side and torus size only for those boards', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    const hex = page.locator('#hex-size-row');
    const torus = page.locator('#torus-size-row');
    expect(await hex.isVisible()).toBe(false);
    expect(await torus.isVisible()).toBe(false);
    await page.selectOption('#board-choice', 'hexhex');
    expect(await hex.isVisible()).toBe(true);
    expect(await torus.isVisible()).toBe(false);
    await page.selectOption('#board-choice', 'torus');
    expect(await hex.isVisible()).toBe(false);
    expect(await torus.isVisible()).toBe(true);
    // Another game resets the board to its default, and the size fields go.
    await page.selectOption('#game-choice', 'refugia');
    expect(await hex.isVisible()).toBe(false);
    expect(await torus.isVisible()).toBe(false);
    await page.selectOption('#board-choice', 'hexhex');
    await page.selectOption('#hex-size-row select', '4');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(4)');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the status line stays on screen at 1280x860 on ragged153 and ragged87, also while level 7 thinks', async () => {
    const { page, errors } = await open('demo/#black=human&white=human');
    await page.setViewportSize({ width: 1280, height: 860 });
    const statusBottom = (): Promise<{ bottom: number; legend: number; height: number }> =>
      page.evaluate(() => {
        const root = (document.querySelector('#board') as HTMLElement).shadowRoot!;
        return {
          bottom: root.querySelector('.status')!.getBoundingClientRect().bottom,
          legend: root.querySelector('.legend')!.getBoundingClientRect().bottom,
          height: innerHeight,
        };
      });
    for (const spec of ['ragged153', 'ragged87']) {
      await page.evaluate((b) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'throngs', board: b }), spec);
      await expect.poll(async () => (await viewOf(page)).board.spec).toBe(spec);
      await afterFrame(page);
      const at = await statusBottom();
      expect(at.bottom, spec).toBeLessThanOrEqual(at.height);
      expect(at.legend, spec).toBeLessThanOrEqual(at.height);
      await photograph(page, `demo-${spec}-1280x860`);
    }
    // Level 7 (alpha-beta) thinks for a second, with its depth and positions on the status line.
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('ai', 'black:7'));
    const thinking = page.locator(BOARD).locator('[part~=thinking]');
    await expect.poll(() => thinking.textContent(), { timeout: 5000, interval: 50 }).toMatch(/thinking… depth \d+, [\d,]+ positions, best/);
    await afterFrame(page);
    const at = await statusBottom();
    expect(at.bottom).toBeLessThanOrEqual(at.height);
    await photograph(page, 'demo-ragged87-thinking');
    await movesPlayed(page, 1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('throngs93 and ragged87 are drawn with Black’s set-up at the bottom; an orientation attribute still wins', async () => {
    const { page, errors } = await open('demo/#black=human&white=human');
    /** Screen y of each player's stones. */
    const stoneYs = (): Promise<{ black: number[]; white: number[] }> =>
      page.evaluate(() => {
        const root = (document.querySelector('#board') as HTMLElement).shadowRoot!;
        const ys = (part: string): number[] => [...root.querySelectorAll(`[part~="${part}"]`)].map((e) => e.getBoundingClientRect().y);
        return { black: ys('stone-black'), white: ys('stone-white') };
      });
    for (const spec of ['throngs93', 'ragged87', 'ragged63', 'ragged153']) {
      await page.evaluate((b) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'throngs', board: b }), spec);
      await expect.poll(async () => (await viewOf(page)).board.spec).toBe(spec);
      await afterFrame(page);
      const { black, white } = await stoneYs();
      expect(black.length).toBe(1);
      expect(white.length).toBe(2);
      const whiteMean = (white[0]! + white[1]!) / 2;
      expect(black[0]!, spec).toBeGreaterThan(whiteMean);
    }
    await page.evaluate(() => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'throngs', board: 'throngs93' }));
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('throngs93');
    await photograph(page, 'demo-throngs93');
    // The way up stays for the whole game (it never turns mid-game), and orientation="white" turns it round.
    await playPlacements(page, 2);
    await afterFrame(page);
    const after = await stoneYs();
    expect(after.black.some((y) => y > (after.white[0]! + after.white[1]!) / 2)).toBe(true);
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('orientation', 'white'));
    await afterFrame(page);
    const turned = await stoneYs();
    expect(Math.min(...turned.black)).toBeLessThan(Math.max(...turned.white));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the element keeps to its container: in a narrow box and on a short screen it neither overflows nor outgrows the screen', async () => {
    const { page, errors } = await open('lib/');
    await page.setViewportSize({ width: 1000, height: 600 });
    const box = await page.evaluate(async () => {
      const wrap = document.createElement('div');
      wrap.style.width = '320px';
      wrap.id = 'narrow';
      const el = document.createElement('game-board');
      el.setAttribute('game', 'refugia');
      el.setAttribute('interactive', '');
      wrap.append(el);
      document.body.prepend(wrap);
      const wide = document.createElement('game-board');
      wide.id = 'wide';
      wide.setAttribute('board', 'ragged153');
      document.body.prepend(wide);
      await new Promise<void>((r) => {
        const check = (): void => ((el as unknown as { game: unknown }).game && (wide as unknown as { game: unknown }).game ? r() : void setTimeout(check, 50));
        check();
      });
      await new Promise((r) => setTimeout(r, 100));
      const rect = (e: Element): DOMRect => e.getBoundingClientRect();
      const svgOf = (e: Element): DOMRect => rect(e.shadowRoot!.querySelector('svg')!);
      return {
        narrow: rect(el).width,
        narrowSvg: svgOf(el).width,
        scroll: el.shadowRoot!.querySelector('.status')!.scrollWidth,
        statusWidth: rect(el.shadowRoot!.querySelector('.status')!).width,
        wideSvgHeight: svgOf(wide).height,
        height: innerHeight,
      };
    });
    expect(box.narrow).toBeLessThanOrEqual(320);
    expect(box.narrowSvg).toBeLessThanOrEqual(320);
    expect(box.scroll).toBeLessThanOrEqual(box.statusWidth + 1);
    // A board on its own is at most 85% of the screen's height, so its status line shows under it.
    expect(box.wideSvgHeight).toBeLessThanOrEqual(0.85 * box.height + 1);
    expect(errors).toEqual([]);
    await page.close();
  });
});
