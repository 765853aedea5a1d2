/**
 * What a page uses to talk to the engine worker: typed async methods over Comlink. The client
 * remembers the game's record, so if the worker dies it starts a new one and restores the game
 * (the record's Game tag tells the new worker which game it is). A worker can die silently (a
 * terminated worker fires no event), so while a call is pending the client pings it; a worker
 * that stops answering is declared dead. Each restart is announced with a `restart` event.
 *
 * Beside it: the worker itself (worker.ts) and the game view it sends after every change
 * (view.ts).
 *
 * @module throngs-engine/worker
 */
import * as Comlink from 'comlink';
import type { GameMove } from '../../reference/core/game.js';
import type { GameConfig } from '../engine/engine.js';
import { mergeSearches, type SearchProgress, type SearchResult } from '../engine/search.js';
import { parallelAlphaBeta, type RootSearcher } from '../engine/parallel-alphabeta.js';
import { solverFirst } from '../engine/solve-share.js';
import type { GameView } from '../engine/view.js';
import type { EngineWorker, GameInfo, WorkerSearchOptions } from './worker.js';
import { BoardsKnown, isPartial, receiveBoardsOnce } from './board-once.js';

export type { GameConfig, GameInfo, GameView, SearchProgress, SearchResult, WorkerSearchOptions };

/** How to start a worker; the default finds worker code next to this module. */
export type WorkerFactory = () => globalThis.Worker;

const BaseWorker: typeof globalThis.Worker = globalThis.Worker ?? (class {} as unknown as typeof globalThis.Worker);

/**
 * The browser's Worker, except that a script on another origin (the library served from a CDN)
 * is started through a same-origin module that imports it: browsers refuse cross-origin worker
 * scripts, but not cross-origin imports. Named Worker so that bundlers still see the
 * `new Worker(new URL(...))` pattern below and ship the worker.
 */
class Worker extends BaseWorker {
  constructor(url: URL | string, options?: WorkerOptions) {
    const target = new URL(String(url), globalThis.location?.href);
    if (globalThis.location && target.origin !== globalThis.location.origin && target.protocol !== 'blob:') {
      const module = new Blob([`import ${JSON.stringify(target.href)};`], { type: 'text/javascript' });
      super(URL.createObjectURL(module), { ...options, type: 'module' });
    } else {
      super(url, options);
    }
  }
}

const defaultFactory: WorkerFactory = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'throngs-engine' });

/** How often a busy client pings its worker, and how long a ping may go unanswered. */
const PING_EVERY_MS = 1000;
const PING_TIMEOUT_MS = 6000;

/** The most workers a parallel search uses. */
export const MAX_WORKERS = 8;

export type ParallelSearchOptions = WorkerSearchOptions & {
  /** Over this many workers (1 to MAX_WORKERS; default 1): root-parallel tree search, or alpha-beta with each depth's root moves split. */
  readonly workers?: number;
};

/** How many workers `auto` means here: one per core but this page's, at most MAX_WORKERS. */
export function autoWorkers(): number {
  const cores = globalThis.navigator?.hardwareConcurrency ?? 1;
  return Math.max(1, Math.min(MAX_WORKERS, cores - 1));
}

/** Root-parallel searches of one position as one result (engine/search.ts: mergeSearches). */
export const mergeMoveSearches = (results: readonly SearchResult[]): SearchResult =>
  mergeSearches<GameMove>(results, (m) => `${m.kind}|${m.at ?? ''}|${m.to ?? ''}`);

/** A call into a worker that died: the client restarts it and retries once. */
class WorkerGone extends Error {}

/** The geometry of every board the page's workers sent (it depends on the board alone). */
const boardsKnown = new BoardsKnown();
receiveBoardsOnce(boardsKnown);

export class EngineClient extends EventTarget {
  private worker!: globalThis.Worker;
  private remote!: Comlink.Remote<EngineWorker>;
  private lastRecord: string | null = null;
  private lastConfig: GameConfig = {};
  private gameList: Promise<readonly GameInfo[]> | null = null;
  private dead: Promise<never> = new Promise(() => undefined);
  /** How many times the worker had to be restarted. */
  restarts = 0;
  /**
   * Calls sent to this client's worker (pings aside, which only ask whether it lives): a board's
   * cost per move is read from it. A call retried after a restart counts twice, the restart's
   * restoring of the game once.
   */
  roundTrips = 0;
  /**
   * The helper workers of root-parallel searches, with the record each holds; null when the
   * helper must load the game again before its next search (which also drops its tree).
   */
  private helpers: Array<{ client: EngineClient; record: string | null }> = [];
  /** Stops a parallel alpha-beta driven from here (cancel()). */
  private parallel: AbortController | null = null;

  constructor(private readonly factory: WorkerFactory = defaultFactory) {
    super();
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
      return await this.watched(this.send(run));
    } catch (e) {
      if (!(e instanceof WorkerGone)) throw e;
      await this.restart();
      return this.watched(this.send(run));
    }
  }

  private send<T>(run: (remote: Comlink.Remote<EngineWorker>) => Promise<T>): Promise<T> {
    this.roundTrips++;
    return run(this.remote);
  }

  /**
   * `pending`, unless the worker dies first: by an error event, or by not answering pings (a
   * search yields between slices, so a live worker answers within milliseconds).
   */
  private watched<T>(pending: Promise<T>): Promise<T> {
    const remote = this.remote;
    let timer: ReturnType<typeof setInterval> | undefined;
    const silent = new Promise<never>((_, reject) => {
      let answered = Date.now();
      timer = setInterval(() => {
        if (Date.now() - answered > PING_TIMEOUT_MS) reject(new WorkerGone(`the engine worker stopped answering for ${PING_TIMEOUT_MS / 1000} s`));
        remote.ping().then(
          () => (answered = Date.now()),
          () => undefined,
        );
      }, PING_EVERY_MS);
    });
    return Promise.race([pending, this.dead, silent]).finally(() => clearInterval(timer));
  }

  /** Replaces the worker with a fresh one holding the same game, and says so with a `restart` event. */
  async restart(): Promise<GameView> {
    this.worker.terminate();
    this.remote[Comlink.releaseProxy]();
    this.restarts++;
    this.start();
    const record = this.lastRecord;
    const view = await this.whole(await this.send((r) => (record !== null ? r.loadRecord(record) : r.newGame(this.lastConfig))));
    this.dispatchEvent(new CustomEvent('restart', { detail: { restarts: this.restarts, view } }));
    this.forgetHelperTrees();
    return this.remember(view);
  }

  /** Stops the worker (and any search helpers) for good. */
  dispose(): void {
    this.remote[Comlink.releaseProxy]();
    this.worker.terminate();
    for (const h of this.helpers.splice(0)) h.client.dispose();
  }

  /** Test hook: the worker stops as if it had crashed; the next call brings it back. */
  simulateCrash(): void {
    this.worker.terminate();
    this.dead = Promise.reject(new WorkerGone('the engine worker was stopped'));
    this.dead.catch(() => undefined);
  }

  /** Test hook: the worker is killed without a word, as an out-of-memory kill does. */
  simulateKill(): void {
    this.worker.terminate();
  }

  private remember(view: GameView): GameView {
    this.lastRecord = view.record;
    return view;
  }

  /** A view that came without its board's geometry gets it from the worker (board-once.ts). */
  private async whole(view: GameView): Promise<GameView> {
    if (!isPartial(view)) return view;
    const geometry = await this.send((r) => r.boardGeometry());
    return boardsKnown.fill({ ...view.wire, board: geometry })!;
  }

  /**
   * Called whenever this worker's engine drops its search tree (an undo, a loaded record, a new
   * game, a restart), so that the helpers drop theirs before they next search: all the workers
   * of a root-parallel search then hold trees of the same history. Comparing records is not
   * enough: after a move and its undo the record is the one a helper already holds, and the
   * helper would go on growing the tree of every earlier search of the position. Its root then
   * brings those searches' visits into the merge, and its iterations over a deep, full tree (short
   * playouts, proven ends, nothing added) cost a fraction of a fresh tree's.
   */
  private forgetHelperTrees(): void {
    for (const h of this.helpers) h.record = null;
  }

  /** The games the engine plays (asked once). */
  games(): Promise<readonly GameInfo[]> {
    this.gameList ??= this.call((r) => r.games()).catch((e: unknown) => {
      this.gameList = null;
      throw e;
    });
    return this.gameList;
  }

  /**
   * Starts a new game; `config.game` picks the game (default: the one being played). Here and in
   * the other calls that answer with a view, `overlays` names overlays whose values the view
   * should carry (GameView.overlayValues; names the game does not offer are left out), so that
   * a board showing overlays needs no call for them.
   */
  async newGame(config: GameConfig = {}, overlays?: readonly string[]): Promise<GameView> {
    const view = await this.whole(await this.call((r) => r.newGame(config, overlays)));
    // Remembered only once the worker took it: a refused config must not be restored later.
    this.lastConfig = { ...config, game: view.game };
    this.forgetHelperTrees();
    return this.remember(view);
  }

  async loadRecord(record: string, overlays?: readonly string[]): Promise<GameView> {
    const view = await this.whole(await this.call((r) => r.loadRecord(record, overlays)));
    this.forgetHelperTrees();
    return this.remember(view);
  }

  async view(overlays?: readonly string[]): Promise<GameView> {
    return this.remember(await this.whole(await this.call((r) => r.view(overlays))));
  }

  async play(move: GameMove | string, overlays?: readonly string[]): Promise<GameView> {
    return this.remember(await this.whole(await this.call((r) => r.play(move, overlays))));
  }

  /** Why a move may not be played now, in the rules' words, or '' when it is legal. */
  explain(move: GameMove): Promise<string> {
    return this.call((r) => r.explain(move));
  }

  /** Why the mover's piece on `cell` cannot move at all, in the rules' words, or '' when it can. */
  explainStuck(cell: number): Promise<string> {
    return this.call((r) => r.explainStuck(cell));
  }

  /** Moves in the game's notation (a search's best line, a hint). */
  formatMoves(moves: readonly GameMove[]): Promise<string[]> {
    return this.call((r) => r.formatMoves(moves));
  }

  async undo(overlays?: readonly string[]): Promise<GameView> {
    const view = await this.whole(await this.call((r) => r.undo(overlays)));
    this.forgetHelperTrees();
    return this.remember(view);
  }

  /** One of the game's per-cell overlays, by name (GameView.overlays); a board gets them with its views instead. */
  overlay(name: string): Promise<Int8Array> {
    return this.call((r) => r.overlay(name));
  }

  /**
   * Searches the current position. With `workers` above 1, this worker and `workers - 1` helper
   * workers (started on first use, each holding a copy of the game) search together. A tree
   * search is root-parallel: they search the same position with seeds seed, seed+1, ...; their
   * roots are summed move by move and the most visited move wins. Alpha-beta splits each depth's
   * root moves between them, driven from here (engine/parallel-alphabeta.ts). No memory is
   * shared, so no special headers are needed. Tree search progress comes from this worker.
   */
  async search(options: ParallelSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<SearchResult> {
    const { workers = 1, ...single } = options;
    if (!(Number.isInteger(workers) && workers >= 1 && workers <= MAX_WORKERS)) throw new RangeError(`workers must be a whole number from 1 to ${MAX_WORKERS}, got ${String(workers)}`);
    const own = (o: WorkerSearchOptions, progress = onProgress): Promise<SearchResult> =>
      this.call((r) => r.search(o, progress ? Comlink.proxy(progress) : undefined));
    if (workers === 1) return own(single);
    const record = this.lastRecord ?? (await this.view()).record;
    while (this.helpers.length < workers - 1) this.helpers.push({ client: new EngineClient(this.factory), record: null });
    const used = this.helpers.slice(0, workers - 1);
    await Promise.all(
      used.map(async (h) => {
        if (h.record === record) return;
        await h.client.loadRecord(record);
        h.record = record;
      }),
    );
    if (single.algorithm === 'alphabeta') return this.parallelAlphaBeta([this, ...used.map((h) => h.client)], single, onProgress);
    const seed = single.seed ?? Math.floor(Math.random() * 2 ** 32);
    const results = await Promise.all([own({ ...single, seed }), ...used.map((h, k) => h.client.search({ ...single, seed: (seed + k + 1) >>> 0 }))]);
    return mergeMoveSearches(results);
  }

  /** Alpha-beta over `clients`' workers, each depth's root moves split between them. */
  private async parallelAlphaBeta(clients: readonly EngineClient[], options: WorkerSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<SearchResult> {
    const searchers = clients.map(
      (c): RootSearcher<GameMove> => ({
        begin: (o) => c.call((r) => r.rootsBegin(o)),
        search: (job) => c.call((r) => r.rootSearch(job)),
        principalVariation: (index, max) => c.call((r) => r.rootLine(index, max)),
      }),
    );
    // The solver first, in this worker, as one worker's search does (solver/solve-first.ts).
    return solverFirst(
      options.timeMs,
      options.solveFirst,
      (timeMs, share) => this.call((r) => r.trySolve(timeMs, share, options.evaluateForced)),
      async (timeMs) => {
        this.parallel?.abort();
        const abort = new AbortController();
        this.parallel = abort;
        try {
          return await parallelAlphaBeta(searchers, { ...options, timeMs, signal: abort.signal, onProgress });
        } finally {
          if (this.parallel === abort) this.parallel = null;
        }
      },
    );
  }

  /** Stops a running search (and its helpers'); the pending search() answers with what it has. */
  async cancel(): Promise<void> {
    this.parallel?.abort();
    await Promise.all([this.send((r) => r.cancel()), ...this.helpers.map((h) => h.client.cancel())]);
  }
}
