// Bitboards: a set of sites on a board of at most 16 x 16 as two v128 values, rows 0-7 and rows
// 8-15, each row a 16-bit lane with bit c for column c (board.ts). Moving a set one site east or
// west shifts inside the lanes; moving it to the row above or below moves whole lanes. Nothing
// carries from one row into another, so no guard bits are needed.

export const ZERO: v128 = i64x2.splat(0);

// One site east (+1, 0) / west (-1, 0).
@inline export function east(v: v128): v128 {
  return i16x8.shl(v, 1);
}
@inline export function west(v: v128): v128 {
  return i16x8.shr_u(v, 1);
}
// One row up (0, +1): lane i takes lane i - 1; row 7 crosses from the low half into the high half.
@inline export function upLo(lo: v128): v128 {
  return i16x8.shuffle(ZERO, lo, 0, 8, 9, 10, 11, 12, 13, 14);
}
@inline export function upHi(lo: v128, hi: v128): v128 {
  return i16x8.shuffle(lo, hi, 7, 8, 9, 10, 11, 12, 13, 14);
}
// One row down (0, -1): lane i takes lane i + 1; row 8 crosses from the high half into the low half.
@inline export function downLo(lo: v128, hi: v128): v128 {
  return i16x8.shuffle(lo, hi, 1, 2, 3, 4, 5, 6, 7, 8);
}
@inline export function downHi(hi: v128): v128 {
  return i16x8.shuffle(hi, ZERO, 1, 2, 3, 4, 5, 6, 7, 8);
}

@inline export function popcount(lo: v128, hi: v128): i32 {
  return <i32>(
    popcnt(i64x2.extract_lane(lo, 0)) +
    popcnt(i64x2.extract_lane(lo, 1)) +
    popcnt(i64x2.extract_lane(hi, 0)) +
    popcnt(i64x2.extract_lane(hi, 1))
  );
}

// The six neighbours of every site of a set, one half at a time. The six directions are their
// own opposites as a whole, so "moved in each direction" is also "has a neighbour in each".
@inline function n0Lo(lo: v128): v128 { return east(lo); }
@inline function n1Lo(lo: v128): v128 { return west(lo); }
@inline function n2Lo(lo: v128): v128 { return upLo(lo); }
@inline function n3Lo(lo: v128, hi: v128): v128 { return downLo(lo, hi); }
@inline function n4Lo(lo: v128): v128 { return east(upLo(lo)); }
@inline function n5Lo(lo: v128, hi: v128): v128 { return west(downLo(lo, hi)); }
@inline function n2Hi(lo: v128, hi: v128): v128 { return upHi(lo, hi); }
@inline function n3Hi(hi: v128): v128 { return downHi(hi); }
@inline function n4Hi(lo: v128, hi: v128): v128 { return east(upHi(lo, hi)); }
@inline function n5Hi(hi: v128): v128 { return west(downHi(hi)); }

/** Sites with at least one neighbour in (lo, hi): the low half. */
@inline export function adjacentLo(lo: v128, hi: v128): v128 {
  return v128.or(v128.or(v128.or(n0Lo(lo), n1Lo(lo)), v128.or(n2Lo(lo), n3Lo(lo, hi))), v128.or(n4Lo(lo), n5Lo(lo, hi)));
}
/** Sites with at least one neighbour in (lo, hi): the high half. */
@inline export function adjacentHi(lo: v128, hi: v128): v128 {
  return v128.or(v128.or(v128.or(east(hi), west(hi)), v128.or(n2Hi(lo, hi), n3Hi(hi))), v128.or(n4Hi(lo, hi), n5Hi(hi)));
}

/**
 * How many of the six inputs hold each site, as three bit planes (ones, twos, fours) stored at
 * `out`, `out + 16`, `out + 32`: two full adders, then one more for the carries.
 */
@inline function sumSix(a: v128, b: v128, c: v128, d: v128, e: v128, f: v128, out: usize): void {
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
 * For every site, how many of its neighbours are in (lo, hi): bit planes for the low half at
 * `out` (ones, twos, fours) and for the high half at `out + 48`.
 */
@inline export function neighbourCount(lo: v128, hi: v128, out: usize): void {
  sumSix(n0Lo(lo), n1Lo(lo), n2Lo(lo), n3Lo(lo, hi), n4Lo(lo), n5Lo(lo, hi), out);
  sumSix(east(hi), west(hi), n2Hi(lo, hi), n3Hi(hi), n4Hi(lo, hi), n5Hi(hi), out + 48);
}

// Thresholds on a count held as bit planes (ones, twos, fours).
@inline export function atLeast1(b0: v128, b1: v128, b2: v128): v128 {
  return v128.or(v128.or(b0, b1), b2);
}
@inline export function atLeast2(b1: v128, b2: v128): v128 {
  return v128.or(b1, b2);
}
@inline export function atLeast3(b0: v128, b1: v128, b2: v128): v128 {
  return v128.or(b2, v128.and(b1, b0));
}
@inline export function atLeast5(b0: v128, b1: v128, b2: v128): v128 {
  return v128.and(b2, v128.or(b1, b0));
}
