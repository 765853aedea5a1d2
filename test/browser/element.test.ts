/** The embeddable element in Chromium: the one-script-tag page, attributes, events, a worker restart, a page on another origin. */
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { GAME_IDS } from '../../bindings/games/registry.js';
import { serve } from './serve.js';
import { open, viewOf, history, clickSite, photograph, waitForGame, BOARD, root, server, browser, useBrowser } from './harness.js';

useBrowser();

describe('the embeddable element in Chromium', () => {
  it('a plain page with one script tag and the element plays a move, and the AI answers', async () => {
    const { page, errors } = await open('lib/');
    const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.getAttribute('src')));
    expect(scripts).toEqual(['./throngs-board.js']);
    await page.evaluate(() => {
      const w = window as unknown as { moves_: string[] };
      w.moves_ = [];
      document.querySelector('throngs-board')!.addEventListener('move', (e) => w.moves_.push((e as CustomEvent<{ notation: string }>).detail.notation));
    });
    await clickSite(page, 'd3');
    await page.waitForFunction(() => (window as unknown as { moves_: string[] }).moves_.length >= 1);
    await clickSite(page, 'e3');
    await clickSite(page, 'f4');
    await page.waitForFunction(() => (window as unknown as { moves_: string[] }).moves_.length >= 4, null, { timeout: 15_000 });
    expect((await page.evaluate(() => (window as unknown as { moves_: string[] }).moves_)).slice(0, 2)).toEqual(['d3', 'e3-f4']);
    await page.locator('throngs-board').scrollIntoViewIfNeeded();
    await photograph(page, 'embed');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('bad attributes log a clear message and fall back to sane defaults', async () => {
    const { page: blank } = await open('lib/');
    await blank.close();
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('close', () => void context.close().catch(() => undefined));
    const warnings: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'warning') warnings.push(m.text());
    });
    await page.goto(server.url + 'lib/');
    await page.evaluate(() => {
      document.body.replaceChildren();
      const el = document.createElement('throngs-board');
      el.setAttribute('board', 'hexagon(9)');
      el.setAttribute('ai', 'purple:3');
      el.setAttribute('orientation', 'sideways');
      document.body.append(el);
    });
    await waitForGame(page, 'throngs-board');
    expect((await viewOf(page, 'throngs-board')).board.spec).toBe('ragged63');
    await expect.poll(() => warnings.join('\n')).toMatch(/bad board attribute: unknown board 'hexagon'/);
    await expect.poll(() => warnings.join('\n')).toMatch(/bad ai attribute/);
    await expect.poll(() => warnings.join('\n')).toMatch(/bad orientation "sideways"/);
    await page.evaluate(() => document.querySelector('throngs-board')!.setAttribute('position', 'throngs ragged63 b:e5 w: b7'));
    await expect.poll(() => warnings.join('\n')).toMatch(/bad position attribute/);
    // An unknown game: the default game (Throngs) on its default board.
    await page.evaluate(() => {
      const el = document.createElement('game-board');
      el.setAttribute('game', 'chess');
      el.setAttribute('board', 'hex3-4');
      document.body.append(el);
    });
    await waitForGame(page, 'game-board');
    await expect.poll(() => warnings.join('\n')).toMatch(new RegExp(`game-board: bad game attribute "chess" \\(${GAME_IDS.join(', ')}\\); using throngs`));
    // hex3-4 is Refugia's: on Throngs it is a bad board, and Throngs' default board is used.
    expect((await viewOf(page, 'game-board')).board.spec).toBe('ragged63');
    await expect.poll(() => warnings.join('\n')).toMatch(/game-board: bad board attribute: .*; using ragged63/);
    await page.close();
  });

  it('the page gets a new worker with the same game when the worker dies', async () => {
    const { page } = await open('lib/');
    await page.evaluate(() => (document.querySelector('throngs-board') as unknown as { setAttribute(n: string, v: string): void }).setAttribute('ai', 'none'));
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    const restarts = await page.evaluate(async () => {
      const board = document.querySelector('throngs-board') as unknown as { client: { simulateCrash(): void; restarts: number }; play(m: string): Promise<unknown> };
      board.client.simulateCrash();
      await board.play('pass');
      return board.client.restarts;
    });
    expect(restarts).toBe(1);
    await expect.poll(() => history(page)).toEqual(['d3', 'pass']);
    await page.close();
  });

  it('a giant link is refused at once with a notice, and a new game starts', async () => {
    const started = Date.now();
    const { page } = await open(`demo/#game=throngs&record=${'A'.repeat(300_000)}`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(await page.textContent('#notice')).toMatch(/too long to be a game/);
    expect(await history(page)).toEqual([]);
    await page.close();
  });

  it('the library served from another origin (a CDN) starts its worker and plays', async () => {
    // The page comes from one server, the library from a second one on another port: two origins.
    writeFileSync(
      `${root}dist/cross-origin.html`,
      `<!doctype html><throngs-board interactive ai="none"></throngs-board><script type="module">` +
        `const s = document.createElement('script'); s.type = 'module'; s.src = new URLSearchParams(location.search).get('lib'); document.head.append(s);</script>`,
    );
    const cdn = await serve(root);
    try {
      const lib = encodeURIComponent(`${cdn.url}lib/throngs-board.js`);
      const { page, errors } = await open(`cross-origin.html?lib=${lib}`, undefined, 'throngs-board');
      await clickSite(page, 'd3', 'throngs-board');
      await expect.poll(() => history(page, 'throngs-board')).toEqual(['d3']);
      expect(errors.filter((e) => !/favicon|404/.test(e))).toEqual([]);
      await page.close();
    } finally {
      await cdn.close();
    }
  });

  it('a worker killed silently while the AI thinks is noticed, replaced, and the AI still answers', async () => {
    const { page } = await open('lib/');
    await page.evaluate(() => {
      const board = document.querySelector('throngs-board') as unknown as HTMLElement;
      board.setAttribute('ai', 'white:7');
      board.addEventListener('enginerestart', () => ((window as unknown as { restarted: number }).restarted = 1));
    });
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    await page.locator(BOARD).locator('button[part=pass]').click();
    // White (level 7, 1 s a move) is thinking: kill its worker without any event.
    await page.waitForTimeout(300);
    await page.evaluate(() => (document.querySelector('throngs-board') as unknown as { client: { simulateKill(): void } }).client.simulateKill());
    await expect.poll(() => page.evaluate(() => (window as unknown as { restarted?: number }).restarted ?? 0), { timeout: 15_000 }).toBe(1);
    // The game was restored and the AI's search was run again on the new worker.
    await expect.poll(async () => (await history(page)).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect((await history(page)).slice(0, 2)).toEqual(['d3', 'pass']);
    await page.close();
  });
});
