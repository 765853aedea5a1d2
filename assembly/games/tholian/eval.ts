// The heuristic evaluation of a Tholian Go position for alpha-beta leaves (and the MCTS cut-off
// setting): Red's advantage in hundredths, each term Red's minus Blue's, weighted by
// EVAL_WEIGHTS (reference/games/tholian/eval.ts is the same function, with the defaults):
//   0 light tokens on the board
//   1 dark tokens on the board
//   2 Football and Scrimmage: steps from the nearest own light token to the own target, against
//   3 Chain: light tokens still missing from the cheapest chain, counted against
//   4 Chain: levels of the light web holding an own light token
//   5 steps from all own light tokens to the own target, added up, counted against (not in Chain)
//   6 Chain: steps the own light tokens off the cheapest chain must make to fill its gaps, one a
//     gap, in the pairing of the fewest steps, counted against
import { NODE_CHAIN_TOP, S_EMPTY_TURNS, WEB_DARK, WEB_LIGHT, WIN_CHAIN, WIN_TOUCHDOWN } from './abi';
import { EVAL_WEIGHTS, N, degree } from '../../core/layout';
import { FAR, flagsOf, goalDistance, levelCount, levelOf, link, stepsBetween, webOf } from './board';
import { COST, GAPS, LEVEL_ORDER, ON_CHAIN, PAIR_COST, PAIRING, SPARES } from './layout';
import { dice, winRule } from './options';
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
 * nodes by level (board.ts: chainLevels), leaving each node's cost in COST (gapSteps reads it).
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

/** Whether `a` comes before `b` on the way down a cheapest chain: the cheaper, then the lower node (as the reference). */
@inline function before(a: i32, b: i32): bool {
  return b < 0 || costAt(a) < costAt(b) || (costAt(a) == costAt(b) && a < b);
}

/**
 * The steps `p`'s spare light tokens (those off the cheapest chain) must make to fill its gaps,
 * one token a gap, in the pairing of the fewest steps (the reference's gapSteps: each pair at
 * most FAR, a gap without a spare or no chain FAR), from the costs chainCost(p) left in COST.
 */
function gapSteps(p: i32): i32 {
  let at = -1;
  for (let i = 0; i < levelCount; i++) {
    const n = load<i32>(LEVEL_ORDER + (<usize>i << 2));
    if ((flagsOf(n) & NODE_CHAIN_TOP) != 0 && costAt(n) < FAR && before(n, at)) at = n;
  }
  if (at < 0) return FAR;
  memory.fill(ON_CHAIN, 0, <usize>N);
  let gaps = 0;
  while (true) {
    store<u8>(ON_CHAIN + at, 1);
    if (cell(at) != p) {
      store<i32>(GAPS + (<usize>gaps << 2), at);
      gaps++;
    }
    const level = levelOf(at);
    if (level == 0) break;
    let below = -1;
    const d = degree(at);
    for (let k = 0; k < d; k++) {
      const m = link(at, k);
      if (levelOf(m) == level - 1 && !blocked(at, k, p) && before(m, below)) below = m;
    }
    at = below;
  }
  let spares = 0;
  for (let n = 0; n < N; n++) {
    if (cell(n) == p && webOf(n) == WEB_LIGHT && load<u8>(ON_CHAIN + n) == 0) {
      store<i32>(SPARES + (<usize>spares << 2), n);
      spares++;
    }
  }
  // The fewer are the rows of PAIR_COST.
  const byGap = gaps <= spares;
  const rows = byGap ? gaps : spares;
  const cols = byGap ? spares : gaps;
  for (let i = 0; i < rows; i++) {
    const a = load<i32>((byGap ? GAPS : SPARES) + (<usize>i << 2));
    for (let j = 0; j < cols; j++) {
      store<i32>(PAIR_COST + (<usize>(i * cols + j) << 2), stepsBetween(a, load<i32>((byGap ? SPARES : GAPS) + (<usize>j << 2))));
    }
  }
  return leastPairing(rows, cols) + FAR * (gaps - rows);
}

const INFINITE: i32 = 1 << 29;

/**
 * The least total cost of pairing each of `rows` with a different one of `cols` (rows <= cols)
 * in PAIR_COST: the reference's leastPairing (the Hungarian method, 1-based, column 0 the row
 * being placed), its tables in PAIRING.
 */
function leastPairing(rows: i32, cols: i32): i32 {
  const size = <usize>(cols + 1) << 2;
  const u = PAIRING; // the rows' potentials
  const v = u + size; // the columns' potentials
  const rowOf = v + size; // each column's row
  const way = rowOf + size; // the column before each on the way back
  const least = way + size; // each column's least reduced cost
  const used = least + size;
  memory.fill(u, 0, <usize>(rows + 1) << 2);
  memory.fill(v, 0, size * 2);
  for (let i = 1; i <= rows; i++) {
    store<i32>(rowOf, i);
    let j0 = 0;
    for (let j = 0; j <= cols; j++) {
      store<i32>(least + (<usize>j << 2), INFINITE);
      store<i32>(used + (<usize>j << 2), 0);
    }
    do {
      store<i32>(used + (<usize>j0 << 2), 1);
      const i0 = load<i32>(rowOf + (<usize>j0 << 2));
      const ui0 = load<i32>(u + (<usize>i0 << 2));
      const costs = PAIR_COST + (<usize>((i0 - 1) * cols) << 2);
      let delta = INFINITE;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        const at = <usize>j << 2;
        if (load<i32>(used + at) != 0) continue;
        const reduced = load<i32>(costs + ((<usize>(j - 1)) << 2)) - ui0 - load<i32>(v + at);
        let l = load<i32>(least + at);
        if (reduced < l) {
          l = reduced;
          store<i32>(least + at, l);
          store<i32>(way + at, j0);
        }
        if (l < delta) {
          delta = l;
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        const at = <usize>j << 2;
        if (load<i32>(used + at) != 0) {
          const r = u + (<usize>load<i32>(rowOf + at) << 2);
          store<i32>(r, load<i32>(r) + delta);
          store<i32>(v + at, load<i32>(v + at) - delta);
        } else store<i32>(least + at, load<i32>(least + at) - delta);
      }
      j0 = j1;
    } while (load<i32>(rowOf + (<usize>j0 << 2)) != 0);
    do {
      const j1 = load<i32>(way + (<usize>j0 << 2));
      store<i32>(rowOf + (<usize>j0 << 2), load<i32>(rowOf + (<usize>j1 << 2)));
      j0 = j1;
    } while (j0 != 0);
  }
  return -load<i32>(v);
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

@global export function evaluate(): i32 {
  const chain = winRule == WIN_CHAIN;
  let goal = 0;
  let advance = 0;
  // As in the reference: the way to the target counts where it wins, or with dice.
  if (!chain && (winRule == WIN_TOUCHDOWN || dice)) {
    const blue = nearestToGoal(2);
    const blueSteps = totalSteps;
    const red = nearestToGoal(1);
    if (winRule == WIN_TOUCHDOWN) goal = blue - red;
    advance = blueSteps - totalSteps;
  }
  let missing = 0;
  let spares = 0;
  if (chain) {
    // gapSteps reads the costs chainCost just left.
    missing = chainCost(2);
    spares = gapSteps(2);
    missing -= chainCost(1);
    spares -= gapSteps(1);
  }
  const levels = chain ? levelsHeld(1) - levelsHeld(2) : 0;
  const value =
    weight(0) * (count(1, WEB_LIGHT) - count(2, WEB_LIGHT)) +
    weight(1) * (count(1, WEB_DARK) - count(2, WEB_DARK)) +
    weight(2) * goal +
    weight(3) * missing +
    weight(4) * levels +
    weight(5) * advance +
    weight(6) * spares;
  // One more empty turn draws (§4): the lead is worth half as much, so the side ahead moves on.
  return getI(S_EMPTY_TURNS) > 0 ? value / 2 : value;
}

/** A player's tokens on both webs (the reference's scores). */
@inline export function tokens(player: i32): i32 {
  return count(player, WEB_DARK) + count(player, WEB_LIGHT);
}
