// The transposition table of the depth-first proof-number search (dfpn.ts). A position's entry
// holds what holds of it whatever the question: proven bounds [lower, upper] of its exact value
// (solver.ts values, for its player to move), and what the last question asked of it left: its
// threshold and the proof and disproof numbers found for "value ≥ threshold". Bounds outlive the
// question, so the questions of a bisection (bindings/solver/dfpn.ts) build on each other; proof
// numbers are only read back for the same threshold.
//
// No move is stored: a key may one day stand for every symmetric image of a position
// (solve-key.ts), and a move of one image is not a move of another.
//
// Buckets of two entries, replaced as Breuker's TwoBig scheme does: the first slot keeps the
// costlier position (the most nodes spent under it, summed over every visit), the second the
// latest; a new position that cost more than the first slot's takes it, the old one moving to
// the second, else the new one takes the second.
import { DFPN_INF } from './abi';

/** Proof and disproof numbers at or above this are infinite (a decided question). */
export const PN_INF: u32 = DFPN_INF;
/** The open ends of bounds: beyond every value. */
export const BOUND: i32 = 0x7fff;

// An entry: key (u64), lower, upper, threshold (i16 each), proof, disproof, work (u32 each);
// work 0 marks an empty entry.
const ENTRY: i32 = 32;
const BUCKET: i32 = 64;
const K_LOWER = 8;
const K_UPPER = 10;
const K_THRESHOLD = 12;
const K_PN = 16;
const K_DN = 20;
const K_WORK = 24;

let table: usize = 0;
let bucketMask: u32 = 0;
let used: i32 = 0;

/** Lays the table out, empty, from `at` to `end`: a power of two of buckets. Returns its entries. */
export function dfpnTableLayout(at: usize, end: usize): i32 {
  table = (at + 63) & ~63;
  const buckets = <u32>((end - table) / BUCKET);
  bucketMask = (<u32>1 << (31 - clz(buckets))) - 1;
  memory.fill(table, 0, <usize>(bucketMask + 1) * BUCKET);
  used = 0;
  return <i32>((bucketMask + 1) * 2);
}

/** Entries in use. */
export function dfpnTableUsed(): i32 {
  return used;
}

@inline function bucketOf(key: u64): usize {
  return table + <usize>((<u32>key & bucketMask) * BUCKET);
}

/** The entry of `key`, or 0. */
export function dfpnProbe(key: u64): usize {
  const b = bucketOf(key);
  if (load<u64>(b) == key && load<u32>(b, K_WORK) != 0) return b;
  if (load<u64>(b, ENTRY) == key && load<u32>(b, ENTRY + K_WORK) != 0) return b + ENTRY;
  return 0;
}

@inline export function entryLower(e: usize): i32 {
  return <i32>load<i16>(e, K_LOWER);
}

@inline export function entryUpper(e: usize): i32 {
  return <i32>load<i16>(e, K_UPPER);
}

@inline export function entryThreshold(e: usize): i32 {
  return <i32>load<i16>(e, K_THRESHOLD);
}

@inline export function entryPn(e: usize): u32 {
  return load<u32>(e, K_PN);
}

@inline export function entryDn(e: usize): u32 {
  return load<u32>(e, K_DN);
}

/** Nodes spent under the entry's position, summed over its visits (saturating). */
@inline export function entryWork(e: usize): u32 {
  return load<u32>(e, K_WORK);
}

/**
 * Records what a visit of `key` found: bounds (narrowing those already held), the numbers for
 * `threshold`, and `work` more nodes spent under it.
 */
export function dfpnRecord(key: u64, lower: i32, upper: i32, threshold: i32, pn: u32, dn: u32, work: i32): void {
  const b = bucketOf(key);
  const w = <u32>max(work, 1);
  let at: usize = 0;
  if (load<u64>(b) == key && load<u32>(b, K_WORK) != 0) at = b;
  else if (load<u64>(b, ENTRY) == key && load<u32>(b, ENTRY + K_WORK) != 0) at = b + ENTRY;
  if (at != 0) {
    const lo = max(lower, entryLower(at));
    const hi = min(upper, entryUpper(at));
    // Bounds that disagree can only come of a collision of 64-bit keys: the new ones win.
    if (lo <= hi) {
      lower = lo;
      upper = hi;
    }
    const sum = load<u32>(at, K_WORK) + w;
    store<u32>(at, sum > w ? sum : 0xffffffff, K_WORK);
  } else {
    // The second slot fills only once the first has: an empty first means an empty bucket.
    const firstWork = load<u32>(b, K_WORK);
    if (firstWork == 0) {
      at = b;
      used++;
    } else if (w > firstWork) {
      // The costlier position takes the first slot; the one it held moves to the second.
      if (load<u32>(b, ENTRY + K_WORK) == 0) used++;
      memory.copy(b + ENTRY, b, ENTRY);
      at = b;
    } else {
      at = b + ENTRY;
      if (load<u32>(at, K_WORK) == 0) used++;
    }
    store<u64>(at, key);
    store<u32>(at, w, K_WORK);
  }
  store<i16>(at, <i16>lower, K_LOWER);
  store<i16>(at, <i16>upper, K_UPPER);
  store<i16>(at, <i16>threshold, K_THRESHOLD);
  store<u32>(at, pn, K_PN);
  store<u32>(at, dn, K_DN);
}
