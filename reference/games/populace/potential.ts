/**
 * The definitions of POPULACE.md §3. All three concepts are one number, the balance of a cell
 * for X: adj_X(s) − adj_Y(s), X's neighbours of s minus Y's (Throngs' action potential without
 * the cell's own piece). An empty cell with balance ≥ 1 is X's (control); a Y piece with
 * balance ≥ 2 is threatened; an X piece's potential value is its balance + 1.
 */
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import { EMPTY } from './state.js';

/** [adj_Black(s), adj_White(s)]. */
export function neighbourCounts(t: Topology, cells: Uint8Array, s: number): [number, number] {
  let black = 0;
  let white = 0;
  for (const n of t.adjacent[s]!) {
    const v = cells[n];
    if (v === 1) black++;
    else if (v === 2) white++;
  }
  return [black, white];
}

/** adj_me(s) − adj_other(s). */
export function balance(t: Topology, cells: Uint8Array, s: number, me: Player): number {
  let n = 0;
  for (const x of t.adjacent[s]!) {
    const v = cells[x]!;
    if (v === me) n++;
    else if (v !== EMPTY) n--;
  }
  return n;
}

/** The balance of every cell for `me`: one table serves every rule of a position. */
export function balances(t: Topology, cells: Uint8Array, me: Player): Int8Array {
  const out = new Int8Array(t.size);
  for (let s = 0; s < t.size; s++) out[s] = balance(t, cells, s, me);
  return out;
}

/** The colour that controls the empty cell `s`, or 0 when it is neutral. */
export function controller(t: Topology, cells: Uint8Array, s: number): 0 | Player {
  const [black, white] = neighbourCounts(t, cells, s);
  return black > white ? 1 : white > black ? 2 : 0;
}

/** "Adjacent to no piece": every neighbour empty (a cell with no neighbours at all qualifies). */
export function isolated(t: Topology, cells: Uint8Array, s: number): boolean {
  for (const n of t.adjacent[s]!) if (cells[n] !== EMPTY) return false;
  return true;
}

/** PV of the piece on `s` for its owner `me`. */
export const potentialValue = (t: Topology, cells: Uint8Array, s: number, me: Player): number => balance(t, cells, s, me) + 1;

/**
 * Graph distances from `from` (§2: shortest paths through cells of any content; holes and the
 * outside are not cells), by breadth-first search stopped at `limit`: -1 for cells farther away
 * or unreachable.
 */
export function distancesFrom(t: Topology, from: number, limit: number): Int32Array {
  const dist = new Int32Array(t.size).fill(-1);
  const queue = new Int32Array(t.size);
  dist[from] = 0;
  queue[0] = from;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const c = queue[head++]!;
    const d = dist[c]!;
    if (d === limit) continue;
    for (const n of t.adjacent[c]!) {
      if (dist[n] !== -1) continue;
      dist[n] = d + 1;
      queue[tail++] = n;
    }
  }
  return dist;
}

/** dist(a, b) of §2, or -1 when no path joins them (possible on custom and perforated boards). */
export function distance(t: Topology, a: number, b: number): number {
  return distancesFrom(t, a, t.size)[b]!;
}
