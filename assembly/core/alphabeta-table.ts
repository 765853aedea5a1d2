// Alpha-beta's transposition table (alphabeta.ts), keyed by a hash of the whole state block, and
// its entries shared with the other workers of a parallel search: abSearchRoot logs, in RECORD,
// every entry it stores at a depth of at least shareDepth (0: none), and abImport stores entries
// that other workers logged. A transposition between two root moves (Throngs' two moves of a
// turn in either order) is then searched once rather than once per worker.
import { AB_SHARE_WORDS } from './abi';
import { RECORD, RECORD_CAPACITY } from './layout';

// Entry: the hash's high half as a check, the best move, the value, the depth (u16), the bound (u8).
const TT_ENTRY: i32 = 16;
export const EXACT: u8 = 1;
export const LOWER: u8 = 2;
export const UPPER: u8 = 3;

let tt: usize = 0;
let ttMask: u32 = 0;

const SHARE_WORDS: i32 = AB_SHARE_WORDS;
const SHARE_CAPACITY: i32 = RECORD_CAPACITY / SHARE_WORDS;
let shareDepth: i32 = 0;
let shared: i32 = 0;

/** Lays the table out, empty, from `at` (16-byte aligned) to `end`, a power of two of entries. */
export function layoutTable(at: usize, end: usize): void {
  tt = at;
  const entries = <u32>((end - tt) / TT_ENTRY);
  ttMask = (<u32>1 << (31 - clz(entries))) - 1;
  // The region is shared with the MCTS arena, so the table starts empty for every search.
  memory.fill(tt, 0, <usize>(ttMask + 1) * TT_ENTRY);
}

@inline export function ttSlot(h: u64): usize {
  return tt + <usize>((<u32>h & ttMask) * TT_ENTRY);
}

function ttStore(h: u64, bestMove: u32, value: i32, depth: i32, flag: u8): void {
  const slot = ttSlot(h);
  const check = <u32>(h >>> 32);
  // Another position's entry gives way to one searched at least as deep.
  if (load<u32>(slot) == check || <i32>load<u16>(slot, 12) <= depth) {
    store<u32>(slot, check);
    store<u32>(slot, bestMove, 4);
    store<i32>(slot, value, 8);
    store<u16>(slot, <u16>depth, 12);
    store<u8>(slot, flag, 14);
  }
}

/** Stores a searched node's entry, and logs it for the other workers when it is deep enough. */
@inline export function storeEntry(h: u64, bestMove: u32, value: i32, depth: i32, flag: u8): void {
  ttStore(h, bestMove, value, depth, flag);
  if (shareDepth > 0 && depth >= shareDepth && shared < SHARE_CAPACITY) {
    const at = RECORD + <usize>(shared * SHARE_WORDS * 4);
    store<u64>(at, h);
    store<u32>(at, bestMove, 8);
    store<i32>(at, value, 12);
    store<i32>(at, depth | (<i32>flag << 16), 16);
    shared++;
  }
}

/** Logs the entries stored from now on at a depth of at least `depth` (0: none). */
export function shareFrom(depth: i32): void {
  shareDepth = depth;
  shared = 0;
}

/** Stops logging; returns how many entries were logged. */
export function shareEnd(): i32 {
  shareDepth = 0;
  return shared;
}

/**
 * Stores `count` table entries that another worker logged (abSearchRoot), written to RECORD in
 * its format: [hash (u64), move, value, depth | flag << 16].
 */
export function abImport(count: i32): void {
  const n = min(count, SHARE_CAPACITY);
  for (let i = 0; i < n; i++) {
    const at = RECORD + <usize>(i * SHARE_WORDS * 4);
    const packed = load<i32>(at, 16);
    const flag = <u8>(packed >>> 16);
    if (flag < EXACT || flag > UPPER) continue;
    ttStore(load<u64>(at), load<u32>(at, 8), load<i32>(at, 12), packed & 0xffff, flag);
  }
}
