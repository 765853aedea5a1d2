/**
 * The exact solver's API over an engine (wasm backend): `solvePosition(engine)` proves the value
 * of the engine's current position (a win, draw or loss for its player to move, and the score
 * margin of perfect play) and the moves that keep it. Everything runs in this thread; the CLI's
 * `throngs solve` adds worker threads and a saved solve (parallel.ts).
 *
 * In this folder (solver/): value.ts (how values and bounds read), prover.ts (windows → a value),
 * wasm-core.ts (the wasm solver as a prover's core), dfpn.ts (the wasm proof-number search, as
 * questions "≥ k" and as a prover's core), method.ts (which core a solve runs on), symmetries.ts
 * (the board's symmetries that key the tables), root.ts (a position from its moves' values), this
 * file, parallel.ts and solve-thread.ts/solve-worker.mjs (threads, saved solves) and saved.ts (the
 * save file); for a solve over a queue (agents/queue-solve.ts): split.ts and tree.ts (the
 * position split into subtrees, their values combined), subtree.ts and subtree-pool.ts (one
 * subtree's proof, on a worker's threads) and tree-save.ts (its save file).
 */
import { UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { Prover } from './prover.js';
import { solveRoot, type RootValue } from './root.js';
import { UNKNOWN, type ValueBounds } from './value.js';
import { solveCoreOf, type SolveMethod } from './method.js';

export interface SolveProgress {
  readonly nodes: number;
  /** Positions in the table. */
  readonly entries: number;
  readonly elapsedMs: number;
  /** The root move being proven, when one is. */
  readonly move?: string;
}

export interface SolveOptions {
  /** The search that proves each value: the alpha-beta solver (default) or df-pn (method.ts). */
  readonly method?: SolveMethod;
  /** Prove the margin of perfect play too, not only the result (default true). */
  readonly margin?: boolean;
  /** Nodes between progress reports (default 4,000,000). */
  readonly slice?: number;
  readonly onProgress?: (p: SolveProgress) => void;
  /**
   * Give up after this many milliseconds of search, counted once the solver's table is ready (a
   * first solve on an engine grows its arena and touches its memory: one-off costs), checked
   * between slices and before each root move: solveWithin.
   */
  readonly timeMs?: number;
  /** Key the table by the board's symmetries (default true; the values are the same either way). */
  readonly symmetry?: boolean;
}

export interface PositionSolve extends RootValue {
  readonly nodes: number;
  /** Positions in the table at the end (the proof's size), and how many it holds. */
  readonly entries: number;
  readonly capacity: number;
  readonly elapsedMs: number;
}

/** Why a solve with a deadline stopped: caught by solveWithin. */
class OutOfTime extends Error {}

/** Proves the value of `engine`'s current position and of each of its moves; the position is left as it was. */
export async function solvePosition(engine: Engine, options: SolveOptions = {}): Promise<PositionSolve> {
  const margin = options.margin ?? true;
  const slice = options.slice ?? 4_000_000;
  if (!Number.isInteger(slice) || slice < 1) throw new UsageError(`slice must be a whole number of nodes ≥ 1, got ${String(slice)}`);
  const started = performance.now();
  const { core, capacity } = solveCoreOf(engine, options.method, { symmetry: options.symmetry ?? true });
  let move: string | undefined;
  const deadline = options.timeMs === undefined ? Infinity : performance.now() + options.timeMs;
  const inTime = (): void => {
    if (performance.now() > deadline) throw new OutOfTime();
  };
  const prover = new Prover(core, slice, (p) => {
    inTime();
    options.onProgress?.({ ...p, elapsedMs: performance.now() - started, ...(move ? { move } : {}) });
  });
  const codes = Array.from(engine.legalCodes());
  const notation = codes.map((c) => engine.formatMove(engine.moveOf(c)));
  let root: RootValue;
  if (engine.outcome() !== null || codes.length === 0) {
    root = { value: prover.prove(-1, UNKNOWN, margin), moves: [], best: [] };
  } else {
    // One move at a time in this thread: `prove` finishes before the next starts.
    root = await solveRoot(notation, async (i, known: ValueBounds, withMargin) => {
      inTime();
      move = notation[i];
      return prover.prove(i, known, withMargin);
    }, margin);
  }
  return { ...root, nodes: prover.nodes, entries: prover.entries, capacity, elapsedMs: performance.now() - started };
}

/**
 * Proves `engine`'s position as solvePosition does, if it can within `timeMs` of search
 * (SolveOptions.timeMs); null when the time ran out first (the position is left as it was either
 * way). Positions the solver refuses (endless lines, chance, an arena too small) throw its SolveError.
 */
export async function solveWithin(engine: Engine, timeMs: number, slice = 2048, options: Pick<SolveOptions, 'method' | 'margin'> = {}): Promise<PositionSolve | null> {
  try {
    return await solvePosition(engine, { ...options, slice, timeMs });
  } catch (e) {
    if (e instanceof OutOfTime) return null;
    throw e;
  }
}
