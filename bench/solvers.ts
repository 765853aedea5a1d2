/**
 * The exact searches side by side: the alpha-beta solver and the depth-first proof-number search
 * (bindings/solver/method.ts), each with a fresh table, on every board both solve from the start
 * (each game's bench plan's `solvers.boards`: docs/solved.md's rows), result only and then the
 * whole value; and on larger boards (`solvers.nearEnd`), how far from the end of a seeded random
 * game each proves a position's value within a fixed time.
 *
 *   npm run bench:solvers [-- --limit 60] [-- --seconds 10] [-- --step 2] [-- --seed 1] [-- --game G] [-- --write]
 *
 * --limit caps each solve from the start (seconds), --seconds each position near an end (two
 * seeded games a board, seeds S and S + 1). With --write the run is saved in bench/solvers.json
 * and docs/benchmarks.md's tables are rewritten; without it the tables are printed. Run it with
 * `nice -n 10` on a shared machine: the load average goes into the output.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { createEngine } from '../bindings/index.js';
import type { Engine } from '../bindings/engine/engine.js';
import { Prover } from '../bindings/solver/prover.js';
import { solveCoreOf, type SolveMethod } from '../bindings/solver/method.js';
import { solveWithin } from '../bindings/solver/solver.js';
import { UNKNOWN, describeBounds } from '../bindings/solver/value.js';
import { METHODS, NEAR_END_BOARDS, SOLVED_BOARDS, SOLVERS_FILE, boardLabel, solversTables, writeSolversTables, type BoardRow, type NearEndRow, type PlanBoard, type Solve } from './solvers-plan.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('solvers', {
  options: {
    limit: { type: 'string', default: '60' },
    seconds: { type: 'string', default: '10' },
    step: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    game: { type: 'string' },
    write: { type: 'boolean' },
  },
});
const number = (name: string, text: string, min: number): number => {
  const x = Number(text);
  if (!Number.isFinite(x) || x < min) throw new Error(`--${name} must be a number ≥ ${min}, not '${text}'`);
  return x;
};
const limitSeconds = number('limit', values.limit, 1);
const positionSeconds = number('seconds', values.seconds, 0.1);
const step = Math.round(number('step', values.step, 1));
const seed = Math.round(number('seed', values.seed, 0));
const chosen = (b: PlanBoard): boolean => values.game === undefined || b.game === values.game;

const uptime = (): string => {
  try {
    return execFileSync('uptime', { encoding: 'utf8' }).replace(/.*load average:\s*/s, '').trim();
  } catch {
    return loadavg().map((x) => x.toFixed(2)).join(', ');
  }
};
const log = (line: string): void => void process.stderr.write(line + '\n');

const engineOf = (b: PlanBoard): Promise<Engine> =>
  createEngine({ game: b.game, board: b.board, arenaMB: 256, ...(b.setup ? { setup: b.setup } : {}), ...(b.options ? { options: b.options } : {}) } as never);

async function solveFromStart(b: PlanBoard, method: SolveMethod, margin: boolean): Promise<Solve> {
  const e = await engineOf(b);
  const r = await solveWithin(e, limitSeconds * 1000, 100_000, { method, margin });
  if (!r) return { method, value: null, nodes: null, entries: null, seconds: null };
  return { method, value: describeBounds(r.value), nodes: r.nodes, entries: r.entries, seconds: r.elapsedMs / 1000 };
}

/** Seconds `method` took to prove `e`'s value (result and margin) with a fresh table, or null past the time. */
function proveWithin(e: Engine, method: SolveMethod): number | null {
  const { core } = solveCoreOf(e, method);
  const started = performance.now();
  const deadline = started + positionSeconds * 1000;
  const late = new Error('late');
  try {
    new Prover(core, 20_000, () => {
      if (performance.now() > deadline) throw late;
    }).prove(-1, UNKNOWN, true);
  } catch (err) {
    if (err === late) return null;
    throw err;
  }
  const seconds = (performance.now() - started) / 1000;
  return seconds > positionSeconds ? null : seconds;
}

/** A seeded random game on `b` to its end (or 2,000 plies): its moves. */
async function seededGame(b: PlanBoard, s: number): Promise<string[]> {
  const e = await engineOf(b);
  let x = s >>> 0;
  const line: string[] = [];
  while (!e.outcome() && line.length < 2000) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const moves = e.legalMoves();
    const m = moves[(x >>> 8) % moves.length]!;
    line.push(e.formatMove(m));
    e.play(m);
  }
  return e.outcome() ? line : [];
}

async function nearEnd(b: PlanBoard, seed: number): Promise<NearEndRow> {
  const line = await seededGame(b, seed);
  const reach: Array<{ method: SolveMethod; plies: number; seconds: number[] }> = [];
  for (const method of METHODS) {
    let plies = 0;
    const seconds: number[] = [];
    for (let back = step; back <= line.length; back += step) {
      const e = await engineOf(b);
      for (const m of line.slice(0, line.length - back)) e.play(m);
      let s: number | null;
      try {
        s = proveWithin(e, method);
      } catch (err) {
        log(`  ${method} ${back} plies from the end: ${(err as Error).message}`);
        s = null;
      }
      log(`  ${method} ${back} plies from the end: ${s === null ? `not within ${positionSeconds} s` : `${s.toFixed(2)} s`}`);
      if (s === null) break;
      plies = back;
      seconds.push(s);
    }
    reach.push({ method, plies, seconds });
  }
  return { board: b, seed, length: line.length, reach };
}

const start = uptime();
const boards: BoardRow[] = [];
for (const b of SOLVED_BOARDS.filter(chosen)) {
  for (const margin of b.resultOnly ? [false] : [false, true]) {
    const load = Number(loadavg()[0]!.toFixed(1));
    const solves: Solve[] = [];
    for (const method of METHODS) {
      solves.push(await solveFromStart(b, method, margin));
      const s = solves.at(-1)!;
      log(`${boardLabel(b)} ${margin ? 'value' : 'result'} ${method}: ${s.seconds === null ? `not within ${limitSeconds} s` : `${s.value}, ${s.nodes} nodes, ${s.seconds.toFixed(2)} s`}`);
    }
    boards.push({ board: b, margin, solves, load });
  }
}
const near: NearEndRow[] = [];
for (const b of NEAR_END_BOARDS.filter(chosen)) {
  for (const s of [seed, seed + 1]) {
    log(`${boardLabel(b)}: near the end of seeded game ${s}`);
    near.push(await nearEnd(b, s));
  }
}
const run = {
  date: new Date().toISOString(),
  machine: `${cpus()[0]?.model ?? '?'} x${cpus().length}`,
  uptime: { start, end: uptime() },
  limitSeconds,
  positionSeconds,
  step,
  boards,
  nearEnd: near,
};
if (values.write) {
  writeFileSync(SOLVERS_FILE, JSON.stringify(run, null, 2) + '\n');
  writeSolversTables(run);
} else console.log(solversTables(run));
