/**
 * The exact solver's API over an engine (wasm backend): `solvePosition(engine)` proves the value
 * of the engine's current position (a win, draw or loss for its player to move, and the score
 * margin of perfect play) and the moves that keep it. Everything runs in this thread; the CLI's
 * `throngs solve` adds worker threads and a saved solve (parallel.ts).
 *
 * In this folder (solver/): value.ts (how values and bounds read), prover.ts (windows → a value),
 * wasm-core.ts (the wasm solver as a prover's core), root.ts (a position from its moves'
 * values), this file, parallel.ts and solve-thread.ts/solve-worker.mjs (threads, saved solves)
 * and saved.ts (the save file).
 */
import { UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { Prover } from './prover.js';
import { solveRoot, type RootValue } from './root.js';
import { UNKNOWN, type ValueBounds } from './value.js';
import { wasmSolveCore } from './wasm-core.js';

export interface SolveProgress {
  readonly nodes: number;
  /** Positions in the table. */
  readonly entries: number;
  readonly elapsedMs: number;
  /** The root move being proven, when one is. */
  readonly move?: string;
}

export interface SolveOptions {
  /** Prove the margin of perfect play too, not only the result (default true). */
  readonly margin?: boolean;
  /** Nodes between progress reports (default 4,000,000). */
  readonly slice?: number;
  readonly onProgress?: (p: SolveProgress) => void;
}

export interface PositionSolve extends RootValue {
  readonly nodes: number;
  /** Positions in the table at the end (the proof's size), and how many it holds. */
  readonly entries: number;
  readonly capacity: number;
  readonly elapsedMs: number;
}

/** Proves the value of `engine`'s current position and of each of its moves; the position is left as it was. */
export async function solvePosition(engine: Engine, options: SolveOptions = {}): Promise<PositionSolve> {
  const margin = options.margin ?? true;
  const slice = options.slice ?? 4_000_000;
  if (!Number.isInteger(slice) || slice < 1) throw new UsageError(`slice must be a whole number of nodes ≥ 1, got ${String(slice)}`);
  const started = performance.now();
  const { core, capacity } = wasmSolveCore(engine);
  let move: string | undefined;
  const prover = new Prover(core, slice, (p) => options.onProgress?.({ ...p, elapsedMs: performance.now() - started, ...(move ? { move } : {}) }));
  const codes = Array.from(engine.legalCodes());
  const notation = codes.map((c) => engine.formatMove(engine.moveOf(c)));
  let root: RootValue;
  if (engine.outcome() !== null || codes.length === 0) {
    root = { value: prover.prove(-1, UNKNOWN, margin), moves: [], best: [] };
  } else {
    // One move at a time in this thread: `prove` finishes before the next starts.
    root = await solveRoot(notation, async (i, known: ValueBounds, withMargin) => {
      move = notation[i];
      return prover.prove(i, known, withMargin);
    }, margin);
  }
  return { ...root, nodes: prover.nodes, entries: prover.entries, capacity, elapsedMs: performance.now() - started };
}
