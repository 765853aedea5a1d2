// The part of every game module's ABI that does not depend on the game: where the board tables,
// the state, the move list and the core's result, record and scratch regions are, and the search
// settings. Each game's index.ts re-exports these.
import { COLUMN, EVAL_WEIGHTS, MOVE_FLAGS, MOVES, NEIGH, OUT, RECORD, RECORD_CAPACITY, RESULT, ROW, STATE } from './layout';
import { searchConfigure as configure, searchFull as isFull, searchReset as reset } from './mcts';
import { abDrawScore as setDrawScore } from './alphabeta';

/** Where JS writes the board: neighbours (i32[size*6], -1 off the board), columns and rows. */
export function neighbourTable(): usize {
  return NEIGH;
}

export function columnTable(): usize {
  return COLUMN;
}

export function rowTable(): usize {
  return ROW;
}

/** The state block (the game's abi file names its scalars). */
export function statePtr(): usize {
  return STATE;
}

/** The legal moves generate() wrote (u32 each, canonical order) and their flags (u8 each). */
export function movesPtr(): usize {
  return MOVES;
}

export function moveFlagsPtr(): usize {
  return MOVE_FLAGS;
}

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

/** Search settings: UCT exploration, playout cut-off, margin scale, playout bias, expansion visits, evaluation, cut-off in turns, widening, implicit minimax weight, transpositions, contempt for draws. */
export function searchConfigure(exploration: f64, cutoff: i32, scale: f64, biasPercent: i32, expandAfter: i32, heuristic: i32, turns: i32, widen: f64, implicit: f64, transpositions: i32, contempt: f64): void {
  configure(exploration, cutoff, scale, biasPercent, expandAfter, heuristic != 0, turns != 0, widen, implicit, transpositions != 0, contempt);
}

/** What a drawn end is worth to the player to move at the next alpha-beta root, in hundredths. */
export function abDrawScore(score: i32): void {
  setDrawScore(score);
}

/** 1 when the last searchRun stopped because the arena was full. */
export function searchFull(): i32 {
  return isFull() ? 1 : 0;
}

/** Drops the search tree. */
export function searchReset(): void {
  reset();
}

/** The game's evaluation weights (i32[EVAL_WEIGHT_COUNT], abi/core.ts), read by alpha-beta and the MCTS cut-off. */
export function evalWeightsPtr(): usize {
  return EVAL_WEIGHTS;
}
