// Which sites can be move origins at all, as bitboards, so that move generation looks at those
// only. A superset is fine (every candidate is still checked by the rules); missing one is not.
// - Placement: AP ≥ 1 needs an own neighbour; AP = 0 is placeable only with no empty neighbour.
// - Capture: AP = own − opp − 1 ≥ 2 needs at least three own neighbours.
// - Travel: any own stone (AP ≥ 1 is checked per stone).
import { adjacentHi, adjacentLo, atLeast3, neighbourCount } from './bitboard';
import { CANDIDATES, WIDE_BUFFERS, WIDE_SCRATCH, WIDE_WORDS } from './layout';
import { contentBits, contentWide } from './state';
import { adjacentWord, movable, neighbourCountWord, storeWord, wideBuffer, wordOf } from './wide';

export const PLACEMENTS: i32 = 0;
export const CAPTURES: i32 = 1;
export const TRAVELS: i32 = 2;

/** The candidate origins of `what` for player `me`, as a bitboard in scratch memory. */
export function candidates(what: i32, me: i32): usize {
  if (what == TRAVELS) return contentBits(me);
  const own = contentBits(me);
  const ownLo = v128.load(own);
  const ownHi = v128.load(own, 16);
  const out = CANDIDATES;
  if (what == PLACEMENTS) {
    const empty = contentBits(0);
    const eLo = v128.load(empty);
    const eHi = v128.load(empty, 16);
    // Empty sites next to an own stone, or with no empty neighbour.
    const nearOwnLo = adjacentLo(ownLo, ownHi);
    const nearOwnHi = adjacentHi(ownLo, ownHi);
    const nearEmptyLo = adjacentLo(eLo, eHi);
    const nearEmptyHi = adjacentHi(eLo, eHi);
    v128.store(out, v128.and(eLo, v128.or(nearOwnLo, v128.not(nearEmptyLo))));
    v128.store(out, v128.and(eHi, v128.or(nearOwnHi, v128.not(nearEmptyHi))), 16);
    return out;
  }
  // Opponent stones with three or more own neighbours.
  const counts = out + 32;
  neighbourCount(ownLo, ownHi, counts);
  const opp = contentBits(3 - me);
  for (let half = 0; half < 2; half++) {
    const h = <usize>(half << 4);
    const b = counts + <usize>(half * 48);
    const three = atLeast3(v128.load(b), v128.load(b, 16), v128.load(b, 32));
    v128.store(out + h, v128.and(v128.load(opp + h), three));
  }
  return out;
}

/** The candidate origins of `what` for player `me`, as a wide set (wide.ts) in scratch memory. */
export function candidatesWide<T>(what: i32, me: i32): usize {
  if (what == TRAVELS) return contentWide(me);
  const own = contentWide(me);
  // The last scratch set: the destination searches, run while the caller walks this set, use the others.
  const out = wideBuffer(WIDE_SCRATCH, WIDE_BUFFERS - 1);
  const ownMoving = movable<T>(own, wideBuffer(WIDE_SCRATCH, 1));
  if (what == PLACEMENTS) {
    const empty = contentWide(0);
    const emptyMoving = movable<T>(empty, wideBuffer(WIDE_SCRATCH, 2));
    for (let k = 0; k < WIDE_WORDS; k++) {
      const nearOwn = adjacentWord<T>(ownMoving, k);
      const nearEmpty = adjacentWord<T>(emptyMoving, k);
      storeWord(out, k, v128.and(wordOf(empty, k), v128.or(nearOwn, v128.not(nearEmpty))));
    }
    return out;
  }
  const opp = contentWide(3 - me);
  const counts = CANDIDATES + 32;
  for (let k = 0; k < WIDE_WORDS; k++) {
    neighbourCountWord<T>(ownMoving, k, counts);
    const three = atLeast3(v128.load(counts), v128.load(counts, 16), v128.load(counts, 32));
    storeWord(out, k, v128.and(wordOf(opp, k), three));
  }
  return out;
}
