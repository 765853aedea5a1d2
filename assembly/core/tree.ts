// The MCTS tree in a preallocated arena (the SEARCH region): nodes and edges in two semispaces,
// the path of the current iteration, the transposition table, and re-rooting after a move,
// which copies the surviving subtree into the other semispace. Nothing is allocated while
// searching. Values are kept from the point of view of the player who made each edge's move.
import { ROOT, SEARCH, STATE, copyState, searchBytes, stateSize } from './layout';
import { stateHash } from './hash';
import { transpose } from './settings';

// Edge: the game's edge move (bits 0-30) with "mover is P2" in bit 31; visits; child node or -1;
// sum of values (f32).
export const EDGE: i32 = 16;
// Node, two slots: first edge, edge count (-1 until expanded), edges tried so far (bits 0-27)
// with the node's proven result in bits 28-29 (PROVEN_*) and in bit 30 whether a child is
// proven, visits; then its implicit minimax value (f64, P1's; `implicit`) and, with
// transpositions, its position's hash (u64).
const NODE: i32 = 32;
export const TRIED: i32 = (1 << 28) - 1;
export const PROVEN_BITS: i32 = 3 << 28;
/** Selection looks at the children's proofs only below a node with this bit: most have none. */
export const CHILD_PROVEN: i32 = 1 << 30;

// A proven result (MCTS-Solver): the game is decided from this node whatever the playouts say,
// as P1's result. A terminal node is proven; so is a node whose player to move has an edge to a
// win, or whose edges all lead to proven results (it takes the best of them).
export const PROVEN_P1: i32 = 1;
export const PROVEN_P2: i32 = 2;
export const PROVEN_DRAW: i32 = 3;

export const MOVER_P2: u32 = 1 << 31;

/** Longest path the tree can hold; deeper selection stops there and plays out. */
export const MAX_DEPTH: i32 = 512;

let half: i32 = 0;
/**
 * 16-byte slots per semispace. Nodes and edges share them: edges fill a semispace from its start,
 * nodes from its end, so the arena is full only when the two meet, whatever the branching.
 */
export let slots: i32 = 0;
export let nodes: i32 = 0;
export let edges: i32 = 0;
export let root: i32 = -1;
export let full: bool = false;
/** The tree's values hold a draw, valued for the root's player: only then is the tree that player's alone. */
export let drawn: bool = false;
export let pathLen: i32 = 0;

// The transposition table: u32 check (the hash's high half) and node index + 1 per entry. A new
// leaf whose position is already in the tree (the same state block reached by another order of
// moves, such as the two moves of a Throngs turn) links to that node instead, so the tree
// becomes a graph whose paths share the subtree below: its edges' statistics and its implicit
// minimax value. An edge keeps its own visits and values. Nodes keep their position's hash (the
// 8 spare bytes of a node) so that re-rooting can rebuild the table.
let table: usize = 0;
let tableMask: u32 = 0;
let tableUsed: i32 = 0;

@inline function halfBase(h: i32): usize {
  return SEARCH + <usize>h * <usize>slots * 16;
}
@inline function edgeIn(h: i32, e: i32): usize {
  return halfBase(h) + <usize>(e * EDGE);
}
@inline function nodeIn(h: i32, n: i32): usize {
  return halfBase(h) + <usize>(slots - 2 * (n + 1)) * 16;
}
@inline export function nodeAt(n: i32): usize {
  return nodeIn(half, n);
}
@inline export function edgeAt(e: i32): usize {
  return edgeIn(half, e);
}
// The path of the current iteration (edge indices, and the nodes they leave) lives after both semispaces.
@inline export function pathAt(i: i32): usize {
  return halfBase(2) + <usize>(i << 2);
}
@inline export function nodePathAt(i: i32): usize {
  return halfBase(2) + <usize>((MAX_DEPTH + i) << 2);
}

@inline export function pathClear(): void {
  pathLen = 0;
}

/** Records the step from node `n` along edge `e`. */
@inline export function pathPush(n: i32, e: i32): void {
  store<i32>(nodePathAt(pathLen), n);
  store<i32>(pathAt(pathLen++), e);
}

@inline export function provenOf(node: usize): i32 {
  return (load<i32>(node, 8) >>> 28) & 3;
}

@inline export function setProven(node: usize, code: i32): void {
  store<i32>(node, (load<i32>(node, 8) & ~PROVEN_BITS) | (code << 28), 8);
}

/** A proven code as the result for the mover of the edge at `at`: 1 a win, 0 a loss, 0.5 a draw. */
@inline export function provenFor(at: usize, code: i32): f64 {
  const p1: f64 = code == PROVEN_P1 ? 1 : code == PROVEN_P2 ? 0 : 0.5;
  return (load<u32>(at) & MOVER_P2) != 0 ? 1 - p1 : p1;
}

/** The implicit minimax value of `child` for the mover of the edge at `at`. */
@inline export function minimaxFor(at: usize, child: i32): f64 {
  const v = load<f64>(nodeAt(child), 16);
  return (load<u32>(at) & MOVER_P2) != 0 ? 1 - v : v;
}

@inline export function markDrawn(): void {
  drawn = true;
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
export function tableFind(h: u64): i32 {
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

export function tableInsert(h: u64, n: i32): void {
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

/** A new leaf keeps its position's hash and is found by it. */
@inline export function keepHash(n: i32, h: u64): void {
  store<u64>(nodeAt(n), h, 24);
  tableInsert(h, n);
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

export function newNode(): i32 {
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

/** Room for `count` new edges: the index of the first, or -1 when the arena is full. */
export function takeEdges(count: i32): i32 {
  if (2 * nodes + edges + count > slots) {
    full = true;
    return -1;
  }
  const first = edges;
  edges += count;
  return first;
}

/** Makes the current state the root, keeping the tree if it is already for this state. */
export function plantRoot<G>(game: G): void {
  if (root >= 0 && memory.compare(ROOT, STATE, <usize>stateSize) == 0) return;
  searchReset();
  copyState(ROOT, STATE);
  root = newNode();
  if (transpose && root >= 0) keepHash(root, stateHash(game.keyBytes()));
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
