/**
 * Searches over worker threads (Node), each worker keeping its own wasm engine in step with the
 * game. Tree search is root-parallel: every worker searches the same position with its own seed;
 * the root statistics (visits and value sums per move) are summed and the most visited move is
 * played. Alpha-beta splits each depth's root moves between the workers (parallel-alphabeta.ts).
 * Nothing is shared: moves and statistics travel as messages, so no SharedArrayBuffer is needed.
 */
import { Worker } from 'node:worker_threads';
import { mergeSearches, type Searched, type SearchOptions } from '../engine/search.js';
import type { GameSetup, RootSearchOptions } from '../engine/engine.js';
import type { RootJob, RootJobResult } from '../engine/alphabeta-roots.js';
import { parallelAlphaBeta, type ParallelSearched, type RootSearcher } from '../engine/parallel-alphabeta.js';

export type WorkerSearch = Pick<SearchOptions, 'iterations' | 'timeMs' | 'seed' | 'settings' | 'fresh'>;

export type RootRequest =
  | { readonly kind: 'start'; readonly game: GameSetup }
  | { readonly kind: 'play'; readonly move: string }
  | { readonly kind: 'search'; readonly options: WorkerSearch }
  | { readonly kind: 'roots'; readonly options: RootSearchOptions }
  | { readonly kind: 'root'; readonly job: RootJob }
  | { readonly kind: 'root-line'; readonly index: number; readonly max: number };

/** An alpha-beta search's budgets and evaluation, as a pool takes them. */
export type PoolAlphaBeta = Pick<SearchOptions, 'iterations' | 'timeMs' | 'depth' | 'weights' | 'settings'>;

/** A worker's search, its moves in notation (moves travel as text between threads). */
export type RootSearch = Searched<string, string>;

/** A pool of search workers following one game. */
export class RootParallelSearch {
  private constructor(private readonly workers: Worker[]) {}

  /** Worker threads of every pool that have not exited yet (a match must leave none behind). */
  static running = 0;

  static async start(game: GameSetup, count: number): Promise<RootParallelSearch> {
    if (!Number.isInteger(count) || count < 1 || count > 64) throw new RangeError(`workers must be a whole number from 1 to 64, got ${count}`);
    const workers = Array.from({ length: count }, () => {
      const worker = new Worker(new URL('./root-parallel-worker.mjs', import.meta.url));
      RootParallelSearch.running++;
      worker.once('exit', () => RootParallelSearch.running--);
      return worker;
    });
    const pool = new RootParallelSearch(workers);
    try {
      await pool.all({ kind: 'start', game });
    } catch (e) {
      await pool.close();
      throw e;
    }
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

  /** Alpha-beta over the workers, the root moves of each depth split between them; moves in notation. */
  async alphaBeta(options: PoolAlphaBeta): Promise<ParallelSearched<string, string>> {
    const searchers = this.workers.map(
      (w): RootSearcher<string> => ({
        begin: (o) => this.ask<string[]>(w, { kind: 'roots', options: o }),
        search: (job) => this.ask<RootJobResult>(w, { kind: 'root', job }),
        principalVariation: (index, max) => this.ask<string[]>(w, { kind: 'root-line', index, max }),
      }),
    );
    return parallelAlphaBeta(searchers, { ...options, algorithm: 'alphabeta' });
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}
