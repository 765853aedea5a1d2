/**
 * An alpha-beta search whose root moves are searched one call at a time, each to a depth within a
 * window the caller chooses: what a worker of the parallel alpha-beta (parallel-alphabeta.ts)
 * runs. The engine keeps its transposition table, killers and history between the calls, so a
 * worker's earlier depths order its later ones, as in the one-core search. It lasts until the
 * engine next changes (a move, a search, a playout, an evaluation): its calls are refused after.
 */
import type { GameMove } from '../../reference/core/game.js';
import { UsageError, describeValue } from '../../reference/core/errors.js';
import { MAX_PLY } from '../../reference/search/alphabeta.js';
import type { AlphaBetaCore } from './alphabeta.js';
import { AB_SHARE_WORDS } from '../../assembly/core/abi.js';

/** Beyond any value a search returns (the cores' INF): a window open on that side. */
export const OPEN = 0x3fffffff;

export interface RootJob {
  /** The root move, by its index in AlphaBetaRoots.moves. */
  readonly index: number;
  readonly depth: number;
  /** The window (alpha, beta), from -OPEN to OPEN, for the root's player in hundredths of a point. */
  readonly alpha: number;
  readonly beta: number;
  /** The most nodes the call may visit; it stops unfinished beyond them. */
  readonly budget: number;
  /** Share the table entries stored at least this deep (0 or absent: none) in the result. */
  readonly share?: number;
  /** Table entries other workers shared, stored before the search. */
  readonly entries?: Int32Array;
}

export interface RootJobResult {
  /** False when the budget ran out first (the value then means nothing). */
  readonly completed: boolean;
  readonly nodes: number;
  /** Fail-soft: at most alpha an upper bound, at least beta a lower bound, between them exact. */
  readonly value: number;
  /** The table entries shared (job.share), for the other workers' jobs (RootJob.entries). */
  readonly entries?: Int32Array;
}

export interface AlphaBetaRoots<M = GameMove> {
  /** The root's moves, in the order jobs index them (the same in every engine at this position). */
  readonly moves: readonly M[];
  search(job: RootJob): RootJobResult;
  /** The best line from root move `index`: just the move unless it is the last whose value came out exact here. */
  principalVariation(index: number, max: number): GameMove[];
}

function checkJob(job: RootJob, count: number): void {
  if (job === null || typeof job !== 'object') throw new UsageError(`a root job is an object, got ${describeValue(job)}`);
  const whole = (v: unknown, lo: number, hi: number): boolean => typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi;
  const { index, depth, alpha, beta, budget } = job;
  if (!whole(index, 0, count - 1)) throw new UsageError(`a root job's index must be a whole number from 0 to ${count - 1}, got ${describeValue(index)}`);
  if (!whole(depth, 1, MAX_PLY)) throw new UsageError(`a root job's depth must be a whole number from 1 to ${MAX_PLY}, got ${describeValue(depth)}`);
  if (!whole(alpha, -OPEN, OPEN) || !whole(beta, -OPEN, OPEN) || alpha >= beta) {
    throw new UsageError(`a root job's window must be whole numbers alpha < beta from -${OPEN} to ${OPEN}, got (${describeValue(alpha)}, ${describeValue(beta)})`);
  }
  if (!whole(budget, 1, 2 ** 31 - 1)) throw new UsageError(`a root job's budget must be a whole number of nodes from 1 to 2^31-1, got ${describeValue(budget)}`);
  if (job.share !== undefined && !whole(job.share, 0, MAX_PLY)) throw new UsageError(`a root job's share must be a whole number from 0 to ${MAX_PLY}, got ${describeValue(job.share)}`);
  if (job.entries !== undefined && !(job.entries instanceof Int32Array && job.entries.length % AB_SHARE_WORDS === 0)) {
    throw new UsageError(`a root job's entries must be an Int32Array of ${AB_SHARE_WORDS} words an entry, got ${describeValue(job.entries)}`);
  }
}

/**
 * The root search over `core`, just begun at the engine's position; `live` throws once the
 * engine has changed since.
 */
export function rootSearch<M extends GameMove>(core: AlphaBetaCore<M>, live: () => void): AlphaBetaRoots<M> {
  const moves = core.children().map((c) => c.move);
  return {
    moves,
    search: (job) => {
      live();
      checkJob(job, moves.length);
      if (job.entries && job.entries.length > 0) core.importEntries(job.entries);
      return core.searchRoot(job.index, job.depth, job.alpha, job.beta, job.budget, job.share ?? 0);
    },
    principalVariation: (index, max) => {
      live();
      const move = moves[index];
      if (move === undefined) throw new UsageError(`a root move's index is a whole number from 0 to ${moves.length - 1}, got ${describeValue(index)}`);
      // The table's line starts from the engine's best move, which must be this one.
      return core.best() === move ? [move, ...core.principalVariation(max).slice(1)] : [move];
    },
  };
}
