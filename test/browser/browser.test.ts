/**
 * The demo and the embeddable element in a real headless Chromium (Debian's, driven by
 * playwright-core), against the production builds served on localhost: playing by clicks, the
 * AI's answer, undo, reload, links, the new-game dialog, keyboard play, a phone-size screen, the
 * one-script-tag page, a worker restart, and the page painting while the AI thinks; for Throngs
 * and for Refugia (hexagonal cells). Every page is photographed (test-results/*.png) and the
 * pictures are checked not to be blank.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/** The board a test drives: the demo's (#board) or the first <throngs-board> of a page. */
const BOARD = '#board, throngs-board';
/** Refugia's board on the plain embed page. */
const REFUGIA_EMBED = 'game-board[game=refugia]';

/** A page in a fresh context (its own storage), with errors collected; closing the page closes both. */
async function open(path: string, setup?: (page: Page) => Promise<void>, board = BOARD): Promise<{ page: Page; errors: string[] }> {
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
  await waitForGame(page, board);
  return { page, errors };
}

/** The game view of a board element (its `game` property), as far as the tests read it. */
interface View {
  game: string;
  record: string;
  drawing: string;
  board: { spec: string; sites: Array<{ label: string }> };
  cells: Record<number, number>;
  toMove: number;
  outcome: { winner: number } | null;
  legal: Array<{ kind: string; at?: number; to?: number }>;
  history: Array<{ notation: string; player: number }>;
}

function waitForGame(page: Page, board = BOARD, timeout = 20_000): Promise<unknown> {
  return page.waitForFunction((sel) => !!(document.querySelector(sel) as { game?: unknown } | null)?.game, board, { timeout });
}

const viewOf = (page: Page, board = BOARD): Promise<View> =>
  page.evaluate((sel) => {
    const v = (document.querySelector(sel) as unknown as { game: View }).game;
    return { ...v, cells: Array.from(v.cells as unknown as Uint8Array) };
  }, board) as Promise<View>;

const history = (page: Page, board = BOARD): Promise<string[]> => viewOf(page, board).then((v) => v.history.map((h) => h.notation));

/** Waits until the board's game has at least `n` moves. */
function movesPlayed(page: Page, n: number, board = BOARD, timeout = 15_000): Promise<unknown> {
  return page.waitForFunction(
    ([sel, count]) => ((document.querySelector(sel as string) as unknown as { game: { history: unknown[] } }).game.history.length ?? 0) >= (count as number),
    [board, n] as const,
    { timeout },
  );
}

async function siteIndex(page: Page, label: string, board = BOARD): Promise<number> {
  const index = (await viewOf(page, board)).board.sites.findIndex((s) => s.label === label);
  expect(index, `site ${label}`).toBeGreaterThanOrEqual(0);
  return index;
}

async function clickIndex(page: Page, index: number, board = BOARD): Promise<void> {
  await page.locator(board).locator(`.hit[data-site="${index}"]`).click();
}

async function clickSite(page: Page, label: string, board = BOARD): Promise<void> {
  await clickIndex(page, await siteIndex(page, label, board), board);
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
    expect(await page.locator(BOARD).locator('circle.dest').count()).toBeGreaterThan(5);
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
    await page.click('#share');
    await expect.poll(() => page.url()).toContain('#game=');
    const url = page.url();
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
    await page.fill('input[name=hexSide]', '4');
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
    await expect.poll(() => warnings.join('\n')).toMatch(/game-board: bad game attribute "chess" \(throngs, refugia, populace, tholian\); using throngs/);
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

describe('Refugia in Chromium', () => {
  it('is chosen in the new-game dialog, drawn as cells; a click places a stone, the AI answers; a reload keeps the game', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#game-choice', 'refugia');
    // The dialog follows the game: its boards, no set-up choice, no rule options, its side names.
    expect(await page.inputValue('#board-choice')).toBe('hex3-4');
    expect(await page.locator('#board-choice option').allTextContents()).toContain('hex3-4 — 27 cells (default)');
    expect(await page.isVisible('#setup-row')).toBe(false);
    expect(await page.isVisible('#options-block')).toBe(false);
    expect(await page.isVisible('#hex-size-row')).toBe(false);
    expect([await page.textContent('#first-name'), await page.textContent('#second-name')]).toEqual(['Dark', 'Light']);
    await page.selectOption('select[name=black]', 'human');
    await page.selectOption('select[name=white]', '2');
    await photograph(page, 'refugia-new-game');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    const start = await viewOf(page);
    expect(start.drawing).toBe('cells');
    expect(start.board.spec).toBe('althex(3,4)');
    expect(await page.locator(BOARD).locator('polygon.cell').count()).toBe(27);
    expect(await page.textContent('#title')).toBe('Refugia');
    expect(await page.locator(BOARD).locator('[part=turn]').textContent()).toBe('Dark to move');
    await photograph(page, 'refugia-start');

    await clickSite(page, 'c3');
    await movesPlayed(page, 2);
    const moves = await history(page);
    expect(moves[0]).toBe('c3');
    await expect.poll(() => page.locator('#moves li').count()).toBe(2);
    expect(await page.textContent('#moves li')).toMatch(/^Dark: c3/);
    expect(await page.locator(BOARD).locator('circle[part~=stone-black]').count()).toBe(1);
    await photograph(page, 'refugia-ai-answered');

    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves);
    expect((await viewOf(page)).game).toBe('refugia');
    expect(await page.locator(BOARD).locator('polygon.cell').count()).toBe(27);
    expect(await page.textContent('#players')).toMatch(/Dark: Human\s*Light: AI level 2/);
    // The record names the game.
    await page.click('#record');
    expect(await page.inputValue('#record-text')).toContain('[Game "Refugia"]');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a link starts Refugia; a stone steps and hops to highlighted cells; pass, pass ends the game', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickSite(page, 'c3');
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3']);
    // c3 has an enemy next to it (d3): it may flee to a cell with none. Selecting it shows where.
    await clickSite(page, 'c3');
    const v = await viewOf(page);
    const c3 = await siteIndex(page, 'c3');
    const ends = v.legal.filter((m) => m.at === c3).map((m) => m.to!);
    expect(ends.length).toBeGreaterThan(1);
    expect(await page.locator(BOARD).locator('circle.dest').count()).toBe(ends.length);
    expect(await page.locator(BOARD).locator('[part=selected]').count()).toBe(1);
    await photograph(page, 'refugia-selected');
    await clickSite(page, 'b2');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3', 'c3-b2']);
    expect(await page.locator(BOARD).locator('circle.dest').count()).toBe(0);

    // Light a1, Dark c1, Light b3: b2 (two enemies) hops over b3 to b4 (one), and b3 turns neutral.
    for (const label of ['a1', 'c1', 'b3']) await clickSite(page, label);
    await clickSite(page, 'b2');
    await clickSite(page, 'b4');
    await expect.poll(() => history(page)).toEqual(['c3', 'd3', 'c3-b2', 'a1', 'c1', 'b3', 'b2-b4']);
    const b3 = await siteIndex(page, 'b3');
    expect((await viewOf(page)).cells[b3]).toBe(3);
    expect(await page.locator(BOARD).locator('circle[part~=stone-neutral]').count()).toBe(1);
    expect(await page.locator(BOARD).locator('[part=changed]').count()).toBe(1);
    await photograph(page, 'refugia-hop');

    // The enemies overlay: how many enemies touch each empty cell.
    await page.check('#show-enemies');
    await expect.poll(() => page.locator(BOARD).locator('text[part=enemies]').count()).toBeGreaterThan(10);

    const pass = page.locator(BOARD).locator('button[part=pass]');
    await pass.click();
    await expect.poll(() => page.locator(BOARD).locator('[part=duty]').textContent()).toMatch(/a pass now ends the game/);
    await pass.click();
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    // Scores 0-0, two stones each: Dark passed last and loses the tie (REFUGIA.md §7).
    expect(await page.textContent('#gameover')).toMatch(/Light wins 0–0 \(two passes in a row\)/);
    expect(await page.textContent('#gameover')).toMatch(/Stones \(the tie-break\)\s*2\s*2/);
    expect(await page.locator(BOARD).locator('[part=turn]').textContent()).toBe('Game over: Light wins');
    expect(await pass.isDisabled()).toBe(true);
    await photograph(page, 'refugia-game-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<game-board game="refugia"> on the plain page plays a placement and the AI answers; a crashed worker comes back with Refugia', async () => {
    const { page, errors } = await open('lib/', undefined, REFUGIA_EMBED);
    const v = await viewOf(page, REFUGIA_EMBED);
    expect([v.game, v.board.spec]).toEqual(['refugia', 'althex(3,4)']);
    await clickSite(page, 'c3', REFUGIA_EMBED);
    await movesPlayed(page, 2, REFUGIA_EMBED);
    expect((await history(page, REFUGIA_EMBED))[0]).toBe('c3');
    await page.locator(REFUGIA_EMBED).scrollIntoViewIfNeeded();
    await photograph(page, 'refugia-embed');

    const before = await history(page, REFUGIA_EMBED);
    const restarts = await page.evaluate(async (sel) => {
      const board = document.querySelector(sel) as unknown as { client: { simulateCrash(): void; restarts: number }; play(m: string): Promise<unknown>; setAttribute(n: string, v: string): void };
      board.setAttribute('ai', 'none');
      board.client.simulateCrash();
      await board.play('pass');
      return board.client.restarts;
    }, REFUGIA_EMBED);
    expect(restarts).toBe(1);
    await expect.poll(() => history(page, REFUGIA_EMBED)).toEqual([...before, 'pass']);
    expect((await viewOf(page, REFUGIA_EMBED)).game).toBe('refugia');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('Populace in Chromium', () => {
  /** POPULACE.md §8.2: Black d3 d4 e4, White c4 e5 (threatened by d4 and e4); Black to move. */
  const EXAMPLE = 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6';
  const turnText = (page: Page): Promise<string | null> => page.locator(BOARD).locator('[part=turn]').textContent();
  const seatText = (page: Page): Promise<string | null> => page.locator(BOARD).locator('[part=seat]').textContent();

  it('is chosen in the new-game dialog; the AI (Black) places, White swaps seats, the AI answers as White; a placement by click; a reload keeps the seats', async () => {
    const { page, errors } = await open('demo/');
    await page.click('#new');
    await page.selectOption('#game-choice', 'populace');
    // The dialog follows the game: its boards (hexhex(7) by default), its rule options, its AI levels.
    expect(await page.inputValue('#board-choice')).toBe('hexhex(7)');
    const boards = await page.locator('#board-choice option').allTextContents();
    for (const b of ['hexhex(7) — 127 cells (default)', 'hexhex(6) — 91 cells', 'hexhex(5) — 61 cells', 'hexhex(4) — 37 cells', 'althex(6,7) — 108 cells']) expect(boards).toContain(b);
    expect(await page.isVisible('#setup-row')).toBe(false);
    expect(await page.isVisible('#options-block')).toBe(true);
    await page.click('#options-block summary');
    expect(await page.isChecked('input[name=option-pie]')).toBe(true);
    expect(await page.isChecked('input[name=option-button]')).toBe(true);
    expect(await page.locator('select[name=option-superko] option').allTextContents()).toEqual(['none', 'positional']);
    expect(await page.locator('select[name=option-moveLimit] option').allTextContents()).toEqual(['none', '200', '400', '1000']);
    expect([await page.textContent('#first-name'), await page.textContent('#second-name')]).toEqual(['Black', 'White']);
    expect(await page.locator('select[name=black] option').count()).toBe(9);
    await page.selectOption('#board-choice', 'hexhex(5)');
    await page.selectOption('select[name=black]', '1');
    await page.selectOption('select[name=white]', 'human');
    await photograph(page, 'populace-new-game');
    await page.click('#start');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    expect(await page.textContent('#title')).toBe('Populace');
    expect(await page.locator(BOARD).locator('polygon.cell').count()).toBe(61);

    // The AI plays the first seat (Black) and places; White is offered the swap.
    await movesPlayed(page, 1);
    await expect.poll(() => turnText(page)).toBe('White: play, or swap seats');
    expect(await seatText(page)).toBe('· your move');
    const swap = page.locator(BOARD).locator('button[part=swap]');
    expect(await swap.isEnabled()).toBe(true);
    await photograph(page, 'populace-swap-offered');
    await swap.click();
    // The seats are exchanged: the AI (first seat) now plays White and is still to move.
    await movesPlayed(page, 3);
    const afterSwap = await history(page);
    expect(afterSwap[1]).toBe('swap');
    expect((await viewOf(page)) as unknown as { seats: number[] }).toMatchObject({ seats: [2, 1] });
    await expect.poll(() => turnText(page)).toBe('Black to move (the second player, after the swap)');
    expect(await seatText(page)).toBe('· your move');
    expect(await page.textContent('#players')).toMatch(/Black: Human \(the second player, after the swap\)\s*White: AI level 1 \(the first player, after the swap\)/);
    expect(await page.locator(BOARD).locator('button[part=swap]').isVisible()).toBe(false);

    // A placement by clicking a cell where Black may place; the AI answers.
    const v = await viewOf(page);
    const place = v.legal.find((m) => m.kind === 'place')!;
    await clickIndex(page, place.at!);
    await movesPlayed(page, 5);
    const moves = await history(page);
    expect(moves[3]).toBe(v.board.sites[place.at!]!.label);
    expect((await viewOf(page)).history[4]!.player).toBe(2);
    // The move list has a line per seat's turn: the swap and the AI's first White move are apart.
    await expect.poll(() => page.locator('#moves li').allTextContents()).toEqual(moves.map((m, i) => `${['Black', 'White', 'White', 'Black', 'White'][i]}: ${m} `));
    await photograph(page, 'populace-ai-answered');

    await page.reload();
    await waitForGame(page);
    await expect.poll(() => history(page)).toEqual(moves);
    expect(((await viewOf(page)) as unknown as { seats: number[] }).seats).toEqual([2, 1]);
    expect(await page.textContent('#players')).toMatch(/Black: Human/);
    await page.click('#record');
    expect(await page.inputValue('#record-text')).toMatch(/\[Game "Populace"\][\s\S]*\(swap /);
    await page.keyboard.press('Escape');
    await page.click('#share');
    await expect.poll(() => page.url()).toContain('#game=populace');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('threatened pieces are marked, the legend explains; a replace and a move by clicking; pass, pass ends with the half point explained', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await page.evaluate((position) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'populace', position }), EXAMPLE);
    await expect.poll(async () => (await viewOf(page)).board.spec).toBe('hexhex(4)');
    expect(await page.locator(BOARD).locator('[part~=mark-threatened]').count()).toBe(1);
    expect(await page.locator(BOARD).locator('[part=scores]').textContent()).toBe('Black 8 · White 8');

    // Overlays: who controls each empty cell (tints), and each piece's potential value.
    await page.check('#show-control');
    await page.check('#show-potential');
    await expect.poll(() => page.locator(BOARD).locator('[part~=control]').count()).toBe(11);
    await expect.poll(() => page.locator(BOARD).locator('text[part=potential]').allTextContents()).toEqual(expect.arrayContaining(['+3', '+1', '+2', '-1', '0']));
    expect(await page.locator(BOARD).locator('text[part=potential]').count()).toBe(5);
    const legend = page.locator(BOARD).locator('[part=legend]');
    await legend.locator('summary').click();
    const legendText = await legend.textContent();
    expect(legendText).toMatch(/threatened piece/);
    expect(legendText).toMatch(/tinted cell: controlled by Black \(dark\) or White \(light\)/);
    expect(legendText).toMatch(/action potential/);
    await page.locator(BOARD).scrollIntoViewIfNeeded();
    await photograph(page, 'populace-threatened');

    // Black replaces the threatened e5 with a click.
    await clickSite(page, 'e5');
    await expect.poll(() => history(page)).toEqual(['xe5']);
    expect(await page.locator(BOARD).locator('[part~=mark-threatened]').count()).toBe(0);
    // White places a1; Black selects d3 (potential 3): its reachable cells are highlighted.
    await clickSite(page, 'a1');
    await clickSite(page, 'd3');
    const d3 = await siteIndex(page, 'd3');
    const ends = (await viewOf(page)).legal.filter((m) => m.at === d3 && m.kind === 'move');
    expect(ends.length).toBeGreaterThan(10);
    expect(await page.locator(BOARD).locator('circle.dest').count()).toBe(ends.length);
    expect(await page.locator(BOARD).locator('[part=selected]').count()).toBe(1);
    await photograph(page, 'populace-selected');
    await clickSite(page, 'f3');
    await expect.poll(() => history(page)).toEqual(['xe5', 'a1', 'd3-f3']);

    // White passes first and takes the button's half point; Black's pass ends the game.
    const pass = page.locator(BOARD).locator('button[part=pass]');
    await pass.click();
    await expect.poll(() => page.locator(BOARD).locator('[part=duty]').textContent()).toBe('a pass now ends the game');
    await expect.poll(() => page.locator(BOARD).locator('[part=scores]').textContent()).toMatch(/White \d+½ \(\+½ button\)$/);
    await pass.click();
    await expect.poll(() => page.isVisible('#gameover')).toBe(true);
    const v = await viewOf(page);
    const [b, w] = (v as unknown as { scores: number[] }).scores;
    expect(w! % 1).toBe(0.5);
    const over = (await page.textContent('#gameover'))!;
    expect(over).toMatch(/(Black|White) wins \d+½?–\d+½? \(two passes in a row\)/);
    expect(over).toMatch(/Pieces\s*\d+\s*\d+/);
    expect(over).toMatch(/Controlled empty cells\s*\d+\s*\d+/);
    expect(over).toMatch(/Button \(first to pass\)\s*0\s*½/);
    expect(over).toContain(`Total${b}${String(Math.trunc(w!))}½`);
    expect(await turnText(page)).toMatch(/^Game over: (Black|White) wins$/);
    expect(await pass.isDisabled()).toBe(true);
    await photograph(page, 'populace-game-over');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('<game-board game="populace"> on the plain page: a placement, the AI answers; with ai="black:1" the AI keeps its seat after a swap', async () => {
    const embed = 'game-board[game=populace]';
    const { page, errors } = await open('lib/', undefined, embed);
    expect((await viewOf(page, embed)).board.spec).toBe('hexhex(5)');
    await clickSite(page, 'e5', embed);
    await movesPlayed(page, 2, embed);
    expect((await history(page, embed))[0]).toBe('e5');
    // show-control: the cells Black's stone controls are tinted.
    await expect.poll(() => page.locator(embed).locator('[part~=control-1]').count()).toBeGreaterThan(0);
    await page.locator(embed).scrollIntoViewIfNeeded();
    await photograph(page, 'populace-embed-page');

    await page.evaluate(() => {
      document.body.replaceChildren();
      const el = document.createElement('game-board');
      el.setAttribute('game', 'populace');
      el.setAttribute('board', 'hexhex(4)');
      el.setAttribute('interactive', '');
      el.setAttribute('ai', 'black:1');
      document.body.append(el);
    });
    const sel = 'game-board';
    await waitForGame(page, sel);
    // The AI holds the first seat: it places Black's first stone; we swap and so play Black.
    await movesPlayed(page, 1, sel);
    await page.locator(sel).locator('button[part=swap]').click();
    await movesPlayed(page, 3, sel);
    const v = await viewOf(page, sel);
    expect(v.history.map((h) => h.notation)[1]).toBe('swap');
    // The AI moved for White (its seat after the swap), and Black (us) is to move.
    expect(v.history[2]!.player).toBe(2);
    expect(v.toMove).toBe(1);
    expect(await page.locator(sel).locator('[part=seat]').textContent()).toBe('· your move');
    await photograph(page, 'populace-embed');
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the demo’s help and rough edges in Chromium', () => {
  /** The diagram board of the How-to-play panel, once it shows its position. */
  const EXAMPLE = '#howto game-board';

  it('a How to play panel opens from the header, follows the game, and draws a worked example with the board element', async () => {
    const { page, errors } = await open('demo/');
    expect(await page.locator('#howto').isHidden()).toBe(true);
    await page.click('#howto-button');
    expect(await page.locator('#howto-button').getAttribute('aria-expanded')).toBe('true');
    const expected: Record<string, { title: string; words: RegExp[]; pieces: number; board: string }> = {
      throngs: { title: 'How to play Throngs', words: [/action potential/, /double move/, /add-or-capture/, /pie/], pieces: 4, board: 'hexhex(4)' },
      refugia: { title: 'How to play Refugia', words: [/fewer enemy neighbours/, /hop/, /adjacencies/], pieces: 5, board: 'althex(3,4)' },
      populace: { title: 'How to play Populace', words: [/control/, /threatened/, /potential value/, /swap/, /button/], pieces: 5, board: 'hexhex(4)' },
    };
    for (const game of ['throngs', 'refugia', 'populace']) {
      if (game !== 'throngs') {
        await page.evaluate((g) => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: g }), game);
      }
      const want = expected[game]!;
      await expect.poll(() => page.locator('#howto-title').textContent()).toBe(want.title);
      const text = await page.locator('#howto-text').textContent();
      for (const w of want.words) expect(text).toMatch(w);
      expect((await page.locator('#howto-caption').textContent())!.length).toBeGreaterThan(40);
      // The example is a small <game-board> of this game showing the guide's position, not interactive.
      await waitForGame(page, EXAMPLE);
      const example = await viewOf(page, EXAMPLE);
      expect(example.game).toBe(game);
      expect(Object.values(example.cells).filter((c) => c !== 0).length).toBe(want.pieces);
      expect(example.board.spec).toBe(want.board);
      expect(await page.locator(EXAMPLE).getAttribute('interactive')).toBeNull();
      expect(await page.locator(EXAMPLE).locator('svg polygon, svg circle').count()).toBeGreaterThan(20);
      const box = await page.locator(EXAMPLE).boundingBox();
      expect(box!.width).toBeGreaterThan(150);
      expect(box!.width).toBeLessThan(420);
      await page.locator('#howto').scrollIntoViewIfNeeded();
      await page.locator('#howto').screenshot({ path: `${shots}howto-${game}.png` });
      await photograph(page, `howto-${game}-page`);
    }
    // Only one example board at a time; the panel closes with its button and with h.
    expect(await page.locator(EXAMPLE).count()).toBe(1);
    await page.click('#howto-close');
    expect(await page.locator('#howto').isHidden()).toBe(true);
    await page.keyboard.press('h');
    expect(await page.locator('#howto').isHidden()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a click that makes no legal move is explained in the status line by the rules; the next legal action clears it', async () => {
    const { page, errors } = await open('demo/');
    const why = page.locator(BOARD).locator('[part~=explanation]');
    expect(await why.isHidden()).toBe(true);
    // Standard start: Black e3, White d6 h7. Black cannot capture d6.
    await clickSite(page, 'd6');
    await expect.poll(() => why.textContent()).toMatch(/^The action potential of d6 is -?\d+; a capture needs at least 2\.$/);
    expect(await why.isVisible()).toBe(true);
    await photograph(page, 'demo-illegal-click');
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    await expect.poll(() => why.textContent()).toBe('');
    expect(await why.isHidden()).toBe(true);

    // Refugia: a placement next to one's own stone.
    await page.evaluate(() =>
      (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' }),
    );
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await clickSite(page, 'b2');
    await expect.poll(() => why.textContent()).toBe('b2 touches your stone at c3.');
    // Selecting a stone clears it.
    await clickSite(page, 'c3');
    await expect.poll(() => why.textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('rough edges: a long move list grows and scrolls inside its panel with three-digit numbers; long notices wrap; import errors are brief', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    // 110 placements, one line each.
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
      for (let i = 0; i < 110; i++) {
        const moves = board.game.legal.filter((m) => m.kind === 'place');
        if (moves.length === 0) break;
        await board.play(moves[(i * 37) % moves.length]!);
      }
    });
    await expect.poll(() => page.locator('#moves li').count()).toBeGreaterThanOrEqual(100);
    const list = await page.evaluate(() => {
      const ol = document.getElementById('moves')!;
      const style = getComputedStyle(ol);
      // The widest marker ("110.") in the list's font must fit in its left padding.
      const probe = document.createElement('span');
      probe.style.font = style.font;
      probe.style.position = 'absolute';
      probe.textContent = `${ol.children.length}.`;
      document.body.append(probe);
      const marker = probe.getBoundingClientRect().width;
      probe.remove();
      const aside = ol.closest('aside')!.getBoundingClientRect();
      return {
        marker,
        padding: parseFloat(style.paddingLeft),
        maxHeight: style.maxHeight,
        height: ol.clientHeight,
        scrollHeight: ol.scrollHeight,
        em: parseFloat(getComputedStyle(document.documentElement).fontSize),
        asideBottom: aside.bottom,
        viewport: innerHeight,
        lastVisible: ol.lastElementChild!.getBoundingClientRect().bottom <= ol.getBoundingClientRect().bottom + 1,
      };
    });
    expect(list.padding).toBeGreaterThan(list.marker + 2);
    expect(list.maxHeight).toBe('none');
    expect(list.height).toBeGreaterThan(18 * list.em);
    expect(list.scrollHeight).toBeGreaterThan(list.height);
    expect(list.asideBottom).toBeLessThanOrEqual(list.viewport);
    expect(list.lastVisible).toBe(true);
    await photograph(page, 'demo-long-move-list');

    // A long notice (an unbroken one too) wraps inside its panel.
    const wraps = await page.evaluate(() => {
      const notice = document.getElementById('notice')!;
      notice.textContent = `A notice ${'without-any-space-'.repeat(30)} and words ${'after it '.repeat(20)}`;
      const aside = notice.closest('aside')!.getBoundingClientRect();
      const box = notice.getBoundingClientRect();
      return { fits: notice.scrollWidth <= notice.clientWidth, inside: box.right <= aside.right + 0.5, lines: box.height / parseFloat(getComputedStyle(notice).lineHeight || '16') };
    });
    expect(wraps.fits).toBe(true);
    expect(wraps.inside).toBe(true);

    // Importing a big bad record shows a short error, not the record.
    await page.click('#record');
    const junk = `${'x'.repeat(3000)}\n(${'zz9 '.repeat(500)})`;
    await page.fill('#record-text', junk);
    await page.click('#record-load');
    await expect.poll(() => page.locator('#record-error').textContent()).not.toBe('');
    const error = (await page.locator('#record-error').textContent())!;
    expect(error.length).toBeLessThanOrEqual(240);
    expect(error).not.toContain('x'.repeat(60));
    const dialog = (await page.locator('#record-dialog').boundingBox())!;
    expect(dialog.x + dialog.width).toBeLessThanOrEqual(1200);
    // A Game tag naming a long unknown game is quoted short too.
    await page.fill('#record-text', `[Game "${'q'.repeat(3000)}"]\n(d4)`);
    await page.click('#record-load');
    await expect.poll(() => page.locator('#record-error').textContent()).toMatch(/^this engine does not play "q{40}"…/);
    expect((await page.locator('#record-error').textContent())!.length).toBeLessThanOrEqual(240);
    await photograph(page, 'demo-import-error');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('an undo at game over clears the stale "Game over." notice, and AI against AI plays on', async () => {
    // A finished Populace game: Black g7, White a1, then both pass (Black, ahead, took the button).
    const first = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(first.page)).game).toBe('populace');
    const record = await first.page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: { record: string }; play(m: string): Promise<unknown> };
      for (const m of ['g7', 'a1', 'pass', 'pass']) await board.play(m);
      return board.game.record;
    });
    await first.page.close();
    const link = `game=populace&black=1&white=1&record=${Buffer.from(record).toString('base64url')}`;
    const { page, errors } = await open(`demo/#${link}`);
    await expect.poll(async () => (await viewOf(page)).outcome).not.toBeNull();
    await expect.poll(() => page.locator('#notice').textContent()).toBe('Game over.');
    await page.evaluate(() => {
      const notice = document.getElementById('notice')!;
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      new MutationObserver(() => seen.push(notice.textContent ?? '')).observe(notice, { childList: true, characterData: true, subtree: true });
    });
    await page.click('#undo');
    // The notice went away, and the AI (White, behind) moved again.
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen)).toContain('');
    await movesPlayed(page, 4);
    const moves = await history(page);
    expect(moves.slice(0, 3)).toEqual(['g7', 'a1', 'pass']);
    expect(errors).toEqual([]);
    await page.close();
  });
});

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
    await page.click('#share');
    await expect.poll(() => page.url()).toContain('move=3');
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
    // The address follows the game once it holds it: a reload after more moves keeps them.
    await expect.poll(() => page.url()).toContain('move=5');

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
    await page.fill('#hex-size-row input', '4');
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
      const at = await statusBottom();
      expect(at.bottom, spec).toBeLessThanOrEqual(at.height);
      expect(at.legend, spec).toBeLessThanOrEqual(at.height);
      await photograph(page, `demo-${spec}-1280x860`);
    }
    // Level 7 (alpha-beta) thinks for a second, with its depth and positions on the status line.
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('ai', 'black:7'));
    const thinking = page.locator(BOARD).locator('[part~=thinking]');
    await expect.poll(() => thinking.textContent(), { timeout: 5000, interval: 50 }).toMatch(/thinking… depth \d+, [\d,]+ positions, best/);
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
    const after = await stoneYs();
    expect(after.black.some((y) => y > (after.white[0]! + after.white[1]!) / 2)).toBe(true);
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('orientation', 'white'));
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

describe('hints and analysis in Chromium', () => {
  it('the Hint button draws the engine’s move as an arrow or a ring on a legal move; the next move takes it away', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    const hintButton = page.locator(BOARD).locator('[part~=hint-button]');
    expect(await hintButton.isVisible()).toBe(true);
    await page.evaluate(() => {
      const w = window as unknown as { hints_: string[] };
      w.hints_ = [];
      document.querySelector('#board')!.addEventListener('hint', (e) => w.hints_.push((e as CustomEvent<{ notation: string }>).detail.notation));
    });
    // Refugia from the set-up: every first move is a placement, drawn as a ring.
    await hintButton.click();
    const ring = page.locator(BOARD).locator('[part~=hint] .hint-ring');
    await expect.poll(() => ring.count(), { timeout: 10_000 }).toBe(1);
    const at = Number(await ring.getAttribute('data-at'));
    const v = await viewOf(page);
    expect(v.legal.some((m) => m.at === at)).toBe(true);
    const said = await page.evaluate(() => (window as unknown as { hints_: string[] }).hints_);
    expect(said).toEqual([v.board.sites[at]!.label]);
    expect(await page.locator(BOARD).locator('[part~=thinking]').textContent()).toBe(`Hint: ${said[0]}`);
    // A position where the hint is a travel: an arrow from a stone to a legal destination.
    await page.evaluate(() =>
      (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'refugia', position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' }),
    );
    const arrowOrRing = page.locator(BOARD).locator('[part~=hint] > *');
    expect(await arrowOrRing.count()).toBe(0);
    const hint = await page.evaluate(() => (document.querySelector('#board') as unknown as { hint(): Promise<{ move: { at?: number; to?: number } }> }).hint());
    const after = await viewOf(page);
    expect(after.legal.some((m) => m.at === hint.move.at && m.to === hint.move.to)).toBe(true);
    if (hint.move.to !== undefined && hint.move.to !== hint.move.at) {
      const arrow = page.locator(BOARD).locator('[part~=hint] .hint-arrow');
      expect(await arrow.count()).toBe(1);
      expect(Number(await arrow.getAttribute('data-to'))).toBe(hint.move.to);
    } else {
      expect(await ring.count()).toBe(1);
    }
    await photograph(page, 'demo-hint');
    // Playing a move clears the hint.
    await page.evaluate((m) => (document.querySelector('#board') as unknown as { play(m: object): Promise<unknown> }).play(m), hint.move);
    await expect.poll(() => arrowOrRing.count()).toBe(0);
    expect(await page.locator(BOARD).locator('[part~=thinking]').textContent()).toBe('');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('root-parallel search on several workers: the roots add up, the helpers follow the game, and the workers attribute plays with them', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    type Client = { search(o: object): Promise<{ iterations: number; move: { at?: number }; children: Array<{ visits: number }> }> };
    const search = (options: object): Promise<{ iterations: number; visits: number; at: number | undefined; moves: number }> =>
      page.evaluate(async (o) => {
        const client = (document.querySelector('#board') as unknown as { client: Client }).client;
        const r = await client.search(o);
        return { iterations: r.iterations, visits: r.children.reduce((n, c) => n + c.visits, 0), at: r.move.at, moves: r.children.length };
      }, options);
    const two = await search({ iterations: 1500, seed: 5, workers: 2 });
    expect(two.iterations).toBe(3000);
    expect(two.visits).toBe(3000);
    const start = await viewOf(page);
    expect(two.moves).toBe(start.legal.length);
    // After a move the helper searches the new position too: every child is a legal move there.
    await page.evaluate(() => (document.querySelector('#board') as unknown as { play(m: string): Promise<unknown> }).play('c3'));
    const after = await viewOf(page);
    const three = await search({ iterations: 800, seed: 6, workers: 3 });
    expect(three.iterations).toBe(2400);
    expect(three.moves).toBe(after.legal.length);
    expect(after.legal.some((m) => m.at === three.at)).toBe(true);
    expect(await page.evaluate(() => (document.querySelector('#board') as unknown as { client: Client }).client.search({ iterations: 10, workers: 9 }).then(() => 'ok', (e: Error) => e.message))).toMatch(/workers must be a whole number from 1 to 8/);
    // The AI at level 6 (timed) on two workers answers with a legal move.
    await page.evaluate(() => {
      const board = document.querySelector('#board')!;
      board.setAttribute('workers', '2');
      board.setAttribute('ai', 'white:6');
    });
    await movesPlayed(page, 2);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('root-parallel helpers keep their trees only as the page\'s worker does: a repeated search goes on, an undo or fresh: true starts every worker afresh', async () => {
    const { page, errors } = await open('demo/#game=throngs&black=human&white=human');
    type Client = {
      search(o: object): Promise<{ iterations: number; children: Array<{ visits: number }> }>;
      view(): Promise<{ legal: readonly object[] }>;
      play(m: object): Promise<unknown>;
      undo(): Promise<unknown>;
    };
    // Root visits summed over the moves: this search's iterations plus those of the trees kept.
    const search = (options: object, playAndUndo = false): Promise<{ iterations: number; visits: number }> =>
      page.evaluate(
        async ({ o, playAndUndo }) => {
          const client = (document.querySelector('#board') as unknown as { client: Client }).client;
          if (playAndUndo) {
            await client.play((await client.view()).legal[0]!);
            await client.undo();
          }
          const r = await client.search(o);
          return { iterations: r.iterations, visits: r.children.reduce((n, c) => n + c.visits, 0) };
        },
        { o: options, playAndUndo },
      );
    const budget = { iterations: 1000, workers: 2, settings: { cutoff: 2 } };
    expect(await search({ ...budget, seed: 1 })).toEqual({ iterations: 2000, visits: 2000 });
    // The same position again: both workers go on with their trees.
    expect(await search({ ...budget, seed: 3 })).toEqual({ iterations: 2000, visits: 4000 });
    // A move and its undo leave the record as the helper holds it; the helper drops its tree all the same.
    expect(await search({ ...budget, seed: 5 }, true)).toEqual({ iterations: 2000, visits: 2000 });
    expect(await search({ ...budget, seed: 7, fresh: true })).toEqual({ iterations: 2000, visits: 2000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('analysis shows a heat map, the win probability and the best line; steps through the game; the evaluation graph; AI against AI at a pace, paused and resumed', async () => {
    const { page, errors } = await open('demo/#game=populace&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    await page.evaluate(async () => {
      const board = document.querySelector('#board') as unknown as { game: View; play(m: object): Promise<unknown> };
      for (let i = 0; i < 6; i++) {
        const moves = board.game.legal.filter((m) => m.kind === 'place');
        await board.play(moves[(i * 11 + 5) % moves.length]!);
      }
    });
    await page.click('#study summary');
    await page.click('#analyse');
    const text = page.locator('#analysis');
    await expect.poll(() => text.textContent(), { timeout: 10_000 }).toMatch(/^Black to move: \d+% to win \([\d,]+ playouts\)\. Best line: \S+/);
    const win = Number(await text.getAttribute('data-win'));
    expect(win).toBeGreaterThanOrEqual(0);
    expect(win).toBeLessThanOrEqual(1);
    const shares = await page.locator(BOARD).locator('[part~=heat] .heat').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-share'))));
    expect(shares.length).toBeGreaterThanOrEqual(1);
    expect(shares.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1.0001);
    // The best line starts with the best move, whose cell has the most heat.
    const best = (await text.locator('.line').textContent())!.split(' ')[0]!;
    const v = await viewOf(page);
    const bestCell = v.board.sites.findIndex((s) => s.label === best);
    expect(bestCell).toBeGreaterThanOrEqual(0);
    const hottest = await page
      .locator(BOARD)
      .locator('[part~=heat] .heat')
      .evaluateAll((els) => els.map((e) => ({ cell: Number(e.getAttribute('data-cell')), share: Number(e.getAttribute('data-share')) })).sort((a, b) => b.share - a.share)[0]!.cell);
    expect(hottest).toBe(bestCell);
    await photograph(page, 'demo-analysis');

    // Stepping: first, next, previous, last.
    const line = await history(page);
    await page.click('#step-first');
    await expect.poll(() => history(page)).toEqual([]);
    expect(await page.locator(BOARD).locator('[part~=heat] .heat').count()).toBe(0);
    expect(await text.textContent()).toBe('');
    await page.click('#step-next');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 1));
    await page.click('#step-next');
    await page.click('#step-prev');
    await expect.poll(() => history(page)).toEqual(line.slice(0, 1));
    await page.click('#step-last');
    await expect.poll(() => history(page)).toEqual(line);

    // The evaluation graph: a value for the start and after each move, the move on show marked.
    await page.click('#evaluate');
    await expect.poll(() => page.locator('#graph').getAttribute('data-values'), { timeout: 20_000 }).not.toBeNull();
    const values = (await page.locator('#graph').getAttribute('data-values'))!.split(' ').map(Number);
    expect(values).toHaveLength(line.length + 1);
    for (const p of values) expect(p >= 0 && p <= 1).toBe(true);
    expect(await page.locator('#graph svg polyline').count()).toBe(1);
    // A click on the graph goes to that move.
    await page.locator('#graph rect[data-move="2"]').click();
    await expect.poll(() => history(page)).toEqual(line.slice(0, 2));
    await photograph(page, 'demo-evaluation');

    // AI against AI, a move a second at most: moves come no faster than the pace; Pause stops them.
    await page.click('#step-last');
    await expect.poll(() => history(page)).toEqual(line);
    await page.selectOption('#ai-pace', '1000');
    await page.evaluate(() => {
      const w = window as unknown as { times_: number[] };
      w.times_ = [];
      document.querySelector('#board')!.addEventListener('move', () => w.times_.push(performance.now()));
    });
    // Both seats to level 1 by a link followed in this tab: the AI plays on from the move on show.
    await page.evaluate(() => (location.hash = 'black=1&white=1'));
    await movesPlayed(page, line.length + 3, BOARD, 20_000);
    const times = await page.evaluate(() => (window as unknown as { times_: number[] }).times_);
    const gaps = times.slice(1).map((t, i) => t - times[i]!);
    for (const gap of gaps) expect(gap).toBeGreaterThan(900);
    await page.click('#pause');
    expect(await page.locator('#pause').textContent()).toBe('Resume AI');
    const paused = (await history(page)).length;
    await page.waitForTimeout(2500);
    expect((await history(page)).length).toBe(paused);
    await page.click('#pause');
    await movesPlayed(page, paused + 1, BOARD, 10_000);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the position editor in Chromium', () => {
  it('places and removes pieces of every kind, sets the side to move, refuses a bad position with the engine’s reason, plays from it and shares it', async () => {
    const { page, errors } = await open('demo/#game=refugia&black=human&white=human');
    await expect.poll(async () => (await viewOf(page)).game).toBe('refugia');
    await page.click('#edit');
    expect(await page.locator('#editor').isVisible()).toBe(true);
    // One choice per piece kind of the game: Empty, Dark, Light and Refugia's neutral stone.
    expect(await page.locator('#editor-pieces label').allTextContents()).toEqual([' Empty', ' Dark', ' Light', ' Neutral']);
    const cellOf = async (label: string): Promise<number> => (await viewOf(page)).cells[await siteIndex(page, label)]!;
    await page.check('#editor-pieces input[value="3"]');
    await clickSite(page, 'c2');
    await expect.poll(() => cellOf('c2')).toBe(3);
    await page.check('#editor-pieces input[value="1"]');
    await clickSite(page, 'e4');
    await page.check('#editor-pieces input[value="2"]');
    await clickSite(page, 'a1');
    await expect.poll(() => cellOf('a1')).toBe(2);
    expect(await cellOf('e4')).toBe(1);
    // Clicks edit, they play nothing.
    expect((await viewOf(page)).history).toEqual([]);
    // Empty removes; the side to move follows the select.
    await page.check('#editor-pieces input[value="0"]');
    await clickSite(page, 'a1');
    await expect.poll(() => cellOf('a1')).toBe(0);
    await page.selectOption('#editor-side', '2');
    await expect.poll(async () => (await viewOf(page)).toMove).toBe(2);
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('true');
    const good = await page.inputValue('#editor-position');
    expect(good).toMatch(/^refugia \S+ 1:e4 2: n:c2 2\b/);
    await photograph(page, 'demo-editor');

    // A bad position: the engine's reason is shown and the board keeps the last good one.
    await page.fill('#editor-position', good.replace('1:e4', '1:e4,z99'));
    await page.click('#editor-check');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('false');
    expect(await page.locator('#editor-status').textContent()).toMatch(/^Not a valid position: .*z99/);
    expect((await viewOf(page)).cells[await siteIndex(page, 'e4')]).toBe(1);
    await page.click('#editor-play');
    expect(await page.locator('#editor').isVisible()).toBe(true);
    await page.fill('#editor-position', good);
    await page.click('#editor-check');
    await expect.poll(() => page.locator('#editor-status').getAttribute('data-valid')).toBe('true');

    // Shared as a link, the position opens on another page.
    await page.click('#editor-share');
    await expect.poll(() => page.url()).toContain('position=');
    const other = await browser.newContext();
    const fresh = await other.newPage();
    await fresh.goto(page.url());
    await waitForGame(fresh);
    await expect.poll(async () => (await viewOf(fresh)).cells[await siteIndex(fresh, 'c2')]).toBe(3);
    expect((await viewOf(fresh)).toMove).toBe(2);
    await other.close();

    // Play from here: Light (to move) places by a click.
    await page.click('#editor-play');
    await expect.poll(() => page.locator('#editor').isHidden()).toBe(true);
    expect(await page.locator('#board').getAttribute('editing')).toBeNull();
    await clickSite(page, 'a1');
    await expect.poll(() => history(page)).toEqual(['a1']);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('the demo offline in Chromium', () => {
  it('is an installable web app: after the first visit it loads and plays with no network', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.url}demo/`);
    await waitForGame(page);
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]')!.getAttribute('href')!;
      return (await fetch(href)).json() as Promise<{ name: string; start_url: string; display: string; icons: Array<{ sizes: string }> }>;
    });
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    // The service worker is active once it has fetched every file of the build.
    const cached = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith('throngs-demo-'))!);
      return (await cache.keys()).map((r) => new URL(r.url).pathname);
    });
    expect(cached.some((p) => p.endsWith('.wasm'))).toBe(true);
    expect(cached.some((p) => /worker-.*\.js$/.test(p))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await waitForGame(page);
    await expect.poll(async () => (await viewOf(page)).history.length).toBe(0);
    await page.evaluate(() => document.querySelector('#board')!.setAttribute('ai', 'none'));
    await clickSite(page, 'd3');
    await expect.poll(() => history(page)).toEqual(['d3']);
    // Another game's wasm core, never loaded before, comes from the cache too.
    await page.evaluate(() => (document.querySelector('#board') as unknown as { newGame(c: object): Promise<unknown> }).newGame({ game: 'populace' }));
    await expect.poll(async () => (await viewOf(page)).game).toBe('populace');
    expect(errors).toEqual([]);
    await context.close();
  });
});
