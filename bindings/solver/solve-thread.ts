/**
 * One thread's part of a solve (parallel.ts): its own wasm engine and table on the position,
 * proving the root moves it is handed. Also the whole of a one-thread solve, in the caller's
 * thread. Moves are named by their number in legalCodes() order, the same in every thread.
 */
import { createEngine } from '../games/create.js';
import type { GameSetup } from '../engine/engine.js';
import type { Engine } from '../engine/engine.js';
import { frontierOf, seedFrontier, type FrontierEntry, type FrontierOptions } from './frontier.js';
import { Prover, type ProverProgress, type SolveCore } from './prover.js';
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
  /** Report the table's frontier (frontier.ts) with the progress, at most every `everyMs`; none without. */
  readonly frontier?: { readonly everyMs: number; readonly options: FrontierOptions };
}

/** A thread's progress: the prover's, and now and then what its table proved near the root. */
export interface ThreadProgress extends ProverProgress {
  readonly frontier?: readonly FrontierEntry[];
}

export class SolveThread {
  private constructor(
    readonly engine: Engine,
    private readonly core: SolveCore,
    private readonly prover: Prover,
    readonly capacity: number,
  ) {}

  static async start(s: ThreadSetup, onProgress: (p: ThreadProgress) => void): Promise<SolveThread> {
    const engine = await createEngine({ ...s.setup, game: s.game as never, backend: 'wasm', arenaMB: s.arenaMB });
    const { core, capacity } = solveCoreOf(engine, s.method, { symmetry: s.symmetry });
    let lastFrontier = performance.now();
    const report = (p: ProverProgress): void => {
      // Between slices the engine stands at the root and the table is still: the walk changes neither.
      if (!s.frontier || performance.now() - lastFrontier < s.frontier.everyMs) return onProgress(p);
      onProgress({ ...p, frontier: frontierOf(engine, core, s.frontier.options) });
      lastFrontier = performance.now();
    };
    return new SolveThread(engine, core, new Prover(core, s.slice, report), capacity);
  }

  /** Puts a saved frontier into the table; returns how many positions. */
  seed(entries: readonly FrontierEntry[]): number {
    return seedFrontier(this.engine, this.core, entries);
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
  | { readonly kind: 'seed'; readonly entries: readonly FrontierEntry[] }
  | { readonly kind: 'subtree'; readonly job: SubtreeJob };

export async function handle(request: ThreadRequest, post: (m: unknown) => void): Promise<unknown> {
  // A job of a solve over a queue (subtree-pool.ts): the thread keeps its own engine for those.
  if (request.kind === 'subtree') return proveSubtree(request.job);
  if (request.kind === 'start') {
    thread = await SolveThread.start(request.setup, (p) => post({ progress: p }));
    return { capacity: thread.capacity };
  }
  if (!thread) throw new Error('solve thread: prove before start');
  if (request.kind === 'seed') return thread.seed(request.entries);
  return thread.prove(request.index, request.known, request.margin);
}
