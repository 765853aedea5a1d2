// The heuristic evaluation of a Throngs position for alpha-beta leaves (and, as a setting, the
// MCTS playout cut-off): P1's advantage in hundredths of a point. Terms, each P1's minus P2's,
// weighted by EVAL_WEIGHTS (defaults and their meaning: reference/games/throngs/eval.ts, the
// same function):
//   0 score (Ludii's scoring rule), per point
//   1 mobility: empty sites the player may place on (AP >= 1, or AP 0 with no empty neighbour)
//   2 action potential: power to travel after placing, sum of AP - 1 over those sites
//   3 captures: opponent stones with AP >= 2
//   4 the duty: a player bound to add or capture (counter >= 4) with no placement or capture
//     left must pass, which hands the opponent the "all passed" ending
//   5 tempo: moves left in the current turn, for the player to move
import { EVAL_WEIGHTS, N } from '../../core/layout';
import { degree } from './board';
import { OBLIGATION } from './movegen';
import { score } from './scoring';
import { around, cell, counter, moveIndex, toMove } from './state';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

export function evaluate(): i32 {
  let mobility = 0;
  let potential = 0;
  let captures = 0;
  let mobility1 = 0;
  let mobility2 = 0;
  let captures1 = 0;
  let captures2 = 0;
  for (let s = 0; s < N; s++) {
    const c = cell(s);
    const a1 = around(s, 1);
    const a2 = around(s, 2);
    if (c == 0) {
      const ap = a1 - a2;
      const sealed = degree(s) == a1 + a2;
      if (ap >= 1 || (ap == 0 && sealed)) mobility1++;
      if (ap <= -1 || (ap == 0 && sealed)) mobility2++;
      if (ap >= 2) potential += ap - 1;
      else if (ap <= -2) potential += ap + 1;
    } else if (c == 2) {
      if (a1 - a2 - 1 >= 2) captures1++;
    } else if (a2 - a1 - 1 >= 2) {
      captures2++;
    }
  }
  mobility = mobility1 - mobility2;
  captures = captures1 - captures2;
  let duty = 0;
  if (counter(1) >= OBLIGATION && mobility1 + captures1 == 0) duty--;
  if (counter(2) >= OBLIGATION && mobility2 + captures2 == 0) duty++;
  const left = moveIndex() == 1 ? 2 : 1;
  const tempo = toMove() == 1 ? left : -left;
  return (
    weight(0) * (score(1) - score(2)) +
    weight(1) * mobility +
    weight(2) * potential +
    weight(3) * captures +
    weight(4) * duty +
    weight(5) * tempo
  );
}
