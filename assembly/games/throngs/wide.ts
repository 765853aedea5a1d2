// Wide bit sets: sets of sites on boards of up to 32 columns and 32 rows, tori included, for the
// boards the 16 x 16 bitboards of bitboard.ts cannot hold. Row r is the 32-bit lane at byte 4r,
// bit c for column c, so a set is WIDE_WORDS v128 words of four rows each (layout.ts), and the
// number of words follows the board's rows: 5 for hexhex(9), 6 for hexhex(12), 8 at most.
//
// Moving a set one site east or west shifts inside the lanes. Moving it one row up or down is
// reading it from memory one row (4 bytes) off its place: word k of "one row up" is the v128 at
// byte 16k - 4. That is why sets that move between rows live in memory between 16-byte gaps,
// zero on boards that do not wrap (nothing enters from below row 0 or above the last row). On a
// torus the gaps hold the wrapped rows instead (guardRows), and a step east from the last column
// brings the bit round to column 0 (eastOf, westOf).
//
// Shifts may leave bits outside the board: past the last column, above the last row, or in the
// row a torus copies into the gap above its last row. Every result is masked by a set of board
// sites (empty, occupied, a player's stones) before it counts or moves again, so those bits never
// reach a site; the functions below say where they take clean sets.
//
// The functions are generic over the wrap: `T` is Flat (u8) or Wrapped (u16), a type used only
// for its size, so each search is compiled once for boards with edges (plain shifts) and once
// for tori (shifts with the carry round the seam).
import { WIDE_STRIDE, WIDE_WORDS } from './layout';

/** Marker types of the two instantiations: boards with edges, and boards that wrap. */
export type Flat = u8;
export type Wrapped = u16;

@inline export function wraps<T>(): bool {
  return sizeof<T>() == 2;
}

/** Whether the board wraps, and how: rows of the torus, and the carries round the seam. */
export let torus: bool = false;
export let wrapRows: i32 = 0;
let wrapShift: i32 = 0;
let eastCarry: v128 = i64x2.splat(0);
let westCarry: v128 = i64x2.splat(0);

/**
 * Sets the wrap for a board of `width` columns (0: the columns do not wrap) and `height` rows
 * (0: the rows do not wrap).
 */
export function setWrap(width: i32, height: i32): void {
  torus = width > 0 || height > 0;
  wrapRows = height;
  wrapShift = width > 0 ? width - 1 : 0;
  // A step east carries column width-1 round to column 0, a step west column 0 to width-1.
  eastCarry = i32x4.splat(width > 0 ? 1 : 0);
  westCarry = i32x4.splat(width > 0 ? <i32>(<u32>1 << <u32>(width - 1)) : 0);
}

/** The set of scratch buffer `i` (layout.ts WIDE_SCRATCH). */
@inline export function wideBuffer(base: usize, i: i32): usize {
  return base + <usize>(i * WIDE_STRIDE);
}

// One site east (+1, 0) / west (-1, 0), within the lanes. `v` must hold no bit beyond the board's
// columns when the board wraps (the carry would bring it in); a step east may leave one in
// the column after the last, which the caller masks.
@inline export function eastOf<T>(v: v128): v128 {
  if (!wraps<T>()) return i32x4.shl(v, 1);
  return v128.or(i32x4.shl(v, 1), v128.and(i32x4.shr_u(v, wrapShift), eastCarry));
}
@inline export function westOf<T>(v: v128): v128 {
  if (!wraps<T>()) return i32x4.shr_u(v, 1);
  return v128.or(i32x4.shr_u(v, 1), v128.and(i32x4.shl(v, wrapShift), westCarry));
}

// Word k of a set in memory moved one row up (0, +1) or down (0, -1): read one row off.
@inline export function upOf(set: usize, k: i32): v128 {
  return v128.load(set + <usize>(k << 4) - 4);
}
@inline export function downOf(set: usize, k: i32): v128 {
  return v128.load(set + <usize>(k << 4) + 4);
}
@inline export function wordOf(set: usize, k: i32): v128 {
  return v128.load(set + <usize>(k << 4));
}
@inline export function storeWord(set: usize, k: i32, v: v128): void {
  v128.store(set + <usize>(k << 4), v);
}

/**
 * On a torus, copies the last row into the gap before `set` and the first row after the last
 * row, so that reading one row off wraps round. The copy after the last row may fall inside the
 * set's last word: such a set is only read one row off, or masked before it counts.
 */
@inline export function guardRows<T>(set: usize): void {
  if (!wraps<T>() || wrapRows == 0) return;
  store<u32>(set - 4, load<u32>(set + <usize>((wrapRows - 1) << 2)));
  store<u32>(set + <usize>(wrapRows << 2), load<u32>(set));
}

/**
 * A set of the state ready to be moved between rows: the set itself on a board with edges (its
 * gaps are zero), on a torus a copy in `scratch` with its rows guarded.
 */
@inline export function movable<T>(set: usize, scratch: usize): usize {
  if (!wraps<T>()) return set;
  memory.copy(scratch, set, <usize>(WIDE_WORDS << 4));
  guardRows<T>(scratch);
  return scratch;
}

/** Word k of the sites with at least one neighbour in `set` (movable). */
@inline export function adjacentWord<T>(set: usize, k: i32): v128 {
  const x = wordOf(set, k);
  const u = upOf(set, k);
  const d = downOf(set, k);
  return v128.or(
    v128.or(v128.or(eastOf<T>(x), westOf<T>(x)), v128.or(u, d)),
    v128.or(eastOf<T>(u), westOf<T>(d)),
  );
}

/**
 * Word k of every site's count of neighbours in `set` (movable), as three bit planes (ones,
 * twos, fours) stored at `out`, `out + 16`, `out + 32`: two full adders, then one for the carries.
 */
@inline export function neighbourCountWord<T>(set: usize, k: i32, out: usize): void {
  const x = wordOf(set, k);
  const u = upOf(set, k);
  const d = downOf(set, k);
  const a = eastOf<T>(x);
  const b = westOf<T>(x);
  const c = u;
  const e = eastOf<T>(u);
  const f = westOf<T>(d);
  const ab = v128.xor(a, b);
  const s1 = v128.xor(ab, c);
  const c1 = v128.or(v128.and(a, b), v128.and(c, ab));
  const de = v128.xor(d, e);
  const s2 = v128.xor(de, f);
  const c2 = v128.or(v128.and(d, e), v128.and(f, de));
  const carry = v128.and(s1, s2);
  const cc = v128.xor(c1, c2);
  v128.store(out, v128.xor(s1, s2));
  v128.store(out, v128.xor(cc, carry), 16);
  v128.store(out, v128.or(v128.and(c1, c2), v128.and(carry, cc)), 32);
}

/**
 * The first and the last word of the rows within `distance` of `row`: on a board with edges
 * nothing within that distance of a site lies outside them.
 */
@inline export function firstWordNear(row: i32, distance: i32): i32 {
  return row > distance ? (row - distance) >> 2 : 0;
}
@inline export function lastWordNear(row: i32, distance: i32): i32 {
  const k = (row + distance) >> 2;
  return k < WIDE_WORDS - 1 ? k : WIDE_WORDS - 1;
}

@inline export function popcountWord(v: v128): i32 {
  return <i32>(popcnt(i64x2.extract_lane(v, 0)) + popcnt(i64x2.extract_lane(v, 1)));
}

/** Sets bit `bit` (32 row + column) of a wide set. */
@inline export function setWideBit(set: usize, bit: i32): void {
  const w = set + ((bit >> 6) << 3);
  store<u64>(w, load<u64>(w) | (<u64>1 << <u64>(bit & 63)));
}
