// The part of every game module's ABI that does not depend on the game: where the core's result,
// record and scratch regions are, and the search settings. Each game's index.ts re-exports these.
import { OUT, RECORD, RECORD_CAPACITY, RESULT } from './layout';
import { searchConfigure as configure, searchFull as isFull, searchReset as reset } from './mcts';

/** Scratch output of per-cell queries. */
export function outPtr(): usize {
  return OUT;
}

/** [length, end code, score P1, score P2, winner] of the last playout (abi/core.ts). */
export function resultPtr(): usize {
  return RESULT;
}

export function recordPtr(): usize {
  return RECORD;
}

export function recordCapacity(): i32 {
  return RECORD_CAPACITY;
}

/** Search settings: UCT exploration, playout cut-off, margin scale, playout bias, expansion visits. */
export function searchConfigure(exploration: f64, cutoff: i32, scale: f64, biasPercent: i32, expandAfter: i32): void {
  configure(exploration, cutoff, scale, biasPercent, expandAfter);
}

/** 1 when the last searchRun stopped because the arena was full. */
export function searchFull(): i32 {
  return isFull() ? 1 : 0;
}

/** Drops the search tree. */
export function searchReset(): void {
  reset();
}
