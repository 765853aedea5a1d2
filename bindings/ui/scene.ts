/**
 * What the renderer draws: a position's geometry and contents, and what the page marks on it.
 * Plain data the element puts together each frame; the renderer reads it and decides nothing
 * about the rules (destinations arrive ready, as chessground's `dests`).
 */
import type { GameView } from '../engine/view.js';

export interface Scene {
  readonly view: GameView;
  /** -1 when the board is turned half way round. */
  readonly flip: 1 | -1;
  /** Overlays drawn on the board (show-<name>), by name. */
  readonly shown: ReadonlyMap<string, Int8Array>;
  /** Every overlay value at hand, by name, for the hover tip. */
  readonly values: ReadonlyMap<string, Int8Array>;
  readonly selected: number | null;
  /** Where the selected piece may go. */
  readonly destinations: ReadonlySet<number>;
  /** The keyboard's site while the board has the focus, else -1. */
  readonly focus: number;
  readonly hover: number | null;
  /** A suggested move's origin and end (the hint), or null. */
  readonly hint: { readonly at: number; readonly end?: number } | null;
  /** Each cell's share of an analysis' visits (the heat map), or null. */
  readonly heat: ReadonlyMap<number, number> | null;
  /** The last move, from its first step's origin (null while a move is being built). */
  readonly last: { readonly from?: number; readonly to: number } | null;
  /** Sites named on the board (site-labels). */
  readonly named: readonly number[];
  /** Sites the explanation line names, named on the board too while it shows (a board may letter no rows). */
  readonly explained: readonly number[];
}
