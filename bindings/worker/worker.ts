/**
 * The engine in a module worker, exposed with Comlink. The worker holds one engine (wasm backend)
 * for the game being played and makes a new one when a new game or a record is of another game.
 * Every call that changes the game answers with the new GameView; searches report progress
 * through a Comlink proxy and stop when cancel() arrives (the search yields between slices, so
 * the message gets through). A worker also runs its part of a parallel alpha-beta, one root move
 * at a time (rootsBegin, rootSearch; the page's client drives them: engine/parallel-alphabeta.ts).
 */
import * as Comlink from 'comlink';
import type { Drawing, GameMove, OptionSpec } from '../../reference/core/game.js';
import { UsageError } from '../../reference/core/errors.js';
import { gameOfPosition, gameOfRecord, type GameSummary } from '../engine/text-game.js';
import { createEngine } from '../games/create.js';
import type { Engine, GameConfig, RootSearchOptions } from '../engine/engine.js';
import type { AlphaBetaRoots, RootJob, RootJobResult } from '../engine/alphabeta-roots.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, gameOfBoard } from '../games/registry.js';
import type { SearchOptions, SearchProgress, SearchResult, SearchSettings } from '../engine/search.js';
import type { BoardGeometry, GameView } from '../engine/view.js';
import type { HowToPlay } from '../engine/game-entry.js';
import { boardGeometry, gameView, overlayRequest } from './view.js';
import { sendBoardsOnce } from './board-once.js';
import { searchSolvingFirst, trySolve } from '../solver/solve-first.js';

export type WorkerSearchOptions = Omit<SearchOptions, 'signal' | 'onProgress'>;

/** What a page may want to know of a game before playing it. */
export interface GameInfo extends GameSummary {
  readonly players: readonly [string, string];
  readonly drawing: Drawing;
  readonly defaultBoard: string;
  readonly namedBoards: readonly string[];
  /** Cells of each named board. */
  readonly boardSizes: Readonly<Record<string, number>>;
  /** Whether the game also plays on board shapes (a hexagon of any side, a torus, ...), not only its named boards. */
  readonly shapes: boolean;
  /** The sides of a hexagon (`hexhex(n)`) the game plays, from 2 to 12; none without shapes. */
  readonly hexSides: readonly number[];
  /** The sizes of a square torus (`torus(n,n)`) the game plays, from 3 to 16; none without shapes. */
  readonly torusSizes: readonly number[];
  /** Ways to start; the first is the default. */
  readonly setups: readonly string[];
  /** Rule options: allowed values (the first is the default) and what each means. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  readonly overlays: readonly string[];
  /** The settings of the game's levels 1–5 where not the first ladder's (levels.ts). */
  readonly levelSettings?: Readonly<Partial<SearchSettings>>;
  /** A short guide for a page's "How to play", with a worked example. */
  readonly howToPlay: HowToPlay;
}

/** The games, the default first. */
const GAMES: readonly GameInfo[] = GAME_IDS.map((id) => {
  const entry = gameEntry(id);
  const r = entry.rules;
  const sizesPlayed = (spec: (n: number) => string, from: number, to: number): number[] =>
    Array.from({ length: to - from + 1 }, (_, k) => from + k).filter((n) => r.board(spec(n)).ok);
  const boardSizes: Record<string, number> = {};
  for (const name of r.namedBoards) {
    const built = r.board(name);
    if (built.ok) boardSizes[name] = built.value.size;
  }
  return {
    id,
    title: r.title,
    players: entry.players,
    drawing: r.drawing,
    defaultBoard: r.defaultBoard,
    namedBoards: r.namedBoards,
    boardSizes,
    shapes: r.board('hexhex(4)').ok,
    hexSides: sizesPlayed((n) => `hexhex(${n})`, 2, 12),
    torusSizes: sizesPlayed((n) => `torus(${n},${n})`, 3, 16),
    setups: r.setups,
    options: r.options,
    overlays: Object.keys(entry.overlays),
    howToPlay: entry.howToPlay,
    ...(r.levelSettings ? { levelSettings: r.levelSettings } : {}),
  };
});

export class EngineWorker {
  private engine: Engine | null = null;
  private abort: AbortController | null = null;

  private get game(): Engine {
    if (!this.engine) throw new Error('no game yet: call newGame first');
    return this.engine;
  }

  /** The games this worker plays, the default first. */
  /** A heartbeat: answered at once, also while a search runs (it yields between slices). */
  ping(): number {
    return 1;
  }

  games(): readonly GameInfo[] {
    return GAMES;
  }

  /**
   * The game a new game is of: `config.game`, else the game its position or named board
   * belongs to, else the one being played, else the default. A board written as a shape
   * (`hexhex(7)`, `althex(6,7)`) names no game, even where a game lists it among its boards:
   * every game plays it. A board name is looked up in the game being played first (names belong
   * to their game); only a name it lacks points to another game, and one several games have is
   * refused (gameOfBoard).
   */
  private gameOf(config: GameConfig): string {
    if (config.game !== undefined) return String(config.game).trim().toLowerCase();
    if (typeof config.position === 'string') {
      const game = gameOfPosition(config.position, GAMES);
      if (game) return game;
    }
    if (typeof config.board === 'string') {
      const name = config.board.trim().toLowerCase();
      const game = /[()]/.test(name) || this.engine?.rules.namedBoards.includes(config.board) ? null : gameOfBoard(name);
      if (game) return game;
    }
    return this.engine?.rules.id ?? DEFAULT_GAME;
  }

  /**
   * Starts a new game; one of another game gets a new engine (the current one stays on failure).
   * Here and in every call that answers with a view, `overlays` names the overlays whose values
   * the view should carry (GameView.overlayValues), so that a board needs one round trip a move.
   */
  async newGame(config: GameConfig = {}, overlays?: readonly string[]): Promise<GameView> {
    const wanted = overlayRequest(overlays);
    const game = this.gameOf(config);
    gameEntry(game); // refuses an unknown game before anything changes
    if (this.engine && this.engine.rules.id === game) this.engine.reset({ ...config, game });
    else this.engine = await createEngine({ ...config, game, backend: 'wasm' });
    return gameView(this.engine, wanted);
  }

  /**
   * Replaces the game with the one a record describes; its `Game` tag says which game (the
   * current one when it has none). A bad record leaves the current game as it was.
   */
  async loadRecord(record: string, overlays?: readonly string[]): Promise<GameView> {
    const wanted = overlayRequest(overlays);
    const found = gameOfRecord(record, GAMES);
    if ('error' in found) throw new UsageError(found.error);
    const game = found.game ?? this.engine?.rules.id ?? DEFAULT_GAME;
    if (this.engine && this.engine.rules.id === game) {
      this.engine.loadRecord(record);
      return gameView(this.engine, wanted);
    }
    const engine = await createEngine({ game, backend: 'wasm' });
    engine.loadRecord(record);
    this.engine = engine;
    return gameView(engine, wanted);
  }

  view(overlays?: readonly string[]): GameView {
    return gameView(this.game, overlayRequest(overlays));
  }

  play(move: GameMove | string, overlays?: readonly string[]): GameView {
    const wanted = overlayRequest(overlays);
    this.game.play(move);
    return gameView(this.game, wanted);
  }

  /**
   * Why a move may not be played now, in the rules' words ("d4 touches your stone at c3"), or ''
   * when it is legal. Nothing changes: what a board shows for a click that makes no legal move.
   */
  explain(move: GameMove): string {
    const engine = this.game;
    const { rules, topology } = engine;
    if (!rules.isMoveShaped(move, topology)) return `not a ${rules.title} move on ${topology.spec}`;
    if (engine.isLegal(move)) return '';
    return rules.explainIllegal(topology, engine.state(), move, engine.legalMoves(), engine.options);
  }

  /**
   * Why the mover's piece on `cell` cannot move at all, in the rules' words, or '' when it can
   * (or the game does not say): what a board shows for a click on a piece with nowhere to go.
   */
  explainStuck(cell: number): string {
    const engine = this.game;
    const { rules, topology } = engine;
    if (!rules.explainStuck || !(Number.isInteger(cell) && cell >= 0 && cell < topology.size)) return '';
    return rules.explainStuck(topology, engine.state(), cell, engine.legalMoves(), engine.options);
  }

  /** Moves in the game's notation (a search's best line, a hint), as a page shows them. */
  formatMoves(moves: readonly GameMove[]): string[] {
    const engine = this.game;
    return moves.map((m) => engine.formatMove(m));
  }

  undo(overlays?: readonly string[]): GameView {
    const wanted = overlayRequest(overlays);
    this.game.undo();
    return gameView(this.game, wanted);
  }

  /** One of the game's per-cell overlays (GameView.overlays), e.g. Throngs' `potential`. */
  overlay(name: string): Int8Array {
    const engine = this.game;
    const overlays = gameEntry(engine.rules.id).overlays;
    const make = Object.hasOwn(overlays, name) ? overlays[name] : undefined;
    if (!make) {
      throw new UsageError(`${engine.rules.title} has no overlay ${JSON.stringify(name)} (it has ${Object.keys(overlays).join(', ') || 'none'})`);
    }
    // A copy of its own, so that transferring its buffer cannot take anything from the engine.
    const values = Int8Array.from(make(engine));
    return Comlink.transfer(values, [values.buffer]);
  }

  async search(options: WorkerSearchOptions, onProgress?: (progress: SearchProgress) => void): Promise<SearchResult> {
    this.abort?.abort();
    const abort = new AbortController();
    this.abort = abort;
    try {
      return await searchSolvingFirst(this.game, { ...options, signal: abort.signal, onProgress: onProgress ? (p: SearchProgress) => void onProgress(p) : undefined });
    } finally {
      if (this.abort === abort) this.abort = null;
    }
  }

  /**
   * The exact solver for `share` of `timeMs` on the current position (solve-first.ts): the answer
   * when it proves the position, else null. A parallel alpha-beta asks this first, as one worker's
   * search does by itself.
   */
  async trySolve(timeMs: number, share: number, evaluateForced?: boolean): Promise<SearchResult | null> {
    return trySolve(this.game, timeMs, share, evaluateForced);
  }

  private roots: AlphaBetaRoots | null = null;

  /** Begins this worker's part of a parallel alpha-beta at the current position: the root's moves. */
  rootsBegin(options: RootSearchOptions): readonly GameMove[] {
    this.roots = this.game.alphaBetaRoots(options);
    return this.roots.moves;
  }

  /** One root move of the parallel alpha-beta, to a depth in a window (AlphaBetaRoots.search). */
  rootSearch(job: RootJob): RootJobResult {
    if (!this.roots) throw new UsageError('no root search has begun here: call rootsBegin first');
    return this.roots.search(job);
  }

  /** The best line from a root move of the parallel alpha-beta. */
  rootLine(index: number, max: number): GameMove[] {
    if (!this.roots) throw new UsageError('no root search has begun here: call rootsBegin first');
    return this.roots.principalVariation(index, max);
  }

  /** Stops a running search; it answers with what it has. */
  cancel(): void {
    this.abort?.abort();
  }

  /** The geometry of the board in play, for a page that lost the answer that brought it (board-once.ts). */
  boardGeometry(): BoardGeometry {
    return boardGeometry(this.game);
  }
}

sendBoardsOnce();
Comlink.expose(new EngineWorker());
