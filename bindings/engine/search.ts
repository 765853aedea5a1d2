/**
 * Searching with budgets, for both backends: the search core runs in slices of iterations; between
 * slices the driver checks the clock and the abort signal, reports progress and yields to the
 * event loop (so that a worker can receive a cancel message). Iteration budgets are exact, which
 * with a seed makes a search deterministic.
 */
import type { GameMove } from '../../reference/core/game.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../../reference/search/settings.js';
import { UsageError } from '../../reference/core/errors.js';
import { isSeed } from '../../reference/core/rng.js';

export type { SearchSettings };

export interface SearchProgress<M = GameMove> {
  readonly iterations: number;
  readonly elapsedMs: number;
  readonly best: M;
  readonly bestVisits: number;
  /** The best move's mean value for the player to move, in [0, 1]. */
  readonly bestValue: number;
  readonly principalVariation: readonly GameMove[];
  /** Alpha-beta: the depth just completed. */
  readonly depth?: number;
}

export interface SearchOptions {
  /** `mcts` (the default) or `alphabeta` (iterative deepening; `iterations` then counts nodes). */
  readonly algorithm?: 'mcts' | 'alphabeta';
  /** Alpha-beta: the deepest iteration, in moves. */
  readonly depth?: number;
  /**
   * The evaluation's weights, one per term of the game's `evaluation` (default: its own): alpha-beta's
   * leaves, and the MCTS cut-off when it judges by the evaluation (setting heuristic 1).
   */
  readonly weights?: readonly number[];
  /** Stop after this many iterations. */
  readonly iterations?: number;
  /** Stop after this many milliseconds (checked between slices). */
  readonly timeMs?: number;
  /** Seeds the search's random choices; the same seed and iteration budget give the same result. */
  readonly seed?: number;
  /**
   * MCTS: start from a new tree, dropping the one kept from earlier searches of this position
   * (what a benchmark or a comparison of settings wants; a repeated analysis gains by the kept tree).
   */
  readonly fresh?: boolean;
  readonly settings?: Partial<SearchSettings>;
  readonly onProgress?: (progress: SearchProgress<any>) => void; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** Abort to cancel; the search answers with what it has. */
  readonly signal?: AbortSignal;
  /**
   * A share of `timeMs` (above 0, at most 1) in which the exact solver first tries to prove the
   * position (wasm backend); when it does, the answer is a move that keeps the proven value and
   * says the value (`solved`), else the search runs in the time left. Honoured by
   * searchSolvingFirst (solver/solve-first.ts), which the AI levels 7-8, the worker (so the board
   * element) and the CLI go through; engine.search alone does not solve.
   */
  readonly solveFirst?: number;
  /**
   * Search a position with a single legal move too. By default such a search answers at once with
   * the forced move, its value unknown (0.5, no iterations): what an AI choosing a move wants. An
   * analysis wants the position's value, so it sets this: the search (and the solver, with
   * `solveFirst`) then runs as on any position.
   */
  readonly evaluateForced?: boolean;
}

/** A position's value proven by the exact solver, for its player to move. */
export interface SolvedValue {
  readonly result: 'win' | 'draw' | 'loss';
  /** The score margin of perfect play in points (the player to move's score minus the other's). */
  readonly margin: number;
  /** The moves that keep the value, in the game's notation. */
  readonly best: readonly string[];
}

export interface SearchChild<M = GameMove> {
  readonly move: M;
  readonly visits: number;
  /** Mean value for the player to move, in [0, 1] (0.5 when unvisited). */
  readonly value: number;
  /** MCTS: the search proved that the move wins, loses or draws for its player, whatever follows. */
  readonly proven?: 'win' | 'loss' | 'draw';
  /**
   * Alpha-beta: the move's value in points for the player to move (beyond ±5,000: a decided game);
   * for a move that did not beat the best, an upper bound (the search only proved it no better).
   */
  readonly score?: number;
}

export type StopReason = 'iterations' | 'time' | 'cancelled' | 'single move' | 'depth' | 'solved';

export interface SearchResult<M = GameMove> {
  readonly move: M;
  readonly visits: number;
  readonly value: number;
  readonly iterations: number;
  readonly elapsedMs: number;
  readonly stopped: StopReason;
  /**
   * The wasm arena filled during the search: the tree stopped growing and the remaining
   * iterations played out from its leaves (a larger `arenaMB` keeps it growing).
   */
  readonly arenaFull: boolean;
  /** The root's children, most visited first. */
  readonly children: readonly SearchChild<M>[];
  readonly principalVariation: readonly GameMove[];
  /** Alpha-beta: the deepest completed iteration. */
  readonly depth?: number;
  /** Alpha-beta: the best move's value in points for the player to move (beyond ±5,000: a decided game). */
  readonly score?: number;
  /** The exact solver proved the position (SearchOptions.solveFirst): its value, and `move` keeps it. */
  readonly solved?: SolvedValue;
}

/** What a backend provides to the driver. */
export interface SearchCore<M = GameMove> {
  /** Roots the search at the current position, on the kept tree unless `fresh`, the cut-off judged with `weights`. */
  begin(seed: number, settings: SearchSettings, fresh: boolean, weights: readonly number[]): void;
  /** Runs up to n iterations; returns how many ran. */
  run(n: number): number;
  /** Whether the arena is full: the tree stopped growing (iterations go on from its leaves). */
  full(): boolean;
  children(): Array<{ move: M; visits: number; valueSum: number; proven?: 'win' | 'loss' | 'draw' }>;
  principalVariation(max: number): GameMove[];
}

/** Lets the event loop run (a worker's cancel message, a page's input) between slices of a search. */
export function yieldToEventLoop(): Promise<void> {
  if (typeof setImmediate === 'function') return new Promise((resolve) => setImmediate(resolve));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** A proven win first and a proven loss last; then most visits; then the better value; then canonical order. */
function rank<M>(children: SearchChild<M>[]): SearchChild<M>[] {
  const proof = (c: SearchChild<M>): number => (c.proven === 'win' ? 1 : c.proven === 'loss' ? -1 : 0);
  return children
    .map((c, i) => ({ c, i }))
    .sort((a, b) => proof(b.c) - proof(a.c) || b.c.visits - a.c.visits || b.c.value - a.c.value || a.i - b.i)
    .map(({ c }) => c);
}

export function checkSearchOptions(options: SearchOptions): SearchSettings {
  const { iterations, timeMs, seed } = options;
  if (iterations !== undefined && !(Number.isInteger(iterations) && iterations >= 1 && iterations <= 1e9)) {
    throw new UsageError(`iterations must be a whole number from 1 to 10^9, got ${String(iterations)}`);
  }
  if (timeMs !== undefined && !(typeof timeMs === 'number' && timeMs > 0 && timeMs <= 3_600_000)) {
    throw new UsageError(`timeMs must be a number of milliseconds from 0 to 3,600,000, got ${String(timeMs)}`);
  }
  const algorithm = options.algorithm ?? 'mcts';
  if (algorithm !== 'mcts' && algorithm !== 'alphabeta') throw new UsageError(`algorithm must be mcts or alphabeta, got ${String(algorithm)}`);
  if (iterations === undefined && timeMs === undefined && !(algorithm === 'alphabeta' && options.depth !== undefined)) {
    throw new UsageError('a search needs an iteration or time budget (iterations, timeMs; alpha-beta also takes depth)');
  }
  if (seed !== undefined && !isSeed(seed)) throw new UsageError(`seed must be an integer from 0 to 2^32-1, got ${String(seed)}`);
  if (options.fresh !== undefined && typeof options.fresh !== 'boolean') throw new UsageError(`fresh must be true or false, got ${String(options.fresh)}`);
  checkEvaluateForced(options.evaluateForced);
  const settings = { ...DEFAULT_SEARCH_SETTINGS, ...options.settings };
  if (!(settings.exploration >= 0 && settings.exploration <= 10)) throw new UsageError(`exploration must be from 0 to 10`);
  if (!(Number.isInteger(settings.cutoff) && settings.cutoff >= 0 && settings.cutoff <= 10_000)) throw new UsageError(`cutoff must be a whole number from 0 to 10,000`);
  if (!(settings.evalScale > 0 && settings.evalScale <= 1000)) throw new UsageError(`evalScale must be from 0 to 1000`);
  if (!(Number.isInteger(settings.biasPercent) && settings.biasPercent >= 0 && settings.biasPercent <= 100)) throw new UsageError(`biasPercent must be a whole number from 0 to 100`);
  if (settings.heuristic !== 0 && settings.heuristic !== 1) throw new UsageError(`heuristic must be 0 or 1`);
  if (settings.turns !== 0 && settings.turns !== 1) throw new UsageError(`turns must be 0 or 1`);
  if (!(settings.widen >= 0 && settings.widen <= 100)) throw new UsageError(`widen must be from 0 to 100`);
  if (!(settings.implicit >= 0 && settings.implicit <= 1)) throw new UsageError(`implicit must be from 0 to 1`);
  if (settings.transpositions !== 0 && settings.transpositions !== 1) throw new UsageError(`transpositions must be 0 or 1`);
  if (!(settings.contempt >= 0 && settings.contempt < 0.5)) throw new UsageError(`contempt must be from 0 to below 0.5`);
  if (!(Number.isInteger(settings.expandAfter) && settings.expandAfter >= 1 && settings.expandAfter <= 1_000_000)) throw new UsageError(`expandAfter must be a whole number from 1 to 1,000,000`);
  return settings;
}

export function checkEvaluateForced(value: unknown): void {
  if (value !== undefined && typeof value !== 'boolean') throw new UsageError(`evaluateForced must be true or false, got ${String(value)}`);
}

/** Whether a search of a position with `moves` legal moves answers at once with the only one. */
export const answersForced = (moves: number, options: Pick<SearchOptions, 'evaluateForced'>): boolean => moves === 1 && options.evaluateForced !== true;

/** Runs a search on `core` within the budgets of `options`; `legal` are the root's legal moves, `key` tells moves apart. */
export async function runSearch<M extends GameMove>(core: SearchCore<M>, legal: readonly M[], options: SearchOptions, key: (move: GameMove) => unknown, weights: readonly number[]): Promise<SearchResult<M>> {
  const settings = checkSearchOptions(options);
  if (legal.length === 0) throw new UsageError('there is nothing to search: the game is over');
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 32);
  const maxIterations = options.iterations ?? Infinity;
  const deadline = options.timeMs ?? Infinity;

  const summarise = (iterations: number, stopped: StopReason): SearchResult<M> => {
    const children = rank(
      core.children().map((c) => ({ move: c.move, visits: c.visits, value: c.visits > 0 ? c.valueSum / c.visits : 0.5, ...(c.proven ? { proven: c.proven } : {}) })),
    );
    const best = children[0] ?? { move: legal[0]!, visits: 0, value: 0.5 };
    // The tree's line follows the most visits; when the ranking chose another move (a proof, or
    // equal visits and a better value), the line is that move alone.
    const line = core.principalVariation(32);
    const same = line[0] !== undefined && key(line[0]) === key(best.move);
    return {
      move: best.move,
      visits: best.visits,
      value: best.value,
      iterations,
      elapsedMs: elapsed(),
      stopped,
      arenaFull: core.full(),
      children,
      principalVariation: same ? line : [best.move],
    };
  };

  core.begin(seed, settings, options.fresh === true, weights);
  if (answersForced(legal.length, options)) return summarise(0, 'single move');
  let iterations = 0;
  // Slices of about 20 ms; the first is small so the first report comes quickly.
  let slice = 16;
  for (;;) {
    const want = Math.min(slice, maxIterations - iterations);
    const t0 = performance.now();
    const ran = core.run(want);
    iterations += ran;
    const took = performance.now() - t0;
    if (iterations >= maxIterations) return summarise(iterations, 'iterations');
    if (elapsed() >= deadline) return summarise(iterations, 'time');
    if (options.onProgress) {
      const s = summarise(iterations, 'iterations');
      options.onProgress({ iterations, elapsedMs: s.elapsedMs, best: s.move, bestVisits: s.visits, bestValue: s.value, principalVariation: s.principalVariation });
    }
    if (options.signal?.aborted) return summarise(iterations, 'cancelled');
    await yieldToEventLoop();
    if (options.signal?.aborted) return summarise(iterations, 'cancelled');
    // Aim each slice at about 20 ms, and never past the deadline by much.
    const perIteration = took / Math.max(1, ran);
    const left = deadline - elapsed();
    slice = Math.max(1, Math.min(Math.round(20 / Math.max(perIteration, 1e-4)), Number.isFinite(left) ? Math.round(left / Math.max(perIteration, 1e-4)) + 1 : Infinity, 100_000));
  }
}

/**
 * One result from root-parallel searches of the same position (browser workers, Node threads):
 * visits and value sums added move by move, moves matched by `key`; a proof found by any search
 * holds for all; ranked as a single search ranks (proven wins first, then visits, then value).
 * The best line is that of a search that chose the same move, else just the move.
 */
export function mergeSearches<M, L = GameMove>(results: readonly Searched<M, L>[], key: (m: M | L) => string): Searched<M, L> {
  const byMove = new Map<string, { move: M; visits: number; sum: number; proven?: 'win' | 'loss' | 'draw' }>();
  for (const r of results) {
    for (const c of r.children) {
      const k = key(c.move);
      const m = byMove.get(k) ?? { move: c.move, visits: 0, sum: 0 };
      m.visits += c.visits;
      m.sum += c.value * c.visits;
      m.proven ??= c.proven;
      byMove.set(k, m);
    }
  }
  const proof = (p: string | undefined): number => (p === 'win' ? 1 : p === 'loss' ? -1 : 0);
  const children = [...byMove.values()]
    .map((m) => ({ move: m.move, visits: m.visits, value: m.visits > 0 ? m.sum / m.visits : 0.5, ...(m.proven ? { proven: m.proven } : {}) }))
    .sort((a, b) => proof(b.proven) - proof(a.proven) || b.visits - a.visits || b.value - a.value);
  const first = results[0]!;
  const best = children[0];
  // No root at all: every search answered at once, the one legal move, from a new tree.
  if (!best) return { ...first, iterations: results.reduce((n, r) => n + r.iterations, 0), arenaFull: results.some((r) => r.arenaFull) };
  const line: readonly (M | L)[] = results.find((r) => r.principalVariation[0] !== undefined && key(r.principalVariation[0]) === key(best.move))?.principalVariation ?? [best.move];
  return {
    ...first,
    move: best.move,
    visits: best.visits,
    value: best.value,
    iterations: results.reduce((n, r) => n + r.iterations, 0),
    arenaFull: results.some((r) => r.arenaFull),
    children,
    principalVariation: line as readonly L[],
  };
}

/** A search result whose best line is written in `L` (moves as data, or as notation between threads). */
export type Searched<M, L> = Omit<SearchResult<M>, 'principalVariation'> & { readonly principalVariation: readonly L[] };
