/**
 * Cost per move per cell of wasm random playouts across board sizes: boards of up to 16 x 16 take
 * a game's narrow bit sets, wider ones and tori other paths. Every figure comes from one process,
 * the boards (and, with --baseline, an older module) measured in interleaved rounds, so ratios
 * hold on a noisy machine even when the absolute rates do not.
 *
 *   npx tsx bench/wide.ts [--game G] [--rounds R] [--ms M] [--boards a;b;c] [--baseline path/to/<game>.wasm]
 *
 * Prints, per board and module: full moves and playouts per second (medians over rounds) and the
 * cost of a move per cell relative to the first board on the same module (1.0 = as cheap per cell
 * as the first board). The default game is the registry's, on its own benchmark boards and some
 * larger shapes.
 */
import { readFileSync } from 'node:fs';
import type { GameMove } from '../reference/core/game.js';
import { DEFAULT_GAME, gameEntry } from '../bindings/games/registry.js';
import type { WasmEngine } from '../bindings/wasm/wasm-engine.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('wide', {
  options: {
    game: { type: 'string' },
    rounds: { type: 'string' },
    ms: { type: 'string' },
    boards: { type: 'string' },
    baseline: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds ?? 7);
const MS = Number(values.ms ?? 300);
const GAME = values.game ?? DEFAULT_GAME;
const entry = gameEntry(GAME);
const LARGER = 'hexhex(8);hexhex(9);hexhex(12);torus(20,20);strips(16,16,-16,16);althex(9,10);torus(12,12)';
/** The game's benchmark boards, then the larger shapes it accepts. */
const BOARDS = values.boards?.split(';') ?? [...entry.bench.boards, ...LARGER.split(';').filter((b) => entry.rules.board(b).ok)];
const FIRST = BOARDS[0]!;

const modules: Array<[string, string]> = [['new', new URL(`../build/${GAME}.wasm`, import.meta.url).pathname]];
if (values.baseline) modules.unshift(['base', values.baseline]);

interface Runner {
  module: string;
  board: string;
  cells: number;
  engine: WasmEngine<unknown, GameMove>;
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
    const module = await WebAssembly.compile(readFileSync(path));
    const engine = (await entry.wasm({ game: GAME, board }, module)) as WasmEngine<unknown, GameMove>;
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
console.log(`${GAME}: module  board                    cells   moves/s    playouts/s  per cell vs ${FIRST}`);
for (const [name] of modules) {
  const mine = runners.filter((r) => r.module === name);
  const ref = mine.find((r) => r.board === FIRST)!;
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
