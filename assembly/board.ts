// Board access: the neighbour table and per-site facts handed over by reference/topology, plus
// the bitboard embedding that the fast destination search uses on boards that allow it.
import { BIT, COLUMN, DEG, EDGE, N, NEIGH, ROW } from './layout';

/** Largest board (in bits of its embedding) the bitboard search handles. */
export const BB_WORDS: i32 = 8;
export let useBits: bool = false;
/** Bits per row of the embedding: columns plus one guard column. */
export let rowStride: i32 = 0;
export let bitWords: i32 = 0;

@inline export function neighbour(site: i32, dir: i32): i32 {
  return load<i32>(NEIGH + (((site * 6) + dir) << 2));
}

@inline export function degree(site: i32): i32 {
  return <i32>load<u8>(DEG + site);
}

@inline export function isEdge(site: i32): bool {
  return load<u8>(EDGE + site) != 0;
}

@inline export function bitOf(site: i32): i32 {
  return load<i32>(BIT + (site << 2));
}

/**
 * Completes the tables after JS has written neighbours, columns and rows. A site's bit is
 * row * (columns + 1) + column; the guard column makes every shift off the board land on a bit
 * that is never a site. Tori and boards too large for the embedding use the scalar search.
 */
export function commitBoard(wraps: bool): void {
  let maxCol = 0;
  let maxRow = 0;
  for (let s = 0; s < N; s++) {
    let d = 0;
    for (let dir = 0; dir < 6; dir++) if (neighbour(s, dir) >= 0) d++;
    store<u8>(DEG + s, <u8>d);
    store<u8>(EDGE + s, d <= 4 ? 1 : 0);
    const c = load<i32>(COLUMN + (s << 2));
    const r = load<i32>(ROW + (s << 2));
    if (c > maxCol) maxCol = c;
    if (r > maxRow) maxRow = r;
  }
  rowStride = maxCol + 2;
  const bits = rowStride * (maxRow + 1);
  useBits = !wraps && bits <= BB_WORDS * 64;
  bitWords = (bits + 63) >> 6;
  for (let s = 0; s < N; s++) {
    const c = load<i32>(COLUMN + (s << 2));
    const r = load<i32>(ROW + (s << 2));
    store<i32>(BIT + (s << 2), useBits ? r * rowStride + c : -1);
  }
}
