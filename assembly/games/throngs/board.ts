// Board access: the neighbour table and per-site facts handed over by reference/boards (the
// generic tables of core/layout.ts), plus the bitboard embedding that the fast destination
// search uses on boards that allow it: 16 x 16 bitboards (bitboard.ts) or wide sets (wide.ts).
import { COLUMN, N, ROW, commitDegrees, degree, neighbour } from '../../core/layout';
import { setWideBit, setWrap } from './wide';
import {
  BALL_BITS,
  BALL_END,
  BALL_SITES,
  BB_WORDS,
  BIT,
  BIT_SITE,
  BOARD_BITS,
  DEGREE_BITS,
  DIST,
  EDGE,
  LINE2_BITS,
  LINE3_BITS,
  MAX_POWER,
  ORIGIN_BITS,
  WIDE_BOARD,
  WIDE_DEGREE,
  WIDE_EDGE,
  WIDE_STRIDE,
  WIDE_WORDS,
  ballCapacity,
  layoutFor,
} from './layout';

export { degree, neighbour };

/** Whether the board fits the 16 x 16 bitboard (and does not wrap). */
export let useBits: bool = false;
/** Whether the board has wide bit sets instead (wide.ts): up to 32 x 32, tori included. */
export let useWide: bool = false;

@inline export function isEdge(site: i32): bool {
  return load<u8>(EDGE + site) != 0;
}

@inline export function bitOf(site: i32): i32 {
  return load<i32>(BIT + (site << 2));
}

/** Column and row steps of the six directions, in direction order (reference/boards/lattice.ts). */
const STEP_COLUMN: StaticArray<i32> = [1, -1, 0, 0, 1, -1];
const STEP_ROW: StaticArray<i32> = [0, 0, 1, -1, 1, -1];

@inline function columnOf(s: i32): i32 {
  return load<i32>(COLUMN + (s << 2));
}

@inline function rowOf(s: i32): i32 {
  return load<i32>(ROW + (s << 2));
}

/**
 * Lays out the rest of memory (layout.ts) and completes the tables after JS has written
 * neighbours, columns and rows. On boards of at most 16 rows and 16 columns a site's bit is
 * row * 16 + column: each row is one 16-bit lane, so a step east or west is a shift inside the
 * lanes and a step to another row moves whole lanes; nothing ever carries from one row into the
 * next. Other boards of up to 32 columns and 32 rows, tori included, get the wide sets of
 * wide.ts (bit row * 32 + column), provided the neighbour table is exactly what those sets
 * compute; anything else uses the scalar search.
 */
export function commitBoard(wraps: bool, arenaBytes: i32): void {
  let maxCol = 0;
  let maxRow = 0;
  commitDegrees();
  for (let s = 0; s < N; s++) {
    const c = columnOf(s);
    const r = rowOf(s);
    if (c > maxCol) maxCol = c;
    if (r > maxRow) maxRow = r;
  }
  // A torus shows its width and height in the links that cross its seams (none may cross one,
  // e.g. when holes cut every such link; then that direction is as good as flat).
  let wrapWidth = 0;
  let wrapHeight = 0;
  if (wraps) {
    for (let s = 0; s < N; s++) {
      for (let dir = 0; dir < 6; dir++) {
        const n = neighbour(s, dir);
        if (n < 0) continue;
        const dc = columnOf(n) - columnOf(s) - unchecked(STEP_COLUMN[dir]);
        const dr = rowOf(n) - rowOf(s) - unchecked(STEP_ROW[dir]);
        if (dc != 0) wrapWidth = dc < 0 ? -dc : dc;
        if (dr != 0) wrapHeight = dr < 0 ? -dr : dr;
      }
    }
  }
  useBits = !wraps && maxCol < 16 && maxRow < 16;
  const rows = wrapHeight > maxRow ? wrapHeight : maxRow + 1;
  useWide = !useBits && maxCol < 32 && rows <= 32 && wrapWidth <= 32;
  layoutFor(N, arenaBytes, useWide ? (rows + 3) >> 2 : 0, useBits);
  for (let s = 0; s < N; s++) store<u8>(EDGE + s, degree(s) <= 4 ? 1 : 0);
  if (useWide) {
    setWrap(wrapWidth, wrapHeight);
    commitWide(wrapWidth, wrapHeight);
    // A board the wide sets would get wrong (not the lattice the neighbour table says) stays scalar.
    if (!useWide) setWrap(0, 0);
    commitBalls();
    return;
  }
  memory.fill(BOARD_BITS, 0, <usize>(BB_WORDS * 8));
  memory.fill(DEGREE_BITS, 0, <usize>(7 * BB_WORDS * 8));
  memory.fill(ORIGIN_BITS, 0, <usize>(N * BB_WORDS * 8));
  memory.fill(LINE2_BITS, 0, <usize>(N * BB_WORDS * 8));
  memory.fill(LINE3_BITS, 0, <usize>(N * BB_WORDS * 8));
  for (let b = 0; b < BB_WORDS * 64; b++) store<i32>(BIT_SITE + (b << 2), -1);
  for (let s = 0; s < N; s++) {
    const bit = useBits ? rowOf(s) * 16 + columnOf(s) : -1;
    store<i32>(BIT + (s << 2), bit);
    if (bit < 0) continue;
    store<i32>(BIT_SITE + (bit << 2), s);
    setBit(BOARD_BITS, bit);
    setBit(DEGREE_BITS + <usize>(degree(s) * BB_WORDS * 8), bit);
    setBit(ORIGIN_BITS + <usize>(s * BB_WORDS * 8), bit);
  }
  commitBalls();
  if (!useBits) return;
  // A hop may pass over anything but must stay on the board.
  for (let s = 0; s < N; s++) {
    for (let dir = 0; dir < 6; dir++) {
      const a = neighbour(s, dir);
      const b = a < 0 ? -1 : neighbour(a, dir);
      const c = b < 0 ? -1 : neighbour(b, dir);
      if (b >= 0) setBit(LINE2_BITS + <usize>(s * BB_WORDS * 8), bitOf(b));
      if (c >= 0) setBit(LINE3_BITS + <usize>(s * BB_WORDS * 8), bitOf(c));
    }
  }
}

/**
 * The wide sets' tables: bits, the board, edge sites and sites by degree; then the check that a
 * step in each direction on the sets (with the wrap of a torus) lands where the neighbour table
 * says, which clears useWide if it does not.
 */
function commitWide(wrapWidth: i32, wrapHeight: i32): void {
  const bits = WIDE_WORDS << 7;
  for (let b = 0; b < bits; b++) store<i32>(BIT_SITE + (b << 2), -1);
  for (let s = 0; s < N; s++) {
    const bit = (rowOf(s) << 5) + columnOf(s);
    store<i32>(BIT + (s << 2), bit);
    store<i32>(BIT_SITE + (bit << 2), s);
    setWideBit(WIDE_BOARD, bit);
    const d = degree(s);
    if (d <= 4) setWideBit(WIDE_EDGE, bit);
    if (d >= 3) setWideBit(WIDE_DEGREE + <usize>((d - 3) * WIDE_STRIDE), bit);
  }
  for (let s = 0; s < N; s++) {
    for (let dir = 0; dir < 6; dir++) {
      let c = columnOf(s) + unchecked(STEP_COLUMN[dir]);
      let r = rowOf(s) + unchecked(STEP_ROW[dir]);
      if (wrapWidth > 0) c = (c + wrapWidth) % wrapWidth;
      if (wrapHeight > 0) r = (r + wrapHeight) % wrapHeight;
      const there = c >= 0 && c < 32 && r >= 0 && r < (WIDE_WORDS << 2) ? load<i32>(BIT_SITE + (((r << 5) + c) << 2)) : -1;
      if (there != neighbour(s, dir)) {
        useWide = false;
        for (let t = 0; t < N; t++) store<i32>(BIT + (t << 2), -1);
        return;
      }
    }
  }
}

/**
 * Every site's neighbourhood by distance, breadth first over the neighbour table: a hop of k
 * sites is k neighbour steps, so the sites within distance p contain every destination of power
 * p, which makes their empty ones a cheap bound on a destination count (movegen.ts).
 */
function commitBalls(): void {
  memory.fill(DIST, 0xff, <usize>N);
  const ballBytes = useWide ? WIDE_WORDS << 4 : BB_WORDS * 8;
  if (useBits || useWide) memory.fill(BALL_BITS, 0, <usize>(N * (MAX_POWER - 1) * ballBytes));
  for (let s = 0; s < N; s++) {
    const list = ballSites(s);
    const ends = BALL_END + <usize>(s * (MAX_POWER + 1) * 2);
    store<u8>(DIST + s, 0);
    store<u16>(ends, 0);
    let len = 0;
    let start = 0;
    for (let d = 1; d <= MAX_POWER; d++) {
      const end = len;
      const parents = d == 1 ? 1 : end - start;
      for (let i = 0; i < parents; i++) {
        const x = d == 1 ? s : <i32>load<u16>(list + ((start + i) << 1));
        for (let dir = 0; dir < 6; dir++) {
          const n = neighbour(x, dir);
          if (n < 0 || load<u8>(DIST + n) != 0xff) continue;
          store<u8>(DIST + n, <u8>d);
          store<u16>(list + (len << 1), <u16>n);
          len++;
        }
      }
      start = end;
      store<u16>(ends + (d << 1), <u16>len);
    }
    store<u8>(DIST + s, 0xff);
    for (let i = 0; i < len; i++) store<u8>(DIST + load<u16>(list + (i << 1)), 0xff);
    if (!useBits && !useWide) continue;
    for (let d = 2; d <= MAX_POWER; d++) {
      const bits = useWide ? wideBallBits(s, d) : ballBits(s, d);
      const within = <i32>load<u16>(ends + (d << 1));
      for (let i = 0; i < within; i++) setBit(bits, bitOf(<i32>load<u16>(list + (i << 1))));
    }
  }
}

/** The other sites within distance `d` (2 ≤ d ≤ MAX_POWER) of `site`, as a bitboard. */
@inline export function ballBits(site: i32, d: i32): usize {
  return BALL_BITS + <usize>((site * (MAX_POWER - 1) + d - 2) * BB_WORDS * 8);
}

/** The other sites within distance `d` (2 ≤ d ≤ MAX_POWER) of `site`, as a wide set (no gaps). */
@inline export function wideBallBits(site: i32, d: i32): usize {
  return BALL_BITS + <usize>((site * (MAX_POWER - 1) + d - 2) * (WIDE_WORDS << 4));
}

/** The other sites by distance from `site`, up to MAX_POWER, as u16 site numbers. */
@inline export function ballSites(site: i32): usize {
  return BALL_SITES + <usize>(site * ballCapacity * 2);
}

/** How many of ballSites(site) lie within distance `d`. */
@inline export function ballEnd(site: i32, d: i32): i32 {
  return <i32>load<u16>(BALL_END + <usize>((site * (MAX_POWER + 1) + d) * 2));
}

@inline function setBit(board: usize, bit: i32): void {
  const w = board + ((bit >> 6) << 3);
  store<u64>(w, load<u64>(w) | (<u64>1 << <u64>(bit & 63)));
}

/** The bitboard of the sites of degree `d`. */
@inline export function degreeBits(d: i32): usize {
  return DEGREE_BITS + <usize>(d * BB_WORDS * 8);
}

/** The bitboard holding `site` alone. */
@inline export function originBits(site: i32): usize {
  return ORIGIN_BITS + <usize>(site * BB_WORDS * 8);
}

/** The bitboard of the sites two steps from `site` in a straight line (on the board all along). */
@inline export function line2Bits(site: i32): usize {
  return LINE2_BITS + <usize>(site * BB_WORDS * 8);
}

/** The bitboard of the sites three steps from `site` in a straight line (on the board all along). */
@inline export function line3Bits(site: i32): usize {
  return LINE3_BITS + <usize>(site * BB_WORDS * 8);
}
