/**
 * Root-parallel tree search over worker threads (Node): each worker keeps its own wasm engine in
 * step with the game and searches the same position with its own seed; the root statistics
 * (visits and value sums per move) are summed and the most visited move is played. Nothing is
 * shared: moves and statistics travel as messages, so no SharedArrayBuffer is needed.
 */
import { Worker } from 'node:worker_threads';
import type { SearchOptions } from '../engine/search.js';
import type { GameSetup } from './agents.js';

export type WorkerSearch = Pick<SearchOptions, 'iterations' | 'timeMs' | 'seed' | 'settings'>;

export type RootRequest =
  | { readonly kind: 'start'; readonly game: GameSetup }
  | { readonly kind: 'play'; readonly move: string }
  | { readonly kind: 'search'; readonly options: WorkerSearch };

export interface RootStats {
  readonly iterations: number;
  /** The root's moves in notation, with their visits and value sums (for the player to move). */
  readonly children: ReadonlyArray<{ readonly move: string; readonly visits: number; readonly valueSum: number }>;
}

export interface MergedSearch extends RootStats {
  /** The most visited move over all workers (ties: the better mean, then the first seen). */
  readonly move: string;
  readonly visits: number;
  readonly value: number;
}

/** Sums the workers' root statistics move by move. */
export function mergeRoots(parts: readonly RootStats[]): MergedSearch {
  const byMove = new Map<string, { move: string; visits: number; valueSum: number }>();
  for (const part of parts) {
    for (const c of part.children) {
      const m = byMove.get(c.move) ?? { move: c.move, visits: 0, valueSum: 0 };
      m.visits += c.visits;
      m.valueSum += c.valueSum;
      byMove.set(c.move, m);
    }
  }
  const children = [...byMove.values()];
  const mean = (c: { visits: number; valueSum: number }): number => (c.visits > 0 ? c.valueSum / c.visits : 0.5);
  const best = children.reduce((b, c) => (c.visits > b.visits || (c.visits === b.visits && mean(c) > mean(b)) ? c : b), children[0]!);
  return { move: best.move, visits: best.visits, value: mean(best), iterations: parts.reduce((n, p) => n + p.iterations, 0), children };
}

/** A pool of search workers following one game. */
export class RootParallelSearch {
  private constructor(private readonly workers: Worker[]) {}

  static async start(game: GameSetup, count: number): Promise<RootParallelSearch> {
    if (!Number.isInteger(count) || count < 1 || count > 64) throw new RangeError(`workers must be a whole number from 1 to 64, got ${count}`);
    const workers = Array.from({ length: count }, () => new Worker(new URL('./root-parallel-worker.mjs', import.meta.url)));
    const pool = new RootParallelSearch(workers);
    await pool.all({ kind: 'start', game });
    return pool;
  }

  private ask<T>(worker: Worker, request: RootRequest): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const onMessage = (m: T | { error: string }): void => {
        worker.off('error', reject);
        if (m && typeof m === 'object' && 'error' in m) reject(new Error(m.error));
        else resolve(m as T);
      };
      worker.once('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(request);
    });
  }

  private all<T>(request: RootRequest): Promise<T[]> {
    return Promise.all(this.workers.map((w) => this.ask<T>(w, request)));
  }

  /** Tells every worker's engine about a move (in notation). */
  async play(move: string): Promise<void> {
    await this.all({ kind: 'play', move });
  }

  /** Searches on every worker at once, worker k with seed `seed + k`; merges the roots. */
  async search(options: WorkerSearch): Promise<MergedSearch> {
    const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const parts = await Promise.all(this.workers.map((w, k) => this.ask<RootStats>(w, { kind: 'search', options: { ...options, seed: (seed + k) >>> 0 } })));
    return mergeRoots(parts);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
