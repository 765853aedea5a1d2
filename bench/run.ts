/**
 * The benchmark: reference engine against the wasm core for every game on its benchmark boards
 * (Throngs: the four Ludii boards; Refugia: hex2-3, hex3-4, hex6-8), all in one run so that the
 * ratios hold on a noisy machine. Per backend and board: legal-move generation, play+undo,
 * scoring, random playouts and full moves per second, MCTS iterations; plus each module's size.
 * Writes bench/results.json and the table between the bench markers in docs/benchmarks.md.
 *
 *   npm run bench [-- --seconds S] [-- --game G] [-- --board B] [-- --table-only]
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { Bench } from 'tinybench';
import { createEngine } from '../bindings/index.js';
import type { Backend, Engine } from '../bindings/engine/engine.js';
import { GAME_IDS, gameEntry, isGameId, type GameId } from '../bindings/games/registry.js';
import { WasmEngine } from '../bindings/wasm/wasm-engine.js';
import { Rng } from '../reference/core/rng.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('run', { options: { seconds: { type: 'string' }, game: { type: 'string' }, board: { type: 'string' }, 'no-write': { type: 'boolean' }, 'table-only': { type: 'boolean' } } });
const seconds = Number(values.seconds ?? 2);
if (values.game !== undefined && !isGameId(values.game)) throw new Error(`--game must be one of ${GAME_IDS.join(', ')}`);
const games: readonly GameId[] = values.game ? [values.game as GameId] : GAME_IDS;
const boards: Array<[GameId, string]> = games.flatMap((game) =>
  (values.board ? [values.board] : gameEntry(game).bench.boards).map((board): [GameId, string] => [game, board]),
);
/** Playouts per call of the wasm playout figure: the module plays a batch, as a search does. */
const WASM_BATCH = 16;
const backends: Backend[] = ['reference', 'wasm'];
const root = new URL('../', import.meta.url);

interface Figures {
  legalPerSec: number;
  playUndoPerSec: number;
  scoresPerSec: number;
  playoutsPerSec: number;
  movesPerSec: number;
  movesPerPlayout: number;
  /** MCTS iterations per second from the standard start, default settings, fresh tree each time. */
  searchIterationsPerSec: number;
  /** A JavaScript search's step with move objects: play(m), legalMoves(), undo(). */
  stepObjectsPerSec?: number;
  /** The same step with move codes: playCode(c), legalCodes(), undoCode(). */
  stepCodesPerSec?: number;
}

/** Iterations per search call in the search benchmark: enough to dwarf the call's overhead. */
const SEARCH_ITERATIONS: Record<Backend, number> = { reference: 100, wasm: 5000 };

/** Positions from seeded random games: what a playout or a search actually meets. */
async function samplePositions(game: GameId, board: string, count: number): Promise<unknown[]> {
  const e: Engine = await createEngine({ game, backend: 'wasm', board });
  const out: unknown[] = [];
  for (let seed = 1; out.length < count; seed++) {
    e.reset({ board });
    const rng = new Rng(seed);
    const stop = 10 + rng.below(120);
    for (let ply = 0; ply < stop && !e.outcome(); ply++) {
      const legal = e.legalMoves();
      e.play(legal[rng.below(legal.length)]!);
    }
    if (!e.outcome()) out.push(e.state());
  }
  return out;
}

/**
 * Where a JavaScript search's step is measured: a third of the way into a seeded random game of
 * the average random game's length, so that the position has moves to search (a late position of
 * a short game may only pass).
 */
async function stepPosition(game: GameId, board: string): Promise<unknown> {
  const e: Engine = await createEngine({ game, backend: 'wasm', board });
  let total = 0;
  for (let seed = 1; seed <= 20; seed++) total += e.playout(seed).length;
  const rng = new Rng(7);
  for (let ply = 0; ply < Math.floor(total / 20 / 3) && !e.outcome(); ply++) {
    const legal = e.legalCodes();
    e.playCode(legal[rng.below(legal.length)]!);
  }
  return e.state();
}

async function measure(): Promise<Record<string, Record<string, Figures>>> {
  const results: Record<string, Record<string, Figures>> = {};
  for (const [game, board] of boards) {
    const positions = await samplePositions(game, board, 40);
    const stepAt = await stepPosition(game, board);
    const bench = new Bench({ time: seconds * 1000, warmupTime: 200, throws: true });
    const movesOf: Record<string, { moves: number; playouts: number }> = {};
    for (const backend of backends) {
      const e: Engine = await createEngine({ game, backend, board });
      let i = 0;
      bench.add(`${backend} legal`, () => {
        e.load(positions[i++ % positions.length]!);
        e.legalMoves();
      });
      const middle = positions[positions.length >> 1]!;
      const play: Engine = await createEngine({ game, backend, board });
      play.load(middle);
      const moves = play.legalMoves();
      let k = 0;
      bench.add(`${backend} play+undo`, () => {
        play.play(moves[k++ % moves.length]!);
        play.undo();
      });
      // A search written in JavaScript: at a mid-game position, each move in turn played, the
      // reply's legal moves listed, the move taken back.
      const step: Engine = await createEngine({ game, backend, board });
      step.load(stepAt);
      const stepMoves = step.legalMoves();
      const stepCodes = step.legalCodes().slice();
      let s1 = 0;
      bench.add(`${backend} step objects`, () => {
        step.play(stepMoves[s1++ % stepMoves.length]!);
        step.legalMoves();
        step.undo();
      });
      let s2 = 0;
      bench.add(`${backend} step codes`, () => {
        step.playCode(stepCodes[s2++ % stepCodes.length]!);
        step.legalCodes();
        step.undoCode();
      });
      const score: Engine = await createEngine({ game, backend, board });
      score.load(middle);
      bench.add(`${backend} scores`, () => {
        score.scores();
      });
      const searcher: Engine = await createEngine({ game, backend, board });
      let searchSeed = 1;
      bench.add(`${backend} search`, async () => {
        searcher.reset({});
        await searcher.search({ iterations: SEARCH_ITERATIONS[backend], seed: searchSeed++ });
      });
      const runs = { moves: 0, playouts: 0 };
      movesOf[backend] = runs;
      const playouts: Engine = await createEngine({ game, backend, board });
      let seed = 1;
      bench.add(`${backend} playout`, () => {
        if (playouts instanceof WasmEngine) {
          runs.moves += playouts.playouts(seed, WASM_BATCH);
          runs.playouts += WASM_BATCH;
          seed += WASM_BATCH;
        } else {
          runs.moves += playouts.playout(seed++).length;
          runs.playouts++;
        }
      });
    }
    await bench.run();
    const rate = (name: string): number => {
      const task = bench.getTask(name);
      const r = task?.result;
      if (!r || !('throughput' in r)) throw new Error(`benchmark ${name} did not complete`);
      return r.throughput.mean * (name === 'wasm playout' ? WASM_BATCH : 1);
    };
    results[board] = {};
    for (const backend of backends) {
      const runs = movesOf[backend]!;
      const perPlayout = runs.moves / runs.playouts;
      results[board]![backend] = {
        legalPerSec: rate(`${backend} legal`),
        playUndoPerSec: rate(`${backend} play+undo`),
        scoresPerSec: rate(`${backend} scores`),
        playoutsPerSec: rate(`${backend} playout`),
        movesPerSec: rate(`${backend} playout`) * perPlayout,
        movesPerPlayout: perPlayout,
        searchIterationsPerSec: rate(`${backend} search`) * SEARCH_ITERATIONS[backend],
        stepObjectsPerSec: rate(`${backend} step objects`),
        stepCodesPerSec: rate(`${backend} step codes`),
      };
    }
    const r = results[board]!;
    console.log(
      `${board}: playouts/s reference ${r.reference!.playoutsPerSec.toFixed(1)}, wasm ${r.wasm!.playoutsPerSec.toFixed(1)} (${(r.wasm!.playoutsPerSec / r.reference!.playoutsPerSec).toFixed(1)}x)` +
        `; JS search steps/s with objects ${Math.round(r.reference!.stepObjectsPerSec!)} / ${Math.round(r.wasm!.stepObjectsPerSec!)}, with codes ${Math.round(r.reference!.stepCodesPerSec!)} / ${Math.round(r.wasm!.stepCodesPerSec!)}`,
    );
  }
  return results;
}

interface Report {
  date: string;
  machine: { cpu: string; cores: number; node: string };
  secondsPerTask: number;
  wasmBytes: Record<string, number>;
  boards: Record<string, { game: GameId; reference?: Figures; wasm?: Figures }>;
}

/** The docs/benchmarks.md table of a report. */
function table(report: Report): string {
  const fmt = (n: number): string => (n >= 100 ? Math.round(n).toLocaleString('en-US') : n.toFixed(1));
  const rows = Object.entries(report.boards).flatMap(([board, r]) => {
    const ratio = (key: keyof Figures): string => `${((r.wasm![key] ?? NaN) / (r.reference![key] ?? NaN)).toFixed(0)}x`;
    return [
      `| ${gameEntry(r.game).rules.title} ${board} | legal moves/s | ${fmt(r.reference!.legalPerSec)} | ${fmt(r.wasm!.legalPerSec)} | ${ratio('legalPerSec')} | |`,
      `| | play+undo/s | ${fmt(r.reference!.playUndoPerSec)} | ${fmt(r.wasm!.playUndoPerSec)} | ${ratio('playUndoPerSec')} | |`,
      `| | scoring/s | ${fmt(r.reference!.scoresPerSec)} | ${fmt(r.wasm!.scoresPerSec)} | ${ratio('scoresPerSec')} | |`,
      `| | **random playouts/s** | ${fmt(r.reference!.playoutsPerSec)} | **${fmt(r.wasm!.playoutsPerSec)}** | **${ratio('playoutsPerSec')}** | ${gameEntry(r.game).bench.ludiiPlayoutsPerSec?.[board] ?? ''} |`,
      `| | full moves/s (moves per playout) | ${fmt(r.reference!.movesPerSec)} (${r.reference!.movesPerPlayout.toFixed(0)}) | ${fmt(r.wasm!.movesPerSec)} (${r.wasm!.movesPerPlayout.toFixed(0)}) | ${ratio('movesPerSec')} | |`,
      `| | MCTS iterations/s (start position) | ${fmt(r.reference!.searchIterationsPerSec)} | ${fmt(r.wasm!.searchIterationsPerSec)} | ${ratio('searchIterationsPerSec')} | |`,
      ...(r.reference!.stepObjectsPerSec && r.wasm!.stepObjectsPerSec && r.reference!.stepCodesPerSec && r.wasm!.stepCodesPerSec
        ? [
            `| | JS search steps/s, move objects (play, legalMoves, undo) | ${fmt(r.reference!.stepObjectsPerSec)} | ${fmt(r.wasm!.stepObjectsPerSec)} | ${ratio('stepObjectsPerSec')} | |`,
            // Against the reference's faster loop, objects or codes, so the ratio is never flattered.
            `| | JS search steps/s, move codes (playCode, legalCodes, undoCode) | ${fmt(r.reference!.stepCodesPerSec)} | ${fmt(r.wasm!.stepCodesPerSec)} | ${(r.wasm!.stepCodesPerSec / Math.max(r.reference!.stepCodesPerSec, r.reference!.stepObjectsPerSec)).toFixed(0)}x | |`,
          ]
        : []),
    ];
  });
  const sizes = Object.entries(report.wasmBytes).map(([g, b]) => `\`${g}.wasm\` **${b.toLocaleString('en-US')} bytes**`);
  return [
    `Measured ${report.date.slice(0, 10)} by \`npm run bench\` (tinybench, ${report.secondsPerTask} s per figure, one Node ${report.machine.node} thread, ${report.machine.cpu}, ${report.machine.cores} cores, shared machine); the release modules are ${sizes.join(', ')}. The wasm playout figure plays batches of ${WASM_BATCH} in one call; the last column is Ludii's own random playouts per second on this kind of machine (Ludii 1.3.13 driven headless, measured by the project: each game's bindings/games/<id>/bench.ts).`,
    '',
    '| game, board | figure | reference | wasm | wasm/ref | Ludii |',
    '|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

function writeTable(report: Report): void {
  const docUrl = new URL('docs/benchmarks.md', root);
  const doc = readFileSync(docUrl, 'utf8');
  const start = '<!-- bench:start -->';
  const end = '<!-- bench:end -->';
  if (doc.includes(start) && doc.includes(end)) {
    writeFileSync(docUrl, doc.slice(0, doc.indexOf(start) + start.length) + '\n' + table(report) + '\n' + doc.slice(doc.indexOf(end)));
    console.log('docs/benchmarks.md benchmark table updated');
  }
}

const resultsUrl = new URL('bench/results.json', root);
if (values['table-only']) {
  writeTable(JSON.parse(readFileSync(resultsUrl, 'utf8')) as Report);
} else {
  const results = await measure();
  const wasmBytes = Object.fromEntries(GAME_IDS.map((game) => [game, statSync(new URL(`build/${game}.wasm`, root)).size]));
  const report: Report = {
    date: new Date().toISOString(),
    machine: { cpu: cpus()[0]?.model ?? 'unknown', cores: cpus().length, node: process.version },
    secondsPerTask: seconds,
    wasmBytes,
    boards: Object.fromEntries(boards.map(([game, board]) => [board, { game, ...results[board] }])) as Report['boards'],
  };
  for (const [game, bytes] of Object.entries(wasmBytes)) console.log(`${game}.wasm: ${bytes} bytes`);
  if (!values['no-write'] && !values.board && !values.game) {
    writeFileSync(resultsUrl, JSON.stringify(report, null, 2) + '\n');
    writeTable(report);
  }
}
