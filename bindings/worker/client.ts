/**
 * What a page uses to talk to the engine worker: typed async methods over Comlink. The client
 * remembers the game's record, so if the worker dies it starts a new one and restores the game
 * (the record's Game tag tells the new worker which game it is).
 */
import * as Comlink from 'comlink';
import type { GameMove } from '../../reference/core/game.js';
import type { GameConfig } from '../engine/engine.js';
import type { SearchProgress, SearchResult } from '../engine/search.js';
import type { GameView } from '../engine/view.js';
import type { EngineWorker, GameInfo, WorkerSearchOptions } from './worker.js';

export type { GameConfig, GameInfo, GameView, SearchProgress, SearchResult };

/** How to start a worker; the default finds worker code next to this module. */
export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'throngs-engine' });

/** A call into a worker that died: the client restarts it and retries once. */
class WorkerGone extends Error {}

export class EngineClient {
  private worker!: Worker;
  private remote!: Comlink.Remote<EngineWorker>;
  private lastRecord: string | null = null;
  private lastConfig: GameConfig = {};
  private gameList: Promise<readonly GameInfo[]> | null = null;
  private dead: Promise<never> = new Promise(() => undefined);
  /** How many times the worker had to be restarted. */
  restarts = 0;

  constructor(private readonly factory: WorkerFactory = defaultFactory) {
    this.start();
  }

  private start(): void {
    this.worker = this.factory();
    this.remote = Comlink.wrap<EngineWorker>(this.worker);
    this.dead = new Promise<never>((_, reject) => {
      this.worker.addEventListener('error', (e) => {
        e.preventDefault?.();
        reject(new WorkerGone(`the engine worker failed: ${e.message}`));
      });
    });
    this.dead.catch(() => undefined);
  }

  /** Runs a call; if the worker is gone, restarts it, restores the game and tries once more. */
  private async call<T>(run: (remote: Comlink.Remote<EngineWorker>) => Promise<T>): Promise<T> {
    try {
      return await Promise.race([run(this.remote), this.dead]);
    } catch (e) {
      if (!(e instanceof WorkerGone)) throw e;
      await this.restart();
      return run(this.remote);
    }
  }

  /** Replaces the worker with a fresh one holding the same game. */
  async restart(): Promise<GameView> {
    this.worker.terminate();
    this.remote[Comlink.releaseProxy]();
    this.restarts++;
    this.start();
    return this.lastRecord !== null ? this.remember(await this.remote.loadRecord(this.lastRecord)) : this.remember(await this.remote.newGame(this.lastConfig));
  }

  /** Stops the worker for good. */
  dispose(): void {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
  }

  /** Test hook: the worker stops as if it had crashed; the next call brings it back. */
  simulateCrash(): void {
    this.worker.terminate();
    this.dead = Promise.reject(new WorkerGone('the engine worker was stopped'));
    this.dead.catch(() => undefined);
  }

  private remember(view: GameView): GameView {
    this.lastRecord = view.record;
    return view;
  }

  /** The games the engine plays (asked once). */
  games(): Promise<readonly GameInfo[]> {
    this.gameList ??= this.call((r) => r.games()).catch((e: unknown) => {
      this.gameList = null;
      throw e;
    });
    return this.gameList;
  }

  /** Starts a new game; `config.game` picks the game (default: the one being played). */
  async newGame(config: GameConfig = {}): Promise<GameView> {
    const view = await this.call((r) => r.newGame(config));
    // Remembered only once the worker took it: a refused config must not be restored later.
    this.lastConfig = { ...config, game: view.game };
    return this.remember(view);
  }

  async loadRecord(record: string): Promise<GameView> {
    return this.remember(await this.call((r) => r.loadRecord(record)));
  }

  async view(): Promise<GameView> {
    return this.remember(await this.call((r) => r.view()));
  }

  async play(move: GameMove | string): Promise<GameView> {
    return this.remember(await this.call((r) => r.play(move)));
  }

  async undo(): Promise<GameView> {
    return this.remember(await this.call((r) => r.undo()));
  }

  /** One of the game's per-cell overlays, by name (GameView.overlays). */
  overlay(name: string): Promise<Int8Array> {
    return this.call((r) => r.overlay(name));
  }

  search(options: WorkerSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<SearchResult> {
    return this.call((r) => r.search(options, onProgress ? Comlink.proxy(onProgress) : undefined));
  }

  /** Stops a running search; the pending search() answers with what it has. */
  async cancel(): Promise<void> {
    await this.remote.cancel();
  }
}
