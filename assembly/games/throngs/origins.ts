// The move origins of a random draw (movegen.ts randomPlayoutMove), classified for all sites at
// once: 16 sites a step, one byte each, from the cells and the neighbour counts the state keeps
// (state.ts). With d = own - opponent neighbours, a site is a placement of power max(d - 1, 0)
// if empty (d ≥ 1, or d = 0 with no empty neighbour), a capture of power d - 3 if the
// opponent's (d ≥ 3), a travel of power d + 1 if the player's own (d ≥ 0); a few byte compares
// give every site's class and power, and the bounds of power 0 and 1 (the stay, the empty
// neighbours) with them. Greater powers bound by the empty sites within reach: read off the
// counts within.ts keeps for every site (powers up to WITHIN_DEEPEST, on boards that keep them),
// else counted origin by origin (the board's precomputed balls against the empty sites).
//
// The bounds are the ones reference/games/throngs/random.ts gives its groups, so the draws stay
// the same. Per site POWER holds the power, with UNSURE set while the bound is the empty sites
// within reach rather than the count, and each class has its bounds by site (0 off the class),
// which a draw walks 16 at a time; listing every move walks the classes' bit sets over the
// sites instead, whose order is the canonical order.
//
// Why bytes and not bit planes of the neighbour counts (eval.ts): the planes were tried first, and
// this is about 1.6x as fast on ragged63 playouts. The planes need a set per class and power, each
// visited on its own, and the site of every bit looked up; bytes give each site's power outright,
// read the site order directly, and need nothing of the board's shape, so every board uses them.
import { ballBits, ballEnd, ballSites, bitOf, useBits, useWide, wideBallBits } from './board';
import { popcount } from './bitboard';
import { DEG, N, STATE } from '../../core/layout';
import { S_CELLS } from './abi';
import { CLASS_BOUND, ORIGIN_POWER, ORIGIN_SETS, WIDE_WORDS, WITHIN_DEEPEST, chunkBytes, originSetBytes, withinKept } from './layout';
import { cell, contentBits, contentWide } from './state';
import { firstWordNear, lastWordNear, popcountWord, torus, wordOf } from './wide';
import { syncWithin, validLanes, withinOf } from './within';

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

@inline export function classTotal(c: i32): i32 {
  return c == PLACING ? total0 : c == CAPTURING ? total1 : total2;
}

/** The bound of `site` as an origin of class `c` (after a bounded classification). */
@inline export function boundOf(site: i32, c: i32): i32 {
  return <i32>load<u8>(classBounds(c) + <usize>site);
}

@inline export function powerOf(site: i32): i32 {
  return <i32>load<u8>(ORIGIN_POWER + site);
}

/** After a destination search: the bound of `site` (class `c`) becomes its exact count. */
export function settleBound(site: i32, c: i32, exact: i32): void {
  const was = boundOf(site, c);
  store<u8>(ORIGIN_POWER + site, <u8>(powerOf(site) & ~UNSURE));
  store<u8>(classBounds(c) + <usize>site, <u8>exact);
  if (c == PLACING) total0 -= was - exact;
  else if (c == CAPTURING) total1 -= was - exact;
  else total2 -= was - exact;
}

// The empty sites other than `origin` within distance `power` (≥ 2), a bound on |Dest|, on each
// kind of board: with 16 x 16 bitboards, with wide sets, with neither.
@inline function emptyWithinBits(origin: i32, power: i32): i32 {
  const ball = ballBits(origin, power);
  const empties = contentBits(0);
  return popcount(v128.and(v128.load(ball), v128.load(empties)), v128.and(v128.load(ball, 16), v128.load(empties, 16)));
}

@inline function emptyWithinWide(origin: i32, power: i32): i32 {
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

function emptyWithinSites(origin: i32, power: i32): i32 {
  const sites = ballSites(origin);
  const end = ballEnd(origin, power);
  let n = 0;
  for (let i = 0; i < end; i++) if (cell(<i32>load<u16>(sites + (i << 1))) == 0) n++;
  return n;
}

/**
 * Classifies every site for player `me` (the travels only when `travels`): fills POWER for each
 * origin and the origins of each class as sets; with `bounded` (random draws) also BOUND and the
 * class totals, which cost a ball count per origin of power 2 or more that listing every move
 * (movegen.ts enumerate) does not need. On boards that keep the counts of within.ts, the powers
 * they hold (most origins') read them for all sites at once; only the rare greater powers are
 * counted origin by origin.
 */
export function classifyOrigins(me: i32, travels: bool, bounded: bool): void {
  const table = bounded && withinKept;
  if (table) syncWithin();
  const cells = STATE + S_CELLS;
  const mine = cells + <usize>(N * me);
  const theirs = cells + <usize>(N * (3 - me));
  const meBytes = i8x16.splat(<i8>me);
  const themBytes = i8x16.splat(<i8>(3 - me));
  const zero = i8x16.splat(0);
  const one = i8x16.splat(1);
  const two = i8x16.splat(2);
  const three = i8x16.splat(3);
  const minusOne = i8x16.splat(-1);
  // Powers above this are counted origin by origin (countFar).
  const counted = i8x16.splat(<i8>(table ? WITHIN_DEEPEST : 1));
  // Sums of the bounds of each class but those counted later: each i16 lane adds at most
  // 2 · 169 a chunk, so it holds any board the table is kept for, and without the table (at
  // most 14 a chunk) any board of fewer than 70,000 sites.
  let sum0 = zero;
  let sum1 = zero;
  let sum2 = zero;
  const chunks = (N + 15) >> 4;
  for (let j = 0; j < chunks; j++) {
    const at = <usize>(j << 4);
    // Sites past the last are whatever follows the arrays in memory: masked off.
    const valid = validLanes(j << 4);
    const c = v128.load(cells + at);
    const ownAround = v128.load(mine + at);
    const oppAround = v128.load(theirs + at);
    // d = own - opponent neighbours: the AP of an empty site, one more than a stone's of the
    // opponent, one less than an own stone's.
    const d = i8x16.sub(ownAround, oppAround);
    const emptyAround = i8x16.sub(i8x16.sub(v128.load(DEG + at), ownAround), oppAround);
    // Placements: AP 1, or AP 0 with no empty neighbour, is the stay alone; AP ≥ 2 has power AP - 1.
    const place = v128.and(
      v128.and(valid, i8x16.eq(c, zero)),
      v128.or(i8x16.gt_s(d, zero), v128.and(i8x16.eq(d, zero), i8x16.eq(emptyAround, zero))),
    );
    // Captures: AP = d - 1 ≥ 2, power AP - 2. Travels: AP = d + 1 ≥ 1, power AP.
    const capture = v128.and(valid, v128.and(i8x16.eq(c, themBytes), i8x16.gt_s(d, two)));
    const travel = travels ? v128.and(valid, v128.and(i8x16.eq(c, meBytes), i8x16.gt_s(d, minusOne))) : zero;
    let power = v128.or(
      v128.or(v128.and(place, i8x16.max_s(i8x16.sub(d, one), zero)), v128.and(capture, i8x16.sub(d, three))),
      v128.and(travel, i8x16.add(d, one)),
    );
    // Power 0 and 1 are exact bounds now: the stay (placements and captures) and, at power 1,
    // the empty neighbours. Greater powers read the empty sites within them off the table,
    // marked unsure when there are any; those beyond it are counted later, origin by origin.
    const far = i8x16.gt_s(power, counted);
    let bound = i8x16.add(v128.and(v128.or(place, capture), one), v128.and(i8x16.eq(power, one), emptyAround));
    if (table) {
      let within = v128.and(i8x16.eq(power, two), v128.load(withinOf(2) + at));
      within = v128.or(within, v128.and(i8x16.eq(power, three), v128.load(withinOf(3) + at)));
      within = v128.or(within, v128.and(i8x16.eq(power, i8x16.splat(4)), v128.load(withinOf(4) + at)));
      within = v128.or(within, v128.and(i8x16.eq(power, i8x16.splat(5)), v128.load(withinOf(5) + at)));
      bound = i8x16.add(bound, within);
      power = v128.or(power, v128.and(v128.not(i8x16.eq(within, zero)), i8x16.splat(<i8>UNSURE)));
    }
    const b0 = v128.and(place, bound);
    const b1 = v128.and(capture, bound);
    const b2 = v128.and(travel, bound);
    v128.store(classBounds(PLACING) + at, b0);
    v128.store(classBounds(CAPTURING) + at, b1);
    v128.store(classBounds(TRAVELLING) + at, b2);
    sum0 = i16x8.add(sum0, i16x8.extadd_pairwise_i8x16_u(v128.andnot(b0, far)));
    sum1 = i16x8.add(sum1, i16x8.extadd_pairwise_i8x16_u(v128.andnot(b1, far)));
    sum2 = i16x8.add(sum2, i16x8.extadd_pairwise_i8x16_u(v128.andnot(b2, far)));
    v128.store(ORIGIN_POWER + at, power);
    // Listing every move walks the classes' sets; a draw walks the bounds and counts the far ones.
    const bits = ORIGIN_SETS + <usize>(j << 1);
    if (!bounded) {
      store<u16>(bits, i8x16.bitmask(place));
      store<u16>(bits + originSetBytes, i8x16.bitmask(capture));
      store<u16>(bits + 2 * originSetBytes, i8x16.bitmask(travel));
    } else {
      store<u16>(bits + 3 * originSetBytes, i8x16.bitmask(v128.and(place, far)));
      store<u16>(bits + 4 * originSetBytes, i8x16.bitmask(v128.and(capture, far)));
      store<u16>(bits + 5 * originSetBytes, i8x16.bitmask(v128.and(travel, far)));
    }
  }
  if (!bounded) return;
  total0 = horizontalSum(sum0) + countFar(PLACING, 1);
  total1 = horizontalSum(sum1) + countFar(CAPTURING, 1);
  total2 = horizontalSum(sum2) + countFar(TRAVELLING, 0);
}

/** Each site's bound in class `c` (0 for the sites of other classes): what locate walks. */
@inline function classBounds(c: i32): usize {
  return CLASS_BOUND + <usize>(c * chunkBytes);
}

@inline function horizontalSum(v: v128): i32 {
  const w = i32x4.extadd_pairwise_i16x8_u(v);
  return i32x4.extract_lane(w, 0) + i32x4.extract_lane(w, 1) + i32x4.extract_lane(w, 2) + i32x4.extract_lane(w, 3);
}

/** Bounds of the origins of class `c` with powers the classification left to count; returns their sum. */
function countFar(c: i32, stays: i32): i32 {
  const set = ORIGIN_SETS + <usize>((3 + c) * originSetBytes);
  let sum = 0;
  for (let w = 0; w < originSetBytes >> 3; w++) {
    let word = load<u64>(set + (w << 3));
    while (word != 0) {
      const site = (w << 6) + <i32>ctz(word);
      word &= word - 1;
      const power = <i32>load<u8>(ORIGIN_POWER + site);
      const n = useBits ? emptyWithinBits(site, power) : useWide ? emptyWithinWide(site, power) : emptyWithinSites(site, power);
      store<u8>(classBounds(c) + <usize>site, <u8>(stays + n));
      if (n > 0) store<u8>(ORIGIN_POWER + site, <u8>power | UNSURE);
      sum += stays + n;
    }
  }
  return sum;
}

/** The origins of class `c` as a bit set over the sites (originSetBytes long). */
@inline export function classSet(c: i32): usize {
  return ORIGIN_SETS + <usize>(c * originSetBytes);
}

/** Where the last locate landed: the index within the origin's moves. */
export let locatedIndex: i32 = 0;
/** The class of the origin the last locate landed on. */
export let locatedClass: i32 = 0;

/**
 * The origin (its site) of the `i`-th move in canonical order, -1 beyond the travels (the
 * pass); the index within the origin's moves goes to locatedIndex, its class to locatedClass.
 */
export function locate(i: i32): i32 {
  for (let c = 0; c < 3; c++) {
    const t = classTotal(c);
    if (i >= t) {
      i -= t;
      continue;
    }
    locatedClass = c;
    return locateInClass(c, i);
  }
  locatedIndex = i;
  return -1;
}

/** Room for a chunk's running sums of bounds as u16, after one zero: PREFIX + 2k is the sum of lanes below k. */
const PREFIX: usize = memory.data(48, 16);

/**
 * locate within class `c` (`i` below its total): skips 16 sites at a time by the sum of their
 * bounds, then finds the site among the 16 by their running sums, without a branch per site.
 */
function locateInClass(c: i32, i: i32): i32 {
  const bounds = classBounds(c);
  for (let at = 0; at < N; at += 16) {
    const v = v128.load(bounds + <usize>at);
    const lo = i16x8.extend_low_i8x16_u(v);
    const hi = i16x8.extend_high_i8x16_u(v);
    const s = horizontalSum(i16x8.add(lo, hi));
    if (i >= s) {
      i -= s;
      continue;
    }
    // Running sums within each half, by lanes shifted up 1, 2 and 4 (zeros come in below).
    const zero = i8x16.splat(0);
    let p = i16x8.add(lo, i8x16.shuffle(zero, lo, 0, 1, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29));
    p = i16x8.add(p, i8x16.shuffle(zero, p, 0, 1, 2, 3, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27));
    p = i16x8.add(p, i8x16.shuffle(zero, p, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23));
    let q = i16x8.add(hi, i8x16.shuffle(zero, hi, 0, 1, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29));
    q = i16x8.add(q, i8x16.shuffle(zero, q, 0, 1, 2, 3, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27));
    q = i16x8.add(q, i8x16.shuffle(zero, q, 0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23));
    q = i16x8.add(q, i16x8.splat(i16x8.extract_lane_u(p, 7)));
    // The sums rise with the lanes: the lanes whose sum is at most i come before the site.
    const iv = i16x8.splat(<i16>i);
    const before = <i32>popcnt(i16x8.bitmask(i16x8.le_s(p, iv))) + <i32>popcnt(i16x8.bitmask(i16x8.le_s(q, iv)));
    store<u16>(PREFIX, 0);
    v128.store(PREFIX, p, 2);
    v128.store(PREFIX, q, 18);
    locatedIndex = i - <i32>load<u16>(PREFIX + (before << 1));
    return at + before;
  }
  // The class total is the sum of its bounds, so a draw below it lands in it.
  unreachable();
  return -1;
}
