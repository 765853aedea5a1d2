/**
 * Cost per move per cell of wasm random playouts across board sizes (issue 15, item 3): boards of
 * up to 16 x 16 take the 16-bit-lane bitboards, wider ones and tori other paths. Every figure comes
 * from one process, the boards (and, with --baseline, an older module) measured in interleaved
 * rounds, so ratios hold on a noisy machine even when the absolute rates do not.
 *
 *   npx tsx bench/wide.ts [--rounds R] [--ms M] [--boards a;b;c] [--baseline path/to/throngs.wasm]
 *
 * Prints, per board and module: full moves and playouts per second (medians over rounds) and the
 * cost of a move per cell relative to ragged63 on the same module (1.0 = as cheap per cell as
 * ragged63).
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { instantiate } from '../build/throngs.js';
import { ThrongsWasmEngine, type ThrongsCore } from '../bindings/games/throngs/wasm-engine.js';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string' },
    ms: { type: 'string' },
    boards: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds ?? 7);
const MS = Number(values.ms ?? 300);
const BOARDS = (values.boards ?? 'ragged63;hexhex(8);hexhex(9);hexhex(12);torus(20,20);strips(16,16,-16,16);althex(9,10);torus(12,12)').split(';');
if (BOARDS[0] !== 'ragged63') BOARDS.unshift('ragged63');

async function core(path: string): Promise<ThrongsCore> {
  const module = await WebAssembly.compile(readFileSync(path));
  return (await instantiate(module, { env: {} })) as ThrongsCore;
}

const modules: Array<[string, string]> = [['new', new URL('../build/throngs.wasm', import.meta.url).pathname]];
if (values.baseline) modules.unshift(['base', values.baseline]);

interface Runner {
  module: string;
  board: string;
  cells: number;
  engine: ThrongsWasmEngine;
  seed: number;
  /** Playouts per timed call, set by a warm-up so that a call takes about MS. */
  batch: number;
  rates: number[];
  /** Playouts per second, round by round. */
  playoutRates: number[];
}

const runners: Runner[] = [];
for (const [name, path] of modules) {
  for (const board of BOARDS) {
    const engine = new ThrongsWasmEngine(await core(path), { board });
    runners.push({ module: name, board, cells: engine.topology.size, engine, seed: 1, batch: 1, rates: [], playoutRates: [] });
  }
}

// Warm-up and calibration: a batch of playouts that takes about MS.
for (const r of runners) {
  for (;;) {
    const t0 = performance.now();
    r.engine.playouts(r.seed, r.batch);
    r.seed += r.batch;
    const dt = performance.now() - t0;
    if (dt > MS / 4) {
      r.batch = Math.max(1, Math.round((r.batch * MS) / dt));
      break;
    }
    r.batch *= 2;
  }
}

for (let round = 0; round < ROUNDS; round++) {
  // Alternate the order each round so that neither module always runs after the other.
  const order = round % 2 === 0 ? runners : [...runners].reverse();
  for (const r of order) {
    const t0 = performance.now();
    const moves = r.engine.playouts(r.seed, r.batch);
    const dt = performance.now() - t0;
    r.seed += r.batch;
    r.rates.push((moves / dt) * 1000);
    r.playoutRates.push((r.batch / dt) * 1000);
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[s.length >> 1]!;
};

console.log(`rounds ${ROUNDS} x ~${MS} ms per board and module`);
console.log('module  board                    cells   moves/s    playouts/s  per cell vs ragged63');
for (const [name] of modules) {
  const mine = runners.filter((r) => r.module === name);
  const ref = mine.find((r) => r.board === 'ragged63')!;
  const refCost = 1 / (median(ref.rates) * ref.cells);
  for (const r of mine) {
    const rate = median(r.rates);
    const rel = 1 / (rate * r.cells) / refCost;
    const playouts = Math.round(median(r.playoutRates)).toLocaleString('en');
    console.log(`${name.padEnd(7)} ${r.board.padEnd(24)} ${String(r.cells).padStart(5)} ${Math.round(rate).toLocaleString('en').padStart(11)} ${playouts.padStart(11)}    ${rel.toFixed(2)}`);
  }
}
if (modules.length === 2) {
  console.log('new/base moves per second, same board:');
  for (const board of BOARDS) {
    const a = runners.find((r) => r.module === 'base' && r.board === board)!;
    const b = runners.find((r) => r.module === 'new' && r.board === board)!;
    console.log(`  ${board.padEnd(24)} ${(median(b.rates) / median(a.rates)).toFixed(2)}`);
  }
}
