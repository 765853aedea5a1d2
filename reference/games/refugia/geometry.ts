/**
 * Which cells a step or a hop connects (REFUGIA.md §5): a step goes to a neighbour, a hop jumps
 * exactly one neighbour and lands on the next cell of the same line. Both cells of a hop must
 * exist, so a hop never crosses a hole or an edge; on a torus the line simply wraps.
 */
import { DIRECTION_COUNT } from '../../boards/lattice.js';
import type { Topology } from '../../boards/topology.js';

export function areNeighbours(t: Topology, a: number, b: number): boolean {
  return t.adjacent[a]!.includes(b);
}

/**
 * The jumped cell of a hop from `at` to `to`, or -1 when `to` is not two cells away on a line.
 * Refugia refuses tori on which two lines from one cell could meet again (see boards.ts), so the
 * answer is unique.
 */
export function hopMidpoint(t: Topology, at: number, to: number): number {
  for (let dir = 0; dir < DIRECTION_COUNT; dir++) {
    const over = t.neighbour[at * DIRECTION_COUNT + dir]!;
    if (over >= 0 && t.neighbour[over * DIRECTION_COUNT + dir] === to) return over;
  }
  return -1;
}
