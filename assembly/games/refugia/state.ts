// The Refugia state block (layout.ts) and the only ways to change a cell, occupy and vacate,
// which keep every derived table right: per-cell counts of each player's neighbouring stones,
// the flight keys (Unf and what stands on the cell, one load), the stone, empty, "next to a
// stone" and "next to an enemy" bit sets, the stone counts, and the adjacency scores (REFUGIA.md §6: a stone entering
// or leaving a cell adds or removes exactly its own-coloured neighbours). The neighbour loops
// are unrolled and branch-free: off-board directions update the dump cell N + 1.
import { CELL_NEUTRAL, S_ENDED, S_LAST_MOVER, S_PASS_COUNT, S_SCORE1, S_STONES1, S_TO_MOVE, S_WINNER } from './abi';
import { N, STATE } from '../../core/layout';
import { getI, setI } from '../../core/state';
import { CELLS, EMPTY, KEY1, KEY2, KEY_COUNT, KEY_ENEMY, KEY_OWN, OWN1, STONES1, THREAT1, THREAT2, TOUCH, W, keyOf, nearOf, ownOf, stonesOf, threatOf } from './layout';

export { getI, setI, toMove } from '../../core/state';

@global @inline export function ended(): i32 {
  return getI(S_ENDED);
}

@inline export function cell(c: i32): i32 {
  return <i32>load<u8>(CELLS + c);
}

/** Neighbours of `c` holding `player`'s stones. */
@inline export function own(player: i32, c: i32): i32 {
  return <i32>load<u8>(ownOf(player) + c);
}

/** Unf_player(c): neighbours of `c` holding an opponent's or a neutral stone (§4). */
@inline export function unf(player: i32, c: i32): i32 {
  return <i32>(<u32>load<u8>(keyOf(player) + c) & KEY_COUNT);
}

/** Adjacent pairs of `player`'s stones (REFUGIA.md §6). */
@global @inline export function score(player: i32): i32 {
  return getI(S_SCORE1 + ((player - 1) << 2));
}

@inline export function stones(player: i32): i32 {
  return getI(S_STONES1 + ((player - 1) << 2));
}

/** How many placements `player` has: empty cells with no own neighbour. */
@inline export function placementCount(player: i32): i32 {
  const near = nearOf(player);
  let n: i32 = 0;
  for (let w = 0; w < W; w++) {
    const at = <usize>w << 3;
    n += <i32>popcnt(load<u64>(EMPTY + at) & ~load<u64>(near + at));
  }
  return n;
}

@inline function bump(offset: i32, by: i32): void {
  store<i32>(STATE + offset, load<i32>(STATE + offset) + by);
}

@inline function setBit(set: usize, c: i32): void {
  const w = set + ((<usize>c >> 6) << 3);
  store<u64>(w, load<u64>(w) | (<u64>1 << <u64>(c & 63)));
}

@inline function clearBit(set: usize, c: i32): void {
  const w = set + ((<usize>c >> 6) << 3);
  store<u64>(w, load<u64>(w) & ~(<u64>1 << <u64>(c & 63)));
}

/** Adds `by` to the u8 at `table + c`; returns the new value. */
@inline function addCount(table: usize, c: i32, by: i32): i32 {
  const v = <i32>load<u8>(table + c) + by;
  store<u8>(table + c, <u8>v);
  return v;
}

/** What a cell holding `value` adds to `player`'s flight key. */
@inline function keyFlag(player: i32, value: i32): u32 {
  return value == 0 ? 0 : value == player ? KEY_OWN : KEY_ENEMY;
}

@inline function write(c: i32, value: i32): void {
  store<u8>(CELLS + c, <u8>value);
  store<u8>(KEY1 + c, <u8>((<u32>load<u8>(KEY1 + c) & KEY_COUNT) | keyFlag(1, value)));
  store<u8>(KEY2 + c, <u8>((<u32>load<u8>(KEY2 + c) & KEY_COUNT) | keyFlag(2, value)));
}

/** Neighbour `n` gains a stone of the player owning `own`/`near`, an enemy for `enemy`'s player. */
@inline function stoneArrives(n: i32, own: usize, near: usize, enemy: usize, threat: usize): void {
  addCount(own, n, 1);
  setBit(near, n);
  addCount(enemy, n, 1);
  setBit(threat, n);
}

/** Clears bit `n` of `set` when `count` is 0. */
@inline function keepBit(set: usize, n: i32, count: i32): void {
  const w = set + ((<usize>n >> 6) << 3);
  const word = load<u64>(w);
  store<u64>(w, count == 0 ? word & ~(<u64>1 << <u64>(n & 63)) : word);
}

/** Neighbour `n` loses such a stone; it stays "near" while another one is next to it. */
@inline function stoneLeaves(n: i32, own: usize, near: usize, enemy: usize, threat: usize): void {
  keepBit(near, n, addCount(own, n, -1));
  keepBit(threat, n, <i32>(<u32>addCount(enemy, n, -1) & KEY_COUNT));
}

/** Neighbour `n` gains (by = 1) or loses (by = -1) a neutral stone: an enemy for both. */
@inline function neutralNext(n: i32, by: i32): void {
  const a = addCount(KEY1, n, by);
  const b = addCount(KEY2, n, by);
  if (by > 0) {
    setBit(THREAT1, n);
    setBit(THREAT2, n);
  } else {
    keepBit(THREAT1, n, <i32>(<u32>a & KEY_COUNT));
    keepBit(THREAT2, n, <i32>(<u32>b & KEY_COUNT));
  }
}

/** Puts `value` (1, 2 or 3 neutral) on empty `c`, keeping every derived table right. */
export function occupy(c: i32, value: i32): void {
  assert(c >= 0 && c < N && value >= 1 && value <= 3 && cell(c) == 0, 'occupy: bad cell or value');
  clearBit(EMPTY, c);
  write(c, value);
  const t = TOUCH + <usize>(c * 24);
  if (value == CELL_NEUTRAL) {
    neutralNext(load<i32>(t), 1);
    neutralNext(load<i32>(t, 4), 1);
    neutralNext(load<i32>(t, 8), 1);
    neutralNext(load<i32>(t, 12), 1);
    neutralNext(load<i32>(t, 16), 1);
    neutralNext(load<i32>(t, 20), 1);
    return;
  }
  const own = ownOf(value);
  const near = nearOf(value);
  const enemy = keyOf(3 - value);
  const threat = threatOf(3 - value);
  stoneArrives(load<i32>(t), own, near, enemy, threat);
  stoneArrives(load<i32>(t, 4), own, near, enemy, threat);
  stoneArrives(load<i32>(t, 8), own, near, enemy, threat);
  stoneArrives(load<i32>(t, 12), own, near, enemy, threat);
  stoneArrives(load<i32>(t, 16), own, near, enemy, threat);
  stoneArrives(load<i32>(t, 20), own, near, enemy, threat);
  bump(S_SCORE1 + ((value - 1) << 2), <i32>load<u8>(own + c));
  bump(S_STONES1 + ((value - 1) << 2), 1);
  setBit(stonesOf(value), c);
}

/** Empties `c`, keeping every derived table right. */
export function vacate(c: i32): void {
  assert(c >= 0 && c < N && cell(c) != 0, 'vacate: bad cell');
  const old = cell(c);
  write(c, 0);
  setBit(EMPTY, c);
  const t = TOUCH + <usize>(c * 24);
  if (old == CELL_NEUTRAL) {
    neutralNext(load<i32>(t), -1);
    neutralNext(load<i32>(t, 4), -1);
    neutralNext(load<i32>(t, 8), -1);
    neutralNext(load<i32>(t, 12), -1);
    neutralNext(load<i32>(t, 16), -1);
    neutralNext(load<i32>(t, 20), -1);
    return;
  }
  const own = ownOf(old);
  const near = nearOf(old);
  const enemy = keyOf(3 - old);
  const threat = threatOf(3 - old);
  stoneLeaves(load<i32>(t), own, near, enemy, threat);
  stoneLeaves(load<i32>(t, 4), own, near, enemy, threat);
  stoneLeaves(load<i32>(t, 8), own, near, enemy, threat);
  stoneLeaves(load<i32>(t, 12), own, near, enemy, threat);
  stoneLeaves(load<i32>(t, 16), own, near, enemy, threat);
  stoneLeaves(load<i32>(t, 20), own, near, enemy, threat);
  bump(S_SCORE1 + ((old - 1) << 2), -<i32>load<u8>(own + c));
  bump(S_STONES1 + ((old - 1) << 2), -1);
  clearBit(stonesOf(old), c);
}

/** Puts `value` (0 empty, 1, 2, 3 neutral) on `c`. */
export function setCell(c: i32, value: i32): void {
  assert(c >= 0 && c < N && value >= 0 && value <= 3, 'setCell: bad cell or value');
  const old = cell(c);
  if (old == value) return;
  if (old != 0) vacate(c);
  if (value != 0) occupy(c, value);
}

/**
 * Rebuilds everything derived from the cells JS wrote: starts from the empty board and occupies
 * the cells one by one.
 */
export function recount(scratch: usize): void {
  memory.copy(scratch, CELLS, <usize>N);
  memory.fill(CELLS, 0, <usize>N);
  memory.fill(OWN1, 0, <usize>(4 * (N + 2)));
  memory.fill(STONES1, 0, <usize>(7 * W * 8));
  store<u8>(KEY1 + N, <u8>KEY_OWN);
  store<u8>(KEY2 + N, <u8>KEY_OWN);
  for (let c = 0; c < N; c++) setBit(EMPTY, c);
  setI(S_SCORE1, 0);
  setI(S_SCORE1 + 4, 0);
  setI(S_STONES1, 0);
  setI(S_STONES1 + 4, 0);
  for (let c = 0; c < N; c++) {
    const v = <i32>load<u8>(scratch + c);
    if (v != 0) occupy(c, v);
  }
}

/**
 * The winner of a finished game (§7): the higher score, then more stones, then the player who
 * passed first (the last mover loses). Refugia has no draws.
 */
export function decideWinner(lastMover: i32): i32 {
  const s1 = score(1);
  const s2 = score(2);
  if (s1 != s2) return s1 > s2 ? 1 : 2;
  const n1 = stones(1);
  const n2 = stones(2);
  if (n1 != n2) return n1 > n2 ? 1 : 2;
  return 3 - lastMover;
}

/** The winner decideWinner found, once the game is over. */
@global @inline export function winner(): i32 {
  return getI(S_WINNER);
}

export { S_ENDED, S_LAST_MOVER, S_PASS_COUNT, S_TO_MOVE, S_WINNER };
