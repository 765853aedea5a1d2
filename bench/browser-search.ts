/**
 * MCTS iterations per second in the browser's engine worker (issue 15, items 4 and 5): the built
 * demo (npm run build:demo) opened in Debian's Chromium, a timed search from the start position
 * through the board element's worker client, the real path a page's AI takes. With --baseline,
 * an older checkout's built demo is served beside it and the two are measured in alternating
 * rounds of one browser session, so the ratio holds on a noisy machine.
 *
 *   npx tsx bench/browser-search.ts [--baseline OLD_CHECKOUT] [--game throngs] [--ms 500]
 *                                   [--rounds 5] [--workers 1,2]
 *
 * On the game's default board (ragged63 for Throngs), each search on a fresh tree in every
 * worker. Prints the load average before and after (the machine may be shared), the median
 * iterations per second per build and worker count, the new/old ratio, and the scaling of
 * several workers over one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { launch } from '../test/browser/chromium.js';
import { serve } from '../test/browser/serve.js';
import { DEFAULT_GAME } from '../bindings/games/registry.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('browser-search', {
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

  npx tsx bench/browser-search.ts [--baseline OLD_CHECKOUT] [--game throngs] [--ms 500] [--rounds 5] [--workers 1,2]

  --baseline DIR  also measure DIR's built demo, in alternating rounds
  --game ID       the game, on its default board (default: the registry's default game)
  --ms N          each search's time budget (default 500: longer ones fill their arena)
  --rounds N      measured searches per build and worker count (after one to warm up)
  --workers LIST  worker counts to measure; the first is the base of the scaling figures`);
  process.exit(0);
}
const GAME = values.game ?? DEFAULT_GAME;
// Half a second: one worker on a free core fills the 64 MiB arena of a ragged63 search in about
// a second (nodes take two slots with implicit minimax), and a full arena's iterations are cheap.
const MS = Number(values.ms ?? 500);
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

/**
 * CPU seconds used so far by this process's Chromium renderers (where the page and its workers
 * run), from /proc; null elsewhere. On a shared machine the workers may get less than a core
 * each: iterations per CPU second then still compare the work of one worker and of several.
 */
function rendererCpuSeconds(): number | null {
  try {
    const children = new Map<number, number[]>();
    const info = new Map<number, { ticks: number; renderer: boolean }>();
    for (const name of readdirSync('/proc')) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        // Fields after the command name, which may hold spaces: state, ppid, ..., utime (12), stime (13).
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        const pid = Number(name);
        const parent = Number(fields[1]);
        children.set(parent, [...(children.get(parent) ?? []), pid]);
        const renderer = readFileSync(`/proc/${name}/cmdline`, 'utf8').includes('--type=renderer');
        info.set(pid, { ticks: Number(fields[11]) + Number(fields[12]), renderer });
      } catch {
        // The process ended meanwhile.
      }
    }
    let ticks = 0;
    const todo = [process.pid];
    while (todo.length > 0) {
      for (const child of children.get(todo.pop()!) ?? []) {
        const i = info.get(child);
        if (i?.renderer) ticks += i.ticks;
        todo.push(child);
      }
    }
    return ticks / 100; // USER_HZ, 100 on Linux
  } catch {
    return null;
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
  const measure = async (page: Page, workers: number, seed: number): Promise<{ rate: number; full: boolean; perCpu: number | null; cores: number | null }> => {
    const cpu0 = rendererCpuSeconds();
    const m = await search(page, workers, seed);
    const cpu1 = rendererCpuSeconds();
    const cpu = cpu0 !== null && cpu1 !== null ? cpu1 - cpu0 : null;
    return { rate: m.rate, full: m.full, perCpu: cpu ? m.iterations / cpu : null, cores: cpu !== null ? cpu / (m.took / 1000) : null };
  };
  const search = (page: Page, workers: number, seed: number): Promise<{ rate: number; full: boolean; iterations: number; took: number }> =>
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
        const took = performance.now() - t0;
        return { rate: (r.iterations / took) * 1000, full: r.arenaFull === true, iterations: r.iterations, took };
      },
      { ms: MS, workers, seed },
    );

  const loadBefore = loadAverage();
  const rates = new Map<string, number[]>();
  /** Iterations per CPU second of the renderers, and the cores they had (CPU seconds per second). */
  const perCpu = new Map<string, number[]>();
  const cores = new Map<string, number[]>();
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
        if (m.perCpu !== null && m.cores !== null) {
          perCpu.set(key, [...(perCpu.get(key) ?? []), m.perCpu]);
          cores.set(key, [...(cores.get(key) ?? []), m.cores]);
        }
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
    for (const [build] of builds) {
      const key = `${build} ${w}`;
      console.log(`    ${build}, round by round: ${rates.get(key)!.map(fmt).join(', ')}`);
      if (perCpu.has(key)) console.log(`    ${build}: ${fmt(median(perCpu.get(key)!))} iterations per CPU second of the renderers, on ${median(cores.get(key)!).toFixed(2)} cores`);
    }
  }
  if ([...filled.values()].some((n) => n > 0)) {
    // 64 MiB, the most a budget-sized arena grows to, holds about 265,000 iterations of a
    // ragged63 search with the default settings (its tree lives in one half of the arena).
    console.log('Some searches filled their arena: their later iterations added no node and cost less, so these figures are not clean. Use a shorter --ms.');
  }
  if (WORKERS.length > 1) {
    for (const [build] of builds) {
      const one = median(rates.get(`${build} ${WORKERS[0]}`)!);
      for (const w of WORKERS.slice(1)) {
        const perCpuRatio = perCpu.has(`${build} ${w}`) ? `; per CPU second ${(median(perCpu.get(`${build} ${w}`)!) / median(perCpu.get(`${build} ${WORKERS[0]}`)!)).toFixed(2)}x` : '';
        console.log(`${build}: ${w} workers / ${WORKERS[0]}: ${(median(rates.get(`${build} ${w}`)!) / one).toFixed(2)}x${perCpuRatio}`);
      }
    }
  }
} finally {
  await browser.close();
  for (const s of servers) await s.close();
}
