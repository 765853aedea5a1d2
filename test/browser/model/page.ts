/**
 * What the model-based test reads and does on a demo page: the page's state as a user sees it
 * (the board's moves, Redo, the pause, the address), the games in the page's store (IndexedDB,
 * read directly), waiting until the page has settled (no change under way, no AI about to move),
 * and moves made by clicks on the board.
 */
import type { Page } from 'playwright-core';

/** A page's state, read in one go. */
export interface Shown {
  /** The game id in the address (`#id=…`), or null. */
  id: string | null;
  hash: string;
  game: string;
  /** The moves played, as the board's history writes them. */
  steps: string[];
  redo: boolean;
  /** Whether the board holds the AI back (its ai-paused attribute), and what the demo's Pause button says. */
  paused: boolean;
  pauseButton: string;
  aiToMove: boolean;
  over: boolean;
  busy: boolean;
  editing: boolean;
  notice: string;
}

/** A game as the page's store keeps it. */
export interface Kept {
  id: string;
  game: string;
  steps: string[];
  cursor: number;
  paused: boolean;
  players: { black: string | number; white: string | number };
  updated: number;
}

export function readShown(page: Page): Promise<Shown> {
  return page.evaluate(() => {
    type Board = HTMLElement & {
      game: { game: string; history: Array<{ notation: string }>; toMove: 1 | 2; seats?: [1 | 2, 1 | 2]; outcome: unknown } | null;
      aiSides: Record<number, number>;
    };
    const b = document.querySelector('#board') as Board;
    const v = b.game;
    const seat = v ? (v.seats?.[v.toMove - 1] ?? v.toMove) : 1;
    const svg = b.shadowRoot?.querySelector('svg[part=board]');
    const id = /(?:^#|&)id=([a-z0-9]+)/.exec(location.hash)?.[1] ?? null;
    return {
      id,
      hash: location.hash,
      game: v?.game ?? '',
      steps: v ? v.history.map((h) => h.notation) : [],
      redo: !(document.querySelector('#redo') as HTMLButtonElement).disabled,
      paused: b.hasAttribute('ai-paused'),
      pauseButton: document.querySelector('#pause')?.textContent ?? '',
      aiToMove: !!v && !v.outcome && b.aiSides[seat] !== undefined,
      over: !!v?.outcome,
      busy: document.querySelector('main')?.getAttribute('aria-busy') === 'true' || svg?.getAttribute('aria-busy') === 'true' || !v,
      editing: !(document.querySelector('#editor') as HTMLElement).hidden,
      notice: document.querySelector('#notice')?.textContent ?? '',
    };
  });
}

/** The games of the page's store; an open that would create the database is abandoned (the page makes it). */
export function readKept(page: Page): Promise<Kept[]> {
  return page.evaluate(
    () =>
      new Promise<Kept[]>((resolve, reject) => {
        const request = indexedDB.open('throngs-demo');
        request.onupgradeneeded = () => request.transaction?.abort();
        request.onerror = () => reject(new Error(`the store could not be read: ${String(request.error)}`));
        request.onsuccess = () => {
          const db = request.result;
          const all = db.transaction('games').objectStore('games').getAll();
          all.onsuccess = () => {
            db.close();
            resolve((all.result as Kept[]).map((g) => ({ id: g.id, game: g.game, steps: g.steps, cursor: g.cursor, paused: g.paused, players: g.players, updated: g.updated })));
          };
          all.onerror = () => reject(new Error(`the store could not be read: ${String(all.error)}`));
        };
      }),
  );
}

const same = (a: Shown, b: Shown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Waits until a page has settled: nothing under way (the page's aria-busy, the board's), no AI
 * about to move (it is to move and not held back), and the same state over a few reads.
 */
export async function settle(page: Page, timeout = 30_000): Promise<Shown> {
  const end = Date.now() + timeout;
  let last: Shown | null = null;
  let steady = 0;
  for (;;) {
    const now = await readShown(page);
    const quiet = !now.busy && !(now.aiToMove && !now.paused);
    steady = quiet && last && same(last, now) ? steady + 1 : 0;
    if (steady >= 2) return now;
    if (Date.now() > end) throw new Error(`the page did not settle in ${timeout} ms: ${JSON.stringify(now).slice(0, 400)}`);
    last = now;
    await page.waitForTimeout(120);
  }
}

/** Clicks that play the `choice`-th of the moves a user can make (cells first, then buttons); false when there is none. */
export async function playByClicks(page: Page, choice: number): Promise<string | null> {
  const plan = await page.evaluate((k) => {
    type Move = { kind: string; at?: number; to?: number };
    const b = document.querySelector('#board') as HTMLElement & { game: { legal: Move[]; outcome: unknown } };
    const v = b.game;
    if (!v || v.outcome) return null;
    const cells = v.legal.filter((m) => m.at !== undefined);
    const buttons = [...new Set(v.legal.filter((m) => m.at === undefined).map((m) => m.kind))];
    const total = cells.length + buttons.length;
    if (total === 0) return null;
    const i = k % total;
    if (i >= cells.length) return { button: buttons[i - cells.length]!, clicks: [] as number[] };
    const m = cells[i]!;
    const end = m.to ?? m.at!;
    const starting = v.legal.filter((x) => x.at === m.at);
    return { button: null, clicks: starting.length === 1 && end === m.at ? [m.at!] : [m.at!, end] };
  }, choice);
  if (!plan) return null;
  if (plan.button) {
    const button = page.locator('#board').locator(`button[part~="${plan.button}"]`);
    if (!(await button.isEnabled())) return null;
    await button.click();
    return plan.button;
  }
  for (const site of plan.clicks) {
    await page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));
    await page.locator('#board').locator(`.hit[data-site="${site}"]`).click();
  }
  return plan.clicks.join('>');
}

/** Plays `n` moves by clicks (the board's offer, picked from `choice` on), waiting for the page to settle before each and after. */
export async function clickMoves(page: Page, n: number, choice = 3): Promise<string[]> {
  for (let i = 0; i < n; i++) {
    await settle(page);
    if ((await playByClicks(page, i * 7 + choice)) === null) throw new Error(`move ${i + 1} of ${n}: nothing to play`);
  }
  return (await settle(page)).steps;
}
