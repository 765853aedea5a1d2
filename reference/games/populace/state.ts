/**
 * The state of a Populace game (POPULACE.md §4) as plain data, the empty set-up, and the checks a
 * position must pass before an engine accepts it.
 */
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';

/** Cell contents: the players' pieces are 1 and 2 as in every game of the family. */
export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;

export const COLOUR_NAMES: readonly [string, string, string] = ['nobody', 'Black', 'White'];

export interface PopulaceState {
  /** One entry per cell in canonical order: 0 empty, 1 Black, 2 White. */
  cells: Uint8Array;
  /** The colour to move. Colours never change hands; the pie exchanges seats (see `swapped`). */
  toMove: Player;
  /** Consecutive passes immediately before now: 0, 1, or 2 (the game is over, §6). */
  passes: number;
  /** The colour that passed first in the game and holds the half point, 0 while nobody has (or without the button rule). */
  button: 0 | Player;
  /** Actions played so far (0 on the empty board); `swap` counts, so the pie's swap is played at ply 1. */
  ply: number;
  /** The pie's swap was played: the first player now plays White and the second Black. */
  swapped: boolean;
  /** Two consecutive passes ended the game. A move limit is a rule option, not state (scoring.ts). */
  ended: boolean;
  /**
   * Positional superko's memory: the packed actions played since the last placement, oldest
   * first. A placement adds a piece and nothing removes one for good (a replacement puts one
   * back), so no position before the last placement can come again; walking these actions back
   * from the current board gives every position that can. Kept only while the superko option is
   * on (apply.ts), empty otherwise.
   */
  recent: number[];
}

export const other = (p: Player): Player => (p === BLACK ? WHITE : BLACK);

export function initialState(t: Topology): PopulaceState {
  return { cells: new Uint8Array(t.size), toMove: BLACK, passes: 0, button: 0, ply: 0, swapped: false, ended: false, recent: [] };
}

export function cloneState(s: PopulaceState): PopulaceState {
  return {
    cells: s.cells.slice(),
    toMove: s.toMove,
    passes: s.passes,
    button: s.button,
    ply: s.ply,
    swapped: s.swapped,
    ended: s.ended,
    recent: s.recent.slice(),
  };
}

export function statesEqual(a: PopulaceState, b: PopulaceState): boolean {
  return (
    a.cells.length === b.cells.length &&
    a.cells.every((v, i) => v === b.cells[i]) &&
    a.toMove === b.toMove &&
    a.passes === b.passes &&
    a.button === b.button &&
    a.ply === b.ply &&
    a.swapped === b.swapped &&
    a.ended === b.ended &&
    a.recent.length === b.recent.length &&
    a.recent.every((v, i) => v === b.recent[i])
  );
}

/**
 * Colours alternate with every action except the swap, after which White moves again. So the
 * colour to move follows from the ply and whether the swap was played.
 */
export function colourAtPly(ply: number, swapped: boolean): Player {
  const even = ply % 2 === 0;
  return even !== swapped ? BLACK : WHITE;
}
