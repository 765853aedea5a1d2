// Positional superko (option `superko: 'positional'`): the positions a replacement or a move must
// not recreate (cells and colour to move, as 64-bit Zobrist keys).
//
// A placement adds a piece for good (nothing removes one: a replacement puts one back), so no
// position before the last placement can come back: the positions that matter are a window,
// from the one right after the last placement to the current one. HISTORY is append-only over
// the whole line of play (the game and any playout or search path from it), with the window's
// bounds [S_HISTORY_START, S_HISTORY_END) in the state block, and an open-addressing table over
// it. So restoring a state (a playout's backup, the search root, an undo) restores its window
// by two integers: entries past its end are stale, and an ancestor's entries are never
// overwritten, since writes only happen at the current end.
//
// A slot is valid when its index is below the end and HISTORY still holds its key there.
// Insertion takes the first invalid slot on the key's probe path; a lookup walks the path until
// an invalid slot and counts only indices inside the window. Every slot on an entry's path was
// valid when it was inserted and stays valid as long as the entry does (a slot only becomes
// invalid when the history is cut below its index, which cuts the entry too), so lookups are
// exact. The table holds twice the history capacity, so it is at most half full. A line of
// play longer than HISTORY_CAPACITY positions since loadState stops recording (later
// repetitions of unrecorded positions are then not caught, and `recent` stops growing).
import {
  MOVE_AT_SHIFT,
  MOVE_KIND_SHIFT,
  MOVE_MOVE,
  MOVE_PLACE,
  MOVE_REPLACE,
  MOVE_SITE_MASK,
  MOVE_SWAP,
  S_HASH,
  S_HISTORY_DIGEST,
  S_HISTORY_END,
  S_HISTORY_START,
} from './abi';
import { STATE } from '../../core/layout';
import { zobrist } from './board';
import { HISTORY, HISTORY_CAPACITY, RECENT, SLOTS, SLOT_INDEX, SLOT_KEY } from './layout';
import { getI, setI } from './state';

/** XORed into the key when White is to move. */
export const SIDE_KEY: u64 = 0x2545f4914f6cdd1d;

/** The key of the position whose cells hash to `hash` with `colour` to move. */
@inline export function keyOf(hash: u64, colour: i32): u64 {
  return colour == 2 ? hash ^ SIDE_KEY : hash;
}

/** The key of the current position (cells and colour to move). */
@inline export function currentKey(toMove: i32): u64 {
  return keyOf(load<u64>(STATE + S_HASH), toMove);
}

@inline function slotOf(key: u64): i32 {
  return <i32>((key ^ (key >> 29)) & <u64>(SLOTS - 1));
}

@inline function valid(slot: i32, end: i32): bool {
  const index = load<i32>(SLOT_INDEX + (<usize>slot << 2));
  return <u32>index < <u32>end && load<u64>(HISTORY + (<usize>index << 3)) == load<u64>(SLOT_KEY + (<usize>slot << 3));
}

/** Forgets every position and clears every slot (once per board). */
export function historyClear(): void {
  memory.fill(SLOT_INDEX, 0xff, <usize>(SLOTS * 4));
  historyRestart();
}

/** Forgets every position: with the end at 0 no slot is valid, so nothing needs clearing. */
export function historyRestart(): void {
  setI(S_HISTORY_START, 0);
  setI(S_HISTORY_END, 0);
  store<u64>(STATE + S_HISTORY_DIGEST, 0);
}

/** Starts a new window (after a placement): the next position pushed is its first. */
export function historyWindow(): void {
  setI(S_HISTORY_START, getI(S_HISTORY_END));
  store<u64>(STATE + S_HISTORY_DIGEST, 0);
}

@inline function mix(key: u64): u64 {
  const x = key * 0x9e3779b97f4a7c15;
  return x ^ (x >> 32);
}

/** Appends a position to the window (nothing once the history is full). */
export function historyPush(key: u64): void {
  const end = getI(S_HISTORY_END);
  if (end >= HISTORY_CAPACITY) return;
  store<u64>(HISTORY + (<usize>end << 3), key);
  let slot = slotOf(key);
  while (valid(slot, end)) slot = (slot + 1) & (SLOTS - 1);
  store<u64>(SLOT_KEY + (<usize>slot << 3), key);
  store<i32>(SLOT_INDEX + (<usize>slot << 2), end);
  setI(S_HISTORY_END, end + 1);
  // An order-free digest of the window: equal state blocks then mean equal histories.
  store<u64>(STATE + S_HISTORY_DIGEST, load<u64>(STATE + S_HISTORY_DIGEST) + mix(key));
}

/**
 * Records that `packed` (not a placement) was played from the newest position, reaching `key`.
 * The actions stay in RECENT, in step with HISTORY: RECENT[i] leads from HISTORY[i] to
 * HISTORY[i + 1], so the window's actions are the reference's `recent`.
 */
export function historyAction(packed: u32, key: u64): void {
  const end = getI(S_HISTORY_END);
  if (end < HISTORY_CAPACITY) store<u32>(RECENT + (<usize>(end - 1) << 2), packed);
  historyPush(key);
}

/**
 * Rebuilds the window of a loaded position from the `count` actions since the last placement
 * (oldest first), which JS wrote at RECENT: walks them back from the current position, whose
 * cells hash to `hash` with `colour` to move, and records every position they passed through.
 * A move or a replacement by X changes one or two cells, a pass nothing, and the swap nothing
 * (not even the colour to move).
 */
export function historyLoad(count: i32, hash: u64, colour: i32): void {
  if (count > HISTORY_CAPACITY - 1) count = HISTORY_CAPACITY - 1;
  // Newest first into HISTORY[count], ..., HISTORY[0]; then pushed oldest first.
  let h = hash;
  let c = colour;
  store<u64>(HISTORY + (<usize>count << 3), keyOf(h, c));
  for (let i = count - 1; i >= 0; i--) {
    const packed = load<u32>(RECENT + (<usize>i << 2));
    const kind = packed >>> MOVE_KIND_SHIFT;
    const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
    const to = <i32>(packed & MOVE_SITE_MASK);
    assert(kind != MOVE_PLACE, 'historyLoad: a placement among the recent actions');
    if (kind != MOVE_SWAP) c = 3 - c;
    if (kind == MOVE_MOVE) h ^= zobrist(to, c) ^ zobrist(at, c);
    else if (kind == MOVE_REPLACE) h ^= zobrist(at, c) ^ zobrist(at, 3 - c);
    store<u64>(HISTORY + (<usize>i << 3), keyOf(h, c));
  }
  historyRestart();
  for (let i = 0; i <= count; i++) historyPush(load<u64>(HISTORY + (<usize>i << 3)));
}

/** Whether the position `key` occurred in the window (since the last placement). */
export function seen(key: u64): bool {
  const start = getI(S_HISTORY_START);
  const end = getI(S_HISTORY_END);
  let slot = slotOf(key);
  while (valid(slot, end)) {
    if (load<u64>(SLOT_KEY + (<usize>slot << 3)) == key && load<i32>(SLOT_INDEX + (<usize>slot << 2)) >= start) return true;
    slot = (slot + 1) & (SLOTS - 1);
  }
  return false;
}
