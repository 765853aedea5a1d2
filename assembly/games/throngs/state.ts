// The game state (THRONGS.md §3) in one contiguous block, so that a playout or a search can
// save and restore it with a single memory.copy: scalars, cells, and for every site the number
// of neighbouring stones of each colour, kept up to date on every change.
import { BLOCK_ALL_PASS, BLOCK_FIRST_WAS_PASS, END_ALL_PASSED, END_FULL_SCORE, END_NONE, END_THRESHOLD, S_CELLS, S_COUNTER1, S_CUR_FLAGS, S_CUR_WEIGHT, S_ENDED, S_MOVE_INDEX, S_PIE, S_PREV_FLAGS, S_PREV_WEIGHT, S_TO_MOVE } from './abi';
import { N, STATE } from '../../core/layout';
import { bitOf, neighbour, useBits, useWide } from './board';
import { BB_WORDS, S_EMPTY_BITS, WIDE_STRIDE, WIDE_WORDS } from './layout';

export const FIRST_WAS_PASS: i32 = BLOCK_FIRST_WAS_PASS;
export const ALL_PASS: i32 = BLOCK_ALL_PASS;

export const ENDED_NONE: i32 = END_NONE;
export const ENDED_ALL_PASSED: i32 = END_ALL_PASSED;
export const ENDED_THRESHOLD: i32 = END_THRESHOLD;
export const ENDED_FULL_SCORE: i32 = END_FULL_SCORE;

export { getI, setI, toMove } from '../../core/state';

@inline export function moveIndex(): i32 {
  return load<i32>(STATE + S_MOVE_INDEX);
}

@inline export function counter(player: i32): i32 {
  return load<i32>(STATE + S_COUNTER1 + ((player - 1) << 2));
}

@inline export function setCounter(player: i32, value: i32): void {
  store<i32>(STATE + S_COUNTER1 + ((player - 1) << 2), value);
}

@inline export function pieStep(): i32 {
  return load<i32>(STATE + S_PIE);
}

@global @inline export function ended(): i32 {
  return load<i32>(STATE + S_ENDED);
}

@inline export function cell(site: i32): i32 {
  return <i32>load<u8>(STATE + S_CELLS + site);
}

/** Neighbouring stones of `player` around `site` (the site itself not included). */
@inline export function around(site: i32, player: i32): i32 {
  return <i32>load<u8>(STATE + S_CELLS + N * player + site);
}

/** AP of `site` for `player` (§6): own minus opponent stones in the vicinity. */
@inline export function actionPotential(site: i32, player: i32): i32 {
  const other = 3 - player;
  const c = cell(site);
  return around(site, player) - around(site, other) + (c == player ? 1 : 0) - (c == other ? 1 : 0);
}

@inline export function emptyNeighbours(site: i32, deg: i32): i32 {
  return deg - around(site, 1) - around(site, 2);
}

/**
 * The sites holding `content` (0 empty, 1 or 2 stones) as a bitboard (board.ts), kept with the
 * cells when the board has one.
 */
@inline export function contentBits(content: i32): usize {
  return STATE + S_EMPTY_BITS(N) + <usize>(content * BB_WORDS * 8);
}

@inline export function emptyBits(): usize {
  return contentBits(0);
}

/**
 * The sites holding `content` as a wide set (wide.ts), kept with the cells on boards that have
 * them: three sets WIDE_STRIDE apart, each after a zero gap, so they can be read a row off.
 */
@inline export function contentWide(content: i32): usize {
  return STATE + S_EMPTY_BITS(N) + 16 + <usize>(content * WIDE_STRIDE);
}

@inline function markWide(content: i32, site: i32, on: bool): void {
  const bit = bitOf(site);
  const w = contentWide(content) + ((bit >> 6) << 3);
  const m = <u64>1 << <u64>(bit & 63);
  store<u64>(w, on ? load<u64>(w) | m : load<u64>(w) & ~m);
}

@inline function markBit(content: i32, site: i32, on: bool): void {
  const bit = bitOf(site);
  const w = contentBits(content) + ((bit >> 6) << 3);
  const m = <u64>1 << <u64>(bit & 63);
  store<u64>(w, on ? load<u64>(w) | m : load<u64>(w) & ~m);
}

/** Puts `value` (0, 1 or 2) on `site`, keeping the neighbour counts right. */
export function setCell(site: i32, value: i32): void {
  assert(site >= 0 && site < N && value >= 0 && value <= 2, 'setCell: bad site or value');
  const old = cell(site);
  if (old == value) return;
  store<u8>(STATE + S_CELLS + site, <u8>value);
  if (useBits) {
    markBit(old, site, false);
    markBit(value, site, true);
  } else if (useWide) {
    markWide(old, site, false);
    markWide(value, site, true);
  }
  for (let dir = 0; dir < 6; dir++) {
    const n = neighbour(site, dir);
    if (n < 0) continue;
    if (old != 0) {
      const p = STATE + S_CELLS + N * old + n;
      store<u8>(p, load<u8>(p) - 1);
    }
    if (value != 0) {
      const p = STATE + S_CELLS + N * value + n;
      store<u8>(p, load<u8>(p) + 1);
    }
  }
}

/** Rebuilds the neighbour counts from the cells (after JS wrote a position). */
export function recount(): void {
  memory.fill(STATE + S_CELLS + N, 0, <usize>(2 * N));
  memory.fill(emptyBits(), 0, <usize>(useWide ? 3 * WIDE_STRIDE + 16 : 3 * BB_WORDS * 8));
  for (let s = 0; s < N; s++) {
    const v = cell(s);
    if (useBits) markBit(v, s, true);
    else if (useWide) markWide(v, s, true);
    if (v == 0) continue;
    for (let dir = 0; dir < 6; dir++) {
      const n = neighbour(s, dir);
      if (n < 0) continue;
      const p = STATE + S_CELLS + N * v + n;
      store<u8>(p, load<u8>(p) + 1);
    }
  }
}

/** Recolours every stone (the pie swap); the counts and bitboards swap with them. */
export function swapColours(): void {
  const wide = useWide;
  const one = wide ? contentWide(1) : contentBits(1);
  const two = wide ? contentWide(2) : contentBits(2);
  const words = wide ? WIDE_WORDS << 1 : BB_WORDS;
  for (let i = 0; i < words; i++) {
    const t = load<u64>(one + (i << 3));
    store<u64>(one + (i << 3), load<u64>(two + (i << 3)));
    store<u64>(two + (i << 3), t);
  }
  for (let s = 0; s < N; s++) {
    const p = STATE + S_CELLS + s;
    const v = load<u8>(p);
    if (v != 0) store<u8>(p, 3 - v);
    const a = STATE + S_CELLS + N + s;
    const b = a + N;
    const t = load<u8>(a);
    store<u8>(a, load<u8>(b));
    store<u8>(b, t);
  }
}

export { S_CUR_FLAGS, S_CUR_WEIGHT, S_PREV_FLAGS, S_PREV_WEIGHT, S_ENDED, S_PIE, S_TO_MOVE, S_MOVE_INDEX };
