// Board access: the neighbour table and per-site facts handed over by reference/boards (the
// generic tables of core/layout.ts), plus the bitboard embedding that the fast destination
// search uses on boards that allow it.
import { COLUMN, N, ROW, commitDegrees, degree, neighbour } from '../../core/layout';
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
  ballCapacity,
} from './layout';

export { degree, neighbour };

/** Whether the board fits the 16 x 16 bitboard (and does not wrap). */
export let useBits: bool = false;

@inline export function isEdge(site: i32): bool {
  return load<u8>(EDGE + site) != 0;
}

@inline export function bitOf(site: i32): i32 {
  return load<i32>(BIT + (site << 2));
}

/**
 * Completes the tables after JS has written neighbours, columns and rows. On boards of at most
 * 16 rows and 16 columns a site's bit is row * 16 + column: each row is one 16-bit lane, so a
 * step east or west is a shift inside the lanes and a step to another row moves whole lanes;
 * nothing ever carries from one row into the next. Tori and larger boards use the scalar search.
 */
export function commitBoard(wraps: bool): void {
  let maxCol = 0;
  let maxRow = 0;
  commitDegrees();
  for (let s = 0; s < N; s++) {
    store<u8>(EDGE + s, degree(s) <= 4 ? 1 : 0);
    const c = load<i32>(COLUMN + (s << 2));
    const r = load<i32>(ROW + (s << 2));
    if (c > maxCol) maxCol = c;
    if (r > maxRow) maxRow = r;
  }
  useBits = !wraps && maxCol < 16 && maxRow < 16;
  memory.fill(BOARD_BITS, 0, <usize>(BB_WORDS * 8));
  memory.fill(DEGREE_BITS, 0, <usize>(7 * BB_WORDS * 8));
  memory.fill(ORIGIN_BITS, 0, <usize>(N * BB_WORDS * 8));
  memory.fill(LINE2_BITS, 0, <usize>(N * BB_WORDS * 8));
  memory.fill(LINE3_BITS, 0, <usize>(N * BB_WORDS * 8));
  for (let b = 0; b < BB_WORDS * 64; b++) store<i32>(BIT_SITE + (b << 2), -1);
  for (let s = 0; s < N; s++) {
    const c = load<i32>(COLUMN + (s << 2));
    const r = load<i32>(ROW + (s << 2));
    const bit = useBits ? r * 16 + c : -1;
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
 * Every site's neighbourhood by distance, breadth first over the neighbour table: a hop of k
 * sites is k neighbour steps, so the sites within distance p contain every destination of power
 * p, which makes their empty ones a cheap bound on a destination count (movegen.ts).
 */
function commitBalls(): void {
  memory.fill(DIST, 0xff, <usize>N);
  if (useBits) memory.fill(BALL_BITS, 0, <usize>(N * (MAX_POWER - 1) * BB_WORDS * 8));
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
    if (!useBits) continue;
    for (let d = 2; d <= MAX_POWER; d++) {
      const bits = ballBits(s, d);
      const within = <i32>load<u16>(ends + (d << 1));
      for (let i = 0; i < within; i++) setBit(bits, bitOf(<i32>load<u16>(list + (i << 1))));
    }
  }
}

/** The other sites within distance `d` (2 ≤ d ≤ MAX_POWER) of `site`, as a bitboard. */
@inline export function ballBits(site: i32, d: i32): usize {
  return BALL_BITS + <usize>((site * (MAX_POWER - 1) + d - 2) * BB_WORDS * 8);
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
