/**
 * MCTS iterations per second in the browser's engine worker (issue 15, items 4 and 5): the built
 * demo (npm run build:demo) opened in Debian's Chromium, a timed search from the start position
 * through the board element's worker client, the real path a page's AI takes. With --baseline,
 * an older checkout's built demo is served beside it and the two are measured in alternating
 * rounds of one browser session, so the ratio holds on a noisy machine.
 *
 *   npx tsx bench/browser-search.ts [--baseline OLD_CHECKOUT] [--game throngs] [--ms 2000]
 *                                   [--rounds 5] [--workers 1,2]
 *
 * On the game's default board (ragged63 for Throngs), each search on a fresh tree in every
 * worker. Prints the load average before and after (the machine may be shared), the median
 * iterations per second per build and worker count, the new/old ratio, and the scaling of
 * several workers over one.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launch } from '../test/browser/chromium.js';
import { serve } from '../test/browser/serve.js';

const { values } = parseArgs({
  options: {
    baseline: { type: 'string' },
    game: { type: 'string' },
    ms: { type: 'string' },
    rounds: { type: 'string' },
    workers: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});
if (values.help) {
  console.log(`MCTS iterations/s in Chromium's engine worker, fresh trees in every worker (needs npm run build:demo).

  npx tsx bench/browser-search.ts [--baseline OLD_CHECKOUT] [--game throngs] [--ms 2000] [--rounds 5] [--workers 1,2]

  --baseline DIR  also measure DIR's built demo, in alternating rounds
  --game ID       the game, on its default board (throngs: ragged63)
  --ms N          each search's time budget
  --rounds N      measured searches per build and worker count (after one to warm up)
  --workers LIST  worker counts to measure; the first is the base of the scaling figures`);
  process.exit(0);
}
const GAME = values.game ?? 'throngs';
const MS = Number(values.ms ?? 2000);
const ROUNDS = Number(values.rounds ?? 5);
const WORKERS = (values.workers ?? '1').split(',').map(Number);

const builds: Array<[string, string]> = [['new', resolve(new URL('..', import.meta.url).pathname)]];
if (values.baseline) builds.unshift(['old', resolve(values.baseline)]);

/** The machine's load average, where Linux tells it: a shared machine's figures need it beside them. */
function loadAverage(): string {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'unknown';
  }
}

const browser = await launch();
const servers: Array<{ close(): Promise<void> }> = [];
const pages: Array<{ build: string; page: Page }> = [];
try {
  for (const [build, dir] of builds) {
    const server = await serve(dir);
    servers.push(server);
    const page = await browser.newPage();
    await page.goto(`${server.url}demo/#game=${GAME}&black=human&white=human`);
    await page.waitForFunction(() => !!(document.querySelector('#board') as unknown as { game?: unknown } | null)?.game);
    pages.push({ build, page });
  }
  const navigatorCores = await pages[0]!.page.evaluate(() => navigator.hardwareConcurrency);

  /**
   * One timed search from the page's position (the start) on a fresh tree: iterations per second.
   * A search keeps its tree for the next one from the same position, and iterations over a grown
   * or full tree are cheap, so every worker starts afresh: `fresh: true`, and for older builds,
   * which do not know it, a move played and taken back (which drops the page worker's tree; their
   * helpers kept theirs, so an older build's figures for several workers are too high).
   */
  const measure = (page: Page, workers: number, seed: number): Promise<{ rate: number; full: boolean }> =>
    page.evaluate(
      async ({ ms, workers, seed }) => {
        type Client = {
          search(o: object): Promise<{ iterations: number; arenaFull?: boolean }>;
          view(): Promise<{ legal: readonly object[] }>;
          play(m: object): Promise<unknown>;
          undo(): Promise<unknown>;
        };
        const client = (document.querySelector('#board') as unknown as { client: Client }).client;
        await client.play((await client.view()).legal[0]!);
        await client.undo();
        const t0 = performance.now();
        const r = await client.search({ timeMs: ms, seed, fresh: true, ...(workers > 1 ? { workers } : {}) });
        return { rate: (r.iterations / (performance.now() - t0)) * 1000, full: r.arenaFull === true };
      },
      { ms: MS, workers, seed },
    );

  const loadBefore = loadAverage();
  const rates = new Map<string, number[]>();
  /** Searches that filled their arena: after that, iterations add no nodes and cost less. */
  const filled = new Map<string, number>();
  // A first search per page and worker count warms the workers up (compilation, arena growth).
  for (const { page } of pages) for (const w of WORKERS) await measure(page, w, 1);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? pages : [...pages].reverse();
    // Worker counts alternate in order too, so that neither always runs after the other.
    const counts = round % 2 === 0 ? WORKERS : [...WORKERS].reverse();
    for (const { build, page } of order) {
      for (const w of counts) {
        const key = `${build} ${w}`;
        const m = await measure(page, w, round + 2);
        rates.set(key, [...(rates.get(key) ?? []), m.rate]);
        if (m.full) filled.set(key, (filled.get(key) ?? 0) + 1);
      }
    }
  }

  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
  const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
  console.log(`MCTS iterations/s in Chromium's engine worker, ${GAME} (default board), ${MS} ms searches from the start, default settings, median of ${ROUNDS} rounds`);
  console.log(`load average (1, 5, 15 min) before ${loadBefore}, after ${loadAverage()}; ${navigatorCores} cores`);
  for (const w of WORKERS) {
    const row = builds.map(([build]) => [build, median(rates.get(`${build} ${w}`)!)] as const);
    const old = row.find(([b]) => b === 'old');
    const now = row.find(([b]) => b === 'new')!;
    const full = builds.map(([b]) => `${b} ${filled.get(`${b} ${w}`) ?? 0}/${ROUNDS}`).join(', ');
    console.log(`${w} worker${w > 1 ? 's' : ' '}  ${row.map(([b, r]) => `${b} ${fmt(r)}`).join('  ')}${old ? `  ratio ${(now[1] / old[1]).toFixed(2)}x` : ''}  (arena full: ${full})`);
    for (const [build] of builds) console.log(`    ${build}, round by round: ${rates.get(`${build} ${w}`)!.map(fmt).join(', ')}`);
  }
  if ([...filled.values()].some((n) => n > 0)) {
    // 64 MiB, the most a budget-sized arena grows to, holds about 265,000 iterations of a
    // ragged63 search with the default settings (its tree lives in one half of the arena).
    console.log('Some searches filled their arena: their later iterations added no node and cost less, so these figures are not clean. Use a shorter --ms.');
  }
  if (WORKERS.length > 1) {
    for (const [build] of builds) {
      const one = median(rates.get(`${build} ${WORKERS[0]}`)!);
      for (const w of WORKERS.slice(1)) console.log(`${build}: ${w} workers / ${WORKERS[0]}: ${(median(rates.get(`${build} ${w}`)!) / one).toFixed(2)}x`);
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
}
