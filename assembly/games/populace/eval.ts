// The heuristic evaluation of a Populace position for alpha-beta leaves (and the MCTS cut-off
// setting): P1's advantage in hundredths of a point, each term P1's minus P2's, weighted by
// EVAL_WEIGHTS (reference/games/populace/eval.ts is the same function, with the defaults):
//   0 score (pieces, controlled cells and the button), per half point
//   1 threatened pieces (the opponent may replace them), counted against their owner
import { EVAL_WEIGHTS, N } from '../../core/layout';
import { adj, cell, score } from './state';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

@global export function evaluate(): i32 {
  let threatened = 0;
  for (let c = 0; c < N; c++) {
    const v = cell(c);
    if (v == 1 && adj(2, c) - adj(1, c) >= 2) threatened++;
    else if (v == 2 && adj(1, c) - adj(2, c) >= 2) threatened--;
  }
  return weight(0) * (score(1) - score(2)) - weight(1) * threatened;
}
