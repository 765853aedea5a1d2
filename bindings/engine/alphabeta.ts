/**
 * Alpha-beta with budgets, for both backends: one call into the core per depth, each with a node
 * budget. A time budget becomes node budgets at the rate measured so far, so the search stops
 * within a deepening step of its time; between depths the driver reports progress, checks the
 * abort signal and yields. A node budget (`iterations`) or a `depth` makes it deterministic.
 */
import type { GameMove } from '../../reference/core/game.js';
import { UsageError } from '../../reference/core/errors.js';
import { MAX_PLY, WIN } from '../../reference/search/alphabeta.js';
import { answersForced, checkSearchOptions, yieldToEventLoop, type SearchOptions, type SearchResult, type SearchChild, type StopReason } from './search.js';

export interface AlphaBetaCore<M = GameMove> {
  /** A new search from the current position, a drawn end worth `drawScore` hundredths to its player; returns the root's move count. */
  begin(weights: readonly number[], drawScore: number): number;
  /** One iteration to `depth` within `budget` nodes; true when it completed. */
  iterate(depth: number, budget: number): { completed: boolean; nodes: number };
  completedDepth(): number;
  /** The best move's value for the player to move, hundredths of a point (see WIN). */
  value(): number;
  best(): M;
  /** The root's moves with their last values; `best` marks the chosen one. */
  children(): Array<{ move: M; value: number; nodes: number; best: boolean }>;
  principalVariation(max: number): GameMove[];
  /**
   * One root move (at `index` of children(), in the order begin left them) to `depth` in the
   * window (alpha, beta) within `budget` nodes, the table kept; its fail-soft value for the
   * root's player. An exact value makes it the best move (what principalVariation starts from).
   * Table entries stored at a depth of at least `share` (0: none) come back in `entries` for the
   * other workers (the wasm core's format, abi.ts: AB_SHARE_WORDS; a backend may share none).
   */
  searchRoot(index: number, depth: number, alpha: number, beta: number, budget: number, share: number): { completed: boolean; nodes: number; value: number; entries?: Int32Array };
  /** Stores table entries another worker's searchRoot shared. */
  importEntries(entries: Int32Array): void;
}

/** Half of WIN: beyond it a value is a decided game, not a heuristic. */
const DECIDED = WIN / 2;

/** A value (hundredths of a point, for the player to move) as a win probability. */
export function winProbability(value: number, scale = 4): number {
  if (value >= DECIDED) return 1;
  if (value <= -DECIDED) return 0;
  const d = value / 100;
  return 0.5 + d / (2 * (Math.abs(d) + scale));
}

/**
 * The contempt for draws in alpha-beta's points: a drawn end is worth as much to the searching
 * player as the evaluation whose win probability (winProbability, at `scale`) is 0.5 − contempt,
 * as in the MCTS; at 0.1 and the scale of 4, one point behind.
 */
export function drawScore(contempt: number, scale: number): number {
  return contempt === 0 ? 0 : -Math.round((200 * scale * contempt) / (1 - 2 * contempt));
}

export function checkAlphaBetaOptions(options: SearchOptions, terms: number): readonly number[] | undefined {
  const { depth, weights, iterations, timeMs } = options;
  if (depth !== undefined && !(Number.isInteger(depth) && depth >= 1 && depth <= MAX_PLY)) throw new UsageError(`depth must be a whole number from 1 to ${MAX_PLY}, got ${String(depth)}`);
  if (iterations === undefined && timeMs === undefined && depth === undefined) throw new UsageError('an alpha-beta search needs a node, time or depth budget (iterations, timeMs, depth)');
  if (weights !== undefined) {
    if (!Array.isArray(weights) || weights.length !== terms || !weights.every((w) => Number.isInteger(w) && Math.abs(w) <= 100_000)) {
      throw new UsageError(`weights must be ${terms} whole numbers from -100,000 to 100,000 (one per evaluation term)`);
    }
  }
  return weights;
}

/** Runs iterative deepening on `core` within the budgets of `options`. */
export async function runAlphaBeta<M>(core: AlphaBetaCore<M>, legal: readonly M[], weights: readonly number[], options: SearchOptions): Promise<SearchResult<M>> {
  const settings = checkSearchOptions(options);
  if (legal.length === 0) throw new UsageError('there is nothing to search: the game is over');
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  const maxNodes = options.iterations ?? Infinity;
  const deadline = options.timeMs ?? Infinity;
  const maxDepth = options.depth ?? MAX_PLY;
  let nodes = 0;

  const summarise = (stopped: StopReason): SearchResult<M> => {
    const value = core.value();
    // The chosen move first, then the others by value.
    const ranked = core.children().sort((a, b) => Number(b.best) - Number(a.best) || b.value - a.value);
    const children: SearchChild<M>[] = ranked.map((c) => ({ move: c.move, visits: c.nodes, value: winProbability(c.value), score: c.value / 100 }));
    return {
      move: ranked[0]?.move ?? core.best(),
      visits: children[0]?.visits ?? 0,
      value: winProbability(value),
      iterations: nodes,
      elapsedMs: elapsed(),
      stopped,
      arenaFull: false,
      children,
      principalVariation: core.principalVariation(32),
      depth: core.completedDepth(),
      score: value / 100,
    };
  };

  core.begin(weights, drawScore(settings.contempt, settings.evalScale));
  if (answersForced(legal.length, options)) return summarise('single move');
  // Nodes per millisecond over the deepenings so far (their own time: setting up is not node work).
  let workNodes = 0;
  let workMs = 0;
  // Until 5 ms of work is measured, a low guess: a budget that runs out early is retried.
  const rate = (): number => (workMs >= 5 ? workNodes / workMs : 20);
  for (let depth = 1; depth <= maxDepth; depth++) {
    let completed = false;
    for (;;) {
      const left = deadline - elapsed();
      const budget = Math.max(1, Math.min(maxNodes - nodes, Number.isFinite(left) ? Math.floor(left * rate()) : Infinity, 2 ** 31 - 1));
      const t0 = performance.now();
      const run = core.iterate(depth, budget);
      const took = performance.now() - t0;
      nodes += run.nodes;
      workNodes += run.nodes;
      workMs += took;
      completed = run.completed;
      // A budget from a rate guessed too low ran out early: try the depth again with the time
      // left (the table keeps what this attempt learned).
      if (completed || nodes >= maxNodes || !Number.isFinite(left) || deadline - elapsed() < Math.max(5, 0.2 * left)) break;
    }
    if (!completed) return summarise(nodes >= maxNodes ? 'iterations' : 'time');
    if (Math.abs(core.value()) >= DECIDED) return summarise('depth');
    if (depth === maxDepth) return summarise('depth');
    if (elapsed() >= deadline) return summarise('time');
    if (nodes >= maxNodes) return summarise('iterations');
    if (options.onProgress) {
      const s = summarise('depth');
      options.onProgress({ iterations: nodes, elapsedMs: s.elapsedMs, best: s.move, bestVisits: s.visits, bestValue: s.value, principalVariation: s.principalVariation, depth });
    }
    if (options.signal?.aborted) return summarise('cancelled');
    await yieldToEventLoop();
    if (options.signal?.aborted) return summarise('cancelled');
  }
  return summarise('depth');
}
