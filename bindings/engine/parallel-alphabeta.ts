/**
 * Alpha-beta on several workers that share no memory: each holds its own engine at the position,
 * with its own transposition table kept through the iterations, and searches the root moves it
 * is sent in the window it is sent (alphabeta-roots.ts). Each iteration of the deepening is a
 * schedule of root moves (root-split.ts): the first with the full window, the others with null
 * windows at the best value known, spread over the free workers as they come free, so that the
 * value of a depth is the one-core search's whatever the timing. The shallow table entries each
 * job stores travel with the other workers' next jobs, so a position two root moves share is
 * mostly searched once. Only messages cross between workers, so no SharedArrayBuffer (and no
 * cross-origin isolation) is needed: the same driver runs over Node worker threads
 * (agents/root-parallel.ts) and browser workers (worker/client.ts).
 *
 * Budgets as in the one-core driver (alphabeta.ts): a depth; a time, turned into a node budget
 * per job at the rate measured so far, so every worker stops by the deadline and the search
 * keeps the deepest completed iteration (or a move of the unfinished one that beat its first
 * move); or nodes, shared between the jobs.
 */
import type { GameMove } from '../../reference/core/game.js';
import { UsageError } from '../../reference/core/errors.js';
import { MAX_PLY, WIN } from '../../reference/search/alphabeta.js';
import { checkAlphaBetaOptions, winProbability } from './alphabeta.js';
import type { AlphaBetaRoots, RootJob, RootJobResult } from './alphabeta-roots.js';
import type { Engine, RootSearchOptions } from './engine.js';
import { RootSplit } from './root-split.js';
import { answersForced, checkSearchOptions, type SearchChild, type SearchOptions, type Searched, type StopReason } from './search.js';

/** A worker as the driver sees it (its engine behind messages). */
export interface RootSearcher<M, L = M> {
  /** Begins a root search at the worker's position; the root's moves, in the same order on every worker. */
  begin(options: RootSearchOptions): Promise<readonly M[]>;
  search(job: RootJob): Promise<RootJobResult>;
  /** The best line from root move `index` (just the move unless its exact value was this worker's last). */
  principalVariation(index: number, max: number): Promise<readonly L[]>;
}

/** A parallel search's result, with the nodes each worker searched. */
export type ParallelSearched<M, L> = Searched<M, L> & { readonly workerNodes: readonly number[] };

const DECIDED = WIN / 2;

/**
 * The table entries a worker shares in an iteration of `depth`: those stored up to three moves
 * below the root, where two root moves transpose (a turn's two moves in either order, a move and
 * a reply in either order): tens of thousands a search, which save the other workers searching
 * the transposition again; deeper ones would be many more for less work saved each.
 */
const shareDepth = (depth: number): number => Math.max(1, depth - 3);

/** Searches the workers' common position with alpha-beta within the budgets of `options`. */
export async function parallelAlphaBeta<M, L>(searchers: readonly RootSearcher<M, L>[], options: SearchOptions): Promise<ParallelSearched<M, L>> {
  if (searchers.length < 1) throw new RangeError('a parallel search needs at least one worker');
  checkSearchOptions({ ...options, algorithm: 'alphabeta' });
  checkAlphaBetaOptions({ ...options, weights: undefined }, 0);
  const started = performance.now();
  const elapsed = (): number => performance.now() - started;
  const maxNodes = options.iterations ?? Infinity;
  const deadline = options.timeMs ?? Infinity;
  const maxDepth = options.depth ?? MAX_PLY;
  const lists = await Promise.all(searchers.map((s) => s.begin({ weights: options.weights, settings: options.settings })));
  const moves = lists[0]!;
  if (lists.some((l) => l.length !== moves.length)) throw new Error('the workers of a parallel search are not at the same position');

  const workerNodes = searchers.map(() => 0);
  let nodes = 0;
  // Nodes per millisecond over the jobs so far, as a round trip sees them.
  let workNodes = 0;
  let workMs = 0;
  const rate = (): number => (workMs >= 5 ? workNodes / workMs : 20);
  let best = 0;
  let bestValue = 0;
  let completedDepth = 0;
  /** Each move's last known value (exact or a bound) and nodes, for the order and the children. */
  const values = new Map<number, number>();
  const moveNodes = new Map<number, number>();
  const owner = new Map<number, number>();
  /** The value of each completed depth. */
  const depthValues: number[] = [];
  /** Table entries the other workers shared, waiting for each worker's next job. */
  const inbox: Int32Array[][] = searchers.map(() => []);
  const collect = (w: number): Int32Array | undefined => {
    const parts = inbox[w]!.splice(0);
    if (parts.length === 0) return undefined;
    const all = new Int32Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      all.set(p, at);
      at += p.length;
    }
    return all;
  };

  const summarise = async (stopped: StopReason): Promise<ParallelSearched<M, L>> => {
    const children: SearchChild<M>[] = moves
      .map((move, index) => ({ move, index, value: values.get(index) ?? 0 }))
      .sort((a, b) => Number(b.index === best) - Number(a.index === best) || b.value - a.value)
      .map((c) => ({ move: c.move, visits: moveNodes.get(c.index) ?? 0, value: winProbability(c.value), score: c.value / 100 }));
    const line = completedDepth > 0 || values.has(best) ? await searchers[owner.get(best) ?? 0]!.principalVariation(best, 32) : [];
    return {
      move: moves[best]!,
      visits: children[0]?.visits ?? 0,
      value: winProbability(bestValue),
      iterations: nodes,
      elapsedMs: elapsed(),
      stopped,
      arenaFull: false,
      children,
      principalVariation: line,
      depth: completedDepth,
      score: bestValue / 100,
      workerNodes,
    };
  };
  if (answersForced(moves.length, options)) return summarise('single move');

  /** Nodes of each completed depth, to guess how the next one grows. */
  const depthNodes: number[] = [];
  const speculationCap = (index: number): number => {
    const [a, b] = [depthNodes.at(-2), depthNodes.at(-1)];
    const growth = a && b ? Math.max(1, b / a) : 5;
    return Math.max(2000, Math.ceil(8 * growth * (moveNodes.get(index) ?? 0)));
  };

  /** Runs one depth over all workers; null when it completed, else why it stopped. */
  const iterate = async (split: RootSplit, depth: number, spent: Map<number, number>): Promise<StopReason | null> => {
    let stop: StopReason | null = null;
    let failure: unknown = null;
    let reserved = 0;
    let wake = (): void => undefined;
    let changed = new Promise<void>((resolve) => (wake = resolve));
    const notify = (): void => {
      const w = wake;
      changed = new Promise<void>((resolve) => (wake = resolve));
      w();
    };
    /** A job's nodes: its worker's share of what is left (never more than is not reserved), and what the time left allows. */
    const budget = (): { n: number; byNodes: boolean } => {
      const left = deadline - elapsed();
      const share = Math.min(Math.floor((maxNodes - nodes) / searchers.length), maxNodes - nodes - reserved);
      const timed = Number.isFinite(left) ? Math.floor(left * rate()) : Infinity;
      return { n: Math.min(share, timed, 2 ** 31 - 1), byNodes: share <= timed };
    };
    const work = async (w: number): Promise<void> => {
      while (stop === null && failure === null && !split.complete) {
        if (options.signal?.aborted) {
          stop = 'cancelled';
          break;
        }
        const window = split.next(w);
        if (!window) {
          // Nothing to start: wait for another worker's answer (one is out, or the split is done).
          if (!split.busy) throw new Error('parallel alpha-beta: no root move to search and none being searched');
          await changed;
          continue;
        }
        const { n: full, byNodes } = budget();
        // A try at the guess costs at most a few times the move's share of the last depth: near
        // the guess a null window is dear, and alpha, once known, may make it cheap.
        const n = window.speculative ? Math.min(full, speculationCap(window.index)) : full;
        if (n < 1) {
          split.release(window);
          stop = byNodes ? 'iterations' : 'time';
          break;
        }
        const left = deadline - elapsed();
        reserved += n;
        const t0 = performance.now();
        let r: RootJobResult;
        try {
          r = await searchers[w]!.search({ ...window, depth, budget: n, share: searchers.length > 1 ? shareDepth(depth) : 0, entries: collect(w) });
        } catch (e) {
          failure ??= e;
          break;
        } finally {
          reserved -= n;
          notify();
        }
        nodes += r.nodes;
        if (r.entries && r.entries.length > 0) inbox.forEach((box, u) => u !== w && box.push(r.entries!));
        workerNodes[w]! += r.nodes;
        workNodes += r.nodes;
        workMs += performance.now() - t0;
        spent.set(window.index, (spent.get(window.index) ?? 0) + r.nodes);
        if (r.completed) {
          split.record(window, r.value);
          owner.set(window.index, w);
        } else if (n < full) {
          split.release(window, true);
        } else {
          split.release(window);
          // A node budget that ran out ends the search; a time budget from a rate guessed too
          // low is tried again while there is time (the table keeps what the job learned).
          if (byNodes) stop = 'iterations';
          else if (!Number.isFinite(left) || deadline - elapsed() < Math.max(5, 0.2 * left)) stop = 'time';
        }
      }
      notify();
    };
    await Promise.all(searchers.map((_, w) => work(w)));
    if (failure !== null) throw failure;
    return split.complete ? null : (stop ?? 'cancelled');
  };

  for (let depth = 1; depth <= maxDepth; depth++) {
    // The best so far first, then by the last values (the sort is stable).
    const order = moves.map((_, i) => i).sort((a, b) => Number(b === best) - Number(a === best) || (values.get(b) ?? 0) - (values.get(a) ?? 0));
    // The guess for the null windows before the first move's value is known: the last value of
    // the same parity (evaluations swing between odd and even depths), else the last.
    const guess = depthValues[depth - 2] ?? depthValues[depth - 1] ?? null;
    const split = new RootSplit(order, guess, owner);
    const spent = new Map<number, number>();
    const stopped = await iterate(split, depth, spent);
    for (const [index, value] of split.values()) values.set(index, value);
    for (const [index, n] of spent) moveNodes.set(index, n);
    depthNodes.push([...spent.values()].reduce((a, b) => a + b, 0));
    const found = split.best();
    if (stopped !== null) {
      // As the one-core search: a move that beat the first one's value at this depth is kept.
      if (found && (found.beatFirst || completedDepth === 0)) {
        best = found.index;
        bestValue = found.value;
      }
      return summarise(stopped);
    }
    best = found!.index;
    bestValue = found!.value;
    completedDepth = depth;
    depthValues[depth] = bestValue;
    if (Math.abs(bestValue) >= DECIDED || depth === maxDepth) return summarise('depth');
    if (elapsed() >= deadline) return summarise('time');
    if (nodes >= maxNodes) return summarise('iterations');
    if (options.onProgress) {
      const s = await summarise('depth');
      options.onProgress({ iterations: nodes, elapsedMs: s.elapsedMs, best: s.move, bestVisits: s.visits, bestValue: s.value, principalVariation: s.principalVariation as unknown as GameMove[], depth });
    }
    if (options.signal?.aborted) return summarise('cancelled');
  }
  return summarise('depth');
}

/** A worker in this thread, over an engine of its own at the position (tests; measuring the schedule). */
export function localSearcher<M extends GameMove>(engine: Engine<unknown, M>): RootSearcher<M, GameMove> {
  let roots: AlphaBetaRoots<M> | null = null;
  const open = (): AlphaBetaRoots<M> => {
    if (!roots) throw new UsageError('the root search has not begun');
    return roots;
  };
  return {
    begin: async (o) => (roots = engine.alphaBetaRoots(o)).moves,
    search: async (job) => open().search(job),
    principalVariation: async (index, max) => open().principalVariation(index, max),
  };
}

/** Refuses a worker count outside 1..`most`. */
export function checkWorkers(workers: unknown, most: number): number {
  if (typeof workers !== 'number' || !Number.isInteger(workers) || workers < 1 || workers > most) {
    throw new UsageError(`workers must be a whole number from 1 to ${most}, got ${String(workers)}`);
  }
  return workers;
}
