/**
 * The engine in a module worker, exposed with Comlink. Every call that changes the game answers
 * with the new GameView; searches report progress through a Comlink proxy and stop when cancel()
 * arrives (the search yields between slices, so the message gets through).
 */
import * as Comlink from 'comlink';
import type { Move, Player } from '../reference/types.js';
import type { GameConfig } from './engine.js';
import type { SearchOptions, SearchProgress, SearchResult } from './search.js';
import { gameView, type GameView } from './view.js';
import { createWasmEngine, type WasmEngine } from './wasm.js';

export type WorkerSearchOptions = Omit<SearchOptions, 'signal' | 'onProgress'>;

export class EngineWorker {
  private engine: WasmEngine | null = null;
  private abort: AbortController | null = null;

  private get game(): WasmEngine {
    if (!this.engine) throw new Error('no game yet: call newGame first');
    return this.engine;
  }

  async newGame(config: GameConfig = {}): Promise<GameView> {
    if (!this.engine) this.engine = await createWasmEngine(config);
    else this.engine.reset(config);
    return gameView(this.engine);
  }

  async loadRecord(record: string): Promise<GameView> {
    if (!this.engine) this.engine = await createWasmEngine({});
    this.engine.loadRecord(record);
    return gameView(this.engine);
  }

  view(): GameView {
    return gameView(this.game);
  }

  play(move: Move | string): GameView {
    this.game.play(move);
    return gameView(this.game);
  }

  undo(): GameView {
    this.game.undo();
    return gameView(this.game);
  }

  potentials(player?: Player): Int8Array {
    const ap = this.game.actionPotentials(player);
    return Comlink.transfer(ap, [ap.buffer]);
  }

  territory(): Uint8Array {
    const t = this.game.territory();
    return Comlink.transfer(t, [t.buffer]);
  }

  async search(options: WorkerSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<SearchResult> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    try {
      return await this.game.search({ ...options, signal: abort.signal, onProgress: onProgress ? (p) => void onProgress(p) : undefined });
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /** Stops a running search; it answers with what it has. */
  cancel(): void {
    this.abort?.abort();
  }
}

Comlink.expose(new EngineWorker());
