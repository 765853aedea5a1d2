// The rule options of THRONGS.md §14 as bit flags; 0 is Ludii parity.
export const END_FULL_ROUND: i32 = 1;
export const END_ON_FULL_SCORE: i32 = 2;
export const THRESHOLD_CHECKS_BOTH: i32 = 4;
export const FORCED_PASS_CONSUMES_SLOT: i32 = 8;
export const OBLIGATION_RELAXES_TO_TRAVEL: i32 = 16;

export let options: i32 = 0;

export function setOptions(flags: i32): void {
  options = flags;
}

@inline export function has(flag: i32): bool {
  return (options & flag) != 0;
}
