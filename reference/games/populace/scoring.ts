/**
 * Scores and the result (POPULACE.md §6). A score is a player's pieces plus the empty cells they
 * control, plus half a point for the button holder; it is computed on demand from the state.
 */
import type { GameOutcome } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';
import type { PopulaceOptions } from './options.js';
import { controller } from './potential.js';
import { BLACK, EMPTY, WHITE, type PopulaceState } from './state.js';

/** [Black, White] without the button: pieces plus controlled empty cells. */
export function territory(t: Topology, cells: Uint8Array): [number, number] {
  const out: [number, number] = [0, 0];
  for (let c = 0; c < t.size; c++) {
    const owner = cells[c] === EMPTY ? controller(t, cells, c) : cells[c]!;
    if (owner !== 0) out[owner - 1]! += 1;
  }
  return out;
}

/** [Black, White], exact: the button's half point is a real 0.5. */
export function scores(t: Topology, s: PopulaceState): [number, number] {
  const out = territory(t, s.cells);
  if (s.button === BLACK) out[0] += 0.5;
  else if (s.button === WHITE) out[1] += 0.5;
  return out;
}

/** The move limit is a harness option, so whether it has struck depends on the options. */
export const limitReached = (s: PopulaceState, o: PopulaceOptions): boolean => o.moveLimit > 0 && s.ply >= o.moveLimit;

export const isOver = (s: PopulaceState, o: PopulaceOptions): boolean => s.ended || limitReached(s, o);

/** Higher score wins; equal scores draw (possible only without the button, or at the move limit). */
export function outcome(t: Topology, s: PopulaceState, o: PopulaceOptions): GameOutcome | null {
  if (!isOver(s, o)) return null;
  const sc = scores(t, s);
  const winner = sc[0] > sc[1] ? 1 : sc[1] > sc[0] ? 2 : 0;
  return { winner, reason: s.ended ? 'twoPasses' : 'moveLimit', scores: sc };
}
