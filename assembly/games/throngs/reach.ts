// Dest(o, p) of THRONGS.md §8: the empty sites a stone on `o` reaches for at most `p`, where a
// hop runs straight along a ray over anything and lands on an empty site, costing its length.
// Landings are searched level by level (cost 0, 1, ...). Walking a ray may stop at its first
// empty site: going further in the same direction costs the same as hopping there and on.
import { bitOf, line2Bits, line3Bits, neighbour, originBits, useBits, useWide } from './board';
import { ZERO, adjacentHi, adjacentLo, downHi, downLo, east, popcount, upHi, upLo, west } from './bitboard';
import { N, OUT } from '../../core/layout';
import { BIT_SITE, BOARD_BITS, DIST, REACHED_BITS, LEVEL_LEN, LEVELS, MARK, MAX_POWER, WIDE_BOARD, WIDE_SCRATCH, WIDE_WORDS } from './layout';
import { cell, contentWide, emptyBits } from './state';
import {
  Flat,
  Wrapped,
  downOf,
  eastOf,
  firstWordNear,
  guardRows,
  lastWordNear,
  popcountWord,
  storeWord,
  torus,
  upOf,
  westOf,
  wideBuffer,
  wordOf,
  wraps,
} from './wide';

let stamp: u32 = 0;

@inline function levelLen(d: i32): i32 {
  return load<i32>(LEVEL_LEN + (d << 2));
}

@inline function push(d: i32, site: i32): void {
  const len = levelLen(d);
  store<i32>(LEVELS + (((d * N) + len) << 2), site);
  store<i32>(LEVEL_LEN + (d << 2), len + 1);
}

/**
 * Writes Dest(origin, power) to OUT and returns its size; ascending when `sorted`. The origin
 * counts as occupied whatever the cells say (the moving stone stands on it).
 */
export function reach(origin: i32, power: i32, sorted: bool): i32 {
  assert(origin >= 0 && origin < N && power <= MAX_POWER, 'reach: origin or power out of range');
  if (power <= 0) return 0;
  if (useBits) return reachBits(origin, power, LIST);
  if (useWide) return torus ? reachWide<Wrapped>(origin, power, sorted) : reachWide<Flat>(origin, power, sorted);
  stamp++;
  if (stamp == 0) {
    memory.fill(MARK, 0, <usize>(N << 2));
    stamp = 1;
  }
  for (let d = 0; d <= power; d++) store<i32>(LEVEL_LEN + (d << 2), 0);
  store<u32>(MARK + (origin << 2), stamp);
  store<u8>(DIST + origin, 0);
  push(0, origin);
  let count = 0;
  for (let d = 0; d < power; d++) {
    const len = levelLen(d);
    for (let i = 0; i < len; i++) {
      const x = load<i32>(LEVELS + (((d * N) + i) << 2));
      if (<i32>load<u8>(DIST + x) != d) continue;
      for (let dir = 0; dir < 6; dir++) {
        let t = x;
        for (let cost = d + 1; cost <= power; cost++) {
          t = neighbour(t, dir);
          if (t < 0) break;
          if (t == origin || cell(t) != 0) continue;
          if (load<u32>(MARK + (t << 2)) != stamp) {
            store<u32>(MARK + (t << 2), stamp);
            store<u8>(DIST + t, <u8>cost);
            push(cost, t);
            store<i32>(OUT + (count << 2), t);
            count++;
          } else if (cost < <i32>load<u8>(DIST + t)) {
            store<u8>(DIST + t, <u8>cost);
            push(cost, t);
          }
          break;
        }
      }
    }
  }
  if (sorted) sortOut(count);
  return count;
}

/** Insertion sort of OUT[0..count): destination sets are small. */
function sortOut(count: i32): void {
  for (let i = 1; i < count; i++) {
    const v = load<i32>(OUT + (i << 2));
    let j = i - 1;
    while (j >= 0 && load<i32>(OUT + (j << 2)) > v) {
      store<i32>(OUT + ((j + 1) << 2), load<i32>(OUT + (j << 2)));
      j--;
    }
    store<i32>(OUT + ((j + 1) << 2), v);
  }
}

// ---------------------------------------------------------------- bitboard search
// Sets of sites as 16 rows x 16 bits in two v128 values (rows 0-7, rows 8-15). The search runs
// in unit-cost layers: a stone has either landed on an empty site, or is flying in one of the six
// directions over occupied sites (a jump in progress). Every unit of power moves all of them one
// site: arriving on an empty site lands, arriving on an occupied site flies on. Since every step
// costs exactly one, layer c holds exactly the sites whose least cost is c.

/** Neighbour directions in ascending site order on a board that does not wrap: SW SE W E NW NE. */
const ASCENDING_DIRS: StaticArray<i32> = [5, 3, 1, 0, 2, 4];

// What a search on bitboards does with the destinations it found, besides counting them.
export const LIST = 1;
/** Keep them as a set at REACHED_BITS (reached.ts reads it). */
export const KEEP = 2;

/** Dest(origin, power) with bitboards: its size, the set listed in OUT ascending (LIST) or kept (KEEP). */
export function reachBits(origin: i32, power: i32, mode: i32): i32 {
  const list = mode == LIST;
  if (power == 1) {
    // Only the empty neighbours; the neighbour counts already know how many.
    let count = 0;
    for (let i = 0; i < 6; i++) {
      const n = neighbour(origin, unchecked(ASCENDING_DIRS[i]));
      if (n < 0 || cell(n) != 0) continue;
      if (list) store<i32>(OUT + (count << 2), n);
      count++;
    }
    return count;
  }
  const originLo = v128.load(originBits(origin));
  const originHi = v128.load(originBits(origin), 16);
  const empties = emptyBits();
  const emptyLo = v128.andnot(v128.load(empties), originLo);
  const emptyHi = v128.andnot(v128.load(empties, 16), originHi);
  if (power <= 3) {
    // Hops may pass over anything on the board, so by least cost: 1, the empty neighbours;
    // 2, their empty neighbours and straight hops of two; 3, the empty neighbours of those,
    // straight hops of two from cost 1 and straight hops of three from the origin.
    const oneLo = v128.and(adjacentLo(originLo, originHi), emptyLo);
    const oneHi = v128.and(adjacentHi(originLo, originHi), emptyHi);
    const twoLo = v128.and(v128.or(adjacentLo(oneLo, oneHi), v128.load(line2Bits(origin))), emptyLo);
    const twoHi = v128.and(v128.or(adjacentHi(oneLo, oneHi), v128.load(line2Bits(origin), 16)), emptyHi);
    if (power == 2) return finish(v128.or(oneLo, twoLo), v128.or(oneHi, twoHi), mode);
    const boardLo = v128.load(BOARD_BITS);
    const boardHi = v128.load(BOARD_BITS, 16);
    let threeLo = v128.or(adjacentLo(twoLo, twoHi), v128.load(line3Bits(origin)));
    let threeHi = v128.or(adjacentHi(twoLo, twoHi), v128.load(line3Bits(origin), 16));
    // Straight hops of two from the cost-1 sites, through a site of the board.
    let sLo = v128.and(east(oneLo), boardLo);
    let sHi = v128.and(east(oneHi), boardHi);
    threeLo = v128.or(threeLo, east(sLo));
    threeHi = v128.or(threeHi, east(sHi));
    sLo = v128.and(west(oneLo), boardLo);
    sHi = v128.and(west(oneHi), boardHi);
    threeLo = v128.or(threeLo, west(sLo));
    threeHi = v128.or(threeHi, west(sHi));
    sLo = v128.and(upLo(oneLo), boardLo);
    sHi = v128.and(upHi(oneLo, oneHi), boardHi);
    threeLo = v128.or(threeLo, upLo(sLo));
    threeHi = v128.or(threeHi, upHi(sLo, sHi));
    sLo = v128.and(downLo(oneLo, oneHi), boardLo);
    sHi = v128.and(downHi(oneHi), boardHi);
    threeLo = v128.or(threeLo, downLo(sLo, sHi));
    threeHi = v128.or(threeHi, downHi(sHi));
    sLo = v128.and(east(upLo(oneLo)), boardLo);
    sHi = v128.and(east(upHi(oneLo, oneHi)), boardHi);
    threeLo = v128.or(threeLo, east(upLo(sLo)));
    threeHi = v128.or(threeHi, east(upHi(sLo, sHi)));
    sLo = v128.and(west(downLo(oneLo, oneHi)), boardLo);
    sHi = v128.and(west(downHi(oneHi)), boardHi);
    threeLo = v128.or(threeLo, west(downLo(sLo, sHi)));
    threeHi = v128.or(threeHi, west(downHi(sHi)));
    return finish(
      v128.or(v128.or(oneLo, twoLo), v128.and(threeLo, emptyLo)),
      v128.or(v128.or(oneHi, twoHi), v128.and(threeHi, emptyHi)),
      mode,
    );
  }
  const occLo = v128.andnot(v128.load(BOARD_BITS), emptyLo);
  const occHi = v128.andnot(v128.load(BOARD_BITS, 16), emptyHi);

  let landedLo = originLo;
  let landedHi = originHi;
  let reachedLo = originLo;
  let reachedHi = originHi;
  let eLo = ZERO, eHi = ZERO, wLo = ZERO, wHi = ZERO, nwLo = ZERO, nwHi = ZERO;
  let seLo = ZERO, seHi = ZERO, neLo = ZERO, neHi = ZERO, swLo = ZERO, swHi = ZERO;
  for (let c = 0; c < power; c++) {
    let inLo = ZERO;
    let inHi = ZERO;
    let aLo: v128, aHi: v128, sLo: v128, sHi: v128;
    // E
    aLo = v128.or(landedLo, eLo); aHi = v128.or(landedHi, eHi);
    sLo = east(aLo); sHi = east(aHi);
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    eLo = v128.and(sLo, occLo); eHi = v128.and(sHi, occHi);
    // W
    aLo = v128.or(landedLo, wLo); aHi = v128.or(landedHi, wHi);
    sLo = west(aLo); sHi = west(aHi);
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    wLo = v128.and(sLo, occLo); wHi = v128.and(sHi, occHi);
    // NW
    aLo = v128.or(landedLo, nwLo); aHi = v128.or(landedHi, nwHi);
    sLo = upLo(aLo); sHi = upHi(aLo, aHi);
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    nwLo = v128.and(sLo, occLo); nwHi = v128.and(sHi, occHi);
    // SE
    aLo = v128.or(landedLo, seLo); aHi = v128.or(landedHi, seHi);
    sLo = downLo(aLo, aHi); sHi = downHi(aHi);
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    seLo = v128.and(sLo, occLo); seHi = v128.and(sHi, occHi);
    // NE
    aLo = v128.or(landedLo, neLo); aHi = v128.or(landedHi, neHi);
    sLo = east(upLo(aLo)); sHi = east(upHi(aLo, aHi));
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    neLo = v128.and(sLo, occLo); neHi = v128.and(sHi, occHi);
    // SW
    aLo = v128.or(landedLo, swLo); aHi = v128.or(landedHi, swHi);
    sLo = west(downLo(aLo, aHi)); sHi = west(downHi(aHi));
    inLo = v128.or(inLo, sLo); inHi = v128.or(inHi, sHi);
    swLo = v128.and(sLo, occLo); swHi = v128.and(sHi, occHi);

    landedLo = v128.andnot(v128.and(inLo, emptyLo), reachedLo);
    landedHi = v128.andnot(v128.and(inHi, emptyHi), reachedHi);
    reachedLo = v128.or(reachedLo, landedLo);
    reachedHi = v128.or(reachedHi, landedHi);
  }
  return finish(v128.andnot(reachedLo, originLo), v128.andnot(reachedHi, originHi), mode);
}

/** The size of a reached set; with LIST its sites in ascending order in OUT, with KEEP the set at REACHED_BITS. */
@inline function finish(allLo: v128, allHi: v128, mode: i32): i32 {
  if (mode == KEEP) {
    v128.store(REACHED_BITS, allLo);
    v128.store(REACHED_BITS, allHi, 16);
  }
  if (mode != LIST) return popcount(allLo, allHi);
  let count = 0;
  count = emitBits(i64x2.extract_lane(allLo, 0), 0, count);
  count = emitBits(i64x2.extract_lane(allLo, 1), 64, count);
  count = emitBits(i64x2.extract_lane(allHi, 0), 128, count);
  return emitBits(i64x2.extract_lane(allHi, 1), 192, count);
}

@inline function emitBits(word: u64, base: i32, count: i32): i32 {
  while (word != 0) {
    const b = <i32>ctz(word);
    store<i32>(OUT + (count << 2), load<i32>(BIT_SITE + ((base + b) << 2)));
    count++;
    word &= word - 1;
  }
  return count;
}

// ---------------------------------------------------------------- wide search
// The same unit-cost layers on the wide sets of wide.ts (boards of up to 32 x 32, tori too),
// word by word through scratch memory, since a set no longer fits in registers. Each layer takes
// two passes over the words: the first moves the stones flying east and west (inside the lanes)
// and writes what moves to another row, the second reads that one row off (wide.ts) and lands.
// On a board with edges only the words of the rows within `power` of the origin can change.

// Scratch sets (layout.ts WIDE_SCRATCH).
const LANDED = 0;
const REACHED = 1;
/** Six sets of stones flying over occupied sites: E, W, NW, SE, NE, SW. */
const FLYING = 2;
/** Four sets to be moved to another row: NW (up), SE (down), NE (up, then east), SW (down, then west). */
const AHEAD = 8;
const ARRIVING = 12;
const EMPTY_NOW = 13;
const OCCUPIED = 14;

/** Dest(origin, power) with wide sets; writes OUT ascending when `list`, returns the size. */
function reachWide<T>(origin: i32, power: i32, list: bool): i32 {
  if (power == 1) {
    // Only the empty neighbours, ascending on a board with edges; a torus's wrap needs the sort.
    let count = 0;
    for (let i = 0; i < 6; i++) {
      const n = neighbour(origin, unchecked(ASCENDING_DIRS[i]));
      if (n < 0 || cell(n) != 0) continue;
      if (list) store<i32>(OUT + (count << 2), n);
      count++;
    }
    if (wraps<T>() && list) sortOut(count);
    return count;
  }
  const base = WIDE_SCRATCH;
  const landed = wideBuffer(base, LANDED);
  const reached = wideBuffer(base, REACHED);
  const arriving = wideBuffer(base, ARRIVING);
  const emptyNow = wideBuffer(base, EMPTY_NOW);
  const occupied = wideBuffer(base, OCCUPIED);
  const flyE = wideBuffer(base, FLYING);
  const flyW = wideBuffer(base, FLYING + 1);
  const flyNW = wideBuffer(base, FLYING + 2);
  const flySE = wideBuffer(base, FLYING + 3);
  const flyNE = wideBuffer(base, FLYING + 4);
  const flySW = wideBuffer(base, FLYING + 5);
  const upNW = wideBuffer(base, AHEAD);
  const downSE = wideBuffer(base, AHEAD + 1);
  const upNE = wideBuffer(base, AHEAD + 2);
  const downSW = wideBuffer(base, AHEAD + 3);
  const bit = bitOf(origin);
  let k0 = 0;
  let k1 = WIDE_WORDS - 1;
  if (!wraps<T>()) {
    k0 = firstWordNear(bit >> 5, power);
    k1 = lastWordNear(bit >> 5, power);
    // The words next to the window are read one row off: they must be empty.
    if (k0 > 0) {
      storeWord(upNW, k0 - 1, ZERO);
      storeWord(downSE, k0 - 1, ZERO);
      storeWord(upNE, k0 - 1, ZERO);
      storeWord(downSW, k0 - 1, ZERO);
    }
    if (k1 < WIDE_WORDS - 1) {
      storeWord(upNW, k1 + 1, ZERO);
      storeWord(downSE, k1 + 1, ZERO);
      storeWord(upNE, k1 + 1, ZERO);
      storeWord(downSW, k1 + 1, ZERO);
    }
  }
  const empties = contentWide(0);
  for (let k = k0; k <= k1; k++) {
    const e = wordOf(empties, k);
    storeWord(emptyNow, k, e);
    storeWord(occupied, k, v128.andnot(wordOf(WIDE_BOARD, k), e));
    storeWord(landed, k, ZERO);
    storeWord(reached, k, ZERO);
    storeWord(flyE, k, ZERO);
    storeWord(flyW, k, ZERO);
    storeWord(flyNW, k, ZERO);
    storeWord(flySE, k, ZERO);
    storeWord(flyNE, k, ZERO);
    storeWord(flySW, k, ZERO);
  }
  // The moving stone stands on the origin: occupied, where the search starts.
  const at = <usize>((bit >> 6) << 3);
  const m = <u64>1 << <u64>(bit & 63);
  store<u64>(emptyNow + at, load<u64>(emptyNow + at) & ~m);
  store<u64>(occupied + at, load<u64>(occupied + at) | m);
  store<u64>(landed + at, m);
  store<u64>(reached + at, m);

  for (let c = 0; c < power; c++) {
    let moving = ZERO;
    for (let k = k0; k <= k1; k++) {
      const l = wordOf(landed, k);
      const o = wordOf(occupied, k);
      let s = eastOf<T>(v128.or(l, wordOf(flyE, k)));
      let arrive = s;
      s = v128.and(s, o);
      storeWord(flyE, k, s);
      moving = v128.or(moving, s);
      s = westOf<T>(v128.or(l, wordOf(flyW, k)));
      arrive = v128.or(arrive, s);
      s = v128.and(s, o);
      storeWord(flyW, k, s);
      moving = v128.or(moving, s);
      storeWord(upNW, k, v128.or(l, wordOf(flyNW, k)));
      storeWord(downSE, k, v128.or(l, wordOf(flySE, k)));
      storeWord(upNE, k, v128.or(l, wordOf(flyNE, k)));
      storeWord(downSW, k, v128.or(l, wordOf(flySW, k)));
      storeWord(arriving, k, arrive);
    }
    guardRows<T>(upNW);
    guardRows<T>(downSE);
    guardRows<T>(upNE);
    guardRows<T>(downSW);
    for (let k = k0; k <= k1; k++) {
      const o = wordOf(occupied, k);
      let s = upOf(upNW, k);
      let arrive = v128.or(wordOf(arriving, k), s);
      s = v128.and(s, o);
      storeWord(flyNW, k, s);
      moving = v128.or(moving, s);
      s = downOf(downSE, k);
      arrive = v128.or(arrive, s);
      s = v128.and(s, o);
      storeWord(flySE, k, s);
      moving = v128.or(moving, s);
      s = eastOf<T>(upOf(upNE, k));
      arrive = v128.or(arrive, s);
      s = v128.and(s, o);
      storeWord(flyNE, k, s);
      moving = v128.or(moving, s);
      s = westOf<T>(downOf(downSW, k));
      arrive = v128.or(arrive, s);
      s = v128.and(s, o);
      storeWord(flySW, k, s);
      moving = v128.or(moving, s);
      const r = wordOf(reached, k);
      const l = v128.andnot(v128.and(arrive, wordOf(emptyNow, k)), r);
      storeWord(landed, k, l);
      storeWord(reached, k, v128.or(r, l));
      moving = v128.or(moving, l);
    }
    // Nothing landed and nothing in flight: no more power can reach anything new.
    if (!v128.any_true(moving)) break;
  }
  store<u64>(reached + at, load<u64>(reached + at) & ~m);
  let count = 0;
  for (let k = k0; k <= k1; k++) {
    const v = wordOf(reached, k);
    if (!list) {
      count += popcountWord(v);
      continue;
    }
    count = emitBits(i64x2.extract_lane(v, 0), k << 7, count);
    count = emitBits(i64x2.extract_lane(v, 1), (k << 7) + 64, count);
  }
  return count;
}
