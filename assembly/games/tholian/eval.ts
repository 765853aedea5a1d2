// The heuristic evaluation of a Tholian Go position for alpha-beta leaves (and the MCTS cut-off
// setting): Red's advantage in hundredths, each term Red's minus Blue's, weighted by
// EVAL_WEIGHTS (reference/games/tholian/eval.ts is the same function, with the defaults):
//   0 light tokens on the board
//   1 dark tokens on the board
import { WEB_DARK, WEB_LIGHT } from '../../abi/tholian';
import { EVAL_WEIGHTS } from '../../core/layout';
import { count } from './state';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

export function evaluate(): i32 {
  return weight(0) * (count(1, WEB_LIGHT) - count(2, WEB_LIGHT)) + weight(1) * (count(1, WEB_DARK) - count(2, WEB_DARK));
}

/** A player's tokens on both webs (the reference's scores). */
@inline export function tokens(player: i32): i32 {
  return count(player, WEB_DARK) + count(player, WEB_LIGHT);
}
