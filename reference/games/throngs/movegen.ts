/**
 * Legal moves (THRONGS.md §4.2, §7, §9) in canonical order, each with its Ludii decision count.
 * Written straight from the tables of the spec; the wasm core is checked against this.
 */
import type { Topology } from '../../boards/topology.js';
import type { RuleOptions } from './types.js';
import { reachableFrom } from './destinations.js';
import { packMove, type LegalMove } from './moves.js';
import { actionPotential, hasEmptyNeighbour } from './potential.js';
import type { ThrongsState } from './state.js';

/** While the counter is at 4 or more the mover must add or capture (§9). */
export const OBLIGATION_THRESHOLD = 4;

export function obligationActive(state: ThrongsState): boolean {
  return state.counters[state.toMove - 1]! >= OBLIGATION_THRESHOLD;
}

/** Place-only, Place-and-travel (with every destination and the stay) and Capture moves. */
function placementsAndCaptures(t: Topology, state: ThrongsState): LegalMove[] {
  const { cells, toMove: me } = state;
  const out: LegalMove[] = [];
  for (let o = 0; o < t.size; o++) {
    const content = cells[o];
    if (content === me) continue;
    const a = actionPotential(t, cells, o, me);
    if (content === 0) {
      if (a === 1 || (a === 0 && !hasEmptyNeighbour(t, cells, o))) {
        out.push({ kind: 'add', at: o, to: o, dec: 1 });
      } else if (a >= 2) {
        pushWithDestinations(out, 'add', t, cells, o, me, a - 1);
      }
    } else if (a >= 2) {
      pushWithDestinations(out, 'capture', t, cells, o, me, a - 2);
    }
  }
  return out;
}

/** The stay plus every destination, searched with the mover's stone already on the origin. */
function pushWithDestinations(
  out: LegalMove[],
  kind: 'add' | 'capture',
  t: Topology,
  cells: Uint8Array,
  origin: number,
  me: number,
  power: number,
): void {
  const before = cells[origin]!;
  cells[origin] = me;
  const dest = reachableFrom(t, cells, origin, power);
  cells[origin] = before;
  const dec = dest.length > 0 ? 2 : 1;
  out.push({ kind, at: origin, to: origin, dec });
  for (const to of dest) out.push({ kind, at: origin, to, dec });
}

function travels(t: Topology, state: ThrongsState): LegalMove[] {
  const { cells, toMove: me } = state;
  const out: LegalMove[] = [];
  for (let o = 0; o < t.size; o++) {
    if (cells[o] !== me) continue;
    const a = actionPotential(t, cells, o, me);
    if (a < 1) continue;
    for (const to of reachableFrom(t, cells, o, a)) out.push({ kind: 'move', at: o, to, dec: 2 });
  }
  return out;
}

function pieMoves(t: Topology, state: ThrongsState): LegalMove[] {
  if (state.pieStep === 3) return [{ kind: 'accept', dec: 1 }, { kind: 'swap', dec: 1 }];
  const out: LegalMove[] = [];
  for (let o = 0; o < t.size; o++) if (state.cells[o] === 0) out.push({ kind: 'add', at: o, to: o, dec: 1 });
  return out;
}

export function generateMoves(t: Topology, state: ThrongsState, options: RuleOptions): LegalMove[] {
  if (state.ended) return [];
  if (state.pieStep !== null) return pieMoves(t, state);
  const moves = placementsAndCaptures(t, state);
  if (!obligationActive(state)) {
    moves.push(...travels(t, state), { kind: 'pass', dec: 1 });
  } else if (moves.length === 0) {
    const relaxed = options.obligationRelaxesToTravel ? travels(t, state) : [];
    if (relaxed.length > 0) moves.push(...relaxed);
    else moves.push({ kind: 'pass', dec: 1, forced: true });
  }
  return moves.sort((a, b) => packMove(a) - packMove(b));
}
