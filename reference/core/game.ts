/**
 * The game contract: what every game of the family implements so that search, tools, both
 * backends and the board UI work for it without naming it. A game is pure rules over a plain
 * state object; the generic session (./session.ts) adds history, undo and error reporting.
 *
 * Conventions every game keeps:
 * - Players are 1 and 2; cells of a state are a Uint8Array in canonical order (0 = empty, other
 *   values are the game's pieces, 1 and 2 being the players' own).
 * - A move is plain data with a `kind` and, where it has them, an origin `at` and a destination
 *   `to` (canonical cell indices). `pack` turns it into a u32 that identifies it in its position;
 *   ascending packed value is the canonical move order of both engines, so that a seeded random
 *   choice picks the same move in both.
 * - Scores are exact numbers: whole, or halves where a game has a half point (Populace's
 *   button); a wasm module keeps such scores doubled, as integers, and its codec halves them.
 * - Colours and seats: `toMove` and an outcome's `winner` are colours (1 = Black/Dark/P1). A seat
 *   is a player at the table, numbered by the colour they began with; only a game whose pie swaps
 *   seats rather than stones (Populace) lets them differ, through `seatOf`.
 *
 * In this folder (core/): the contract (this file), the generic GameSession that adds history,
 * undo and typed errors (session.ts), errors.ts, the seeded Rng (rng.ts), game records
 * (record.ts), position text helpers (position-text.ts) and shared types (types.ts).
 */
import type { BoardError, NotationError, Result } from './errors.js';
import type { Topology } from '../boards/topology.js';
import type { Player } from './types.js';
import type { Rng } from './rng.js';
import type { SearchSettings } from '../search/settings.js';

export interface GameMove {
  readonly kind: string;
  /** Origin (or the only cell of a placement); absent for moves without cells. */
  readonly at?: number;
  /** Destination; absent for moves without a destination. */
  readonly to?: number;
}

/**
 * How a board is drawn: stones on lattice points (Throngs), hexagonal cells (Refugia, Populace),
 * or `webs`, two graphs woven into each other whose sites are placed by (column, row) as (u, v)
 * of a honeycomb (Tholian Go: the light web's nodes are the hexagons' vertices, the dark web's
 * their centres, and each path of one web crosses one path of the other).
 */
export type Drawing = 'points' | 'cells' | 'webs';

export interface GameOutcome {
  /** 0 for a draw. */
  readonly winner: 0 | Player;
  /** Why the game ended, in the game's own words (`allPassed`, `twoPasses`, ...). */
  readonly reason: string;
  readonly scores: readonly [number, number];
}

export interface ParsedPosition<S> {
  readonly topology: Topology;
  readonly state: S;
}

/** One rule option: its allowed values (the first is the default) and what it means. */
export interface OptionSpec {
  /** The values a page offers, the default first. */
  readonly values: readonly (string | boolean | number)[];
  /** What the option does, in plain words for a page (no references into the rules). */
  readonly description: string;
  /** Where the game's rules define it (`§6, [I-5]`), for readers of docs/rules. */
  readonly rule?: string;
  /** When any whole number from the first to the second is accepted, not only `values`. */
  readonly range?: readonly [number, number];
}

export interface GameRules<S = unknown, M extends GameMove = GameMove> {
  /** Registry key and the `Game` tag of records, lower case: `throngs`. */
  readonly id: string;
  /** Name for people: `Throngs`. */
  readonly title: string;
  readonly defaultBoard: string;
  /** Boards offered by name (e.g. Ludii's sizes); any spec `board()` accepts is playable too. */
  readonly namedBoards: readonly string[];
  /** Ways a game can start; the first is the default. */
  readonly setups: readonly string[];
  /** The rule options; a game's defaults are Ludii parity where Ludii has the game. */
  readonly options: Readonly<Record<string, OptionSpec>>;
  /** How cells are drawn: stones on lattice points, hexagonal cells, or the nodes of woven webs. */
  readonly drawing: Drawing;
  /** Piece kinds by cell value, for text boards and the UI (index 0 is the empty cell). */
  readonly pieces: readonly string[];

  /** The board of a spec: the game's own names (e.g. `hex3-4`) and every shared board spec. */
  board(spec: string): Result<Topology, BoardError>;
  /** Fills in defaults; throws UsageError on an unknown option or value. */
  resolveOptions(options?: Readonly<Record<string, unknown>>): Readonly<Record<string, unknown>>;

  initial(t: Topology, setup: string, options: Readonly<Record<string, unknown>>): S;
  /** Throws PositionError when `s` cannot occur on `t`. */
  checkState(t: Topology, s: S): void;
  cloneState(s: S): S;
  statesEqual(a: S, b: S): boolean;
  cells(s: S): Uint8Array;
  toMove(s: S): Player;
  /** The seat now playing `colour`; absent when seats never change colour. */
  seatOf?(s: S, colour: Player): Player;
  /** Whether the player making `m` plays the other colour afterwards (a pie that swaps seats). */
  swapsSeats?(m: GameMove): boolean;

  /** Every legal move in canonical order (ascending `pack`). */
  legalMoves(t: Topology, s: S, options: Readonly<Record<string, unknown>>): M[];
  pack(m: GameMove): number;
  /** The move a packed number stands for, as plain data (without what only its position tells). */
  unpack(packed: number): GameMove;
  /** Structurally a move of this game on `t` (whatever the position), so `pack` is safe. */
  isMoveShaped(m: unknown, t: Topology): m is GameMove;
  /** Plays `m`, a move taken from legalMoves(s), on `s` in place. */
  apply(t: Topology, s: S, m: M, options: Readonly<Record<string, unknown>>): void;
  /**
   * How many leading moves of `legal` a biased playout prefers (placements and captures in
   * Throngs); absent or 0 when the game has no such preference.
   */
  preferredMoves?(legal: readonly M[]): number;
  /**
   * A random legal move of a game in progress, drawn with `rng`: uniform over legalMoves(), or
   * with `biasPercent` > 0 that share of the time uniform over the preferred moves (when there
   * are some and not only those). For a game that can draw one without listing them all; both
   * backends must draw it the same way. Absent: playouts pick from legalMoves().
   */
  randomMove?(t: Topology, s: S, rng: Rng, options: Readonly<Record<string, unknown>>, biasPercent: number): M;
  /**
   * Whether turns from `s` on begin with chance the players cannot know in advance (Tholian Go's
   * movement dice). A search then looks no further than the end of the current player's turn
   * and judges the position there by `evaluate`. Absent: no chance.
   */
  chance?(s: S, options: Readonly<Record<string, unknown>>): boolean;
  /** Why `m` is not legal in `s`, in words for a person. */
  explainIllegal(t: Topology, s: S, m: GameMove, legal: readonly M[], options: Readonly<Record<string, unknown>>): string;
  /**
   * Why the mover's piece on `cell` has no legal move at all, in words for a person (a click on
   * a piece that cannot go anywhere), or '' when it has one or the question does not arise.
   * Absent: a board explains one of the piece's moves instead.
   */
  explainStuck?(t: Topology, s: S, cell: number, legal: readonly M[], options: Readonly<Record<string, unknown>>): string;

  outcome(t: Topology, s: S, options: Readonly<Record<string, unknown>>): GameOutcome | null;
  scores(t: Topology, s: S): [number, number];
  /** P1's score minus P2's: what the search's evaluation is built on. */
  margin(t: Topology, s: S): number;
  /**
   * The most a player can score on `t`: every position's scores lie within 0..maxScore(t). A
   * bound, not always reached; what a stored value (a solve's save file) is checked against.
   */
  maxScore(t: Topology): number;
  /** The terms of `evaluate` and their default weights. */
  readonly evaluation: EvaluationSpec;
  /**
   * The searches' contempt for draws in this game unless a search sets its own (default 0): a
   * game that a waiting side can draw (Tholian Go's two empty turns) sets it, so that the AI
   * plays on where nothing else is lost. See SearchSettings.contempt.
   */
  readonly contempt?: number;
  /**
   * The MCTS settings of the AI levels that count iterations (1–5) in this game, over the first
   * ladder's (the score margin two random moves past a leaf, a node grown after eight visits), for
   * a game in which those cannot tell the levels apart (Tholian Go: a turn of up to four engine
   * steps, over which a few hundred such iterations rarely see a capture or the draw an idle turn
   * offers). See bindings/agents/levels.ts.
   */
  readonly levelSettings?: Readonly<Partial<SearchSettings>>;
  /**
   * A heuristic value of an unfinished `s` for alpha-beta's leaves (and the MCTS cut-off as a
   * setting): P1's advantage in hundredths of a point, the terms of `evaluation` weighted by
   * `weights` (one per term). The game's wasm module computes exactly the same integer.
   */
  evaluate(t: Topology, s: S, weights: readonly number[]): number;

  formatMove(t: Topology, m: GameMove): string;
  /**
   * For a game whose moves are played a step at a time (Tholian Go's push paths): the steps of a
   * whole move written as one token, `L4.2>L5.2>L5.3` → `L4.2>L5.2`, `>L5.3`. Absent where every
   * token is one move.
   */
  splitMove?(text: string): string[];
  /** Whether `m`'s notation continues the previous move's token (a push path's next step). */
  continuesMove?(m: GameMove): boolean;
  parseMove(t: Topology, text: string, s: S): Result<GameMove, NotationError>;
  formatPosition(t: Topology, s: S, form?: 'human' | 'machine'): string;
  parsePosition(text: string): Result<ParsedPosition<S>, NotationError>;
}

/** One term of a game's heuristic evaluation. */
export interface EvaluationTerm {
  readonly name: string;
  /** Default weight, in hundredths of a point per unit of the term. */
  readonly weight: number;
  readonly description: string;
}

/** What a game's evaluation adds up (at most EVAL_WEIGHT_COUNT terms, assembly/core/abi.ts). */
export interface EvaluationSpec {
  readonly terms: readonly EvaluationTerm[];
}

/** A game whose state and move types are not known to the caller. */
export type AnyGameRules = GameRules<any, GameMove>; // eslint-disable-line @typescript-eslint/no-explicit-any
