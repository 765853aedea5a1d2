/**
 * The controller: the game behind a board, through the worker client. It serialises every
 * change (clicks, attributes, API calls and the AI never interleave), asks for the overlays the
 * board shows with each view (one round trip a move), runs the AI loop, and finds hints and
 * analyses. It draws nothing: it tells its host (the element) what changed.
 */
import type { GameMove } from '../../reference/core/game.js';
import type { Player } from '../../reference/core/types.js';
import { levelSearch } from '../agents/levels.js';
import type { SearchProgress, SearchResult, SolvedValue } from '../engine/search.js';
import type { GameView } from '../engine/view.js';
import { EngineClient, type GameConfig, type GameInfo, type ParallelSearchOptions, type WorkerSearchOptions } from '../worker/client.js';
import { aiLevelFor, moveEnd, seatOf, type AiSides } from './board-logic.js';
import type { Part } from './frame.js';

/** What analyse() found: the search, its best line in notation, and how the side to move stands. */
export interface Analysis {
  readonly result: SearchResult;
  readonly line: readonly string[];
  /** The side to move's chance to win as the search sees it (its best move's mean value), 0 to 1. */
  readonly winProbability: number;
  readonly toMove: Player;
  /** The exact solver proved the position: its value for the side to move, and the moves that keep it. */
  readonly solved?: SolvedValue;
}

/** A hint is a level-5 search: strong enough to teach, quick enough to wait for. */
export const HINT_SEARCH: WorkerSearchOptions = { iterations: 10_000, timeMs: 700 };
/** An analysis gives the exact solver a quarter of its time first: a position it proves is shown solved. */
export const ANALYSIS_SEARCH: WorkerSearchOptions = { timeMs: 1500, solveFirst: 0.25 };

/** What the controller needs of the element: its attributes' meaning, and where to say what changed. */
export interface ControllerHost {
  /** The element's tag, for messages. */
  readonly tag: string;
  ai(): AiSides;
  paused(): boolean;
  editing(): boolean;
  aiDelay(): number;
  workers(): number;
  /** The overlays to ask for with each view, out of those the games offer. */
  wanted(offered: readonly string[]): string[];
  /** A new view is on show. */
  showing(view: GameView): void;
  redraw(...parts: Part[]): void;
  emit(type: string, detail?: unknown): void;
  report(e: unknown): void;
  say(text: string): void;
}

export class GameController {
  view: GameView | null = null;
  /** Overlay values at hand for the view on show, by name. */
  overlays = new Map<string, Int8Array>();
  thinking: SearchProgress | null = null;
  thinkingFor: Player | null = null;
  /** The move a hint suggests for the position on show, until the position changes. */
  hintMove: GameMove | null = null;
  /** The hint in words, for the status line ('' when none). */
  hintText = '';
  /** The last analysis of the position on show: each end cell's share of the root visits (the heat map). */
  heat: Map<number, number> | null = null;
  /** Whether the game on show was started from a position rather than the board's set-up. */
  fromPosition = false;
  /** The record the hint and the heat map belong to: they go when the game moves on. */
  private markedRecord = '';
  /** Set when a running search is stopped to be thrown away (undo, new game). */
  private discardSearch = false;
  /** Ends the wait for the AI's pace at once (set while the AI's move waits out ai-delay). */
  private endPaceWait: (() => void) | null = null;
  /** Changes of the game requested and not yet begun (see change()). */
  private changesPending = 0;
  private pending: Promise<unknown> = Promise.resolve();
  /** Every overlay name of every game, so that a view of a game not yet known brings its own. */
  private overlayNames: readonly string[] = [];

  constructor(
    readonly client: EngineClient,
    private readonly host: ControllerHost,
  ) {}

  /**
   * Serialises changes to the game. Failures of the element's own work are reported; API calls
   * reject to their caller instead.
   */
  queue<T>(task: () => Promise<T>, report = true): Promise<T> {
    const run = this.pending.then(task, task);
    this.pending = run.then(
      () => undefined,
      (e: unknown) => {
        if (report) this.host.report(e);
      },
    );
    return run;
  }

  /**
   * Queues a change of the game (new game, record, undo) that replaces the position: a search
   * running now is abandoned, and none starts until the change is made (an AI queued to move
   * before it, as AI against AI always is, does not play on in the meantime).
   */
  change<T>(task: () => Promise<T>, report = true): Promise<T> {
    this.changesPending++;
    void this.abandonSearch();
    return this.queue(async () => {
      this.changesPending--;
      return task();
    }, report);
  }

  private requested(): string[] {
    return this.host.wanted(this.overlayNames);
  }

  /** Starts the game the attributes describe; bad values are reported and replaced by defaults. */
  async start(attributes: { game: string | null; position: string | null; board: string | null }): Promise<void> {
    const games = await this.client.games();
    this.overlayNames = [...new Set(games.flatMap((g) => g.overlays))];
    // The worker lists the registry's default game first: the game when the attribute is absent.
    const fallback = games[0]!;
    const { game: requested, position, board } = attributes;
    let info: GameInfo = fallback;
    if (requested !== null && requested.trim() !== '') {
      const key = requested.trim().toLowerCase();
      const found = games.find((g) => g.id === key || g.title.toLowerCase() === key);
      if (found) info = found;
      else console.warn(`${this.host.tag}: bad game attribute "${requested}" (${games.map((g) => g.id).join(', ')}); using ${fallback.id}`);
    }
    const game = info.id;
    if (position !== null && position.trim() !== '') {
      try {
        const view = await this.client.newGame({ game, position }, this.requested());
        this.fromPosition = true;
        this.show(view);
        return;
      } catch (e) {
        console.warn(`${this.host.tag}: bad position attribute: ${(e as Error).message}; starting from the set-up of the board instead`);
      }
    }
    this.fromPosition = false;
    if (board !== null && board.trim() !== '') {
      try {
        this.show(await this.client.newGame({ game, board: board.trim() }, this.requested()));
        return;
      } catch (e) {
        console.warn(`${this.host.tag}: bad board attribute: ${(e as Error).message}; using ${info.defaultBoard}`);
      }
    }
    this.show(await this.client.newGame({ game, board: info.defaultBoard }, this.requested()));
  }

  newGame(config: GameConfig): Promise<GameView> {
    return this.change(async () => {
      const view = await this.client.newGame(config, this.requested());
      this.fromPosition = typeof config.position === 'string' && config.position.trim() !== '';
      return this.show(view);
    }, false);
  }

  loadRecord(record: string, at?: number): Promise<GameView> {
    return this.change(async () => {
      let view = await this.client.loadRecord(record, this.requested());
      this.fromPosition = false;
      if (at === undefined || at >= view.history.length) return this.show(view);
      // Only the last undo's view is shown: it alone brings the overlays.
      while (view.history.length > at) view = await this.client.undo(view.history.length - 1 === at ? this.requested() : undefined);
      return this.show(view, false);
    }, false);
  }

  undo(): Promise<GameView> {
    return this.change(async () => this.show(await this.client.undo(this.requested()), false), false);
  }

  /** Takes back the steps of a move being built (GameDetails.path); the view afterwards. */
  cancelMove(): Promise<GameView | null> {
    return this.queue(async () => {
      let view = this.view;
      if (!view) return null;
      // Each step added one cell to the path.
      for (let steps = (view.details.path?.length ?? 0) - 1; steps > 0; steps--) view = await this.client.undo(steps === 1 ? this.requested() : undefined);
      return view === this.view ? view : this.show(view, false);
    }, false);
  }

  play(move: GameMove | string): Promise<GameView> {
    return this.queue(() => this.commit(move), false);
  }

  /** A move the user made on the board: played, then the AI answers if it is its turn. */
  userMove(move: GameMove): void {
    void this.queue(async () => {
      await this.commit(move);
      await this.maybeThink();
    });
  }

  private async commit(move: GameMove | string): Promise<GameView> {
    const player = this.view?.toMove ?? 1;
    const seat = seatOf(this.view?.seats, player);
    const view = await this.client.play(move, this.requested());
    const last = view.history.at(-1)!;
    this.show(view, false);
    this.host.emit('move', { move: last.move, notation: last.notation, player, seat });
    return view;
  }

  private show(view: GameView, think = true): GameView {
    this.view = view;
    this.overlays = new Map(Object.entries(view.overlayValues ?? {}));
    if (view.record !== this.markedRecord) {
      this.hintMove = null;
      this.hintText = '';
      this.heat = null;
    }
    this.host.showing(view);
    if (think) void this.queue(() => this.maybeThink());
    return view;
  }

  /** Brings the overlays the board now wants, if it lacks any (a show-<name> attribute was set). */
  async refreshOverlays(): Promise<void> {
    const v = this.view;
    if (!v) return;
    const wanted = this.host.wanted(v.overlays);
    if (wanted.some((name) => !this.overlays.has(name))) {
      const fresh = await this.client.view(wanted);
      if (this.view === v) this.overlays = new Map(Object.entries(fresh.overlayValues ?? {}));
    }
    this.host.redraw('board');
  }

  /** Why a click's move is illegal (or why the piece on `stuck` cannot move at all), in the rules' words. */
  explain(meant: GameMove, stuck: number | null): Promise<string> {
    return this.queue(async () => (stuck !== null ? await this.client.explainStuck(stuck) : '') || this.client.explain(meant));
  }

  /** Lets the AI move if it is its turn. */
  think(): void {
    void this.queue(() => this.maybeThink());
  }

  async stopThinking(): Promise<void> {
    if (this.thinkingFor !== null) await this.client.cancel();
  }

  /** Stops the AI's current search and throws its answer away. */
  async abandonSearch(): Promise<void> {
    if (this.thinkingFor === null) return;
    this.discardSearch = true;
    this.endPaceWait?.();
    await this.client.cancel();
  }

  /** If an AI plays the side to move, searches and plays its move. */
  private async maybeThink(): Promise<void> {
    const v = this.view;
    const host = this.host;
    if (!v || v.outcome || this.thinkingFor !== null || this.changesPending > 0 || host.editing() || host.paused()) return;
    // The ai attribute names seats: after a swap of seats the AI plays the other colour.
    const level = aiLevelFor(host.ai(), v.seats, v.toMove);
    if (level === undefined) return;
    this.thinkingFor = v.toMove;
    this.thinking = null;
    this.discardSearch = false;
    host.redraw('status');
    const started = performance.now();
    try {
      const info = (await this.client.games()).find((g) => g.id === v.game);
      const result = await this.client.search(this.withWorkers(levelSearch(level, info ?? {})), (p) => {
        this.thinking = p;
        host.redraw('status');
      });
      // A watchable pace for AI against AI: the move waits out the rest of ai-delay.
      const wait = host.aiDelay() - (performance.now() - started);
      if (wait > 0 && !this.discardSearch && this.changesPending === 0) {
        // A move thrown away (a pause, an undo) need not wait for its pace.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, wait);
          this.endPaceWait = () => (clearTimeout(timer), resolve());
        });
        this.endPaceWait = null;
      }
      this.thinkingFor = null;
      this.thinking = null;
      // The AI was taken off this side while it thought (ai="none" pauses a game): no move.
      const stillAi = aiLevelFor(host.ai(), v.seats, v.toMove) !== undefined && !host.paused();
      if (this.discardSearch || this.changesPending > 0 || !stillAi) {
        this.discardSearch = false;
        host.redraw('status');
        return;
      }
      await this.commit(result.move);
    } finally {
      this.thinkingFor = null;
      this.thinking = null;
    }
    await this.maybeThink();
  }

  /**
   * A search's options with the workers it may use: timed AI levels (tree search root-parallel,
   * alpha-beta with the root moves split), and hints (`always`).
   */
  private withWorkers(options: WorkerSearchOptions, always = false): ParallelSearchOptions {
    const timed = options.iterations === undefined;
    return timed || always ? { ...options, workers: this.host.workers() } : options;
  }

  hint(options: WorkerSearchOptions): Promise<{ move: GameMove; notation: string } | null> {
    return this.queue(async () => {
      const v = this.view;
      if (!v || v.outcome) return null;
      this.host.say('Looking for a hint…');
      const result = await this.client.search(this.withWorkers(options, true));
      const [notation = result.move.kind] = await this.client.formatMoves([result.move]);
      this.host.say('');
      if (this.view !== v) return null;
      this.hintMove = result.move;
      this.markedRecord = v.record;
      // A move without a cell is named as the game names it ("end the turn"), not by its notation.
      const words = result.move.at === undefined ? v.words?.moves?.[result.move.kind]?.hint : undefined;
      this.hintText = `Hint: ${words ?? notation}`;
      this.host.redraw('analysis', 'status');
      this.host.emit('hint', { move: result.move, notation });
      return { move: result.move, notation };
    }, false);
  }

  analyse(options: WorkerSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<Analysis | null> {
    return this.queue(async () => {
      const v = this.view;
      if (!v || v.outcome) return null;
      // A forced move still has a value to tell (a search for a move would just play it).
      const result = await this.client.search({ ...options, evaluateForced: true }, onProgress);
      const line = await this.client.formatMoves(result.principalVariation.length > 0 ? result.principalVariation : [result.move]);
      if (this.view !== v) return null;
      const total = result.children.reduce((sum, c) => sum + c.visits, 0) || 1;
      const heat = new Map<number, number>();
      for (const child of result.children) {
        const end = moveEnd(child.move);
        if (end !== undefined) heat.set(end, Math.max(heat.get(end) ?? 0, child.visits / total));
      }
      this.heat = heat;
      this.markedRecord = v.record;
      this.host.redraw('analysis');
      const best = result.children[0];
      const analysis: Analysis = {
        result,
        line,
        winProbability: result.solved ? result.value : (best?.value ?? result.value),
        toMove: v.toMove,
        ...(result.solved ? { solved: result.solved } : {}),
      };
      this.host.emit('analysis', analysis);
      return analysis;
    }, false);
  }

  clearAnalysis(): void {
    this.heat = null;
    this.hintMove = null;
    this.hintText = '';
    this.host.redraw('analysis', 'status');
  }
}
