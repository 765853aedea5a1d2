/**
 * Playing one legal move (REFUGIA.md §5, §7): the board change, whose turn it is, and the end
 * after two passes in a row.
 */
import { UsageError } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import type { RefugiaMove } from './moves.js';
import { EMPTY, NEUTRAL, type RefugiaState } from './state.js';

/** Applies `m`, which must be one of generateMoves(s); mutates `s`. */
export function applyMove(_t: Topology, s: RefugiaState, m: RefugiaMove): void {
  if (s.ended) throw new UsageError('the game is over');
  const me = s.toMove;
  const { cells } = s;
  switch (m.kind) {
    case 'pass':
      s.passCount += 1;
      if (s.passCount === 2) {
        s.ended = true;
        s.lastMover = me;
      }
      break;
    case 'place':
      cells[m.at] = me;
      break;
    case 'step':
      cells[m.at] = EMPTY;
      cells[m.to] = me;
      break;
    case 'hop':
      cells[m.at] = EMPTY;
      cells[m.to] = me;
      // Read from the board rather than from `converts`: the board is the truth.
      cells[m.over] = cells[m.over] === NEUTRAL ? me : NEUTRAL;
      break;
  }
  if (m.kind !== 'pass') s.passCount = 0;
  s.toMove = me === 1 ? 2 : 1;
}
