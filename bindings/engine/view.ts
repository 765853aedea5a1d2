/**
 * Everything a board page needs to draw a position of any game, as plain data: what the worker
 * sends after each change, so that the page never has to ask twice. What only one game knows
 * (Throngs' move of the turn and its duty, the parts of its score) comes from that game's
 * `describe` in the registry, already in words. The types only: bindings/worker/view.ts builds
 * a view from an engine.
 */
import type { Drawing, GameMove, GameOutcome } from '../../reference/core/game.js';
import type { Player } from '../../reference/core/types.js';

export interface SiteGeometry {
  readonly column: number;
  readonly row: number;
  readonly label: string;
  /** On a board of woven webs (drawing `webs`): the site's web, 0 the one whose nodes sit at the centres of the other's hexagons. */
  readonly web?: number;
}

export interface BoardGeometry {
  readonly spec: string;
  readonly sites: readonly SiteGeometry[];
  /**
   * Pairs of sites joined by a lattice line (wrap-around links of a torus are left out); on a
   * graph board every link, each once.
   */
  readonly links: ReadonlyArray<readonly [number, number]>;
  /**
   * On a board of woven webs: for each link, the link of the other web that crosses it (an index
   * into `links`), or -1 where none does. Two tokens of one colour on the ends of a link make a
   * barrier across the link that crosses it (the board draws the blocked paths).
   */
  readonly duals?: readonly number[];
}

/** What a game tells the board about a board of woven webs (GameEntry.weave). */
export interface Weave {
  /** The web of each site. */
  readonly web: ArrayLike<number>;
  /** The two sites of the link that crosses the link a–b, or null where none does. */
  dual(a: number, b: number): readonly [number, number] | null;
}

/**
 * The kind of move a click would have been, by what the clicked (or selected) cell holds: the
 * only thing a board knows of a game's move kinds, used only to ask the engine why such a move is
 * not legal.
 */
export interface ClickKinds {
  /** A click on an empty cell: a placement. */
  readonly empty: string;
  /** A click on one of the mover's stones, or a second click after selecting one: a travel. */
  readonly own: string;
  /** A click on another stone (opponent's or neutral). */
  readonly enemy: string;
  /** The travel kind when the two cells are not neighbours (Refugia's hop), else `own`. */
  readonly far?: string;
  /** Whether a placement or capture names its cell twice (`at` and `to`), as Throngs' do. */
  readonly withTo?: boolean;
  /**
   * Whether a move from a selected empty or enemy cell is that cell's kind (Throngs' placement or
   * capture drawn from afar) rather than a travel.
   */
  readonly fromAnyCell?: boolean;
}

/**
 * A game's own words for things a board page names in general words: where a game calls them
 * otherwise, it says so here (in its folder) rather than the page knowing the game.
 */
export interface GameWords {
  /**
   * Moves without a cell, by kind: the text of their button and how a hint names the move ("End
   * turn", "end the turn"). A kind left out is called by its name ("Pass", "Hint: pass").
   */
  readonly moves?: Readonly<Record<string, { readonly button: string; readonly hint: string }>>;
  /**
   * Overlays, by name: the words that replace the board's usual ones for that name (overlayStyle):
   * the toggle's label, the legend line, the hover tip's short name.
   */
  readonly overlays?: Readonly<Record<string, { readonly label?: string; readonly legend?: string; readonly tip?: string }>>;
  /**
   * Why a game ended, by its outcome's reason, in words ("both players passed"). A reason left
   * out is written as its name split into words ("move limit").
   */
  readonly endings?: Readonly<Record<string, string>>;
}

/** What a game adds to the generic view, in words and numbers a page shows as they are. */
export interface GameDetails {
  /** The status line's turn text: "Black to move, move 1 of 2". */
  readonly turn: string;
  /** A duty of the player to move ("Black must add or capture"), or ''. */
  readonly duty: string;
  /** The parts of each player's score, for the game-over panel. */
  readonly breakdown: ReadonlyArray<{ readonly label: string; readonly values: readonly [number, number] }>;
  /** Cells the last move changed besides its origin and destination (Refugia's converted stone). */
  readonly changed: readonly number[];
  /** Cells the board marks, with what the mark means (Populace's threatened pieces: `threatened`). */
  readonly marks: ReadonlyArray<{ readonly cell: number; readonly mark: string }>;
  /**
   * A move being built a step at a time (Tholian Go's push path): its cells from the origin to
   * the cell it goes on from. Each step played added one cell, so taking back `path.length - 1`
   * moves cancels it. Absent or empty when no move is being built.
   */
  readonly path?: readonly number[];
  /** A few words beside each colour's score (Populace: the button's half point), or ''. */
  readonly scoreNotes: readonly [string, string];
}

/** An overlay value that says nothing about its cell (not drawn, not in the tip). */
export const NO_VALUE = -128;

export interface GameView {
  readonly game: string;
  readonly title: string;
  readonly drawing: Drawing;
  /** Piece kinds by cell value (index 0 is the empty cell). */
  readonly pieces: readonly string[];
  readonly players: readonly [string, string];
  /** Per-cell overlays the game offers (e.g. Throngs' `potential` and `territory`). */
  readonly overlays: readonly string[];
  /** What a click that makes no legal move would have been, so the engine can say why not. */
  readonly clicks: ClickKinds;
  /** The game's own words for its buttons and overlays, where they differ from the board's. */
  readonly words?: GameWords;
  readonly board: BoardGeometry;
  readonly options: Readonly<Record<string, unknown>>;
  readonly position: string;
  readonly record: string;
  readonly cells: Uint8Array;
  readonly toMove: Player;
  /** The seat playing each colour ([seat of colour 1, seat of colour 2]): [1, 2] unless a pie swapped seats. */
  readonly seats: readonly [Player, Player];
  readonly scores: readonly [number, number];
  readonly outcome: GameOutcome | null;
  readonly details: GameDetails;
  /** The legal moves, plain data with `kind` and, where they have them, `at` and `to`. */
  readonly legal: readonly GameMove[];
  /**
   * Moves played so far, in notation, with the player who made each; `continues` where a move is
   * the next step of the one before (a push path's, whose notation is then written on to it).
   */
  readonly history: ReadonlyArray<{ readonly notation: string; readonly player: Player; readonly move: GameMove; readonly continues?: boolean }>;
  /**
   * Values of the overlays asked for with the change (the worker's `overlays` argument), by
   * name: a board that shows overlays gets them with the position, in the same round trip.
   * Names the game does not offer are left out; absent when none were asked for.
   */
  readonly overlayValues?: Readonly<Record<string, Int8Array>>;
}
