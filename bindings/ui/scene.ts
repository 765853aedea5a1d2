/**
 * What the renderer draws: a position's geometry and contents, and what the page marks on it.
 * Plain data the element puts together each frame; the renderer reads it and decides nothing
 * about the rules (destinations arrive ready, as chessground's `dests`).
 */
import type { GameMove } from '../../reference/core/game.js';
import type { GameView } from '../engine/view.js';
import { destinationsOf, lastMoveSpan, moveEnd } from './board-logic.js';

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

/** What the element knows that a scene is made of. */
export interface SceneSources {
  readonly view: GameView;
  readonly flip: 1 | -1;
  /** Whether the page asks for an overlay on the board (its show-<name> attribute). */
  readonly shows: (overlay: string) => boolean;
  readonly overlays: ReadonlyMap<string, Int8Array>;
  readonly selected: number | null;
  readonly focus: number;
  readonly hover: number | null;
  readonly hintMove: GameMove | null;
  readonly heat: ReadonlyMap<number, number> | null;
  readonly named: readonly number[];
  readonly explained: readonly number[];
}

export function sceneOf(s: SceneSources): Scene {
  const v = s.view;
  const shown = new Map<string, Int8Array>();
  for (const name of v.overlays) {
    const values = s.overlays.get(name);
    if (values && s.shows(name)) shown.set(name, values);
  }
  return {
    view: v,
    flip: s.flip,
    shown,
    values: s.overlays,
    selected: s.selected,
    destinations: new Set(destinationsOf(v.legal, s.selected)),
    focus: s.focus,
    hover: s.hover,
    hint: s.hintMove?.at !== undefined ? { at: s.hintMove.at, end: moveEnd(s.hintMove) } : null,
    heat: s.heat,
    // A move being built shows its path instead; a finished one is marked from its first step's origin.
    last: (v.details.path?.length ?? 0) > 0 ? null : lastMoveSpan(v.history),
    named: s.named,
    explained: s.explained,
  };
}
