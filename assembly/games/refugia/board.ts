// Refugia's board tables, derived once per board from the neighbour table JS wrote: where a hop
// lands, and each cell's steps and hops sorted by destination (canonical order within an origin).
// Refugia only uses N(s) and the ray of length 2, so tori and boards with holes need nothing
// else; a hop needs both cells, so it never crosses a hole or an edge.
import { N, commitDegrees, neighbour } from '../../core/layout';
import { HOP_OVER, HOP_TO, LAND, NEXT, STEP_TO, TOUCH } from './layout';

/** The landing cell of a hop from `cell` in direction `dir`, or N (the sentinel) off the board. */
@inline export function land(cell: i32, dir: i32): i32 {
  return load<i32>(LAND + (((cell * 6) + dir) << 2));
}



@inline export function stepTo(cell: i32, k: i32): i32 {
  return load<i32>(STEP_TO + (((cell * 6) + k) << 2));
}

@inline export function hopTo(cell: i32, k: i32): i32 {
  return load<i32>(HOP_TO + (((cell * 6) + k) << 2));
}

@inline export function hopOver(cell: i32, k: i32): i32 {
  return load<i32>(HOP_OVER + (((cell * 6) + k) << 2));
}

/** Completes the tables after JS has written the neighbours. */
export function commitBoard(): void {
  commitDegrees();
  for (let s = 0; s < N; s++) {
    const base = s * 6;
    let steps = 0;
    let hops = 0;
    for (let dir = 0; dir < 6; dir++) {
      const m = neighbour(s, dir);
      const l = m < 0 ? -1 : neighbour(m, dir);
      store<i32>(NEXT + ((base + dir) << 2), m < 0 ? N : m);
      store<i32>(TOUCH + ((base + dir) << 2), m < 0 ? N + 1 : m);
      store<i32>(LAND + ((base + dir) << 2), l < 0 ? N : l);
      if (m >= 0) insertSorted(STEP_TO, 0, base, steps++, m, 0);
      if (l >= 0) insertSorted(HOP_TO, HOP_OVER, base, hops++, l, m);
    }
    for (let k = steps; k < 6; k++) store<i32>(STEP_TO + ((base + k) << 2), -1);
    for (let k = hops; k < 6; k++) {
      store<i32>(HOP_TO + ((base + k) << 2), -1);
      store<i32>(HOP_OVER + ((base + k) << 2), -1);
    }
  }
}

/** Inserts `key` (with `extra` in a parallel table) into the ascending run of `len` keys at `base`. */
function insertSorted(keys: usize, extras: usize, base: i32, len: i32, key: i32, extra: i32): void {
  let k = len;
  while (k > 0 && load<i32>(keys + ((base + k - 1) << 2)) > key) {
    store<i32>(keys + ((base + k) << 2), load<i32>(keys + ((base + k - 1) << 2)));
    if (extras != 0) store<i32>(extras + ((base + k) << 2), load<i32>(extras + ((base + k - 1) << 2)));
    k--;
  }
  store<i32>(keys + ((base + k) << 2), key);
  if (extras != 0) store<i32>(extras + ((base + k) << 2), extra);
}
