/**
 * The public engine API: one `Engine` interface for every game of the family, over two backends,
 * the pure-TypeScript reference engine and the WebAssembly core. Both accept moves as data or
 * notation, refuse bad input with typed errors before anything changes, and keep a game record
 * that is never lost. A game adds queries of its own by extending Engine (see games/). The
 * interface only: createEngine (bindings/index.ts) picks a game's backend from the registry.
 *
 * In this folder (engine/): this interface; the contract a game's bindings fill in for the
 * registry (game-entry.ts); BaseEngine, what both backends share: notation, errors, replaying
 * (base-engine.ts), with the record's text (record-text.ts), the checks of what callers pass in
 * (input-shapes.ts, state-check.ts); the reference backend (reference-engine.ts); the search
 * drivers, budgets and slices (search.ts, alphabeta.ts), alpha-beta's root moves one at a time
 * (alphabeta-roots.ts) and split between workers (root-split.ts, parallel-alphabeta.ts); the
 * board view's types (view.ts).
 */
import type { GameMove, GameOutcome, GameRules } from '../../reference/core/game.js';
import type { PlayoutOptions, PlayoutResult } from '../../reference/search/playout.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Player } from '../../reference/core/types.js';
import type { SearchOptions, SearchResult } from './search.js';
import type { AlphaBetaRoots } from './alphabeta-roots.js';

/** What a root search takes of a search's options. */
export type RootSearchOptions = Pick<SearchOptions, 'weights' | 'settings'>;

export type Backend = 'reference' | 'wasm';

export interface GameConfig {
  /** The game's id (a key of the registry, bindings/games/registry.ts; default: its default game); an engine plays one game. */
  readonly game?: string;
  /** Board spec, e.g. `ragged63`, `hex3-4`, `hexhex(6)`, `torus(8,8)`; default: the game's. */
  readonly board?: string;
  /** How the game starts (one of the game's set-ups; default: its first). */
  readonly setup?: string;
  readonly options?: Readonly<Record<string, unknown>>;
  /** Start from this position (the game's position notation) instead of a set-up. */
  readonly position?: string;
}

/**
 * A game as agents and matches set it up: its board is always named; a `position` (an opening
 * of a suite) starts the game there instead of at the set-up.
 */
export interface GameSetup extends Omit<GameConfig, 'board'> {
  readonly board: string;
}

export interface EngineConfig extends GameConfig {
  readonly backend?: Backend;
  /** Size of the wasm core's search arena in megabytes (default: it starts small and grows with the search budget, up to 96). */
  readonly arenaMB?: number;
}

export interface Engine<S = unknown, M extends GameMove = GameMove> {
  readonly backend: Backend;
  /** The rules this engine plays. */
  readonly rules: GameRules<S, M>;
  readonly topology: Topology;
  readonly options: Readonly<Record<string, unknown>>;

  /** Starts a new game; the board, set-up and options default to the current ones. */
  reset(config?: GameConfig): void;
  /**
   * Replaces the game with a position (text or state); the history starts afresh. A state object
   * is taken only when it is a state of the game (its fields of the kinds the engine's own states
   * have, passing the rules' checks, and writing a position that reads back); anything else is a
   * PositionError and changes nothing.
   */
  load(position: string | S): void;
  /** Replaces the game with the one a record describes, replayed move by move. */
  loadRecord(record: string): void;
  position(form?: 'human' | 'machine'): string;
  state(): S;
  /** Cell contents in canonical order (0 empty; the game's pieces otherwise). */
  cells(): Uint8Array;

  legalMoves(): M[];
  isLegal(move: GameMove | string): boolean;
  /** Plays a move; an illegal or malformed one throws and changes nothing. */
  play(move: GameMove | string): M;
  undo(): M;
  /** Moves played since the game started or was loaded. */
  history(): M[];
  /** The same moves with who played each and their notation. */
  moveLog(): Array<{ move: M; player: Player; notation: string }>;
  /** The game record (tags and moves); loadRecord(record()) gives the same game. */
  record(): string;

  /** The colour to move (1 = Black/Dark/P1). */
  toMove(): Player;
  /** The seat (the player at the table, numbered by the colour they began with) now playing `colour`. */
  seatOf(colour: Player): Player;
  /** The seat to move: toMove() unless a pie swapped seats. */
  seatToMove(): Player;
  /** Black's and White's scores (exact; halves where the game has a half point). */
  scores(): [number, number];
  outcome(): GameOutcome | null;
  /** Legal end cells of moves starting at `site` (what a board highlights on selection). */
  destinations(site: number): number[];

  /**
   * A seeded random game from the current position; the position is not changed. `maxMoves` is a
   * whole number up to 2^31-1 (16,384 with `record`), alike on both backends.
   */
  playout(seed: number, options?: PlayoutOptions): PlayoutResult;
  /**
   * Monte Carlo tree search from the current position within an iteration and/or time budget.
   * The tree is kept between searches and follows the moves played; an undo, a new game, a
   * loaded record, `fresh: true` or (wasm) an arena the kept tree filled start a new one. A
   * search owns the engine until it ends: another search, a playout, an evaluation or a change
   * of the game meanwhile is refused with a UsageError before anything changes.
   */
  search(options: SearchOptions): Promise<SearchResult<M>>;
  /**
   * Alpha-beta from the current position with its root moves searched one call at a time, each
   * to a depth in a window: a parallel search's worker (alphabeta-roots.ts). It holds until the
   * engine next changes; the weights and contempt are a search's (SearchOptions).
   */
  alphaBetaRoots(options?: RootSearchOptions): AlphaBetaRoots<M>;
  /**
   * The game's heuristic evaluation of the current position (what alpha-beta's leaves see): P1's
   * advantage in hundredths of a point, by the terms of `rules.evaluation` with their default
   * weights or `weights`.
   */
  evaluate(weights?: readonly number[]): number;

  formatMove(move: GameMove): string;
  parseMove(text: string): GameMove;

  /**
   * The packed move API, for search loops written in JavaScript: moves as codes (the game's
   * `rules.pack`, one u32 a move) instead of objects. The legal moves' codes, in the order of
   * legalMoves(). On the wasm backend this is a view into the module's memory, valid until the
   * next call on this engine: copy it (`slice()`) to keep it.
   */
  legalCodes(): Uint32Array;
  /** Plays the legal move with this code; any other code is refused (IllegalMoveError) and nothing changes. */
  playCode(code: number): void;
  /** Takes back the last move, as undo(), and returns its code. */
  undoCode(): number;
  /** The code of a move (an object or its notation), legal now or not. */
  codeOf(move: GameMove | string): number;
  /** The legal move with this code, as an object (its notation: formatMove(moveOf(code))). */
  moveOf(code: number): M;
}
