/**
 * MCTS iterations per second of the wasm cores, each game's module against an
 * older build of it in interleaved rounds of one process, so that the ratio holds on a noisy
 * machine even when the absolute rates do not.
 *
 *   npx tsx bench/mcts.ts [--baseline DIR] [--rounds R] [--iterations I] [--settings default|margin]
 *                         [--boards game:board;game:board;...]
 *
 * DIR holds older release modules by the same names (<game>.wasm, as in build/). Each
 * round runs one fresh search of I iterations from the start position per module and board, with
 * the default search settings (evaluation at the cut-off, widening) or `margin` (the settings of
 * levels 1-5: the score margin at the cut-off, every move tried). Prints the median rate per
 * module and the new/old ratio per board.
 */
import { readFileSync } from 'node:fs';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../reference/search/settings.js';
import { GAME_IDS, gameEntry } from '../bindings/games/registry.js';
import type { GameMove } from '../reference/core/game.js';
import type { CoreAbi, WasmEngine } from '../bindings/wasm/wasm-engine.js';
import { configureSearch } from '../bindings/wasm/search-cores.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('mcts', {
  options: {
    baseline: { type: 'string' },
    rounds: { type: 'string' },
    iterations: { type: 'string' },
    settings: { type: 'string' },
    boards: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds ?? 7);
const ITERATIONS = Number(values.iterations ?? 20000);
const SETTINGS: SearchSettings =
  values.settings === 'margin' ? { ...DEFAULT_SEARCH_SETTINGS, exploration: 0.7, cutoff: 2, expandAfter: 8, heuristic: 0, widen: 0 } : DEFAULT_SEARCH_SETTINGS;
/** By default every game on each of its benchmark boards. */
const BOARDS = values.boards?.split(';') ?? GAME_IDS.flatMap((game) => gameEntry(game).bench.boards.map((board) => `${game}:${board}`));

interface Runner {
  module: string;
  board: string;
  core: CoreAbi;
  seed: number;
  rates: number[];
}

const runners: Runner[] = [];
const modules: Array<[string, string]> = [['new', new URL('../build/', import.meta.url).pathname]];
if (values.baseline) modules.unshift(['old', values.baseline.replace(/\/?$/, '/')]);
for (const [name, dir] of modules) {
  for (const entry of BOARDS) {
    const [game, board] = entry.split(':') as [string, string];
    const module = await WebAssembly.compile(readFileSync(`${dir}${game}.wasm`));
    const engine = (await gameEntry(game).wasm({ game, board, arenaMB: 64 }, module)) as WasmEngine<unknown, GameMove>;
    // Installs the default evaluation weights the searches judge their cut-off by.
    engine.evaluate();
    runners.push({ module: name, board: entry, core: engine.core, seed: 1, rates: [] });
  }
}

function search(r: Runner): number {
  configureSearch(r.core, SETTINGS);
  r.core.searchReset();
  r.core.searchBegin(r.seed++);
  const t0 = performance.now();
  const done = r.core.searchRun(ITERATIONS);
  return (done / (performance.now() - t0)) * 1000;
}

for (const r of runners) search(r);
for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order each round so that neither module always runs after the other.
  const order = round % 2 === 0 ? runners : [...runners].reverse();
  for (const r of order) r.rates.push(search(r));
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1]!;
const fmt = (x: number): string => Math.round(x).toLocaleString('en-US');
console.log(`MCTS iterations/s, ${ITERATIONS}-iteration searches from the start, ${values.settings ?? 'default'} settings, median of ${ROUNDS} rounds`);
for (const board of BOARDS) {
  const row = runners.filter((r) => r.board === board).map((r) => ({ module: r.module, rate: median(r.rates) }));
  const old = row.find((r) => r.module === 'old');
  const now = row.find((r) => r.module === 'new')!;
  console.log(`${board.padEnd(24)} ${row.map((r) => `${r.module} ${fmt(r.rate)}`).join('  ')}${old ? `  ratio ${(now.rate / old.rate).toFixed(2)}x` : ''}`);
}
