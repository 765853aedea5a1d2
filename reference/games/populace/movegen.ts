/**
 * Legal actions (POPULACE.md §4-§5) in canonical order (ascending pack), written straight from
 * the table of §5. The wasm core is checked against this.
 */
import type { Topology } from '../../boards/topology.js';
import type { PopulaceOptions } from './options.js';
import { packMove, type PopulaceMove } from './moves.js';
import { balances, distancesFrom, isolated } from './potential.js';
import { isOver } from './scoring.js';
import { repeatingActions } from './superko.js';
import { EMPTY, other, type PopulaceState } from './state.js';

/** Under the pie the first action is a placement, and the second may be the swap (§4, [I-2]). */
export const pieOpening = (s: PopulaceState, o: PopulaceOptions): boolean => o.pie && s.ply === 0;
export const swapAllowed = (s: PopulaceState, o: PopulaceOptions): boolean => o.pie && s.ply === 1;

export function generateMoves(t: Topology, s: PopulaceState, o: PopulaceOptions): PopulaceMove[] {
  if (isOver(s, o)) return [];
  const { cells, toMove: me } = s;
  const them = other(me);
  // Every count of §5 is taken before the action, so one table serves them all.
  const bal = balances(t, cells, me);
  const out: PopulaceMove[] = [];

  for (let c = 0; c < t.size; c++) {
    if (cells[c] === EMPTY && (bal[c]! >= 1 || isolated(t, cells, c))) out.push({ kind: 'place', at: c });
  }
  if (pieOpening(s, o)) return out;

  for (let c = 0; c < t.size; c++) {
    if (cells[c] === them && bal[c]! >= 2) out.push({ kind: 'replace', at: c });
  }
  for (let from = 0; from < t.size; from++) {
    if (cells[from] !== me) continue;
    const pv = bal[from]! + 1;
    if (pv < 1) continue;
    const dist = distancesFrom(t, from, pv);
    for (let to = 0; to < t.size; to++) {
      if (cells[to] === EMPTY && dist[to]! >= 1) out.push({ kind: 'move', at: from, to });
    }
  }
  out.push({ kind: 'pass' });
  if (swapAllowed(s, o)) out.push({ kind: 'swap' });

  if (o.superko === 'positional') {
    const repeats = repeatingActions(t, s);
    if (repeats.size > 0) return out.filter((m) => !repeats.has(packMove(m)));
  }
  return out;
}
