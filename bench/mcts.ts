/**
 * MCTS iterations per second of the wasm cores (issue 15, item 4), each game's module against an
 * older build of it in interleaved rounds of one process, so that the ratio holds on a noisy
 * machine even when the absolute rates do not.
 *
 *   npx tsx bench/mcts.ts [--baseline DIR] [--rounds R] [--iterations I] [--settings default|margin]
 *                         [--boards throngs:ragged63;refugia:hex3-4;...]
 *
 * DIR holds older release modules by the same names (throngs.wasm, refugia.wasm, ...). Each
 * round runs one fresh search of I iterations from the start position per module and board, with
 * the default search settings (evaluation at the cut-off, widening) or `margin` (the settings of
 * levels 1-5: the score margin at the cut-off, every move tried). Prints the median rate per
 * module and the new/old ratio per board.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../reference/search/settings.js';
import { instantiate as throngsModule } from '../build/throngs.js';
import { instantiate as refugiaModule } from '../build/refugia.js';
import { instantiate as populaceModule } from '../build/populace.js';
import { instantiate as tholianModule } from '../build/tholian.js';
import { ThrongsWasmEngine, type ThrongsCore } from '../bindings/games/throngs/wasm-engine.js';
import { RefugiaWasmEngine, type RefugiaCore } from '../bindings/games/refugia/wasm-engine.js';
import { PopulaceWasmEngine, type PopulaceCore } from '../bindings/games/populace/wasm-engine.js';
import { TholianWasmEngine, type TholianCore } from '../bindings/games/tholian/wasm-engine.js';
import type { CoreAbi } from '../bindings/wasm/wasm-engine.js';

const { values } = parseArgs({
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
const BOARDS = (values.boards ?? 'throngs:ragged63;throngs:throngs93;throngs:ragged153;throngs:hexhex(9);refugia:hex3-4;populace:hexhex(4);populace:hexhex(7);tholian:main').split(';');

/** Each game's module and engine class, so that an older build of the module can stand in. */
const GAMES: Record<string, { instantiate: (m: WebAssembly.Module, i: { env: unknown }) => Promise<unknown>; engine: (core: never, board: string) => { core: CoreAbi; evaluate(): number } }> = {
  throngs: { instantiate: throngsModule, engine: (core: ThrongsCore, board) => new ThrongsWasmEngine(core, { board, arenaMB: 64 }) },
  refugia: { instantiate: refugiaModule, engine: (core: RefugiaCore, board) => new RefugiaWasmEngine(core, { board, arenaMB: 64 }) },
  populace: { instantiate: populaceModule, engine: (core: PopulaceCore, board) => new PopulaceWasmEngine(core, { board, arenaMB: 64 }) },
  tholian: { instantiate: tholianModule, engine: (core: TholianCore, board) => new TholianWasmEngine(core, { board, arenaMB: 64 }) },
};

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
    const g = GAMES[game];
    if (!g) throw new Error(`unknown game ${game}`);
    const core = (await g.instantiate(await WebAssembly.compile(readFileSync(`${dir}${game}.wasm`)), { env: {} })) as never;
    const engine = g.engine(core, board);
    // Installs the default evaluation weights the searches judge their cut-off by.
    engine.evaluate();
    runners.push({ module: name, board: entry, core: engine.core, seed: 1, rates: [] });
  }
}

function search(r: Runner): number {
  const s = SETTINGS;
  r.core.searchConfigure(s.exploration, s.cutoff, s.evalScale, s.biasPercent, s.expandAfter, s.heuristic, s.turns, s.widen, s.implicit, s.transpositions, s.contempt);
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
