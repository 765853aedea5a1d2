// Monte Carlo tree search (UCT) over a preallocated arena, written once for every game. Nothing
// is allocated while searching: nodes and edges live in two semispaces of the SEARCH region;
// re-rooting after a move copies the surviving subtree into the other semispace. Values are kept
// from the point of view of the player who made each edge's move, so multi-move turns (Throngs'
// double move) are just consecutive edges of one player.
//
// reference/search/mcts.ts is the same algorithm, operation for operation: a seeded search
// builds the same tree in both engines.
//
// The game class. Every function here is generic over a game class G, instantiated once per
// module with that game's concrete `@final` class, so each call below is a direct call the
// optimiser inlines (no call_indirect). G holds no fields (checked at compile time): its state
// is the block at STATE in memory, its tables live in its own module globals, and the instance
// only selects the code. What G provides:
//   generate(): i32               the legal moves of STATE into MOVES (and MOVE_FLAGS), in
//                                 canonical order; returns how many (0 once the game is over)
//   edgeMove(i: i32): u32         the u32 an edge stores for move i of that list; bit 31 is 0,
//                                 or 1 for a move after which its player plays the other colour
//                                 (Populace's pie swap): the core flips it with "mover is P2", so
//                                 the move is valued for the colour its player then owns
//   packedOf(edge: u32): u32      the packed move (as the module's ABI names moves) of such a u32
//   play(edge: u32): void         applies an edge's move (bit 31 clear) to STATE, no undo record
//   randomMove(bias: i32): u32    a random legal move of STATE, as edge u32, drawn with the core
//                                 rng (rng.ts): uniform (`below(count)` on the canonical list, or
//                                 the same draws) when bias is 0; a game may spend `bias` percent
//                                 of its choices on a preferred prefix of the list
//   ended(): i32                  0 while the game runs, else the game's end code
//   winner(): i32                 once ended: 1, 2, or 0 for a draw
//   margin(): i32 or f64          score of P1 minus score of P2, in points (the cut-off evaluation)
//   evaluate(): i32               P1's advantage by the game's heuristic, hundredths of a point
//                                 (the cut-off evaluation with the `heuristic` setting; alphabeta.ts)
//   score(player: i32): i32       (the playout driver reports both)
//   toMove(): i32                 1 or 2
//   chance(): bool                turns begin with chance no player knows in advance (dice): a
//                                 search then stops at the end of the root player's turn
//   invalidate(): void            STATE was replaced by a memory copy (drop cached move lists)
//   keyBytes(): i32               how many bytes at the start of STATE fix the position (the rest
//                                 derived, perhaps in an order of moves): transpositions hash these
// and, at layout time, the size of its state block (layout.ts: layoutState).
import { CHILD_WORDS, RESULT_EDGES, RESULT_FULL, RESULT_NODES, RESULT_ROOT_VISITS } from './abi';
import { BACKUP, RECORD, RECORD_CAPACITY, RESULT, ROOT, SEARCH, STATE, copyState, searchBytes, stateSize } from './layout';
import { below, seedRng } from './rng';
import { stateHash } from './hash';

// Edge: the game's edge move (bits 0-30) with "mover is P2" in bit 31; visits; child node or -1;
// sum of values (f32).
const EDGE: i32 = 16;
// Node, two slots: first edge, edge count (-1 until expanded), edges tried so far (bits 0-27)
// with the node's proven result in bits 28-29 (PROVEN_*) and in bit 30 whether a child is
// proven, visits; then its implicit minimax value (f64, P1's; `implicit`) and, with
// transpositions, its position's hash (u64).
const NODE: i32 = 32;
const TRIED: i32 = (1 << 28) - 1;
const PROVEN_BITS: i32 = 3 << 28;
/** Selection looks at the children's proofs only below a node with this bit: most have none. */
const CHILD_PROVEN: i32 = 1 << 30;

// A proven result (MCTS-Solver): the game is decided from this node whatever the playouts say,
// as P1's result. A terminal node is proven; so is a node whose player to move has an edge to a
// win, or whose edges all lead to proven results (it takes the best of them).
const PROVEN_P1: i32 = 1;
const PROVEN_P2: i32 = 2;
const PROVEN_DRAW: i32 = 3;

const MOVER_P2: u32 = 1 << 31;

let half: i32 = 0;
/**
 * 16-byte slots per semispace. Nodes and edges share them: edges fill a semispace from its start,
 * nodes from its end, so the arena is full only when the two meet, whatever the branching.
 */
let slots: i32 = 0;
let nodes: i32 = 0;
let edges: i32 = 0;
let root: i32 = -1;
let full: bool = false;

// Settings (searchConfigure).
let exploration: f64 = 0.7;
let cutoff: i32 = 0;
let evalScale: f64 = 4;
let biasPercent: i32 = 0;
let expandAfter: i32 = 2;
let heuristic: bool = false;
/** The cut-off counts turns (changes of the player to move) rather than moves. */
let countTurns: bool = false;
/**
 * Progressive widening (0: off, every edge is tried once, in random order): a new node's edges
 * are ordered by the evaluation after each move, best for its player first, and a node with n
 * visits considers only its first 1 + widen·√n of them.
 */
let widen: f64 = 0;
/**
 * Implicit minimax backups (Lanctot et al. 2014): each node also keeps the minimax value of the
 * evaluations in the tree below it (a leaf: its own evaluation), and selection mixes it into an
 * edge's value with this weight. Averages of short playouts lag behind a refutation the tree has
 * already found; the minimax value sees it at once.
 */
let implicit: f64 = 0;
/**
 * Contempt for draws: a finished game without a winner is worth 0.5 − contempt to the player to
 * move at the root (0.5 + contempt to the other), so a search that sees a draw coming plays on
 * when anything else looks about even. drawP1 is that value for P1 at the current root; drawn
 * says whether the tree's values hold a draw (only then is it the root player's tree alone).
 */
let contempt: f64 = 0;
let drawP1: f64 = 0.5;
let drawn: bool = false;
/**
 * Transpositions: a new leaf whose position is already in the tree (the same state block reached
 * by another order of moves, such as the two moves of a Throngs turn) links to that node instead,
 * so the tree becomes a graph whose paths share the subtree below: its edges' statistics and its
 * implicit minimax value. An edge keeps its own visits and values. Nodes keep their position's
 * hash (the 8 spare bytes of a node) so that re-rooting can rebuild the table.
 */
let transpose: bool = false;
// The transposition table: u32 check (the hash's high half) and node index + 1 per entry.
let table: usize = 0;
let tableMask: u32 = 0;
let tableUsed: i32 = 0;

/** Longest path the tree can hold; deeper selection stops there and plays out. */
const MAX_DEPTH: i32 = 512;
let pathLen: i32 = 0;

@inline function halfBase(h: i32): usize {
  return SEARCH + <usize>h * <usize>slots * 16;
}
@inline function edgeIn(h: i32, e: i32): usize {
  return halfBase(h) + <usize>(e * EDGE);
}
@inline function nodeIn(h: i32, n: i32): usize {
  return halfBase(h) + <usize>(slots - 2 * (n + 1)) * 16;
}
@inline function nodeAt(n: i32): usize {
  return nodeIn(half, n);
}
@inline function edgeAt(e: i32): usize {
  return edgeIn(half, e);
}
// The path of the current iteration (edge indices, and the nodes they leave) lives after both semispaces.
@inline function pathAt(i: i32): usize {
  return halfBase(2) + <usize>(i << 2);
}
@inline function nodePathAt(i: i32): usize {
  return halfBase(2) + <usize>((MAX_DEPTH + i) << 2);
}

@inline function provenOf(node: usize): i32 {
  return (load<i32>(node, 8) >>> 28) & 3;
}

@inline function setProven(node: usize, code: i32): void {
  store<i32>(node, (load<i32>(node, 8) & ~PROVEN_BITS) | (code << 28), 8);
}

/** A proven code as the result for the mover of the edge at `at`: 1 a win, 0 a loss, 0.5 a draw. */
@inline function provenFor(at: usize, code: i32): f64 {
  const p1: f64 = code == PROVEN_P1 ? 1 : code == PROVEN_P2 ? 0 : 0.5;
  return (load<u32>(at) & MOVER_P2) != 0 ? 1 - p1 : p1;
}

/** The proven code of the current (finished) game. */
@inline function provenResult<G>(game: G): i32 {
  const w = game.winner();
  return w == 1 ? PROVEN_P1 : w == 2 ? PROVEN_P2 : PROVEN_DRAW;
}

/**
 * Splits the SEARCH region into the arena: two semispaces of slots, a path and, with
 * transpositions, their table (an eighth to a sixteenth of the region).
 */
export function searchLayout(): void {
  let tableBytes: i32 = 0;
  tableMask = 0;
  if (transpose) {
    let entries: u32 = 1;
    while ((<i64>entries << 7) <= <i64>searchBytes) entries <<= 1;
    tableMask = entries - 1;
    tableBytes = <i32>(entries << 3);
  }
  const usable = searchBytes - MAX_DEPTH * 8 - tableBytes;
  slots = <i32>(usable / 2 / 16);
  table = transpose ? halfBase(2) + <usize>(MAX_DEPTH * 8) : 0;
  searchReset();
}

function tableClear(): void {
  memory.fill(table, 0, <usize>(tableMask + 1) << 3);
  tableUsed = 0;
}

/**
 * The node of the position with hash h, or -1. The entry's check only screens: the node's own
 * copy of the whole hash decides, so that a false link (whose edges would be another position's
 * moves) needs two positions with equal 64-bit hashes.
 */
function tableFind(h: u64): i32 {
  const check = <u32>(h >>> 32);
  let i = <u32>h & tableMask;
  while (true) {
    const at = table + (<usize>i << 3);
    const n = load<i32>(at, 4);
    if (n == 0) return -1;
    if (load<u32>(at) == check && load<u64>(nodeAt(n - 1), 24) == h) return n - 1;
    i = (i + 1) & tableMask;
  }
}

function tableInsert(h: u64, n: i32): void {
  // Half full at most: a fuller table only stops linking new leaves.
  if (<u32>(tableUsed << 1) >= tableMask) return;
  const check = <u32>(h >>> 32);
  let i = <u32>h & tableMask;
  while (load<i32>(table + (<usize>i << 3), 4) != 0) i = (i + 1) & tableMask;
  const at = table + (<usize>i << 3);
  store<u32>(at, check);
  store<i32>(at, n + 1, 4);
  tableUsed++;
}

export function searchReset(): void {
  half = 0;
  nodes = 0;
  edges = 0;
  root = -1;
  full = false;
  drawn = false;
  // Always, not only when entries were added: alpha-beta borrows the same region.
  if (table != 0) tableClear();
}

function newNode(): i32 {
  if (2 * (nodes + 1) + edges > slots) {
    full = true;
    return -1;
  }
  const n = nodes++;
  const at = nodeAt(n);
  store<i32>(at, 0);
  store<i32>(at, -1, 4);
  store<i32>(at, 0, 8);
  store<i32>(at, 0, 12);
  store<f64>(at, 0.5, 16);
  return n;
}

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
function expand<G>(game: G, n: i32): bool {
  // A full arena takes no more nodes: the leaf is played out instead.
  if (full) return false;
  const count = game.generate();
  if (2 * nodes + edges + count > slots) {
    full = true;
    return false;
  }
  const first = edges;
  const mover: u32 = game.toMove() == 2 ? MOVER_P2 : 0;
  for (let i = 0; i < count; i++) {
    const at = edgeAt(first + i);
    store<u32>(at, game.edgeMove(i) ^ mover);
    store<i32>(at, 0, 4);
    store<i32>(at, -1, 8);
    store<f32>(at, 0, 12);
  }
  edges += count;
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
    const v = evaluate<G>(game);
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
function select(n: i32): i32 {
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

/** The implicit minimax value of `child` for the mover of the edge at `at`. */
@inline function minimaxFor(at: usize, child: i32): f64 {
  const v = load<f64>(nodeAt(child), 16);
  return (load<u32>(at) & MOVER_P2) != 0 ? 1 - v : v;
}

/**
 * After an iteration that made a new leaf: each node on the path takes the best minimax value of
 * its tried edges for their mover, from the leaf upwards, while that changes anything.
 */
function backupMinimax(): void {
  for (let i = pathLen - 1; i >= 0; i--) {
    const p = nodeAt(load<i32>(nodePathAt(i)));
    const first = load<i32>(p);
    const end = first + (load<i32>(p, 8) & TRIED);
    let best: f64 = -1;
    let bestP1: f64 = 0.5;
    for (let e = first; e < end; e++) {
      const at = edgeAt(e);
      const child = load<i32>(at, 8);
      if (child < 0) continue;
      const v = minimaxFor(at, child);
      if (v > best) {
        best = v;
        bestP1 = load<f64>(nodeAt(child), 16);
      }
    }
    if (best < 0 || bestP1 == load<f64>(p, 16)) return;
    store<f64>(p, bestP1, 16);
  }
}

/**
 * After an iteration that proved its last node: the proof climbs the path while it decides the
 * node above (a win for its mover, or every edge proven).
 */
function backupProof(): void {
  for (let i = pathLen - 1; i >= 0; i--) {
    const at = edgeAt(load<i32>(pathAt(i)));
    const child = load<i32>(at, 8);
    if (child < 0) return;
    const code = provenOf(nodeAt(child));
    if (code == 0) return;
    const p = nodeAt(load<i32>(nodePathAt(i)));
    store<i32>(p, load<i32>(p, 8) | CHILD_PROVEN, 8);
    if (provenOf(p) != 0) return;
    if (provenFor(at, code) == 1) {
      setProven(p, code);
      continue;
    }
    const first = load<i32>(p);
    const count = load<i32>(p, 4);
    let best = -1;
    let bestResult: f64 = -1;
    for (let k = first; k < first + count; k++) {
      const c = load<i32>(edgeAt(k), 8);
      const kc = c < 0 ? 0 : provenOf(nodeAt(c));
      if (kc == 0) return;
      const result = provenFor(edgeAt(k), kc);
      if (result > bestResult) {
        bestResult = result;
        best = kc;
      }
    }
    setProven(p, best);
  }
}

/** Plays from the current state to the end or the cut-off; returns the value for P1 in [0, 1]. */
function rollout<G>(game: G): f64 {
  let moves = 0;
  let steps = 0;
  // Cut-off 0 plays to the end, or with the heuristic judges the leaf itself. Counted in turns,
  // the judgement always falls at the start of a turn (Throngs' double move).
  const limit = cutoff > 0 ? cutoff : heuristic ? 0 : 10000;
  while (game.ended() == 0 && steps < limit && moves < 10000 && !pastHorizon<G>(game)) {
    const mover = game.toMove();
    game.play(game.randomMove(biasPercent));
    moves++;
    if (!countTurns || game.toMove() != mover) steps++;
  }
  return evaluate<G>(game);
}

/**
 * P1's value of the current state: the result if the game is over, else the score margin or,
 * with the `heuristic` setting, the game's evaluation (in points; weights at EVAL_WEIGHTS).
 */
function evaluate<G>(game: G): f64 {
  if (game.ended() != 0) {
    const w = game.winner();
    if (w == 0) {
      drawn = true;
      return drawP1;
    }
    return w == 1 ? 1.0 : 0.0;
  }
  const d = heuristic ? <f64>game.evaluate() / 100 : <f64>game.margin();
  return 0.5 + d / (2 * (Math.abs(d) + evalScale));
}

/** The root's player when the game has chance (its search ends with their turn), else 0. */
let horizon: i32 = 0;

@inline function pastHorizon<G>(game: G): bool {
  return horizon != 0 && game.toMove() != horizon;
}

/** Makes the current state the search root, keeping the tree if it is already for this state. */
export function searchBegin<G>(game: G, seed: u32): void {
  if (offsetof<G>() != 0) ERROR('a game class holds no fields (its state lives in memory)');
  seedRng(seed);
  horizon = game.chance() ? game.toMove() : 0;
  // A kept tree that valued draws for one player at one contempt: for another it starts afresh.
  const draw = contempt == 0 ? 0.5 : game.toMove() == 1 ? 0.5 - contempt : 0.5 + contempt;
  if (draw != drawP1) {
    drawP1 = draw;
    if (drawn) root = -1;
  }
  if (root >= 0 && memory.compare(ROOT, STATE, <usize>stateSize) == 0) return;
  searchReset();
  copyState(ROOT, STATE);
  root = newNode();
  if (transpose && root >= 0) {
    const h = stateHash(game.keyBytes());
    store<u64>(nodeAt(root), h, 24);
    tableInsert(h, root);
  }
}

/**
 * Runs `iterations` iterations; returns how many ran. A full arena does not stop the search: the
 * tree stops growing and iterations go on from its leaves (searchFull says so).
 */
export function searchRun<G>(game: G, iterations: i32): i32 {
  if (root < 0) return 0;
  let done = 0;
  while (done < iterations) {
    copyState(STATE, ROOT);
    game.invalidate();
    pathLen = 0;
    let n = root;
    let evaluated = false;
    let proved = false;
    let grew = false;
    let value: f64 = 0;
    // Selection; a node gets its edges once it has been reached `expandAfter` times.
    while (true) {
      const node = nodeAt(n);
      const visits = load<i32>(node, 12) + 1;
      store<i32>(node, visits, 12);
      if (game.ended() != 0) {
        value = evaluate<G>(game);
        evaluated = true;
        if (provenOf(node) == 0) {
          setProven(node, provenResult<G>(game));
          proved = true;
        }
        break;
      }
      if (pastHorizon<G>(game)) {
        value = evaluate<G>(game);
        evaluated = true;
        break;
      }
      if (load<i32>(node, 4) < 0 && ((n != root && visits < expandAfter) || !expand<G>(game, n))) break;
      if (load<i32>(node, 4) == 0 || pathLen >= MAX_DEPTH) break;
      const e = select(n);
      const at = edgeAt(e);
      store<i32>(nodePathAt(pathLen), n);
      store<i32>(pathAt(pathLen++), e);
      game.play(load<u32>(at) & ~MOVER_P2);
      const child = load<i32>(at, 8);
      if (child >= 0) {
        n = child;
        continue;
      }
      let h: u64 = 0;
      if (transpose) {
        h = stateHash(game.keyBytes());
        const known = tableFind(h);
        if (known >= 0) {
          // Another order of moves reached this position: follow its node.
          store<i32>(at, known, 8);
          if (implicit != 0) grew = true;
          if (provenOf(nodeAt(known)) != 0) proved = true;
          n = known;
          continue;
        }
      }
      // A new leaf: one playout evaluates it.
      const leaf = newNode();
      if (leaf >= 0) {
        if (transpose) {
          store<u64>(nodeAt(leaf), h, 24);
          tableInsert(h, leaf);
        }
        store<i32>(at, leaf, 8);
        store<i32>(nodeAt(leaf), 1, 12);
        if (game.ended() != 0) {
          setProven(nodeAt(leaf), provenResult<G>(game));
          proved = true;
        }
        if (implicit != 0) {
          store<f64>(nodeAt(leaf), evaluate<G>(game), 16);
          grew = true;
        }
      }
      break;
    }
    if (!evaluated) value = rollout<G>(game);
    // Backpropagation: each edge takes the value for its mover.
    for (let i = 0; i < pathLen; i++) {
      const at = edgeAt(load<i32>(pathAt(i)));
      store<i32>(at, load<i32>(at, 4) + 1, 4);
      const mine = (load<u32>(at) & MOVER_P2) != 0 ? 1 - value : value;
      store<f32>(at, load<f32>(at, 12) + <f32>mine, 12);
    }
    if (grew) backupMinimax();
    if (proved) backupProof();
    done++;
  }
  copyState(STATE, ROOT);
  game.invalidate();
  return done;
}

/** Whether the last searchRun stopped because the arena was full. */
export function searchFull(): bool {
  return full;
}

/**
 * After `packed` was played (by either side): the subtree under that move becomes the tree,
 * copied into the other semispace; without one the tree starts afresh at the next search. The
 * copy keeps at most a quarter of the semispace, its upper levels (breadth first): a tree kept
 * whole from move to move grows until it fills the arena part way through a search, whose
 * remaining iterations then only play out from old leaves. A node beyond the quarter is kept
 * without its edges, to be expanded afresh.
 */
export function searchAdvance<G>(game: G, packed: u32): void {
  if (root < 0) return;
  const r = nodeAt(root);
  const first = load<i32>(r);
  const count = load<i32>(r, 4);
  let child = -1;
  for (let e = first; e < first + count; e++) {
    if (game.packedOf(load<u32>(edgeAt(e)) & ~MOVER_P2) == packed) {
      child = load<i32>(edgeAt(e), 8);
      break;
    }
  }
  if (child < 0) {
    searchReset();
    return;
  }
  // Breadth-first copy; the new semispace's node array is its own queue. A copied node first
  // holds its old index in place of its first edge, until its edges are copied.
  const from = half;
  const to = 1 - half;
  let newNodes = 0;
  let newEdges = 0;
  memory.copy(nodeIn(to, 0), nodeIn(from, child), <usize>NODE);
  store<i32>(nodeIn(to, 0), child);
  store<i32>(nodeIn(from, child), -1, 12);
  newNodes = 1;
  for (let q = 0; q < newNodes; q++) {
    const at = nodeIn(to, q);
    const old = load<i32>(at);
    const n = load<i32>(at, 4);
    if (n <= 0) {
      store<i32>(at, 0);
      continue;
    }
    // Its edges, and a node for each of them at most.
    if (2 * newNodes + newEdges + 3 * n > slots >> 2) {
      store<i32>(at, 0);
      store<i32>(at, -1, 4);
      // Its proof (if any) rested on the edges it loses; it will be found again.
      store<i32>(at, 0, 8);
      continue;
    }
    const oldFirst = load<i32>(nodeIn(from, old));
    memory.copy(edgeIn(to, newEdges), edgeIn(from, oldFirst), <usize>(n * EDGE));
    store<i32>(at, newEdges);
    for (let e = newEdges; e < newEdges + n; e++) {
      const edge = edgeIn(to, e);
      const c = load<i32>(edge, 8);
      if (c < 0) continue;
      // A node shared by several edges (transpositions) is copied once: the old copy's visits
      // then hold its new index.
      const forward = load<i32>(nodeIn(from, c), 12);
      if (forward < 0) {
        store<i32>(edge, -forward - 1, 8);
        continue;
      }
      memory.copy(nodeIn(to, newNodes), nodeIn(from, c), <usize>NODE);
      store<i32>(nodeIn(to, newNodes), c);
      store<i32>(nodeIn(from, c), -newNodes - 1, 12);
      store<i32>(edge, newNodes, 8);
      newNodes++;
    }
    newEdges += n;
  }
  half = to;
  nodes = newNodes;
  edges = newEdges;
  root = 0;
  full = false;
  copyState(ROOT, STATE);
  if (transpose) {
    tableClear();
    for (let k = 0; k < newNodes; k++) tableInsert(load<u64>(nodeAt(k), 24), k);
  }
}

/**
 * The root's children: (move, visits, value sum as f32 bits, proven result for the mover: 0
 * none, 1 win, 2 loss, 3 draw) in RECORD, CHILD_WORDS each; returns how many. RESULT gets
 * [iterations at the root, nodes, edges, full].
 */
export function searchChildren<G>(game: G): i32 {
  store<i32>(RESULT + (RESULT_ROOT_VISITS << 2), 0);
  store<i32>(RESULT + (RESULT_NODES << 2), nodes);
  store<i32>(RESULT + (RESULT_EDGES << 2), edges);
  store<i32>(RESULT + (RESULT_FULL << 2), full ? 1 : 0);
  if (root < 0) return 0;
  const r = nodeAt(root);
  store<i32>(RESULT + (RESULT_ROOT_VISITS << 2), load<i32>(r, 12));
  const first = load<i32>(r);
  let count = load<i32>(r, 4);
  if (count < 0) return 0;
  if (count > RECORD_CAPACITY / CHILD_WORDS) count = RECORD_CAPACITY / CHILD_WORDS;
  for (let i = 0; i < count; i++) {
    const at = edgeAt(first + i);
    const out = RECORD + <usize>(i * CHILD_WORDS * 4);
    store<u32>(out, game.packedOf(load<u32>(at) & ~MOVER_P2));
    store<i32>(out, load<i32>(at, 4), 4);
    store<f32>(out, load<f32>(at, 12), 8);
    const child = load<i32>(at, 8);
    const code = child < 0 ? 0 : provenOf(nodeAt(child));
    const result = code == 0 ? -1 : provenFor(at, code);
    store<i32>(out, result == 1 ? 1 : result == 0 ? 2 : result == 0.5 ? 3 : 0, 12);
  }
  return count;
}

/** The principal variation (most visited edges from the root) in RECORD; returns its length. */
export function searchPrincipalVariation<G>(game: G, max: i32): i32 {
  let n = root;
  let length = 0;
  while (n >= 0 && length < max && length < RECORD_CAPACITY) {
    const node = nodeAt(n);
    const first = load<i32>(node);
    const count = load<i32>(node, 4);
    if (count <= 0) break;
    let best = -1;
    let bestVisits = 0;
    for (let e = first; e < first + count; e++) {
      const v = load<i32>(edgeAt(e), 4);
      if (v > bestVisits) {
        bestVisits = v;
        best = e;
      }
    }
    if (best < 0) break;
    store<u32>(RECORD + (length << 2), game.packedOf(load<u32>(edgeAt(best)) & ~MOVER_P2));
    length++;
    n = load<i32>(edgeAt(best), 8);
  }
  return length;
}

/**
 * Search settings: UCT exploration, playout cut-off (0: play to the end), margin scale, bias,
 * the visits after which a node gets its edges, whether the cut-off uses the evaluation, whether
 * the cut-off counts turns, progressive widening, implicit minimax, transpositions and the
 * contempt for draws.
 */
export function searchConfigure(c: f64, cutoffMoves: i32, scale: f64, bias: i32, expandVisits: i32, useEvaluation: bool, turns: bool, widening: f64, minimaxWeight: f64, transpositions: bool, drawContempt: f64): void {
  if (transpositions != transpose) {
    transpose = transpositions;
    // The table takes its room from the arena only while it is used.
    if (searchBytes > 0) searchLayout();
  }
  implicit = minimaxWeight;
  heuristic = useEvaluation;
  countTurns = turns;
  widen = widening;
  exploration = c;
  cutoff = cutoffMoves;
  evalScale = scale;
  biasPercent = bias;
  expandAfter = expandVisits;
  contempt = drawContempt;
}
