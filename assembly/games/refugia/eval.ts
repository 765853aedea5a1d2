// The heuristic evaluation of a Refugia position for alpha-beta leaves (and the MCTS cut-off
// setting): P1's advantage in hundredths of a point, each term P1's minus P2's, weighted by
// EVAL_WEIGHTS (reference/games/refugia/eval.ts is the same function, with the defaults):
//   0 score (adjacencies), per point
//   1 stones on the board (the tie-break, and material that cannot be converted back)
//   2 placements left: empty cells with no own neighbour
import { EVAL_WEIGHTS } from '../../core/layout';
import { placementCount, score, stones } from './state';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

@global export function evaluate(): i32 {
  return (
    weight(0) * (score(1) - score(2)) +
    weight(1) * (stones(1) - stones(2)) +
    weight(2) * (placementCount(1) - placementCount(2))
  );
}
