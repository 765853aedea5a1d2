/**
 * Playing one legal action (POPULACE.md §4-§6): the board change, whose turn it is, the pass
 * counter and the button, and positional superko's memory.
 */
import { UsageError } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import type { PopulaceOptions } from './options.js';
import { packMove, type PopulaceMove } from './moves.js';
import { isOver } from './scoring.js';
import { EMPTY, other, type PopulaceState } from './state.js';

/** Applies `m`, which must be one of generateMoves(s); mutates `s`. */
export function applyMove(_t: Topology, s: PopulaceState, m: PopulaceMove, o: PopulaceOptions): void {
  if (isOver(s, o)) throw new UsageError('the game is over');
  const me = s.toMove;
  const { cells } = s;
  switch (m.kind) {
    case 'place':
    case 'replace':
      // A replaced piece simply leaves the board (§5); nothing else changes.
      cells[m.at] = me;
      break;
    case 'move':
      cells[m.at] = EMPTY;
      cells[m.to] = me;
      break;
    case 'pass':
      if (o.button && s.button === 0) s.button = me;
      break;
    case 'swap':
      // Seats change hands, colours do not: the stone stays Black and White is still to move.
      s.swapped = !s.swapped;
      break;
  }
  // Every action but a pass, the swap included, resets the counter (§6).
  s.passes = m.kind === 'pass' ? s.passes + 1 : 0;
  s.ended = s.passes === 2;
  if (m.kind !== 'swap') s.toMove = other(me);
  s.ply += 1;
  if (o.superko === 'positional' && m.kind !== 'place') s.recent.push(packMove(m));
  else if (s.recent.length > 0) s.recent = [];
}
