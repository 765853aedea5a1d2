// For every site, how many empty sites other than itself lie within each lattice distance 2 ..
// WITHIN_DEEPEST: the bound a random draw gives an origin of that power (origins.ts), read off a
// table instead of counted origin by origin on every draw. Greater powers are rare enough that
// counting them one by one costs less than keeping their counts. The counts follow the board lazily: before
// they are read, the empty sites are compared, 16 at a time, with those the counts were made
// for, and every site that was emptied or filled since adds or takes away one from each site
// within each distance of it, again 16 sites a step. A move empties or fills one or two sites;
// a state copied back wholesale (after a playout, in a search) costs only the sites that differ,
// so nothing has to tell the counts that the cells changed.
import { N, STATE } from '../../core/layout';
import { S_CELLS } from './abi';
import { ballEnd, ballSites } from './board';
import { WITHIN, WITHIN_CHANGED, WITHIN_DEEPEST, WITHIN_DIST, WITHIN_KEY, chunkBytes, withinKept } from './layout';

/** The distance table's entry for a site itself and for sites beyond WITHIN_DEEPEST (signed compares). */
const FAR: u8 = 0x7f;

/** Each lane's index, to mask the lanes past the last site. */
const LANES: v128 = i8x16(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);

/** The lanes of chunk `at` (a multiple of 16) that hold a site. */
@inline export function validLanes(at: i32): v128 {
  const left = N - at;
  return i8x16.gt_s(i8x16.splat(<i8>(left < 16 ? left : 16)), LANES);
}

/** The counts of distance `d` (2 ≤ d ≤ WITHIN_DEEPEST), one byte per site. */
@inline export function withinOf(d: i32): usize {
  return WITHIN + <usize>((d - 2) * chunkBytes);
}

/** Fills the distance table from the board's balls (board.ts); the counts start from nothing. */
export function commitWithin(): void {
  if (!withinKept) return;
  memory.fill(WITHIN_DIST, FAR, <usize>(N * chunkBytes));
  for (let x = 0; x < N; x++) {
    const row = WITHIN_DIST + <usize>(x * chunkBytes);
    const sites = ballSites(x);
    let i = 0;
    for (let d = 1; d <= WITHIN_DEEPEST; d++) {
      const end = ballEnd(x, d);
      for (; i < end; i++) store<u8>(row + <usize>load<u16>(sites + (i << 1)), <u8>d);
    }
  }
}

/** Brings the counts up to the cells of the state; after it, withinOf(d)[s] is exact. */
export function syncWithin(): void {
  const cells = STATE + S_CELLS;
  const zero = i8x16.splat(0);
  // The changed sites: emptied ones from the front of the list, filled ones from the back.
  let emptied = 0;
  let filled = N;
  for (let at = 0; at < N; at += 16) {
    const now = v128.and(i8x16.eq(v128.load(cells + <usize>at), zero), validLanes(at));
    let diff = i8x16.bitmask(v128.xor(now, v128.load(WITHIN_KEY + <usize>at)));
    if (diff == 0) continue;
    v128.store(WITHIN_KEY + <usize>at, now);
    const empty = i8x16.bitmask(now);
    while (diff != 0) {
      const b = <i32>ctz(diff);
      diff &= diff - 1;
      if (((empty >>> b) & 1) != 0) {
        store<i32>(WITHIN_CHANGED + (emptied << 2), at + b);
        emptied++;
      } else {
        filled--;
        store<i32>(WITHIN_CHANGED + (filled << 2), at + b);
      }
    }
  }
  if (emptied == 0 && filled == N) return;
  // A lane compare gives -1 where a site lies within the distance: subtracting it adds one.
  // Signed compares, which x86 has for bytes: dist ≤ d as d + 1 > dist.
  if (WITHIN_DEEPEST != 5) ERROR("syncWithin keeps the counts of distances 2 to 5");
  const in2 = i8x16.splat(3);
  const in3 = i8x16.splat(4);
  const in4 = i8x16.splat(5);
  const in5 = i8x16.splat(6);
  for (let at = 0; at < N; at += 16) {
    const a = <usize>at;
    let w2 = v128.load(withinOf(2) + a);
    let w3 = v128.load(withinOf(3) + a);
    let w4 = v128.load(withinOf(4) + a);
    let w5 = v128.load(withinOf(5) + a);
    for (let i = 0; i < emptied; i++) {
      const dist = v128.load(WITHIN_DIST + <usize>(load<i32>(WITHIN_CHANGED + (i << 2)) * chunkBytes) + a);
      w2 = i8x16.sub(w2, i8x16.gt_s(in2, dist));
      w3 = i8x16.sub(w3, i8x16.gt_s(in3, dist));
      w4 = i8x16.sub(w4, i8x16.gt_s(in4, dist));
      w5 = i8x16.sub(w5, i8x16.gt_s(in5, dist));
    }
    for (let i = filled; i < N; i++) {
      const dist = v128.load(WITHIN_DIST + <usize>(load<i32>(WITHIN_CHANGED + (i << 2)) * chunkBytes) + a);
      w2 = i8x16.add(w2, i8x16.gt_s(in2, dist));
      w3 = i8x16.add(w3, i8x16.gt_s(in3, dist));
      w4 = i8x16.add(w4, i8x16.gt_s(in4, dist));
      w5 = i8x16.add(w5, i8x16.gt_s(in5, dist));
    }
    v128.store(withinOf(2) + a, w2);
    v128.store(withinOf(3) + a, w3);
    v128.store(withinOf(4) + a, w4);
    v128.store(withinOf(5) + a, w5);
  }
}
