// Scores exactly as Ludii's SetScores (THRONGS.md §11), from the neighbour counts the state
// keeps: own stones that are safe (A), empty sites surrounded by own stones with no opponent
// stone around their empty neighbours (B), and opponent stones that could be captured (C).
import { adjacentHi, adjacentLo, atLeast1, atLeast2, atLeast3, atLeast5, neighbourCount, ZERO, popcount } from './bitboard';
import { degree, degreeBits, isEdge, neighbour, useBits, useWide } from './board';
import { N } from '../../core/layout';
import { SCORE_TMP, WIDE_DEGREE, WIDE_EDGE, WIDE_SCRATCH, WIDE_STRIDE, WIDE_WORDS } from './layout';
import { around, cell, contentBits, contentWide } from './state';
import {
  Flat,
  Wrapped,
  adjacentWord,
  guardRows,
  movable,
  neighbourCountWord,
  popcountWord,
  storeWord,
  torus,
  wideBuffer,
  wordOf,
} from './wide';

export const NONE: i32 = 0;
export const STONE: i32 = 1;
export const EMPTY_SITE: i32 = 2;
export const CAPTURABLE: i32 = 3;

/** Why `site` counts for `player` (STONE, EMPTY_SITE, CAPTURABLE), or NONE. */
@inline export function categoryFor(site: i32, player: i32): i32 {
  const other = 3 - player;
  const c = cell(site);
  const own = around(site, player);
  const deg = degree(site);
  if (c == player) {
    const opp = around(site, other);
    const safe = isEdge(site) ? own >= 1 || deg - own - opp >= 3 : own >= 2 || opp - own <= 1;
    return safe ? STONE : NONE;
  }
  if (c == other) return 2 + deg < 2 * own ? CAPTURABLE : NONE;
  if (own < 3) return NONE;
  const edge = isEdge(site);
  if (!edge && around(site, other) == 0) return EMPTY_SITE;
  if (!edge && own < 4) return NONE;
  // Ring(s): the neighbours of the empty neighbours; only opponent stones there matter.
  for (let dir = 0; dir < 6; dir++) {
    const e = neighbour(site, dir);
    if (e < 0 || cell(e) != 0) continue;
    if (around(e, other) != 0) return NONE;
    if (edge && isEdge(e)) return NONE;
  }
  return EMPTY_SITE;
}

@inline export function countsFor(site: i32, player: i32): bool {
  return categoryFor(site, player) != NONE;
}

@global export function score(player: i32): i32 {
  if (useBits) return scoreBits(player);
  if (useWide) return torus ? scoreWide<Wrapped>(player) : scoreWide<Flat>(player);
  let total = 0;
  for (let s = 0; s < N; s++) if (countsFor(s, player)) total++;
  return total;
}

/**
 * Whether `player`'s score may reach `target`: false only when it certainly cannot. On bitboards
 * a bound from the player's own neighbour counts alone, about a third of a score's work: the
 * score counts own stones (A, at most all of them), empty sites with three own neighbours or
 * more (B, at most those) and the opponent stones it could capture (C, exactly: that takes only
 * own neighbours and degrees), so it is at most their sizes added up. Scores mostly stay some
 * points short of the target while this bound passes it only rarely.
 */
export function mayReach(player: i32, target: i32): bool {
  if (!useBits) return true;
  const own = contentBits(player);
  const lo = v128.load(own);
  const hi = v128.load(own, 16);
  const planes = SCORE_TMP + 416;
  neighbourCount(lo, hi, planes);
  const empty = contentBits(0);
  const theirs = contentBits(3 - player);
  let bound = popcount(lo, hi);
  for (let half = 0; half < 2; half++) {
    const h = <usize>(half << 4);
    const o0 = plane(planes, half, 0), o1 = plane(planes, half, 1), o2 = plane(planes, half, 2);
    const own3 = atLeast3(o0, o1, o2), own4 = o2, own5 = atLeast5(o0, o1, o2);
    const capturable = v128.or(
      v128.or(v128.and(v128.load(degreeBits(6) + h), own5), v128.and(v128.load(degreeBits(5) + h), own4)),
      v128.or(v128.and(v128.load(degreeBits(4) + h), own4), v128.and(v128.load(degreeBits(3) + h), own3)),
    );
    bound += popcount(v128.and(v128.load(empty + h), own3), v128.and(v128.load(theirs + h), capturable));
  }
  return bound >= target;
}

/** Score of player 1 minus player 2 (on bitboards from the planes both share). */
export function scoreMargin(): i32 {
  return score(1) - score(2);
}

/** Who `site` counts for: 0 nobody, else the player (a site counts for at most one). */
export function siteOwner(site: i32): i32 {
  return countsFor(site, 1) ? 1 : countsFor(site, 2) ? 2 : 0;
}

// ---------------------------------------------------------------- bitboard scoring
// The same rule for every site at once: neighbour counts as bit planes (bitboard.ts), then each
// category as set logic. Used on boards with bitboards; the scalar loop above is the definition.

@inline function plane(at: usize, half: i32, bit: i32): v128 {
  return v128.load(at + <usize>(half * 48 + bit * 16));
}

/**
 * The bit planes of the three neighbour counts every bitboard score needs, at SCORE_TMP: stones
 * of player 1 (planes at +0), of player 2 (+96) and empty sites (+192); then the edge sites
 * (+288) and the sites next to an empty edge site (+320), the parts of the ring test that do not
 * depend on the player. They depend on the stones alone, so they are kept with the stones they
 * were counted for (+352: player 1's and player 2's sets), and both scores with them: a move's
 * end-rule check, then the evaluation of the same position, count once.
 */
export function countPlanes(): void {
  const key = SCORE_TMP + 352;
  const one = contentBits(1);
  const two = contentBits(2);
  const same = v128.and(
    v128.and(i64x2.eq(v128.load(key), v128.load(one)), i64x2.eq(v128.load(key, 16), v128.load(one, 16))),
    v128.and(i64x2.eq(v128.load(key, 32), v128.load(two)), i64x2.eq(v128.load(key, 48), v128.load(two, 16))),
  );
  if (i64x2.all_true(same)) return;
  memory.copy(key, one, 32);
  memory.copy(key + 32, two, 32);
  scoreKnown = 0;
  neighbourCount(v128.load(one), v128.load(one, 16), SCORE_TMP);
  neighbourCount(v128.load(two), v128.load(two, 16), SCORE_TMP + 96);
  const eLo = v128.load(contentBits(0));
  const eHi = v128.load(contentBits(0), 16);
  neighbourCount(eLo, eHi, SCORE_TMP + 192);
  const edgeLo = v128.or(v128.or(v128.load(degreeBits(0)), v128.load(degreeBits(1))), v128.or(v128.load(degreeBits(2)), v128.or(v128.load(degreeBits(3)), v128.load(degreeBits(4)))));
  const edgeHi = v128.or(v128.or(v128.load(degreeBits(0), 16), v128.load(degreeBits(1), 16)), v128.or(v128.load(degreeBits(2), 16), v128.or(v128.load(degreeBits(3), 16), v128.load(degreeBits(4), 16))));
  v128.store(SCORE_TMP + 288, edgeLo);
  v128.store(SCORE_TMP + 304, edgeHi);
  const eeLo = v128.and(eLo, edgeLo);
  const eeHi = v128.and(eHi, edgeHi);
  v128.store(SCORE_TMP + 320, adjacentLo(eeLo, eeHi));
  v128.store(SCORE_TMP + 336, adjacentHi(eeLo, eeHi));
}

/** Which scores (bit 0: player 1's, bit 1: player 2's) are known for the planes' stones. */
let scoreKnown: i32 = 0;
let knownScore1: i32 = 0;
let knownScore2: i32 = 0;

/** Forgets the planes (a new board's layout may leave stale ones that look current). */
export function forgetPlanes(): void {
  memory.fill(SCORE_TMP + 352, 0xff, 64);
  scoreKnown = 0;
}

/** The planes of `content`'s neighbour counts (countPlanes). */
@inline export function planesOf(content: i32): usize {
  return SCORE_TMP + <usize>(content == 0 ? 192 : content == 1 ? 0 : 96);
}

/** The score of `player` from the bitboards of the state. */
export function scoreBits(player: i32): i32 {
  countPlanes();
  const bit = player;
  if ((scoreKnown & bit) != 0) return player == 1 ? knownScore1 : knownScore2;
  const s = scoreFromPlanes(player);
  if (player == 1) knownScore1 = s;
  else knownScore2 = s;
  scoreKnown |= bit;
  return s;
}

/** The score of `player` from the bitboards and the planes countPlanes left. */
export function scoreFromPlanes(player: i32): i32 {
  const other = 3 - player;
  const ownSet = contentBits(player);
  const oppSet = contentBits(other);
  const emptySet = contentBits(0);
  const own = planesOf(player);
  const opp = planesOf(other);
  const emp = planesOf(0);

  // Empty sites next to an opponent stone ("dirty" for the ring test).
  const eLo = v128.load(emptySet);
  const eHi = v128.load(emptySet, 16);
  const xLo = v128.and(eLo, atLeast1(plane(opp, 0, 0), plane(opp, 0, 1), plane(opp, 0, 2)));
  const xHi = v128.and(eHi, atLeast1(plane(opp, 1, 0), plane(opp, 1, 1), plane(opp, 1, 2)));
  const dirtyLo = adjacentLo(xLo, xHi);
  const dirtyHi = adjacentHi(xLo, xHi);

  let total = 0;
  for (let half = 0; half < 2; half++) {
    const o0 = plane(own, half, 0), o1 = plane(own, half, 1), o2 = plane(own, half, 2);
    const p0 = plane(opp, half, 0), p1 = plane(opp, half, 1), p2 = plane(opp, half, 2);
    const own1 = atLeast1(o0, o1, o2), own2 = atLeast2(o1, o2), own3 = atLeast3(o0, o1, o2);
    const own4 = o2, own5 = atLeast5(o0, o1, o2);
    const opp1 = atLeast1(p0, p1, p2), opp2 = atLeast2(p1, p2), opp3 = atLeast3(p0, p1, p2);
    const emp3 = atLeast3(plane(emp, half, 0), plane(emp, half, 1), plane(emp, half, 2));
    const h = <usize>(half << 4);
    const edge = v128.load(SCORE_TMP + 288 + h);
    const mine = v128.load(ownSet + h);
    const theirs = v128.load(oppSet + h);
    const empty = half == 0 ? eLo : eHi;
    const dirty = half == 0 ? dirtyLo : dirtyHi;
    const nearEmptyEdge = v128.load(SCORE_TMP + 320 + h);
    // A: own stones. Edge: own >= 1 or emp >= 3. Other: own >= 2 or opp - own <= 1, which for
    // own < 2 means opp <= 1 (own = 0) or opp <= 2 (own = 1).
    const safeEdge = v128.or(own1, emp3);
    const safeInner = v128.or(v128.or(own2, v128.not(opp2)), v128.andnot(own1, opp3));
    const a = v128.and(mine, v128.bitselect(safeEdge, safeInner, edge));
    // C: opponent stones with 2 + deg < 2 own.
    const capturable = v128.or(
      v128.or(v128.and(v128.load(degreeBits(6) + h), own5), v128.and(v128.load(degreeBits(5) + h), own4)),
      v128.or(v128.and(v128.load(degreeBits(4) + h), own4), v128.and(v128.load(degreeBits(3) + h), own3)),
    );
    const c = v128.and(theirs, capturable);
    // B: empty sites with own >= 3.
    const inner = v128.or(v128.not(opp1), v128.andnot(own4, dirty));
    const outer = v128.andnot(v128.not(dirty), nearEmptyEdge);
    const b = v128.and(v128.and(empty, own3), v128.bitselect(outer, inner, edge));
    total += popcount(v128.or(a, v128.or(b, c)), ZERO);
  }
  return total;
}

// ---------------------------------------------------------------- wide scoring
// The same set logic on the wide sets of wide.ts, word by word. The ring test needs the sites
// next to two derived sets (empty sites by an opponent stone, empty edge sites), which are
// moved between rows, so they are written out first; the opponent's neighbour counts that they
// come from are kept for the second pass.

@inline function planeOf(at: usize, bit: i32): v128 {
  return v128.load(at + <usize>(bit << 4));
}

/** The score of `player` from the wide sets of the state. */
function scoreWide<T>(player: i32): i32 {
  const other = 3 - player;
  const ownSet = contentWide(player);
  const oppSet = contentWide(other);
  const emptySet = contentWide(0);
  // Scratch: copies of the state's sets on a torus, two derived sets, and the opponent counts.
  const own = movable<T>(ownSet, wideBuffer(WIDE_SCRATCH, 0));
  const opp = movable<T>(oppSet, wideBuffer(WIDE_SCRATCH, 1));
  const emp = movable<T>(emptySet, wideBuffer(WIDE_SCRATCH, 2));
  const nearOpp = wideBuffer(WIDE_SCRATCH, 3);
  const emptyEdge = wideBuffer(WIDE_SCRATCH, 4);
  const oppCounts = wideBuffer(WIDE_SCRATCH, 5); // three planes per word: fits in three buffers
  const ownCounts = SCORE_TMP;
  const empCounts = SCORE_TMP + 48;

  // Empty sites next to an opponent stone ("dirty" for the ring test), and empty edge sites.
  for (let k = 0; k < WIDE_WORDS; k++) {
    const counts = oppCounts + <usize>(k * 48);
    neighbourCountWord<T>(opp, k, counts);
    const e = wordOf(emptySet, k);
    storeWord(nearOpp, k, v128.and(e, atLeast1(planeOf(counts, 0), planeOf(counts, 1), planeOf(counts, 2))));
    storeWord(emptyEdge, k, v128.and(e, wordOf(WIDE_EDGE, k)));
  }
  guardRows<T>(nearOpp);
  guardRows<T>(emptyEdge);

  let total = 0;
  for (let k = 0; k < WIDE_WORDS; k++) {
    neighbourCountWord<T>(own, k, ownCounts);
    neighbourCountWord<T>(emp, k, empCounts);
    const counts = oppCounts + <usize>(k * 48);
    const o0 = planeOf(ownCounts, 0), o1 = planeOf(ownCounts, 1), o2 = planeOf(ownCounts, 2);
    const p0 = planeOf(counts, 0), p1 = planeOf(counts, 1), p2 = planeOf(counts, 2);
    const own1 = atLeast1(o0, o1, o2), own2 = atLeast2(o1, o2), own3 = atLeast3(o0, o1, o2);
    const own4 = o2, own5 = atLeast5(o0, o1, o2);
    const opp1 = atLeast1(p0, p1, p2), opp2 = atLeast2(p1, p2), opp3 = atLeast3(p0, p1, p2);
    const emp3 = atLeast3(planeOf(empCounts, 0), planeOf(empCounts, 1), planeOf(empCounts, 2));
    const edge = wordOf(WIDE_EDGE, k);
    // The clean sets of the state: a torus's copies hold a wrapped row past the last.
    const mine = wordOf(ownSet, k);
    const theirs = wordOf(oppSet, k);
    const empty = wordOf(emptySet, k);
    const dirty = adjacentWord<T>(nearOpp, k);
    const nearEmptyEdge = adjacentWord<T>(emptyEdge, k);
    // A, B and C as in scoreBits.
    const safeEdge = v128.or(own1, emp3);
    const safeInner = v128.or(v128.or(own2, v128.not(opp2)), v128.andnot(own1, opp3));
    const a = v128.and(mine, v128.bitselect(safeEdge, safeInner, edge));
    const capturable = v128.or(
      v128.or(v128.and(wordOf(WIDE_DEGREE + <usize>(3 * WIDE_STRIDE), k), own5), v128.and(wordOf(WIDE_DEGREE + <usize>(2 * WIDE_STRIDE), k), own4)),
      v128.or(v128.and(wordOf(WIDE_DEGREE + <usize>WIDE_STRIDE, k), own4), v128.and(wordOf(WIDE_DEGREE, k), own3)),
    );
    const c = v128.and(theirs, capturable);
    const inner = v128.or(v128.not(opp1), v128.andnot(own4, dirty));
    const outer = v128.andnot(v128.not(dirty), nearEmptyEdge);
    const b = v128.and(v128.and(empty, own3), v128.bitselect(outer, inner, edge));
    total += popcountWord(v128.or(a, v128.or(b, c)));
  }
  return total;
}
