// The undo ring of the moves JavaScript plays (searches restore copies of the state instead):
// each record holds the first bytes of the state block, as the game chose at layout, and after
// them whatever else the game needs to take the move back. Bounded: beyond it the bindings
// replay the game from its record.
import { STATE, take } from './layout';

let ring: usize = 0;
let recordBytes: i32 = 0;
let savedBytes: i32 = 0;
let capacity: i32 = 0;
/** What limitUndo asked for: it outlives a new layout. */
let wanted: i32 = i32.MAX_VALUE;
let limit: i32 = 0;
let top: i32 = 0;
let count: i32 = 0;

/**
 * Lays out the ring in the game's layout: `records` records of `bytes` each, each starting with a
 * copy of the first `saved` bytes of the state block. Empty until the next move.
 */
export function layoutUndo(records: i32, bytes: i32, saved: i32): void {
  ring = take(records * bytes);
  recordBytes = bytes;
  savedBytes = saved;
  capacity = records;
  limitUndo(wanted);
}

/** Keeps at most `n` records (1 to the ring's size): lets tests reach the ring's end. */
export function limitUndo(n: i32): void {
  wanted = n;
  limit = n < 1 ? 1 : n > capacity ? capacity : n;
  clearUndo();
}

export function clearUndo(): void {
  top = 0;
  count = 0;
}

/** A new record of the state before a move; returns it, for the game's own words after its saved bytes. */
export function undoPush(): usize {
  const record = ring + <usize>(top * recordBytes);
  memory.copy(record, STATE, <usize>savedBytes);
  top = (top + 1) % limit;
  if (count < limit) count++;
  return record;
}

/** The last record, its saved bytes put back into the state block; 0 when no record is left. */
export function undoPop(): usize {
  if (count == 0) return 0;
  top = (top + limit - 1) % limit;
  count--;
  const record = ring + <usize>(top * recordBytes);
  memory.copy(STATE, record, <usize>savedBytes);
  return record;
}
