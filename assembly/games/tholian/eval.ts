// The heuristic evaluation of a Tholian Go position for alpha-beta leaves (and the MCTS cut-off
// setting): Red's advantage in hundredths, each term Red's minus Blue's, weighted by
// EVAL_WEIGHTS (reference/games/tholian/eval.ts is the same function, with the defaults):
//   0 light tokens on the board
//   1 dark tokens on the board
//   2 steps from the nearest own light token to the own target, counted against (not in Chain)
//   3 Chain: light tokens still missing from the cheapest chain, counted against
//   4 Chain: levels of the light web holding an own light token
//   5 steps from all own light tokens to the own target, added up, counted against (not in Chain)
import { NODE_CHAIN_TOP, S_EMPTY_TURNS, WEB_DARK, WEB_LIGHT, WIN_CHAIN } from '../../abi/tholian';
import { EVAL_WEIGHTS, N, degree } from '../../core/layout';
import { FAR, flagsOf, goalDistance, levelCount, levelOf, link, webOf } from './board';
import { COST, LEVEL_ORDER } from './layout';
import { winRule } from './options';
import { blocked } from './paths';
import { cell, count, getI } from './state';

@inline function weight(k: i32): i32 {
  return load<i32>(EVAL_WEIGHTS + (k << 2));
}

/** The nearest of `p`'s light tokens to `p`'s target (FAR without one in reach), and all their steps added up. */
let totalSteps: i32 = 0;
function nearestToGoal(p: i32): i32 {
  let best = FAR;
  let sum = 0;
  for (let n = 0; n < N; n++) {
    if (cell(n) == p && webOf(n) == WEB_LIGHT) {
      const d = goalDistance(p, n);
      sum += d;
      if (d < best) best = d;
    }
  }
  totalSteps = sum;
  return best;
}

@inline function costAt(n: i32): i32 {
  return load<i32>(COST + (<usize>n << 2));
}

/** A node's price on a chain of `p`'s: own 0, empty 1, opposing 2 (to be pushed away first). */
@inline function price(n: i32, p: i32): i32 {
  const c = cell(n);
  return c == p ? 0 : c == 0 ? 1 : 2;
}

/**
 * The fewest light tokens `p` must add for a chain from a bottom endpoint to a top one climbing a
 * level a node (at the prices above, over no link blocked for `p`): one pass over the light
 * nodes by level (board.ts: chainLevels).
 */
function chainCost(p: i32): i32 {
  for (let i = 0; i < levelCount; i++) {
    const n = load<i32>(LEVEL_ORDER + (<usize>i << 2));
    const level = levelOf(n);
    let below = level == 0 ? 0 : FAR;
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      if (levelOf(m) == level - 1 && !blocked(n, k, p) && costAt(m) < below) below = costAt(m);
    }
    store<i32>(COST + (<usize>n << 2), min(FAR, below + price(n, p)));
  }
  let best = FAR;
  for (let i = 0; i < levelCount; i++) {
    const n = load<i32>(LEVEL_ORDER + (<usize>i << 2));
    if ((flagsOf(n) & NODE_CHAIN_TOP) != 0 && costAt(n) < best) best = costAt(n);
  }
  return best;
}

/** How many levels of the light web hold a light token of `p` (a chain needs each of them). */
function levelsHeld(p: i32): i32 {
  let mask: u64 = 0;
  for (let i = 0; i < levelCount; i++) {
    const n = load<i32>(LEVEL_ORDER + (<usize>i << 2));
    if (cell(n) == p) mask |= (<u64>1) << (<u64>levelOf(n) & 63);
  }
  return <i32>popcnt(mask);
}

export function evaluate(): i32 {
  const chain = winRule == WIN_CHAIN;
  let goal = 0;
  let advance = 0;
  if (!chain) {
    const blue = nearestToGoal(2);
    const blueSteps = totalSteps;
    goal = blue - nearestToGoal(1);
    advance = blueSteps - totalSteps;
  }
  const missing = chain ? chainCost(2) - chainCost(1) : 0;
  const levels = chain ? levelsHeld(1) - levelsHeld(2) : 0;
  const value =
    weight(0) * (count(1, WEB_LIGHT) - count(2, WEB_LIGHT)) +
    weight(1) * (count(1, WEB_DARK) - count(2, WEB_DARK)) +
    weight(2) * goal +
    weight(3) * missing +
    weight(4) * levels +
    weight(5) * advance;
  // One more empty turn draws (§4): the lead is worth half as much, so the side ahead moves on.
  return getI(S_EMPTY_TURNS) > 0 ? value / 2 : value;
}

/** A player's tokens on both webs (the reference's scores). */
@inline export function tokens(player: i32): i32 {
  return count(player, WEB_DARK) + count(player, WEB_LIGHT);
}
