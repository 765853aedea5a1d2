/**
 * What every browser test file shares: a real headless Chromium (Debian's, driven by
 * playwright-core) and the production builds (made once by build.ts, the project's global set-up)
 * served on localhost, pages opened in fresh contexts with their errors collected, the board's
 * game read from its element, clicks on sites by label, and photographs checked not to be blank
 * (test-results/*.png).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect } from 'vitest';
import { PNG } from 'pngjs';
import type { Browser, Page } from 'playwright-core';
import { launch } from './chromium.js';
import { serve } from './serve.js';

export const root = new URL('../../', import.meta.url).pathname;
export const shots = `${root}test-results/`;
export let server: { url: string; close: () => Promise<void> };
export let browser: Browser;

/** Starts the server and the browser for the calling test file, and stops them after it. */
export function useBrowser(): void {
  beforeAll(async () => {
    mkdirSync(shots, { recursive: true });
    server = await serve(root);
    browser = await launch();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
}


/** The board a test drives: the demo's (#board) or the first <throngs-board> of a page. */
export const BOARD = '#board, throngs-board';
/** Refugia's board on the plain embed page. */
export const REFUGIA_EMBED = 'game-board[game=refugia]';

/** A page in a fresh context (its own storage), with errors collected; closing the page closes both. */
export async function open(
  path: string,
  setup?: (page: Page) => Promise<void>,
  board = BOARD,
  viewport = { width: 1200, height: 900 },
): Promise<{ page: Page; errors: string[] }> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  page.on('close', () => void context.close().catch(() => undefined));
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await setup?.(page);
  await page.goto(server.url + path);
  await waitForGame(page, board);
  return { page, errors };
}

/** The game view of a board element (its `game` property), as far as the tests read it. */
export interface View {
  position: string;
  game: string;
  record: string;
  drawing: string;
  board: { spec: string; sites: Array<{ label: string }> };
  players: [string, string];
  cells: Record<number, number>;
  toMove: number;
  outcome: { winner: number } | null;
  legal: Array<{ kind: string; at?: number; to?: number }>;
  history: Array<{ notation: string; player: number }>;
}

export function waitForGame(page: Page, board = BOARD, timeout = 20_000): Promise<unknown> {
  return page.waitForFunction((sel) => !!(document.querySelector(sel) as { game?: unknown } | null)?.game, board, { timeout });
}

/** The board's game view, its cells as a plain array; a test that reads more fields names them in V. */
export const viewOf = <V extends object = View>(page: Page, board = BOARD): Promise<V> =>
  page.evaluate((sel) => {
    const v = (document.querySelector(sel) as unknown as { game: { cells: Uint8Array } }).game;
    return { ...v, cells: Array.from(v.cells) };
  }, board) as Promise<V>;

export const history = (page: Page, board = BOARD): Promise<string[]> => viewOf(page, board).then((v) => v.history.map((h) => h.notation));

/** Waits until the board's game has at least `n` moves. */
export function movesPlayed(page: Page, n: number, board = BOARD, timeout = 15_000): Promise<unknown> {
  return page.waitForFunction(
    ([sel, count]) => ((document.querySelector(sel as string) as unknown as { game: { history: unknown[] } }).game.history.length ?? 0) >= (count as number),
    [board, n] as const,
    { timeout },
  );
}

export async function siteIndex(page: Page, label: string, board = BOARD): Promise<number> {
  const index = (await viewOf(page, board)).board.sites.findIndex((s) => s.label === label);
  expect(index, `site ${label}`).toBeGreaterThanOrEqual(0);
  return index;
}

/**
 * Waits until the redraws asked for so far are on the page: the element draws once per
 * animation frame, so after the next two frames every redraw requested before them is done.
 */
export async function afterFrame(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/** Clicks a site once the board shows the position its game property holds. */
export async function clickIndex(page: Page, index: number, board = BOARD): Promise<void> {
  await afterFrame(page);
  await page.locator(board).locator(`.hit[data-site="${index}"]`).click();
}

export async function clickSite(page: Page, label: string, board = BOARD): Promise<void> {
  await clickIndex(page, await siteIndex(page, label, board), board);
}

/** Takes a screenshot and checks that it shows something: many colours, most of it not one colour. */
export async function photograph(page: Page, name: string): Promise<void> {
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
