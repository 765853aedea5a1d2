// Selection and widening: which edge an iteration follows from a node (UCT over the tried edges,
// an untried one first, proofs and the implicit minimax value where they exist), and the edges a
// node gets when it is expanded, ordered by their prior under progressive widening.
import { BACKUP, RECORD, RECORD_CAPACITY, STATE, copyState } from './layout';
import { below } from './rng';
import { leafValue } from './rollout';
import { exploration, implicit, transpose, widen } from './settings';
import { CHILD_PROVEN, MOVER_P2, PROVEN_BITS, TRIED, edgeAt, edges, full, minimaxFor, nodeAt, nodes, provenFor, provenOf, slots, takeEdges } from './tree';

/**
 * ln(n) of a visit count n ≥ 1, exactly as reference/search/mcts.ts computes it (only +, −, ×, ÷
 * and exact powers of two, identical in every IEEE engine, unlike Math.log): n = 2^e·m, m below
 * √2, then eleven terms of 2·atanh((m − 1)/(m + 1)) by Horner's rule.
 */
export function lnDeterministic(n: i32): f64 {
  const e = 31 - clz(n);
  let m = <f64>n / <f64>(1 << e);
  let base = <f64>e * 0.6931471805599453;
  if (m > 1.4142135623730951) {
    m /= 1.4142135623730951;
    base += 0.34657359027997264;
  }
  const z = (m - 1) / (m + 1);
  const z2 = z * z;
  let series: f64 = 1.0 / 21.0;
  series = series * z2 + 1.0 / 19.0;
  series = series * z2 + 1.0 / 17.0;
  series = series * z2 + 1.0 / 15.0;
  series = series * z2 + 1.0 / 13.0;
  series = series * z2 + 1.0 / 11.0;
  series = series * z2 + 1.0 / 9.0;
  series = series * z2 + 1.0 / 7.0;
  series = series * z2 + 1.0 / 5.0;
  series = series * z2 + 1.0 / 3.0;
  series = series * z2 + 1.0;
  return base + 2 * z * series;
}

/** Gives a node its edges: every legal move of the current position. False if the arena is full. */
export function expand<G>(game: G, n: i32): bool {
  // A full arena takes no more nodes: the leaf is played out instead.
  if (full) return false;
  const count = game.generate();
  const first = takeEdges(count);
  if (first < 0) return false;
  const mover: u32 = game.toMove() == 2 ? MOVER_P2 : 0;
  for (let i = 0; i < count; i++) {
    const at = edgeAt(first + i);
    store<u32>(at, game.edgeMove(i) ^ mover);
    store<i32>(at, 0, 4);
    store<i32>(at, -1, 8);
    store<f32>(at, 0, 12);
  }
  if (widen > 0 && count > 1 && count <= RECORD_CAPACITY / 2) orderByPrior<G>(game, first, count);
  const node = nodeAt(n);
  store<i32>(node, first);
  store<i32>(node, count, 4);
  store<i32>(node, 0, 8);
  return true;
}

/**
 * Sorts a new node's edges by the cut-off value right after each move, for its mover, best first;
 * equal values keep the canonical order. RECORD holds the values meanwhile, BACKUP the state.
 */
function orderByPrior<G>(game: G, first: i32, count: i32): void {
  copyState(BACKUP, STATE);
  for (let i = 0; i < count; i++) {
    const edge = load<u32>(edgeAt(first + i));
    game.play(edge & ~MOVER_P2);
    const v = leafValue<G>(game);
    store<f64>(RECORD + (<usize>i << 3), (edge & MOVER_P2) != 0 ? 1 - v : v);
    copyState(STATE, BACKUP);
    game.invalidate();
  }
  // Any stable sort gives this one order. Merge sort needs room in the arena's free middle (an
  // index array, its copy and the edges); a short list, or a nearly full arena, sorts in place.
  const room = (<i64>(slots - 2 * nodes - edges) << 4) >= (<i64>count * 24);
  if (count > 16 && room) mergeByPrior(first, count);
  else insertByPrior(first, count);
}

@inline function prior(i: i32): f64 {
  return load<f64>(RECORD + (<usize>i << 3));
}

/** Insertion sort of the edges by the priors in RECORD, best first, stable. */
function insertByPrior(first: i32, count: i32): void {
  for (let i = 1; i < count; i++) {
    const value = prior(i);
    const moving = v128.load(edgeAt(first + i));
    let j = i - 1;
    while (j >= 0 && prior(j) < value) {
      store<f64>(RECORD + (<usize>(j + 1) << 3), prior(j));
      v128.store(edgeAt(first + j + 1), v128.load(edgeAt(first + j)));
      j--;
    }
    store<f64>(RECORD + (<usize>(j + 1) << 3), value);
    v128.store(edgeAt(first + j + 1), moving);
  }
}

/**
 * Bottom-up merge sort of edge indices by the priors in RECORD, best first, stable (a later index
 * goes first only when its prior is strictly higher), then the edges put in that order. Scratch:
 * the free slots after the edges.
 */
function mergeByPrior(first: i32, count: i32): void {
  let from = edgeAt(first + count);
  let to = from + (<usize>count << 2);
  const copy = to + (<usize>count << 2);
  for (let i = 0; i < count; i++) store<i32>(from + (<usize>i << 2), i);
  for (let width = 1; width < count; width <<= 1) {
    for (let lo = 0; lo < count; lo += width << 1) {
      const mid = min(lo + width, count);
      const hi = min(lo + (width << 1), count);
      let a = lo;
      let b = mid;
      let k = lo;
      while (a < mid && b < hi) {
        const ia = load<i32>(from + (<usize>a << 2));
        const ib = load<i32>(from + (<usize>b << 2));
        if (prior(ib) > prior(ia)) {
          store<i32>(to + (<usize>k << 2), ib);
          b++;
        } else {
          store<i32>(to + (<usize>k << 2), ia);
          a++;
        }
        k++;
      }
      for (; a < mid; a++, k++) store<i32>(to + (<usize>k << 2), load<i32>(from + (<usize>a << 2)));
      for (; b < hi; b++, k++) store<i32>(to + (<usize>k << 2), load<i32>(from + (<usize>b << 2)));
    }
    const t = from;
    from = to;
    to = t;
  }
  memory.copy(copy, edgeAt(first), <usize>count << 4);
  for (let i = 0; i < count; i++) {
    v128.store(edgeAt(first + i), v128.load(copy + (<usize>load<i32>(from + (<usize>i << 2)) << 4)));
  }
}

/**
 * The edge to follow from an expanded node: an untried one at random, else the best by UCT; an
 * edge to a proven win for its mover at once, never one to a proven loss (unless all are).
 */
export function select(n: i32): i32 {
  const node = nodeAt(n);
  const first = load<i32>(node);
  const count = load<i32>(node, 4);
  const raw = load<i32>(node, 8);
  const tried = raw & TRIED;
  const open = widen > 0 ? min(count, 1 + <i32>(widen * Math.sqrt(<f64>load<i32>(node, 12)))) : count;
  // A proven node has its answer among the tried edges.
  if (tried < open && (raw & PROVEN_BITS) == 0) {
    // Widening: the next edge in the order of the evaluation.
    if (widen > 0) {
      store<i32>(node, raw + 1, 8);
      return first + tried;
    }
    const j = tried + <i32>below(<u32>(count - tried));
    // Swap the chosen edge into the tried prefix.
    const a = edgeAt(first + tried);
    const b = edgeAt(first + j);
    const t0 = v128.load(a);
    v128.store(a, v128.load(b));
    v128.store(b, t0);
    store<i32>(node, raw + 1, 8);
    return first + tried;
  }
  const logN = lnDeterministic(load<i32>(node, 12));
  // Only the tried prefix has visits or children: the rest would be skipped below anyway. A shared
  // node (transpositions) may be proven by a path through another parent, which has the bit.
  if ((raw & CHILD_PROVEN) == 0 && implicit == 0 && !transpose) return bestByUct(first, tried, logN);
  let best = first;
  let bestValue: f64 = -Infinity;
  for (let e = first; e < first + tried; e++) {
    const at = edgeAt(e);
    const child = load<i32>(at, 8);
    if (child >= 0) {
      const code = provenOf(nodeAt(child));
      if (code != 0) {
        const result = provenFor(at, code);
        if (result == 1) return e;
        if (result == 0) continue;
      }
    }
    if (load<i32>(at, 4) == 0) continue;
    const visits = <f64>load<i32>(at, 4);
    let mean = <f64>load<f32>(at, 12) / visits;
    if (implicit != 0 && child >= 0) mean = (1 - implicit) * mean + implicit * minimaxFor(at, child);
    const value = mean + exploration * Math.sqrt(logN / visits);
    if (value > bestValue) {
      bestValue = value;
      best = e;
    }
  }
  return best;
}

/**
 * The first of `tried` edges with the highest UCT value, below a node with no proven child. Two
 * edges a step: f64x2 division and square root round exactly as the scalar ones, so the values
 * (and the reference's choice) are the same, at half the cost of the arithmetic that dominates
 * selection without widening.
 */
@inline function bestByUct(first: i32, tried: i32, logN: f64): i32 {
  let best = first;
  let bestValue: f64 = -Infinity;
  const c = f64x2.splat(exploration);
  const l = f64x2.splat(logN);
  const end = first + tried;
  let e = first;
  for (; e + 1 < end; e += 2) {
    // Visits and value sums of both edges: [visits e, visits e+1, sum e, sum e+1].
    const pair = i32x4.shuffle(v128.load(edgeAt(e)), v128.load(edgeAt(e + 1)), 1, 5, 3, 7);
    const visits = f64x2.convert_low_i32x4_s(pair);
    const sums = f64x2.promote_low_f32x4(i32x4.shuffle(pair, pair, 2, 3, 2, 3));
    const values = f64x2.add(f64x2.div(sums, visits), f64x2.mul(c, f64x2.sqrt(f64x2.div(l, visits))));
    if (i32x4.extract_lane(pair, 0) != 0) {
      const v = f64x2.extract_lane(values, 0);
      if (v > bestValue) {
        bestValue = v;
        best = e;
      }
    }
    if (i32x4.extract_lane(pair, 1) != 0) {
      const v = f64x2.extract_lane(values, 1);
      if (v > bestValue) {
        bestValue = v;
        best = e + 1;
      }
    }
  }
  if (e < end) {
    const at = edgeAt(e);
    const n = load<i32>(at, 4);
    if (n != 0) {
      const visits = <f64>n;
      const value = <f64>load<f32>(at, 12) / visits + exploration * Math.sqrt(logN / visits);
      if (value > bestValue) best = e;
    }
  }
  return best;
}

