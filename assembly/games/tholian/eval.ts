// The heuristic evaluation of a Tholian Go position for alpha-beta leaves (and the MCTS cut-off
// setting): Red's advantage in hundredths, each term Red's minus Blue's, weighted by
// EVAL_WEIGHTS (reference/games/tholian/eval.ts is the same function, with the defaults):
//   0 light tokens on the board
//   1 dark tokens on the board
//   2 steps from the nearest own light token to the own target, counted against (not in Chain)
//   3 Chain: light tokens still missing from the cheapest chain, counted against
//   4 steps from all own light tokens to the own target, added up, counted against (not in Chain)
import { NODE_CHAIN_BOTTOM, NODE_CHAIN_TOP, WEB_DARK, WEB_LIGHT, WIN_CHAIN } from '../../abi/tholian';
import { EVAL_WEIGHTS, N, degree } from '../../core/layout';
import { FAR, flagsOf, goalDistance, link, webOf } from './board';
import { COST, DEQUE } from './layout';
import { winRule } from './options';
import { blocked } from './paths';
import { cell, count } from './state';

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
 * The fewest light tokens `p` must add to own a chain from a bottom endpoint to a top one (at
 * the prices above, over no link blocked for `p`): a label-correcting search over a circular
 * deque, free nodes at the front; a node whose cost falls is queued again.
 */
function chainCost(p: i32): i32 {
  const cap = 4 * N;
  for (let n = 0; n < N; n++) store<i32>(COST + (<usize>n << 2), FAR);
  let head = 0;
  let size = 0;
  for (let n = 0; n < N; n++) {
    if ((flagsOf(n) & NODE_CHAIN_BOTTOM) == 0) continue;
    const own = cell(n) == p;
    store<i32>(COST + (<usize>n << 2), price(n, p));
    if (own) head = (head + cap - 1) % cap;
    store<i32>(DEQUE + (<usize>(own ? head : (head + size) % cap) << 2), n);
    size++;
  }
  while (size > 0) {
    const n = load<i32>(DEQUE + (<usize>head << 2));
    head = (head + 1) % cap;
    size--;
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      if (blocked(n, k, p)) continue;
      const own = cell(m) == p;
      const c = costAt(n) + price(m, p);
      if (c >= costAt(m) || size >= cap) continue;
      store<i32>(COST + (<usize>m << 2), c);
      if (own) head = (head + cap - 1) % cap;
      store<i32>(DEQUE + (<usize>(own ? head : (head + size) % cap) << 2), m);
      size++;
    }
  }
  let best = FAR;
  for (let n = 0; n < N; n++) {
    if ((flagsOf(n) & NODE_CHAIN_TOP) != 0 && costAt(n) < best) best = costAt(n);
  }
  return best;
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
  return (
    weight(0) * (count(1, WEB_LIGHT) - count(2, WEB_LIGHT)) +
    weight(1) * (count(1, WEB_DARK) - count(2, WEB_DARK)) +
    weight(2) * goal +
    weight(3) * missing +
    weight(4) * advance
  );
}

/** A player's tokens on both webs (the reference's scores). */
@inline export function tokens(player: i32): i32 {
  return count(player, WEB_DARK) + count(player, WEB_LIGHT);
}
