// The Populace state block (layout.ts) and the only ways to change a cell, occupy and vacate,
// which keep every derived table right: the per-cell counts of Black and White neighbours, each
// cell's status (place, replace, mobile, control; one table lookup) mirrored in the bit sets,
// the piece and control counts (so a score is two loads), and the Zobrist hash of the cells.
import { S_BUTTON, S_CONTROL1, S_ENDED, S_HASH, S_PIECES1, S_WINNER } from './abi';
import { N, STATE } from '../../core/layout';
import { getI } from '../../core/state';
import { zobrist, nb } from './board';
import { degree } from '../../core/layout';
import { ADJ1, ADJ2, CELLS, EMPTY, SETS, STAT, STATUS_TABLE, TOUCH, W } from './layout';

export { getI, setI, toMove } from '../../core/state';

@global @inline export function ended(): i32 {
  return getI(S_ENDED);
}

@inline export function cell(c: i32): i32 {
  return <i32>load<u8>(CELLS + c);
}

/** Neighbours of `c` holding `player`'s pieces. */
@inline export function adj(player: i32, c: i32): i32 {
  return <i32>load<u8>((player == 1 ? ADJ1 : ADJ2) + c);
}

/** Potential value of a piece of `player` on `c`: adj_X - adj_Y + 1 (§3). */
@inline export function potential(player: i32, c: i32): i32 {
  return adj(player, c) - adj(3 - player, c) + 1;
}

/** Score in half points: 2 × (pieces + controlled empty cells) + 1 for the button holder (§6). */
@global @inline export function score(player: i32): i32 {
  const k = (player - 1) << 2;
  return ((getI(S_PIECES1 + k) + getI(S_CONTROL1 + k)) << 1) + <i32>(getI(S_BUTTON) == player);
}

@inline function bump(offset: i32, by: i32): void {
  store<i32>(STATE + offset, load<i32>(STATE + offset) + by);
}

@inline function flip(set: usize, c: i32): void {
  const w = set + ((<usize>c >> 6) << 3);
  store<u64>(w, load<u64>(w) ^ (<u64>1 << <u64>(c & 63)));
}

/** Recomputes the status of `c` from its value and neighbour counts; updates sets and counts. */
@inline function refresh(c: i32): void {
  const index = (<u32>load<u8>(CELLS + c) << 6) | (<u32>load<u8>(ADJ1 + c) << 3) | <u32>load<u8>(ADJ2 + c);
  const now = <u32>load<u8>(STATUS_TABLE + index);
  const old = <u32>load<u8>(STAT + c);
  const diff = now ^ old;
  if (diff == 0) return;
  store<u8>(STAT + c, <u8>now);
  const at = (<usize>c >> 6) << 3;
  const bit = <u64>1 << <u64>(c & 63);
  const stride = <usize>W << 3;
  let d = diff & 63;
  while (d != 0) {
    const k = ctz(d);
    d &= d - 1;
    const w = SETS + <usize>k * stride + at;
    store<u64>(w, load<u64>(w) ^ bit);
  }
  if ((diff & 192) != 0) {
    bump(S_CONTROL1, <i32>((now >> 6) & 1) - <i32>((old >> 6) & 1));
    bump(S_CONTROL1 + 4, <i32>(now >> 7) - <i32>(old >> 7));
  }
}

/** Adds `by` to the neighbour counts of `value`'s colour around `c` (off-board: the dump N). */
@inline function touch(c: i32, table: usize, by: i32): void {
  const t = TOUCH + <usize>(c * 24);
  const a = table + <usize>load<i32>(t);
  store<u8>(a, <u8>(<i32>load<u8>(a) + by));
  const b = table + <usize>load<i32>(t, 4);
  store<u8>(b, <u8>(<i32>load<u8>(b) + by));
  const e = table + <usize>load<i32>(t, 8);
  store<u8>(e, <u8>(<i32>load<u8>(e) + by));
  const f = table + <usize>load<i32>(t, 12);
  store<u8>(f, <u8>(<i32>load<u8>(f) + by));
  const g = table + <usize>load<i32>(t, 16);
  store<u8>(g, <u8>(<i32>load<u8>(g) + by));
  const h = table + <usize>load<i32>(t, 20);
  store<u8>(h, <u8>(<i32>load<u8>(h) + by));
}

@inline function refreshAround(c: i32): void {
  refresh(c);
  const d = degree(c);
  for (let k = 0; k < d; k++) refresh(nb(c, k));
}

/** Puts a piece of `value` (1 or 2) on empty `c`, keeping every derived table right. */
export function occupy(c: i32, value: i32): void {
  assert(c >= 0 && c < N && (value == 1 || value == 2) && cell(c) == 0, 'occupy: bad cell or value');
  store<u8>(CELLS + c, <u8>value);
  flip(EMPTY, c);
  touch(c, value == 1 ? ADJ1 : ADJ2, 1);
  bump(S_PIECES1 + ((value - 1) << 2), 1);
  store<u64>(STATE + S_HASH, load<u64>(STATE + S_HASH) ^ zobrist(c, value));
  refreshAround(c);
}

/** Empties `c`, keeping every derived table right. */
export function vacate(c: i32): void {
  assert(c >= 0 && c < N && cell(c) != 0, 'vacate: bad cell');
  const value = cell(c);
  store<u8>(CELLS + c, 0);
  flip(EMPTY, c);
  touch(c, value == 1 ? ADJ1 : ADJ2, -1);
  bump(S_PIECES1 + ((value - 1) << 2), -1);
  store<u64>(STATE + S_HASH, load<u64>(STATE + S_HASH) ^ zobrist(c, value));
  refreshAround(c);
}

/**
 * Rebuilds everything derived from the cells JS wrote: starts from the empty board and occupies
 * the cells one by one.
 */
export function recount(scratch: usize): void {
  memory.copy(scratch, CELLS, <usize>N);
  memory.fill(CELLS, 0, <usize>N);
  memory.fill(ADJ1, 0, <usize>(2 * (N + 1)));
  memory.fill(EMPTY, 0, <usize>(7 * W * 8));
  store<i32>(STATE + S_PIECES1, 0);
  store<i32>(STATE + S_PIECES1 + 4, 0);
  store<i32>(STATE + S_CONTROL1, 0);
  store<i32>(STATE + S_CONTROL1 + 4, 0);
  store<u64>(STATE + S_HASH, 0);
  // The empty board: every cell empty, placeable by both, controlled by nobody.
  const empty = <u8>(<u32>load<u8>(STATUS_TABLE));
  for (let c = 0; c < N; c++) {
    store<u8>(STAT + c, empty);
    flip(EMPTY, c);
    flip(SETS, c);
    flip(SETS + (<usize>W << 3), c);
  }
  for (let c = 0; c < N; c++) {
    const v = <i32>load<u8>(scratch + c);
    if (v != 0) occupy(c, v);
  }
}

/** The winner by the scores (§6): the higher wins, equal is a draw (0). */
export function decideWinner(): i32 {
  const s1 = score(1);
  const s2 = score(2);
  return s1 > s2 ? 1 : s2 > s1 ? 2 : 0;
}

/** The winner decideWinner found, once the game is over. */
@global @inline export function winner(): i32 {
  return getI(S_WINNER);
}
