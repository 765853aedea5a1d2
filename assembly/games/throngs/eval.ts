// The heuristic evaluation of a Throngs position for alpha-beta leaves (and, as a setting, the
// MCTS playout cut-off): P1's advantage in hundredths of a point. Terms, each P1's minus P2's,
// weighted by EVAL_WEIGHTS (defaults and their meaning: reference/games/throngs/eval.ts, the
// same function):
//   0 score (Ludii's scoring rule), per point
//   1 mobility: empty sites the player may place on (AP >= 1, or AP 0 with no empty neighbour)
//   2 action potential: power to travel after placing, sum of AP - 1 over those sites
//   3 captures: opponent stones with AP >= 2
//   4 the duty: a player bound to add or capture (counter >= 4) with no placement or capture
//     left must pass, which hands the opponent the "all passed" ending
//   5 tempo: moves left in the current turn, for the player to move
import { EVAL_WEIGHTS, N } from '../../core/layout';
import { atLeast1 } from './bitboard';
import { degree, useBits } from './board';
import { OBLIGATION } from './movegen';
import { planesOf, scoreMargin } from './scoring';
import { around, cell, contentBits, counter, moveIndex, toMove } from './state';
import { EVAL_CACHE, EVAL_CACHE_ENTRIES } from './layout';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

/** The terms both ways of counting them share; the first three are P1's minus P2's. */
let mobility1 = 0;
let mobility2 = 0;
let potential = 0;
let captures1 = 0;
let captures2 = 0;

@global export function evaluate(): i32 {
  let scores: i32;
  if (useBits) {
    scores = termsFromCache();
  } else {
    scores = scoreMargin();
    countTerms();
  }
  let duty = 0;
  if (counter(1) >= OBLIGATION && mobility1 + captures1 == 0) duty--;
  if (counter(2) >= OBLIGATION && mobility2 + captures2 == 0) duty++;
  const left = moveIndex() == 1 ? 2 : 1;
  const tempo = toMove() == 1 ? left : -left;
  return (
    weight(0) * scores +
    weight(1) * (mobility1 - mobility2) +
    weight(2) * potential +
    weight(3) * (captures1 - captures2) +
    weight(4) * duty +
    weight(5) * tempo
  );
}

// The score margin and the terms depend on the stones alone, and a search meets the same stones
// again and again (the two moves of a turn in either order, the children of a node ordered after
// each move): EVAL_CACHE keeps them for recent stones, each entry its stones in full (so a hit is
// exact, never a hash collision) and the six numbers. EVAL_CACHE_ENTRIES is a power of two.
const ENTRY: usize = 96;

/** The margin and the terms on bitboards: from the cache, else counted and kept there. */
function termsFromCache(): i32 {
  const one = contentBits(1);
  const two = contentBits(2);
  const a = v128.load(one);
  const b = v128.load(one, 16);
  const c = v128.load(two);
  const d = v128.load(two, 16);
  // A hash of the stones: the four vectors folded, the two halves mixed by multiplication.
  const f = v128.xor(v128.xor(a, i64x2.shl(b, 7)), v128.xor(i64x2.shl(c, 13), i64x2.shl(d, 29)));
  const h = (i64x2.extract_lane(f, 0) * 0x9e3779b97f4a7c15) ^ (i64x2.extract_lane(f, 1) * 0xc2b2ae3d27d4eb4f);
  const at = EVAL_CACHE + <usize>((<i32>(h >>> 40)) & (EVAL_CACHE_ENTRIES - 1)) * ENTRY;
  const same = v128.and(
    v128.and(i64x2.eq(v128.load(at), a), i64x2.eq(v128.load(at, 16), b)),
    v128.and(i64x2.eq(v128.load(at, 32), c), i64x2.eq(v128.load(at, 48), d)),
  );
  if (i64x2.all_true(same)) {
    mobility1 = load<i32>(at, 68);
    mobility2 = load<i32>(at, 72);
    potential = load<i32>(at, 76);
    captures1 = load<i32>(at, 80);
    captures2 = load<i32>(at, 84);
    return load<i32>(at, 64);
  }
  // On bitboards the margin leaves the neighbour-count planes the terms read.
  const scores = scoreMargin();
  countTermsBits();
  v128.store(at, a);
  v128.store(at, b, 16);
  v128.store(at, c, 32);
  v128.store(at, d, 48);
  store<i32>(at, scores, 64);
  store<i32>(at, mobility1, 68);
  store<i32>(at, mobility2, 72);
  store<i32>(at, potential, 76);
  store<i32>(at, captures1, 80);
  store<i32>(at, captures2, 84);
  return scores;
}

/** The terms site by site, from the neighbour counts the state keeps: the definition. */
function countTerms(): void {
  mobility1 = 0;
  mobility2 = 0;
  potential = 0;
  captures1 = 0;
  captures2 = 0;
  for (let s = 0; s < N; s++) {
    const c = cell(s);
    const a1 = around(s, 1);
    const a2 = around(s, 2);
    if (c == 0) {
      const ap = a1 - a2;
      const sealed = degree(s) == a1 + a2;
      if (ap >= 1 || (ap == 0 && sealed)) mobility1++;
      if (ap <= -1 || (ap == 0 && sealed)) mobility2++;
      if (ap >= 2) potential += ap - 1;
      else if (ap <= -2) potential += ap + 1;
    } else if (c == 2) {
      if (a1 - a2 - 1 >= 2) captures1++;
    } else if (a2 - a1 - 1 >= 2) {
      captures2++;
    }
  }
}

@inline function plane(at: usize, half: i32, bit: i32): v128 {
  return v128.load(at + <usize>(half * 48 + bit * 16));
}

/**
 * The same terms for every site at once, from the bit planes countPlanes left. Per site, x =
 * (P1's neighbours) + (7 - P2's neighbours) = AP + 7, from 1 to 13, is summed into four planes by
 * a ripple-carry adder (7 - n is n's three bits inverted, since n <= 6); each threshold on AP is
 * then a threshold on x, a little set logic on its planes.
 */
function countTermsBits(): void {
  let m1 = 0;
  let m2 = 0;
  let pot = 0;
  let c1 = 0;
  let c2 = 0;
  const one = planesOf(1);
  const two = planesOf(2);
  const emp = planesOf(0);
  for (let half = 0; half < 2; half++) {
    const h = <usize>(half << 4);
    const empty = v128.load(contentBits(0) + h);
    const stones1 = v128.load(contentBits(1) + h);
    const stones2 = v128.load(contentBits(2) + h);
    const a0 = plane(one, half, 0), a1 = plane(one, half, 1), a2 = plane(one, half, 2);
    const n0 = v128.not(plane(two, half, 0)), n1 = v128.not(plane(two, half, 1)), n2 = v128.not(plane(two, half, 2));
    const s0 = v128.xor(a0, n0);
    const k0 = v128.and(a0, n0);
    const t1 = v128.xor(a1, n1);
    const s1 = v128.xor(t1, k0);
    const k1 = v128.or(v128.and(a1, n1), v128.and(k0, t1));
    const t2 = v128.xor(a2, n2);
    const s2 = v128.xor(t2, k1);
    const s3 = v128.or(v128.and(a2, n2), v128.and(k1, t2));
    const s21 = v128.and(s2, s1);
    const s210 = v128.and(s21, s0);
    const low = v128.not(s3);
    // AP >= k is x >= 7 + k; AP <= -k is x <= 7 - k.
    const ge1 = s3;
    const ge2 = v128.and(s3, atLeast1(s0, s1, s2));
    const ge3 = v128.and(s3, v128.or(s2, s1));
    const ge4 = v128.and(s3, v128.or(s2, v128.and(s1, s0)));
    const ge5 = v128.and(s3, s2);
    const ge6 = v128.and(s3, v128.and(s2, v128.or(s1, s0)));
    const zero = v128.and(low, s210);
    const le1 = v128.andnot(low, s210);
    const le2 = v128.andnot(low, s21);
    const le3 = v128.andnot(low, v128.and(s2, v128.or(s1, s0)));
    const le4 = v128.andnot(low, s2);
    const le5 = v128.andnot(le4, v128.and(s1, s0));
    const le6 = v128.andnot(le4, s1);
    const sealed = v128.and(empty, v128.not(atLeast1(plane(emp, half, 0), plane(emp, half, 1), plane(emp, half, 2))));
    const level = v128.and(sealed, zero);
    m1 += popcnt128(v128.and(empty, v128.or(ge1, level)));
    m2 += popcnt128(v128.and(empty, v128.or(le1, level)));
    // Σ (AP - 1) over AP >= 2 is Σ_k [AP >= k] for k = 2..6; likewise below.
    pot += popcnt128(v128.and(empty, ge2)) + popcnt128(v128.and(empty, ge3)) + popcnt128(v128.and(empty, ge4));
    pot += popcnt128(v128.and(empty, ge5)) + popcnt128(v128.and(empty, ge6));
    pot -= popcnt128(v128.and(empty, le2)) + popcnt128(v128.and(empty, le3)) + popcnt128(v128.and(empty, le4));
    pot -= popcnt128(v128.and(empty, le5)) + popcnt128(v128.and(empty, le6));
    c1 += popcnt128(v128.and(stones2, ge3));
    c2 += popcnt128(v128.and(stones1, le3));
  }
  mobility1 = m1;
  mobility2 = m2;
  potential = pot;
  captures1 = c1;
  captures2 = c2;
}

@inline function popcnt128(v: v128): i32 {
  return <i32>(popcnt(i64x2.extract_lane(v, 0)) + popcnt(i64x2.extract_lane(v, 1)));
}
