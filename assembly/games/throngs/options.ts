// The rule options of THRONGS.md §14 as bit flags (abi/throngs.ts); 0 is Ludii parity.
export {
  OPTION_END_FULL_ROUND as END_FULL_ROUND,
  OPTION_END_ON_FULL_SCORE as END_ON_FULL_SCORE,
  OPTION_THRESHOLD_CHECKS_BOTH as THRESHOLD_CHECKS_BOTH,
  OPTION_FORCED_PASS_CONSUMES_SLOT as FORCED_PASS_CONSUMES_SLOT,
  OPTION_OBLIGATION_RELAXES_TO_TRAVEL as OBLIGATION_RELAXES_TO_TRAVEL,
} from './abi';

export let options: i32 = 0;

export function setOptions(flags: i32): void {
  options = flags;
}

@inline export function has(flag: i32): bool {
  return (options & flag) != 0;
}
