// Populace's board tables, derived once per board from the neighbour table JS wrote: the
// neighbour lists, the dump-padded update table, the balls of radius 1..7 (graph distance through
// any cell, POPULACE.md §2; tori and holes need nothing else) and the Zobrist keys of superko.
import { N, commitDegrees, degree, neighbour } from '../../core/layout';
import { BALLS, BALL_SCRATCH, MAX_PV, NB, QUEUE, STAMP, TOUCH, W, ZOBRIST, ballTable } from './layout';

@inline export function nb(cell: i32, k: i32): i32 {
  return load<i32>(NB + (((cell * 6) + k) << 2));
}

let generation: u32 = 0;

/**
 * Marks in `set` (W words, cleared here) every cell within distance `radius` of `origin`,
 * the origin included: a breadth-first search bounded by the radius, visited cells stamped
 * with a generation number so nothing needs clearing.
 */
function searchBall(origin: i32, radius: i32, set: usize): void {
  memory.fill(set, 0, <usize>(W * 8));
  generation++;
  if (generation == 0) {
    memory.fill(STAMP, 0, <usize>(N * 4));
    generation = 1;
  }
  store<u32>(STAMP + (<usize>origin << 2), generation);
  store<i32>(QUEUE, origin);
  let head = 0;
  let tail = 1;
  let levelEnd = 1;
  let depth = 0;
  while (head < tail) {
    if (head == levelEnd) {
      depth++;
      levelEnd = tail;
    }
    const c = load<i32>(QUEUE + (<usize>head << 2));
    head++;
    const w = set + ((<usize>c >> 6) << 3);
    store<u64>(w, load<u64>(w) | (<u64>1 << <u64>(c & 63)));
    if (depth == radius) continue;
    const d = degree(c);
    for (let k = 0; k < d; k++) {
      const n = nb(c, k);
      if (load<u32>(STAMP + (<usize>n << 2)) == generation) continue;
      store<u32>(STAMP + (<usize>n << 2), generation);
      store<i32>(QUEUE + (<usize>tail << 2), n);
      tail++;
    }
  }
}

/** The cells within distance `radius` (1..7) of `origin`, the origin included, as a bit set. */
export function ballOf(origin: i32, radius: i32): usize {
  if (ballTable) return BALLS + (<usize>((origin * MAX_PV + radius - 1) * W) << 3);
  searchBall(origin, radius, BALL_SCRATCH);
  return BALL_SCRATCH;
}

/** splitmix64: the fixed stream the Zobrist keys come from. */
let zstate: u64 = 0;
function nextKey(): u64 {
  zstate += 0x9e3779b97f4a7c15;
  let x = zstate;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9;
  x = (x ^ (x >> 27)) * 0x94d049bb133111eb;
  return x ^ (x >> 31);
}

/** Completes the tables after JS has written the neighbours. */
export function commitBoard(): void {
  commitDegrees();
  for (let s = 0; s < N; s++) {
    let k = 0;
    for (let dir = 0; dir < 6; dir++) {
      const m = neighbour(s, dir);
      store<i32>(TOUCH + (((s * 6) + dir) << 2), m < 0 ? N : m);
      if (m >= 0) store<i32>(NB + (((s * 6) + k++) << 2), m);
    }
    for (; k < 6; k++) store<i32>(NB + (((s * 6) + k) << 2), -1);
  }
  if (ballTable) {
    // Seven small bounded searches per cell, once per board.
    for (let s = 0; s < N; s++) {
      for (let r = 1; r <= MAX_PV; r++) searchBall(s, r, BALLS + (<usize>((s * MAX_PV + r - 1) * W) << 3));
    }
  }
  zstate = 0x5eed_0f_9091ace;
  for (let i = 0; i < 2 * N; i++) store<u64>(ZOBRIST + (<usize>i << 3), nextKey());
}

@inline export function zobrist(cell: i32, colour: i32): u64 {
  return load<u64>(ZOBRIST + (<usize>((cell << 1) + colour - 1) << 3));
}
