/**
 * One thread's part of a solve (parallel.ts): its own wasm engine and table on the position,
 * proving the root moves it is handed. Also the whole of a one-thread solve, in the caller's
 * thread. Moves are named by their number in legalCodes() order, the same in every thread.
 */
import { createEngine } from '../games/create.js';
import type { GameSetup } from '../engine/engine.js';
import type { Engine } from '../engine/engine.js';
import { Prover, type ProverProgress } from './prover.js';
import { proveSubtree, type SubtreeJob } from './subtree.js';
import type { ValueBounds } from './value.js';
import { solveCoreOf, type SolveMethod } from './method.js';

export interface ThreadSetup {
  readonly game: string;
  readonly setup: GameSetup;
  readonly arenaMB: number;
  readonly slice: number;
  /** Key the table by the board's symmetries. */
  readonly symmetry: boolean;
  /** The search that proves each value (default: the alpha-beta solver). */
  readonly method?: SolveMethod;
}

export class SolveThread {
  private constructor(
    readonly engine: Engine,
    private readonly prover: Prover,
    readonly capacity: number,
    private readonly progress: { report: (p: ProverProgress) => void },
  ) {}

  static async start(s: ThreadSetup, onProgress: (p: ProverProgress) => void): Promise<SolveThread> {
    const engine = await createEngine({ ...s.setup, game: s.game as never, backend: 'wasm', arenaMB: s.arenaMB });
    const { core, capacity } = solveCoreOf(engine, s.method, { symmetry: s.symmetry });
    const progress = { report: onProgress };
    return new SolveThread(engine, new Prover(core, s.slice, (p) => progress.report(p)), capacity, progress);
  }

  /** The move numbers' notation, the position's player to move and whether the game is over. */
  describe(): { moves: string[]; position: string; over: boolean } {
    const e = this.engine;
    return { moves: Array.from(e.legalCodes(), (c) => e.formatMove(e.moveOf(c))), position: e.position(), over: e.outcome() !== null };
  }

  prove(index: number, known: ValueBounds, margin: boolean): { bounds: ValueBounds; nodes: number; entries: number } {
    const bounds = this.prover.prove(index, known, margin);
    return { bounds, nodes: this.prover.nodes, entries: this.prover.entries };
  }
}

/** What solve-worker.mjs runs: requests from parallel.ts and subtree-pool.ts, answers and progress as messages. */
let thread: SolveThread | null = null;

export type ThreadRequest =
  | { readonly kind: 'start'; readonly setup: ThreadSetup }
  | { readonly kind: 'prove'; readonly index: number; readonly known: ValueBounds; readonly margin: boolean }
  | { readonly kind: 'subtree'; readonly job: SubtreeJob };

export async function handle(request: ThreadRequest, post: (m: unknown) => void): Promise<unknown> {
  // A job of a solve over a queue (subtree-pool.ts): the thread keeps its own engine for those.
  if (request.kind === 'subtree') return proveSubtree(request.job);
  if (request.kind === 'start') {
    thread = await SolveThread.start(request.setup, (p) => post({ progress: p }));
    return { capacity: thread.capacity };
  }
  if (!thread) throw new Error('solve thread: prove before start');
  return thread.prove(request.index, request.known, request.margin);
}
