/**
 * Legal moves (REFUGIA.md §4-§5) in canonical order, written straight from the table of §5.
 * The wasm core is checked against this.
 */
import { DIRECTION_COUNT } from '../../boards/lattice.js';
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import { packMove, type RefugiaMove } from './moves.js';
import { EMPTY, NEUTRAL, type RefugiaState } from './state.js';

/** Unf_X(cell): neighbours holding an opponent or a neutral stone, the "enemies" of `me` (§4). */
export function enemyNeighbours(t: Topology, cells: Uint8Array, cell: number, me: Player): number {
  let n = 0;
  for (const x of t.adjacent[cell]!) {
    const v = cells[x]!;
    if (v !== EMPTY && v !== me) n++;
  }
  return n;
}

/** A placement needs an empty cell with no neighbour of the mover's own; enemies are fine. */
export function touchesOwnStone(t: Topology, cells: Uint8Array, cell: number, me: Player): number {
  for (const x of t.adjacent[cell]!) if (cells[x] === me) return x;
  return -1;
}

export function generateMoves(t: Topology, s: RefugiaState): RefugiaMove[] {
  if (s.ended) return [];
  const { cells, toMove: me } = s;
  const out: RefugiaMove[] = [];
  // Both counts of a flight are taken before the move (§4), so one table serves every stone.
  const unf = new Int32Array(t.size);
  for (let c = 0; c < t.size; c++) unf[c] = enemyNeighbours(t, cells, c, me);

  for (let c = 0; c < t.size; c++) {
    if (cells[c] === EMPTY && touchesOwnStone(t, cells, c, me) < 0) out.push({ kind: 'place', at: c });
  }
  for (let o = 0; o < t.size; o++) {
    if (cells[o] !== me) continue;
    for (let dir = 0; dir < DIRECTION_COUNT; dir++) {
      const m = t.neighbour[o * DIRECTION_COUNT + dir]!;
      if (m < 0) continue;
      const mid = cells[m]!;
      if (mid === EMPTY) {
        if (unf[m]! < unf[o]!) out.push({ kind: 'step', at: o, to: m });
        continue;
      }
      if (mid === me) continue;
      const to = t.neighbour[m * DIRECTION_COUNT + dir]!;
      if (to >= 0 && cells[to] === EMPTY && unf[to]! < unf[o]!) {
        out.push({ kind: 'hop', at: o, to, over: m, converts: mid === NEUTRAL ? 'neutral' : 'enemy' });
      }
    }
  }
  out.push({ kind: 'pass' });
  return out.sort((a, b) => packMove(a) - packMove(b));
}
