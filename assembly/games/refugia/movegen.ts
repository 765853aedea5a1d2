// Legal moves (REFUGIA.md §4-§5) in canonical order: placements by cell, steps by origin then
// destination, hops likewise, then the pass. `enumerate` counts them, listing the stones that
// can move with their numbers of steps and hops; `generate` expands everything into MOVES and
// `randomMove` expands only the chosen move, which is what playouts need.
//
// Unf counts come from the state's flight keys (layout.ts), taken before the move on both cells
// (§4): "t is empty with Unf(t) < Unf(o)" is key(t) < Unf(o), and a hop looks for KEY_ENEMY.
import { MOVE_AT_SHIFT, MOVE_HOP, MOVE_KIND_SHIFT, MOVE_PASS, MOVE_PLACE, MOVE_STEP } from './abi';
import { emit, listLength, listStart } from '../../core/move-list';
import { nthSetBit } from '../../core/bits';
import { below } from '../../core/rng';
import { hopOver, hopTo, stepTo } from './board';
import { EMPTY, KEY_COUNT, KEY_ENEMY, LAND, NEXT, ORIGINS, W, keyOf, nearOf, stonesOf, threatOf } from './layout';
import { ended, placementCount, toMove } from './state';

@inline export function pack(kind: u32, at: i32, to: i32): u32 {
  return (kind << MOVE_KIND_SHIFT) | (<u32>at << MOVE_AT_SHIFT) | <u32>to;
}

const PASS_MOVE: u32 = <u32>MOVE_PASS << MOVE_KIND_SHIFT;

/**
 * For one direction from a stone whose flight key count is `u`: 1 for a step to the neighbour
 * `m`, 256 for a hop over it to `l`, else 0. No branches: both loads always hit the state block
 * (off the board is the sentinel cell N).
 */
@inline function flight(key: usize, m: i32, l: i32, u: u32): i32 {
  const v = <u32>load<u8>(key + m);
  const hop = ((v & KEY_ENEMY) != 0) & (<u32>load<u8>(key + l) < u);
  return <i32>(v < u) | (<i32>hop << 8);
}

let origins: i32 = 0;
let steps: i32 = 0;
let hops: i32 = 0;

/**
 * Counts the legal moves of the player to move (0 once the game is over) and lists in ORIGINS
 * every own stone with a step or a hop: cell | steps << 16 | hops << 24, ascending.
 */
export function enumerate(): i32 {
  origins = 0;
  steps = 0;
  hops = 0;
  if (ended() != 0) return 0;
  const me = toMove();
  const key = keyOf(me);
  const set = stonesOf(me);
  const threat = threatOf(me);
  for (let w = 0; w < W; w++) {
    // Only a stone with an enemy next to it can flee.
    let word = load<u64>(set + (<usize>w << 3)) & load<u64>(threat + (<usize>w << 3));
    while (word != 0) {
      const o = (w << 6) + <i32>ctz(word);
      word &= word - 1;
      const u = <u32>load<u8>(key + o) & KEY_COUNT;
      // Six directions, unrolled: steps count 1, hops count 256.
      const nb = NEXT + <usize>(o * 24);
      const ld = LAND + <usize>(o * 24);
      const both =
        flight(key, load<i32>(nb), load<i32>(ld), u) +
        flight(key, load<i32>(nb, 4), load<i32>(ld, 4), u) +
        flight(key, load<i32>(nb, 8), load<i32>(ld, 8), u) +
        flight(key, load<i32>(nb, 12), load<i32>(ld, 12), u) +
        flight(key, load<i32>(nb, 16), load<i32>(ld, 16), u) +
        flight(key, load<i32>(nb, 20), load<i32>(ld, 20), u);
      // Listed whether or not it can move; only a stone that can keeps its entry.
      store<u32>(ORIGINS + (<usize>origins << 2), <u32>o | (<u32>both << 16));
      origins += <i32>(both != 0);
      steps += both & 0xff;
      hops += both >>> 8;
    }
  }
  return placementCount(me) + steps + hops + 1;
}

/** The `i`-th cell (0-based, ascending) of `me`'s placement set. */
function nthPlacement(me: i32, i: i32): i32 {
  const near = nearOf(me);
  for (let w = 0; w < W; w++) {
    const at = <usize>w << 3;
    const word = load<u64>(EMPTY + at) & ~load<u64>(near + at);
    const n = <i32>popcnt(word);
    if (i < n) return (w << 6) + nthSetBit(word, i);
    i -= n;
  }
  return -1;
}

/** The `i`-th step (0-based) of the stone on `o`, by destination. */
function nthStep(me: i32, o: i32, i: i32): u32 {
  const key = keyOf(me);
  const u = <u32>load<u8>(key + o) & KEY_COUNT;
  for (let k = 0; k < 6; k++) {
    const t = stepTo(o, k);
    if (t < 0) break;
    if (<u32>load<u8>(key + t) < u) {
      if (i == 0) return pack(MOVE_STEP, o, t);
      i--;
    }
  }
  return PASS_MOVE;
}

/** The `i`-th hop (0-based) of the stone on `o`, by landing cell. */
function nthHop(me: i32, o: i32, i: i32): u32 {
  const key = keyOf(me);
  const u = <u32>load<u8>(key + o) & KEY_COUNT;
  for (let k = 0; k < 6; k++) {
    const t = hopTo(o, k);
    if (t < 0) break;
    if ((<u32>load<u8>(key + hopOver(o, k)) & KEY_ENEMY) != 0 && <u32>load<u8>(key + t) < u) {
      if (i == 0) return pack(MOVE_HOP, o, t);
      i--;
    }
  }
  return PASS_MOVE;
}

/** The `i`-th legal move in canonical order, after enumerate(). */
function nthMove(i: i32): u32 {
  const me = toMove();
  const p = placementCount(me);
  if (i < p) {
    const c = nthPlacement(me, i);
    return pack(MOVE_PLACE, c, c);
  }
  i -= p;
  if (i < steps) {
    for (let e = 0; e < origins; e++) {
      const entry = load<u32>(ORIGINS + (<usize>e << 2));
      const n = <i32>((entry >>> 16) & 0xff);
      if (i < n) return nthStep(me, <i32>(entry & 0xffff), i);
      i -= n;
    }
  }
  i -= steps;
  if (i < hops) {
    for (let e = 0; e < origins; e++) {
      const entry = load<u32>(ORIGINS + (<usize>e << 2));
      const n = <i32>(entry >>> 24);
      if (i < n) return nthHop(me, <i32>(entry & 0xffff), i);
      i -= n;
    }
  }
  return PASS_MOVE;
}

/** A uniformly random legal move: MOVES[below(n)] of the full list, without building it. */
@global export function randomMove(): u32 {
  const n = enumerate();
  if (n == 0) return PASS_MOVE;
  return nthMove(<i32>below(<u32>n));
}

/** Writes every legal move to MOVES in canonical order and returns how many there are. */
@global export function generate(): i32 {
  listStart();
  const total = enumerate();
  if (total == 0) return 0;
  const me = toMove();
  const near = nearOf(me);
  for (let w = 0; w < W; w++) {
    const at = <usize>w << 3;
    let word = load<u64>(EMPTY + at) & ~load<u64>(near + at);
    while (word != 0) {
      const c = (w << 6) + <i32>ctz(word);
      word &= word - 1;
      emit(pack(MOVE_PLACE, c, c));
    }
  }
  const key = keyOf(me);
  for (let e = 0; e < origins; e++) {
    const entry = load<u32>(ORIGINS + (<usize>e << 2));
    if (((entry >>> 16) & 0xff) == 0) continue;
    const o = <i32>(entry & 0xffff);
    const u = <u32>load<u8>(key + o) & KEY_COUNT;
    for (let k = 0; k < 6; k++) {
      const t = stepTo(o, k);
      if (t < 0) break;
      if (<u32>load<u8>(key + t) < u) emit(pack(MOVE_STEP, o, t));
    }
  }
  for (let e = 0; e < origins; e++) {
    const entry = load<u32>(ORIGINS + (<usize>e << 2));
    if ((entry >>> 24) == 0) continue;
    const o = <i32>(entry & 0xffff);
    const u = <u32>load<u8>(key + o) & KEY_COUNT;
    for (let k = 0; k < 6; k++) {
      const t = hopTo(o, k);
      if (t < 0) break;
      if ((<u32>load<u8>(key + hopOver(o, k)) & KEY_ENEMY) != 0 && <u32>load<u8>(key + t) < u) emit(pack(MOVE_HOP, o, t));
    }
  }
  emit(PASS_MOVE);
  assert(listLength() == total, 'generate: the count and the list disagree');
  return listLength();
}
