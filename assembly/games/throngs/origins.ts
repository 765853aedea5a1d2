// The move origins of a random draw (movegen.ts randomPlayoutMove) on boards with bit sets,
// classified for all sites at once instead of site by site. Per site, x = (own neighbours) +
// (7 - opponent neighbours) is summed into four bit planes (eval.ts does the same), and since
// the action potential is x - 7 on an empty site, x - 8 on an opponent stone and x - 6 on an own
// stone, "a placement of power p", "a capture of power p" and "a travel of power p" are each
// the sites of one content with one value of x: a few ANDs of the planes. Only the sites in
// those sets are visited, each already knowing its kind and power, to work out its bound.
//
// The bounds are the ones reference/games/throngs/random.ts gives its groups, so the draws stay
// the same: per origin (by bit, bit order being site order) BOUND holds the bound and POWER the
// power, with UNSURE set while the bound is the empty sites within reach rather than the count.
import { ballBits, ballEnd, ballSites, bitOf, degree, useBits, useWide, wideBallBits } from './board';
import { adjacentHi, adjacentLo, neighbourCount, popcount } from './bitboard';
import { BIT_SITE, ORIGIN_BOUND, ORIGIN_PLANES, ORIGIN_POWER, ORIGIN_SETS, WIDE_MAX_WORDS, WIDE_SCRATCH, WIDE_WORDS } from './layout';
import { cell, contentBits, contentWide, emptyNeighbours } from './state';
import {
  Flat,
  Wrapped,
  adjacentWord,
  firstWordNear,
  lastWordNear,
  movable,
  neighbourCountWord,
  popcountWord,
  torus,
  wideBuffer,
  wordOf,
} from './wide';

/** The classes of origins, in canonical order: placements, captures, travels (then the pass). */
export const PLACING: i32 = 0;
export const CAPTURING: i32 = 1;
export const TRAVELLING: i32 = 2;

/** A POWER flag: the bound may exceed the number of moves (a destination search would tell). */
export const UNSURE: u8 = 0x80;

/** The sum of the bounds of each class. */
let total0: i32 = 0;
let total1: i32 = 0;
let total2: i32 = 0;
/** How many v128 words the classified sets have: 2 on bitboards, WIDE_WORDS on wide sets. */
let words: i32 = 0;

@inline export function classTotal(c: i32): i32 {
  return c == PLACING ? total0 : c == CAPTURING ? total1 : total2;
}

@inline export function boundOf(bit: i32): i32 {
  return <i32>load<u8>(ORIGIN_BOUND + bit);
}

@inline export function powerOf(bit: i32): i32 {
  return <i32>load<u8>(ORIGIN_POWER + bit);
}

/** After a destination search: the bound of `bit` (class `c`) becomes its exact count. */
export function settleBound(bit: i32, c: i32, exact: i32): void {
  const was = boundOf(bit);
  store<u8>(ORIGIN_BOUND + bit, <u8>exact);
  store<u8>(ORIGIN_POWER + bit, <u8>(powerOf(bit) & ~UNSURE));
  if (c == PLACING) total0 -= was - exact;
  else if (c == CAPTURING) total1 -= was - exact;
  else total2 -= was - exact;
}

@inline function emptyWithinBits(origin: i32, power: i32): i32 {
  const ball = ballBits(origin, power);
  const empties = contentBits(0);
  return popcount(v128.and(v128.load(ball), v128.load(empties)), v128.and(v128.load(ball, 16), v128.load(empties, 16)));
}

/** The empty sites other than `origin` within distance `power` (≥ 2): a bound on |Dest|. */
export function emptyWithin(origin: i32, power: i32): i32 {
  if (useBits) return emptyWithinBits(origin, power);
  if (useWide) {
    // The ball lies within `power` rows of the origin, except where a torus wraps it round.
    const ball = wideBallBits(origin, power);
    const empties = contentWide(0);
    const row = bitOf(origin) >> 5;
    const k0 = torus ? 0 : firstWordNear(row, power);
    const k1 = torus ? WIDE_WORDS - 1 : lastWordNear(row, power);
    let n = 0;
    for (let k = k0; k <= k1; k++) n += popcountWord(v128.and(wordOf(ball, k), wordOf(empties, k)));
    return n;
  }
  const sites = ballSites(origin);
  const end = ballEnd(origin, power);
  let n = 0;
  for (let i = 0; i < end; i++) if (cell(<i32>load<u16>(sites + (i << 1))) == 0) n++;
  return n;
}

/**
 * Classifies every site for player `me` (the travels only when `travels`): fills BOUND and
 * POWER for each origin, the origins of each class as sets, and the class totals. Only on
 * boards with bit sets (useBits or useWide).
 */
export function classifyOrigins(me: i32, travels: bool): void {
  total0 = 0;
  total1 = 0;
  total2 = 0;
  if (useBits) {
    words = 2;
    const own = contentBits(me);
    const opp = contentBits(3 - me);
    const empty = contentBits(0);
    const eLo = v128.load(empty);
    const eHi = v128.load(empty, 16);
    neighbourCount(v128.load(own), v128.load(own, 16), ORIGIN_PLANES);
    neighbourCount(v128.load(opp), v128.load(opp, 16), ORIGIN_PLANES + 96);
    classifyWord(0, ORIGIN_PLANES, ORIGIN_PLANES + 96, eLo, v128.load(own), v128.load(opp), adjacentLo(eLo, eHi), travels);
    classifyWord(1, ORIGIN_PLANES + 48, ORIGIN_PLANES + 144, eHi, v128.load(own, 16), v128.load(opp, 16), adjacentHi(eLo, eHi), travels);
    return;
  }
  words = WIDE_WORDS;
  if (torus) classifyWide<Wrapped>(me, travels);
  else classifyWide<Flat>(me, travels);
}

function classifyWide<T>(me: i32, travels: bool): void {
  const own = contentWide(me);
  const opp = contentWide(3 - me);
  const empty = contentWide(0);
  const ownMoving = movable<T>(own, wideBuffer(WIDE_SCRATCH, 1));
  const oppMoving = movable<T>(opp, wideBuffer(WIDE_SCRATCH, 2));
  const emptyMoving = movable<T>(empty, wideBuffer(WIDE_SCRATCH, 3));
  for (let k = 0; k < WIDE_WORDS; k++) {
    neighbourCountWord<T>(ownMoving, k, ORIGIN_PLANES);
    neighbourCountWord<T>(oppMoving, k, ORIGIN_PLANES + 48);
    const nearEmpty = adjacentWord<T>(emptyMoving, k);
    classifyWord(k, ORIGIN_PLANES, ORIGIN_PLANES + 48, wordOf(empty, k), wordOf(own, k), wordOf(opp, k), nearEmpty, travels);
  }
}

@inline function plane(at: usize, b: i32): v128 {
  return v128.load(at + <usize>(b << 4));
}

/**
 * Word `k` (bits 128k to 128k + 127) of the classification, from the count planes (ones, twos,
 * fours) of own and opponent neighbours and the word's empty, own and opponent sites. The count
 * planes may hold bits off the board; every set below is masked by sites of the board.
 */
function classifyWord(k: i32, ownPlanes: usize, oppPlanes: usize, empty: v128, own: v128, opp: v128, nearEmpty: v128, travels: bool): void {
  // x = own + (7 - opp) by a ripple-carry adder; 7 - opp is opp's three bits inverted (opp ≤ 6).
  const a0 = plane(ownPlanes, 0), a1 = plane(ownPlanes, 1), a2 = plane(ownPlanes, 2);
  const n0 = v128.not(plane(oppPlanes, 0)), n1 = v128.not(plane(oppPlanes, 1)), n2 = v128.not(plane(oppPlanes, 2));
  const s0 = v128.xor(a0, n0);
  const k0 = v128.and(a0, n0);
  const t1 = v128.xor(a1, n1);
  const s1 = v128.xor(t1, k0);
  const k1 = v128.or(v128.and(a1, n1), v128.and(k0, t1));
  const t2 = v128.xor(a2, n2);
  const s2 = v128.xor(t2, k1);
  const s3 = v128.or(v128.and(a2, n2), v128.and(k1, t2));
  // x is 1 to 13 on the board: x = 7 is 0111, and 8 to 13 are 1 followed by 000 to 101.
  const s10 = v128.and(s1, s0);
  const eq7 = v128.andnot(v128.and(s2, s10), s3);
  const low = v128.andnot(s3, s2);
  const high = v128.and(s3, s2);
  const b00 = v128.not(v128.or(s1, s0));
  const b01 = v128.andnot(s0, s1);
  const b10 = v128.andnot(s1, s0);
  const eq8 = v128.and(low, b00);
  const eq9 = v128.and(low, b01);
  const eq10 = v128.and(low, b10);
  const eq11 = v128.and(low, s10);
  const eq12 = v128.and(high, b00);
  const eq13 = v128.and(high, b01);

  // Placements (AP = x - 7): AP 1, or AP 0 with no empty neighbour, is the stay alone (power 0);
  // AP ≥ 2 has power AP - 1. The higher powers are rare: one test skips them all.
  const sealed = v128.andnot(eq7, nearEmpty);
  const place0 = v128.and(empty, v128.or(eq8, sealed));
  v128.store(ORIGIN_SETS + <usize>(k << 4), v128.and(empty, v128.or(sealed, s3)));
  visit(place0, k, PLACING, 0);
  if (v128.any_true(v128.and(empty, v128.andnot(s3, eq8)))) {
    visit(v128.and(empty, eq9), k, PLACING, 1);
    visit(v128.and(empty, eq10), k, PLACING, 2);
    visit(v128.and(empty, eq11), k, PLACING, 3);
    if (v128.any_true(v128.and(empty, high))) {
      visit(v128.and(empty, eq12), k, PLACING, 4);
      visit(v128.and(empty, eq13), k, PLACING, 5);
    }
  }
  // Captures (AP = x - 8 ≥ 2, power AP - 2): x ≥ 10.
  const captures = v128.and(opp, v128.or(v128.or(eq10, eq11), high));
  v128.store(ORIGIN_SETS + <usize>((WIDE_MAX_WORDS + k) << 4), captures);
  if (v128.any_true(captures)) {
    visit(v128.and(opp, eq10), k, CAPTURING, 0);
    visit(v128.and(opp, eq11), k, CAPTURING, 1);
    visit(v128.and(opp, eq12), k, CAPTURING, 2);
    visit(v128.and(opp, eq13), k, CAPTURING, 3);
  }
  // Travels (AP = x - 6 ≥ 1, power AP): x ≥ 7.
  const moving = ORIGIN_SETS + <usize>((2 * WIDE_MAX_WORDS + k) << 4);
  if (!travels) {
    v128.store(moving, v128.splat<i64>(0));
    return;
  }
  v128.store(moving, v128.and(own, v128.or(eq7, s3)));
  visit(v128.and(own, eq7), k, TRAVELLING, 1);
  visit(v128.and(own, eq8), k, TRAVELLING, 2);
  visit(v128.and(own, eq9), k, TRAVELLING, 3);
  visit(v128.and(own, eq10), k, TRAVELLING, 4);
  visit(v128.and(own, eq11), k, TRAVELLING, 5);
  if (v128.any_true(v128.and(own, high))) {
    visit(v128.and(own, eq12), k, TRAVELLING, 6);
    visit(v128.and(own, eq13), k, TRAVELLING, 7);
  }
}

/** Most of the sets of one class and power are empty: they cost no call. */
@inline function visit(set: v128, k: i32, c: i32, power: i32): void {
  if (v128.any_true(set)) visitSet(set, k, c, power);
}

/** Bounds for the sites of `set` (word `k`), origins of class `c` with power `power`. */
function visitSet(set: v128, k: i32, c: i32, power: i32): void {
  // The stay of a placement or capture is one of its moves; a travel has none.
  const stays = c == TRAVELLING ? 0 : 1;
  let sum = 0;
  for (let lane = 0; lane < 2; lane++) {
    let word = lane == 0 ? i64x2.extract_lane(set, 0) : i64x2.extract_lane(set, 1);
    const base = (k << 7) + (lane << 6);
    while (word != 0) {
      const bit = base + <i32>ctz(word);
      word &= word - 1;
      const site = load<i32>(BIT_SITE + (bit << 2));
      let n = 0;
      let flags = <u8>power;
      if (power == 1) {
        n = emptyNeighbours(site, degree(site));
      } else if (power >= 2) {
        n = useBits ? emptyWithinBits(site, power) : emptyWithin(site, power);
        if (n > 0) flags |= UNSURE;
      }
      store<u8>(ORIGIN_BOUND + bit, <u8>(stays + n));
      store<u8>(ORIGIN_POWER + bit, flags);
      sum += stays + n;
    }
  }
  if (c == PLACING) total0 += sum;
  else if (c == CAPTURING) total1 += sum;
  else total2 += sum;
}

/** Where the last locate landed: the index within the origin's moves. */
export let locatedIndex: i32 = 0;
/** The class of the origin the last locate landed on. */
export let locatedClass: i32 = 0;

/**
 * The origin (its bit) of the `i`-th move in canonical order, -1 beyond the travels (the pass);
 * the index within the origin's moves goes to locatedIndex, its class to locatedClass.
 */
export function locate(i: i32): i32 {
  for (let c = 0; c < 3; c++) {
    const t = classTotal(c);
    if (i >= t) {
      i -= t;
      continue;
    }
    const set = ORIGIN_SETS + <usize>(c * WIDE_MAX_WORDS << 4);
    for (let w = 0; w < words << 1; w++) {
      let word = load<u64>(set + (w << 3));
      while (word != 0) {
        const bit = (w << 6) + <i32>ctz(word);
        word &= word - 1;
        const b = boundOf(bit);
        if (i < b) {
          locatedIndex = i;
          locatedClass = c;
          return bit;
        }
        i -= b;
      }
    }
    // The class total is the sum of its bounds, so a draw below it lands in it.
    unreachable();
  }
  locatedIndex = i;
  return -1;
}
