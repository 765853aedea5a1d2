// Legal actions (POPULACE.md §4-§5) in canonical order (ascending packed value): placements by
// cell, replacements by cell, moves by origin then destination, pass, swap. `enumerate` counts
// them, listing the pieces that can move with their numbers of destinations; `generate` expands
// everything into MOVES and `randomMove` expands only the chosen action, which is what playouts
// need. Under positional superko the full list is built and filtered instead.
//
// Placements, replacements and mobile pieces are bit sets kept by state.ts; a piece's
// destinations are the empty cells of the ball of radius PV around it (layout.ts, board.ts).
import { MOVE_AT_SHIFT, MOVE_KIND_SHIFT, MOVE_MOVE, MOVE_PASS, MOVE_PLACE, MOVE_REPLACE, MOVE_SWAP, S_HASH, S_PLY } from './abi';
import { MOVES, STATE } from '../../core/layout';
import { emit, listEnd, listLength, listStart } from '../../core/move-list';
import { nthSetBit } from '../../core/bits';
import { below } from '../../core/rng';
import { ballOf, zobrist } from './board';
import { keyOf, seen } from './history';
import { ADJ1, ADJ2, BALLS, EMPTY, ENDS, MAX_PV, ORIGINS, W, ballTable, setOf } from './layout';
import { pie, superko } from './options';
import { ended, getI, potential, toMove } from './state';

@inline export function pack(kind: u32, at: i32, to: i32): u32 {
  return (kind << MOVE_KIND_SHIFT) | (<u32>at << MOVE_AT_SHIFT) | <u32>to;
}

export const PASS_MOVE: u32 = <u32>MOVE_PASS << MOVE_KIND_SHIFT;
export const SWAP_MOVE: u32 = <u32>MOVE_SWAP << MOVE_KIND_SHIFT;

let origins: i32 = 0;
let places: i32 = 0;
let replaces: i32 = 0;
let moves: i32 = 0;
let passes: i32 = 0;
let swaps: i32 = 0;

@inline function popcount(set: usize): i32 {
  let n: i32 = 0;
  for (let w = 0; w < W; w++) n += <i32>popcnt(load<u64>(set + (<usize>w << 3)));
  return n;
}

@inline function popcountAnd(a: usize, b: usize): i32 {
  let n: i32 = 0;
  for (let w = 0; w < W; w++) {
    const at = <usize>w << 3;
    n += <i32>popcnt(load<u64>(a + at) & load<u64>(b + at));
  }
  return n;
}

/** The `i`-th (0-based, ascending) cell of a ∧ b (b = a for a plain set). */
function nthBit(a: usize, b: usize, i: i32): i32 {
  for (let w = 0; w < W; w++) {
    const at = <usize>w << 3;
    const word = load<u64>(a + at) & load<u64>(b + at);
    const n = <i32>popcnt(word);
    if (i < n) return (w << 6) + nthSetBit(word, i);
    i -= n;
  }
  return -1;
}

/**
 * Counts the legal actions of the player to move before superko (0 once the game is over) and
 * lists in ORIGINS every own piece with a destination, ascending, with the running total of
 * destinations up to and including it in ENDS.
 */
export function enumerate(): i32 {
  origins = 0;
  places = 0;
  replaces = 0;
  moves = 0;
  passes = 0;
  swaps = 0;
  if (ended() != 0) return 0;
  const me = toMove();
  const ply = getI(S_PLY);
  places = popcount(setOf(0, me));
  // Under the pie the first action is a placement: nothing else, not even a pass.
  if (pie && ply == 0) return places;
  replaces = popcount(setOf(1, me));
  const mobile = setOf(2, me);
  const mine = me == 1 ? ADJ1 : ADJ2;
  const theirs = me == 1 ? ADJ2 : ADJ1;
  let listed = 0;
  let total = 0;
  if (ballTable && W <= 2) {
    // Every board of up to 128 cells (hexhex(7) has 127): at most two words per set, the empty
    // cells in two locals. On one-word boards e1 is 0, which masks the word read after the ball.
    const e0 = load<u64>(EMPTY);
    const e1 = W == 2 ? load<u64>(EMPTY, 8) : 0;
    const perCell = <usize>(MAX_PV * W) << 3;
    const perRadius = <usize>W << 3;
    for (let w = 0; w < W; w++) {
      let word = load<u64>(mobile + (<usize>w << 3));
      while (word != 0) {
        const o = (w << 6) + <i32>ctz(word);
        word &= word - 1;
        // PV - 1 = adj_me - adj_them: the index of the radius-PV ball.
        const index = <i32>load<u8>(mine + o) - <i32>load<u8>(theirs + o);
        const ball = BALLS + <usize>o * perCell + <usize>index * perRadius;
        const n = <i32>popcnt(load<u64>(ball) & e0) + <i32>popcnt(load<u64>(ball, 8) & e1);
        total += n;
        store<i32>(ORIGINS + (<usize>listed << 2), o);
        store<i32>(ENDS + (<usize>listed << 2), total);
        listed += <i32>(n != 0);
      }
    }
  } else {
    for (let w = 0; w < W; w++) {
      let word = load<u64>(mobile + (<usize>w << 3));
      while (word != 0) {
        const o = (w << 6) + <i32>ctz(word);
        word &= word - 1;
        const n = popcountAnd(ballOf(o, potential(me, o)), EMPTY);
        total += n;
        store<i32>(ORIGINS + (<usize>listed << 2), o);
        store<i32>(ENDS + (<usize>listed << 2), total);
        listed += <i32>(n != 0);
      }
    }
  }
  origins = listed;
  moves = total;
  passes = 1;
  swaps = <i32>(pie && ply == 1);
  return places + replaces + moves + passes + swaps;
}

/** The `i`-th legal action in canonical order, after enumerate() (superko aside). */
function nthMove(i: i32): u32 {
  const me = toMove();
  if (i < places) {
    const c = nthBit(setOf(0, me), setOf(0, me), i);
    return pack(MOVE_PLACE, c, c);
  }
  i -= places;
  if (i < replaces) {
    const c = nthBit(setOf(1, me), setOf(1, me), i);
    return pack(MOVE_REPLACE, c, c);
  }
  i -= replaces;
  if (i < moves) {
    // The first piece whose running total passes i (binary search over ENDS).
    let lo = 0;
    let hi = origins - 1;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (load<i32>(ENDS + (<usize>mid << 2)) > i) hi = mid;
      else lo = mid + 1;
    }
    const o = load<i32>(ORIGINS + (<usize>lo << 2));
    const before = lo > 0 ? load<i32>(ENDS + (<usize>(lo - 1) << 2)) : 0;
    const ball = ballTable ? BALLS + (<usize>((o * MAX_PV + potential(me, o) - 1) * W) << 3) : ballOf(o, potential(me, o));
    return pack(MOVE_MOVE, o, nthBit(ball, EMPTY, i - before));
  }
  i -= moves;
  return i < passes ? PASS_MOVE : SWAP_MOVE;
}


/** Emits `kind` moves from `at` to every cell of a ∧ b (at < 0: placements and replacements, at = to). */
@inline function emitAll(kind: u32, at: i32, a: usize, b: usize): void {
  for (let w = 0; w < W; w++) {
    const off = <usize>w << 3;
    let word = load<u64>(a + off) & load<u64>(b + off);
    while (word != 0) {
      const c = (w << 6) + <i32>ctz(word);
      word &= word - 1;
      emit(pack(kind, at < 0 ? c : at, c));
    }
  }
}

/** The superko key of the position after the replacement or move `m` of `me`. */
function keyAfter(m: u32, me: i32): u64 {
  const kind = m >>> MOVE_KIND_SHIFT;
  const hash = load<u64>(STATE + S_HASH);
  const at = <i32>((m >>> MOVE_AT_SHIFT) & 0x1fff);
  const to = <i32>(m & 0x1fff);
  const h = kind == MOVE_REPLACE ? hash ^ zobrist(to, 3 - me) ^ zobrist(to, me) : hash ^ zobrist(at, me) ^ zobrist(to, me);
  return keyOf(h, 3 - me);
}

/**
 * Whether superko forbids `m`: a replacement or move recreating a position of the game. A
 * placement never repeats (it adds a piece for good); passes and the swap are exempt.
 */
@inline function forbidden(m: u32, me: i32): bool {
  const kind = m >>> MOVE_KIND_SHIFT;
  return (kind == MOVE_REPLACE || kind == MOVE_MOVE) && seen(keyAfter(m, me));
}

/** Writes every legal action to MOVES in canonical order and returns how many there are. */
@global export function generate(): i32 {
  listStart();
  const total = enumerate();
  if (total == 0) return 0;
  const me = toMove();
  emitAll(MOVE_PLACE, -1, setOf(0, me), setOf(0, me));
  if (replaces != 0) emitAll(MOVE_REPLACE, -1, setOf(1, me), setOf(1, me));
  for (let e = 0; e < origins; e++) {
    const o = load<i32>(ORIGINS + (<usize>e << 2));
    emitAll(MOVE_MOVE, o, ballOf(o, potential(me, o)), EMPTY);
  }
  if (passes != 0) emit(PASS_MOVE);
  if (swaps != 0) emit(SWAP_MOVE);
  assert(listLength() == total, 'generate: the count and the list disagree');
  if (superko && replaces + moves != 0) {
    let kept = 0;
    for (let i = 0; i < listLength(); i++) {
      const m = load<u32>(MOVES + (<usize>i << 2));
      if (forbidden(m, me)) continue;
      store<u32>(MOVES + (<usize>kept << 2), m);
      kept++;
    }
    listEnd(kept);
  }
  return listLength();
}

/** A uniformly random legal action: MOVES[below(n)] of the full list, without building it. */
@global export function randomMove(): u32 {
  if (superko) {
    const n = generate();
    if (n == 0) return PASS_MOVE;
    return load<u32>(MOVES + (<usize>below(<u32>n) << 2));
  }
  const n = enumerate();
  if (n == 0) return PASS_MOVE;
  return nthMove(<i32>below(<u32>n));
}
