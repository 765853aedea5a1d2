/**
 * Root-parallel tree search over worker threads (Node): each worker keeps its own wasm engine in
 * step with the game and searches the same position with its own seed; the root statistics
 * (visits and value sums per move) are summed and the most visited move is played. Nothing is
 * shared: moves and statistics travel as messages, so no SharedArrayBuffer is needed.
 */
import { Worker } from 'node:worker_threads';
import { mergeSearches, type Searched, type SearchOptions } from '../engine/search.js';
import type { GameSetup } from '../engine/engine.js';

export type WorkerSearch = Pick<SearchOptions, 'iterations' | 'timeMs' | 'seed' | 'settings' | 'fresh'>;

export type RootRequest =
  | { readonly kind: 'start'; readonly game: GameSetup }
  | { readonly kind: 'play'; readonly move: string }
  | { readonly kind: 'search'; readonly options: WorkerSearch };

/** A worker's search, its moves in notation (moves travel as text between threads). */
export type RootSearch = Searched<string, string>;

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
  async search(options: WorkerSearch): Promise<RootSearch> {
    const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    const parts = await Promise.all(this.workers.map((w, k) => this.ask<RootSearch>(w, { kind: 'search', options: { ...options, seed: (seed + k) >>> 0 } })));
    return mergeSearches(parts, (move) => move);
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
