/**
 * The demo and the embeddable element in a real headless Chromium (Debian's, driven by
 * playwright-core), against the production builds served on localhost: playing by clicks, the
 * AI's answer, undo, reload, links, the new-game dialog, keyboard play, a phone-size screen, the
 * one-script-tag page, a worker restart, and the page painting while the AI thinks. Every page
 * is photographed and the pictures are checked not to be blank.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from 'vite';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { launch } from './chromium.js';
import { serve } from './serve.js';

const root = new URL('../../', import.meta.url).pathname;
const shots = `${root}test-results/`;
let server: { url: string; close: () => Promise<void> };
let browser: Browser;

beforeAll(async () => {
  await build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  await build({ configFile: `${root}vite.lib.config.ts`, logLevel: 'warn' });
  mkdirSync(shots, { recursive: true });
  server = await serve(root);
  browser = await launch();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A page in a fresh context (its own storage), with errors collected; closing the page closes both. */
async function open(path: string, setup?: (page: Page) => Promise<void>): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await setup?.(page);
  await page.goto(server.url + path);
  await page.waitForFunction(() => !!(document.querySelector('throngs-board') as { game?: unknown } | null)?.game, null, { timeout: 20_000 });
  return { page, errors };
}

const history = (page: Page): Promise<string[]> =>
  page.evaluate(() => (document.querySelector('throngs-board') as unknown as { game: { history: Array<{ notation: string }> } }).game.history.map((h) => h.notation));

async function clickSite(page: Page, label: string): Promise<void> {
  const index = await page.evaluate((l) => {
    const board = document.querySelector('throngs-board') as unknown as { game: { board: { sites: Array<{ label: string }> } } };
    return board.game.board.sites.findIndex((s) => s.label === l);
  }, label);
  expect(index, `site ${label}`).toBeGreaterThanOrEqual(0);
  await page.locator(`throngs-board circle.hit[data-site="${index}"]`).click();
}

/** Takes a screenshot and checks that it shows something: many colours, most of it not one colour. */
async function photograph(page: Page, name: string): Promise<void> {
  const file = `${shots}${name}.png`;
  await page.screenshot({ path: file, fullPage: false });
  const png = PNG.sync.read(readFileSync(file));
  const counts = new Map<number, number>();
  for (let i = 0; i < png.data.length; i += 4 * 7) {
    const key = (png.data[i]! << 16) | (png.data[i + 1]! << 8) | png.data[i + 2]!;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const samples = [...counts.values()].reduce((a, b) => a + b, 0);
  expect(counts.size, `${name}: distinct colours`).toBeGreaterThan(30);
  expect(Math.max(...counts.values()) / samples, `${name}: share of the most common colour`).toBeLessThan(0.8);
}

describe('the demo in Chromium', () => {
  it('plays an opening by clicking; the AI answers within its budget; undo, redo and reload work', async () => {
    const { page, errors } = await open('demo/');
    await photograph(page, 'demo-start');
    await clickSite(page, 'd3');
    await clickSite(page, 'e3');
    // e3 is selected: its destinations are highlighted.
    expect(await page.locator('throngs-board circle.dest').count()).toBeGreaterThan(5);
    await photograph(page, 'demo-selected');
    const started = Date.now();
    await clickSite(page, 'f4');
    // White is AI level 3 (400 iterations): two moves well within a few seconds.
    await page.waitForFunction(() => (document.querySelector('throngs-board') as unknown as { game: { history: unknown[] } }).game.history.length >= 4, null, { timeout: 15_000 });
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
    await page.waitForFunction(() => !!(document.querySelector('throngs-board') as { game?: unknown }).game);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a shareable link opens the same game on another page', async () => {
    const { page } = await open('demo/');
    await clickSite(page, 'd3');
    await page.waitForFunction(() => (document.querySelector('throngs-board') as unknown as { game: { history: unknown[] } }).game.history.length >= 1);
    await page.click('#share');
    await expect.poll(() => page.url()).toContain('#game=');
    const url = page.url();
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(url);
    await fresh.waitForFunction(() => !!(document.querySelector('throngs-board') as { game?: unknown }).game);
    await expect.poll(() => history(fresh)).toEqual(['d3']);
    await other.close();
    await page.close();
  });

  it('the new-game dialog starts a pie game on a hexagon, and records import and export', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#board-choice', 'hexhex');
    await page.fill('input[name=hexSide]', '4');
    await page.selectOption('select[name=setup]', 'pie');
    await page.selectOption('select[name=black]', 'human');
    await page.selectOption('select[name=white]', 'human');
    await photograph(page, 'demo-new-game');
    await page.click('#start');
    await expect.poll(() => page.evaluate(() => (document.querySelector('throngs-board') as unknown as { game: { board: { spec: string }; pieStep: number } }).game.board.spec)).toBe('hexhex(4)');
    await clickSite(page, 'd4');
    await clickSite(page, 'c3');
    await clickSite(page, 'e5');
    // White now answers the pie offer with the Swap button of the element.
    await page.locator('throngs-board').locator('button[part=swap]').click();
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
    const box = await page.locator('throngs-board').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await photograph(page, 'demo-phone');
    await page.locator('throngs-board svg').focus();
    // From the centre, walk to some site and place a stone there with Enter; then pass with p.
    for (const key of ['ArrowDown', 'ArrowDown', 'ArrowDown', 'ArrowLeft', 'Enter']) await page.keyboard.press(key);
    await page.keyboard.press('p');
    await expect.poll(async () => (await history(page)).length).toBeGreaterThanOrEqual(1);
    await page.close();
  });

  it('keeps painting while the AI thinks (frame gaps under 100 ms)', async () => {
    // Earlier tests' contexts close in the background; one still searching would compete for the CPU.
    await Promise.all(browser.contexts().map((c) => c.close()));
    const { page } = await open('demo/#black=human&white=7');
    await clickSite(page, 'd3');
    await page.locator('throngs-board').locator('button[part=pass]').click();
    // White (level 7, 1 s a move) thinks for two moves; the page must keep painting.
    await expect.poll(() => page.locator('throngs-board').locator('[part=thinking]').textContent(), { timeout: 5_000 }).toMatch(/White is thinking/);
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
    await page.waitForFunction(() => (document.querySelector('throngs-board') as unknown as { game: { history: unknown[] } }).game.history.length >= 4, null, { timeout: 20_000 });
    const frames = await page.evaluate(() => (window as unknown as { frames_: number[] }).frames_);
    expect(frames.length).toBeGreaterThan(30);
    const gaps = frames.slice(1).map((t, i) => t - frames[i]!);
    expect(Math.max(...gaps)).toBeLessThan(100);
    await page.close();
  });
});

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
    await page.waitForFunction(() => !!(document.querySelector('throngs-board') as { game?: unknown }).game);
    expect(await page.evaluate(() => (document.querySelector('throngs-board') as unknown as { game: { board: { spec: string } } }).game.board.spec)).toBe('ragged63');
    await expect.poll(() => warnings.join('\n')).toMatch(/bad board attribute: unknown board 'hexagon'/);
    await expect.poll(() => warnings.join('\n')).toMatch(/bad ai attribute/);
    await expect.poll(() => warnings.join('\n')).toMatch(/bad orientation "sideways"/);
    await page.evaluate(() => document.querySelector('throngs-board')!.setAttribute('position', 'throngs ragged63 b:e5 w: b7'));
    await expect.poll(() => warnings.join('\n')).toMatch(/bad position attribute/);
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
});
