// The destinations of one origin as a random draw reads them (movegen.ts): a draw needs one
// destination of the set, or how many lie below a site, so on bitboards the set is kept as the
// search left it rather than listed.
import { OUT } from '../../core/layout';
import { bitOf, useBits } from './board';
import { BB_WORDS, BIT_SITE, REACHED_BITS } from './layout';
import { KEEP, reach, reachBits } from './reach';

/** Whether the destinations of the last reachKept are the set at REACHED_BITS (else listed in OUT). */
let keptAsSet: bool = false;
/** The size of the last reachKept's set. */
let keptCount: i32 = 0;

/** Dest(origin, power) (power ≥ 1), kept for destinationAt and destinationsBelow; returns its size. */
export function reachKept(origin: i32, power: i32): i32 {
  keptAsSet = useBits && power > 1;
  keptCount = keptAsSet ? reachBits(origin, power, KEEP) : reach(origin, power, true);
  return keptCount;
}

/** The `i`-th destination of the last reachKept, ascending (i below its size). */
export function destinationAt(i: i32): i32 {
  if (!keptAsSet) return load<i32>(OUT + (i << 2));
  for (let w = 0; w < BB_WORDS; w++) {
    let word = load<u64>(REACHED_BITS + (w << 3));
    const n = <i32>popcnt(word);
    if (i >= n) {
      i -= n;
      continue;
    }
    // Halve the word until the bit is found: the lower half holds the first popcount bits.
    // Selects rather than branches: which half it is in is a coin toss.
    let bit = w << 6;
    for (let width = 32; width > 0; width >>= 1) {
      const low = <i32>popcnt(word & ((<u64>1 << <u64>width) - 1));
      const up = i >= low;
      i = select<i32>(i - low, i, up);
      word = select<u64>(word >> <u64>width, word, up);
      bit = select<i32>(bit + width, bit, up);
    }
    return load<i32>(BIT_SITE + (bit << 2));
  }
  unreachable();
  return -1;
}

/** How many destinations of the last reachKept come before `site` in ascending order. */
export function destinationsBelow(site: i32): i32 {
  if (!keptAsSet) {
    let n = 0;
    while (n < keptCount && load<i32>(OUT + (n << 2)) < site) n++;
    return n;
  }
  const bit = bitOf(site);
  let n = 0;
  for (let w = 0; w < bit >> 6; w++) n += <i32>popcnt(load<u64>(REACHED_BITS + (w << 3)));
  const mask = (<u64>1 << <u64>(bit & 63)) - 1;
  return n + <i32>popcnt(load<u64>(REACHED_BITS + ((bit >> 6) << 3)) & mask);
}
