// Iterative-deepening alpha-beta (negamax) for any game, the sparring partner that stands in for
// Ludii's AlphaBeta and a user-facing AI of its own. Written once and instantiated with the
// game's `@final` class (game.ts), like mcts.ts.
//
// Nothing is allocated: it borrows the SEARCH region (so it drops the MCTS tree) for a stack of
// states (a move is undone by restoring its parent's copy, so games need no undo), a stack of
// move lists with ordering scores, killer moves, a history table and a transposition table keyed
// by a hash of the whole state block (alphabeta-table.ts). A node budget (checked at every node)
// bounds one call; the driver in JavaScript turns a time budget into node budgets and deepens one
// ply per call.
//
// Values are from the point of view of the player to move. An edge flips the sign when the
// colour to move changes, and once more for a move after which its player plays the other
// colour (bit 31 of an edge move, Populace's pie swap: game.ts), so a double move (Throngs'
// two-move turn) keeps it. reference/search/alphabeta.ts is the same algorithm.
import { AB_WIN, RESULT_AB_DEPTH, RESULT_AB_NODES, RESULT_AB_SHARED, RESULT_AB_VALUE } from './abi';
import { EXACT, LOWER, UPPER, layoutTable, shareEnd, shareFrom, storeEntry, ttSlot } from './alphabeta-table';
import { RECORD, RECORD_CAPACITY, RESULT, SEARCH, STATE, copyState, maxMoves, searchBytes, stateSize } from './layout';
import { searchReset } from './tree';
import { stateHash } from './hash';
import { selectNext } from './move-order';

/** A decided game is worth WIN plus the margin; any heuristic value stays far below. */
const WIN: i32 = AB_WIN;
const INF: i32 = 0x3fffffff;
export const MAX_PLY: i32 = 64;

const SWAP: u32 = 1 << 31;

const HISTORY_SIZE: i32 = 4096;

// Regions of SEARCH, laid out by abBegin.
let historyTable: usize = 0; // i32[HISTORY_SIZE]
let killers: usize = 0; // u32[MAX_PLY * 2]
let states: usize = 0; // state blocks, one per ply
let moveStack: usize = 0; // u32 edge moves of the plies on the path
let scoreStack: usize = 0; // i32 ordering scores beside them
let moveCap: i32 = 0;
let rootNodes: usize = 0; // i32 nodes searched under each root move in the last iteration

let nodes: i32 = 0;
let nodeLimit: i32 = 0;

let aborted: bool = false;

/**
 * What a drawn end is worth to the root's player, in hundredths (abDrawScore; 0, or below for a
 * contempt for draws), and to P1 in the current search. A draw is a draw whatever the margin:
 * Tholian Go's two empty turns draw with any token count.
 */
let drawScore: i32 = 0;
let drawP1: i32 = 0;

export function abDrawScore(score: i32): void {
  drawScore = score;
}

// The root: its moves stay at the bottom of the move stack between iterations, ordered by the
// last iteration's values.
let rootCount: i32 = 0;
let rootBest: u32 = 0;
let rootValue: i32 = 0;
let completedDepth: i32 = 0;

@inline function stateAt(ply: i32): usize {
  return states + <usize>ply * <usize>stateSize;
}

@inline function historySlot(edge: u32): usize {
  return historyTable + <usize>((((edge ^ (edge >>> 12)) * 0x9e3779b1) >>> 20) << 2);
}

/** Value of the current state for the player to move, at a leaf. */
@inline function leafValue<G>(game: G, ply: i32): i32 {
  if (game.ended() != 0) return decided<G>(game, ply);
  const e = game.evaluate();
  return game.toMove() == 1 ? e : -e;
}

/** A finished game for the player to move: sooner wins and later losses are preferred. */
function decided<G>(game: G, ply: i32): i32 {
  const w = game.winner();
  const margin = <i32>(<f64>game.margin() * 100);
  const p1 = w == 1 ? WIN + margin - ply : w == 2 ? -WIN + margin + ply : drawP1;
  return game.toMove() == 1 ? p1 : -p1;
}

/** The root's player when the game has chance, else 0. */
let abHorizon: i32 = 0;

/**
 * Lays out SEARCH for a new search from STATE and generates the root's moves; returns how many
 * (0 when the game is over). The tables start empty: SEARCH also holds the MCTS arena.
 */
export function abBegin<G>(game: G): i32 {
  searchReset();
  // With chance the search ends with the root player's turn (game.ts: chance()).
  abHorizon = game.chance() ? game.toMove() : 0;
  drawP1 = game.toMove() == 1 ? drawScore : -drawScore;
  historyTable = SEARCH;
  killers = historyTable + HISTORY_SIZE * 4;
  rootNodes = killers + MAX_PLY * 2 * 4;
  states = (rootNodes + <usize>maxMoves * 4 + 15) & ~15;
  const afterStates = states + <usize>((MAX_PLY + 1) * stateSize + 15) & ~15;
  const rest = <i32>(SEARCH + <usize>searchBytes - afterStates);
  // Too small an arena for the stacks and a table: a trap, which the bindings report and recover from.
  if (rest < 64 * 1024) unreachable();
  // Half of what is left for move lists (enough for every ply's full list on most boards), the
  // rest for the table, a power of two of entries.
  moveCap = min(rest / 2 / 8, maxMoves * MAX_PLY);
  moveStack = afterStates;
  scoreStack = moveStack + <usize>moveCap * 4;
  layoutTable((scoreStack + <usize>moveCap * 4 + 15) & ~15, SEARCH + <usize>searchBytes);
  memory.fill(historyTable, 0, HISTORY_SIZE * 4 + MAX_PLY * 2 * 4);
  copyState(stateAt(0), STATE);
  rootCount = game.ended() != 0 ? 0 : game.generate();
  if (rootCount > moveCap) rootCount = moveCap;
  for (let i = 0; i < rootCount; i++) {
    store<u32>(moveStack + (<usize>i << 2), game.edgeMove(i));
    store<i32>(scoreStack + (<usize>i << 2), 0);
    store<i32>(rootNodes + (<usize>i << 2), 0);
  }
  rootBest = rootCount > 0 ? load<u32>(moveStack) : 0;
  rootValue = 0;
  completedDepth = 0;
  return rootCount;
}

/**
 * One iteration of depth `depth` from the root within `budget` more nodes. Returns 1 when it
 * completed (the best move and value are this depth's), 0 when the budget ran out (a root move
 * that beat the previous best before that is kept). RESULT gets [depth, value, nodes].
 */
export function abIterate<G>(game: G, depth: i32, budget: i32): i32 {
  nodes = 0;
  nodeLimit = budget;
  aborted = false;
  let alpha = -INF;
  const beta = INF;
  let best: u32 = rootBest;
  let bestIndex = -1;
  // The previous best first, then the rest by the last iteration's values (a stable sort).
  sortRoot();
  const base = moveStack;
  for (let i = 0; i < rootCount; i++) {
    const edge = load<u32>(base + (<usize>i << 2));
    const before = nodes;
    copyState(STATE, stateAt(0));
    game.invalidate();
    const mover = game.toMove();
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    let v: i32;
    if (flip) v = -negamax<G>(game, depth - 1, 1, -beta, -alpha, rootCount);
    else v = negamax<G>(game, depth - 1, 1, alpha, beta, rootCount);
    if (aborted) break;
    store<i32>(scoreStack + (<usize>i << 2), v);
    store<i32>(rootNodes + (<usize>i << 2), nodes - before);
    if (v > alpha) {
      alpha = v;
      best = edge;
      bestIndex = i;
    }
  }
  copyState(STATE, stateAt(0));
  game.invalidate();
  if (bestIndex >= 0 && (!aborted || bestIndex > 0 || completedDepth == 0)) {
    rootBest = best;
    rootValue = alpha;
  }
  if (!aborted) completedDepth = depth;
  store<i32>(RESULT + (RESULT_AB_DEPTH << 2), completedDepth);
  store<i32>(RESULT + (RESULT_AB_VALUE << 2), rootValue);
  store<i32>(RESULT + (RESULT_AB_NODES << 2), nodes);
  return aborted ? 0 : 1;
}

/**
 * One root move (at `index` of the root list, which only abIterate reorders) searched to `depth`
 * within the window (alpha, beta) and `budget` more nodes, the table and move-ordering tables
 * kept from the calls before. This is a parallel search's unit of work: each worker runs the root
 * moves it is given, with the window the coordinator knows. The value is fail-soft, for the
 * root's player: at most alpha is an upper bound, at least beta a lower bound, else exact. An
 * exact value makes the move this engine's best (what abPrincipalVariation starts from). Entries
 * stored at a depth of at least `share` (0: none) are logged to RECORD for the other workers.
 * Returns 1 when it completed; RESULT gets [depth, value, nodes] as abIterate's, and how many
 * entries were logged.
 */
export function abSearchRoot<G>(game: G, index: i32, depth: i32, alpha: i32, beta: i32, budget: i32, share: i32): i32 {
  shareFrom(share);
  nodes = 0;
  nodeLimit = budget;
  aborted = false;
  let v: i32 = 0;
  if (index >= 0 && index < rootCount) {
    const edge = load<u32>(moveStack + (<usize>index << 2));
    copyState(STATE, stateAt(0));
    game.invalidate();
    const mover = game.toMove();
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    if (flip) v = -negamax<G>(game, depth - 1, 1, -beta, -alpha, rootCount);
    else v = negamax<G>(game, depth - 1, 1, alpha, beta, rootCount);
    copyState(STATE, stateAt(0));
    game.invalidate();
    if (!aborted) {
      store<i32>(scoreStack + (<usize>index << 2), v);
      store<i32>(rootNodes + (<usize>index << 2), nodes);
      if (v > alpha && v < beta) {
        rootBest = edge;
        rootValue = v;
      }
    }
  }
  store<i32>(RESULT + (RESULT_AB_SHARED << 2), shareEnd());
  store<i32>(RESULT + (RESULT_AB_DEPTH << 2), completedDepth);
  store<i32>(RESULT + (RESULT_AB_VALUE << 2), v);
  store<i32>(RESULT + (RESULT_AB_NODES << 2), nodes);
  return aborted ? 0 : 1;
}

/** Orders the root moves: the best so far first, then by value (ties keep their order). */
function sortRoot(): void {
  for (let i = 1; i < rootCount; i++) {
    const m = load<u32>(moveStack + (<usize>i << 2));
    const s = load<i32>(scoreStack + (<usize>i << 2));
    const k = load<i32>(rootNodes + (<usize>i << 2));
    const key = m == rootBest ? INF : s;
    let j = i - 1;
    while (j >= 0) {
      const mj = load<u32>(moveStack + (<usize>j << 2));
      const kj = mj == rootBest ? INF : load<i32>(scoreStack + (<usize>j << 2));
      if (kj >= key) break;
      store<u32>(moveStack + (<usize>(j + 1) << 2), mj);
      store<i32>(scoreStack + (<usize>(j + 1) << 2), load<i32>(scoreStack + (<usize>j << 2)));
      store<i32>(rootNodes + (<usize>(j + 1) << 2), load<i32>(rootNodes + (<usize>j << 2)));
      j--;
    }
    store<u32>(moveStack + (<usize>(j + 1) << 2), m);
    store<i32>(scoreStack + (<usize>(j + 1) << 2), s);
    store<i32>(rootNodes + (<usize>(j + 1) << 2), k);
  }
}

/**
 * The value of STATE for its player to move, searched `depth` more moves; `ply` is the distance
 * from the root and `top` the first free slot of the move stack.
 */
function negamax<G>(game: G, depth: i32, ply: i32, alpha: i32, beta: i32, top: i32): i32 {
  nodes++;
  if (nodes >= nodeLimit) {
    aborted = true;
    return 0;
  }
  if (game.ended() != 0 || depth <= 0 || ply >= MAX_PLY) return leafValue<G>(game, ply);
  if (abHorizon != 0 && game.toMove() != abHorizon) return leafValue<G>(game, ply);
  const alpha0 = alpha;
  const h = stateHash(stateSize);
  const slot = ttSlot(h);
  const check = <u32>(h >>> 32);
  let ttMove: u32 = 0;
  let hasTtMove = false;
  if (load<u32>(slot) == check && load<u8>(slot, 14) != 0) {
    ttMove = load<u32>(slot, 4);
    hasTtMove = true;
    if (<i32>load<u16>(slot, 12) == depth) {
      const v = load<i32>(slot, 8);
      const flag = load<u8>(slot, 14);
      if (flag == EXACT) return v;
      if (flag == LOWER && v >= beta) return v;
      if (flag == UPPER && v <= alpha) return v;
    }
  }
  const count = game.generate();
  if (count == 0 || top + count > moveCap) return leafValue<G>(game, ply);
  const moves = moveStack + (<usize>top << 2);
  const scores = scoreStack + (<usize>top << 2);
  const k0 = load<u32>(killers + (<usize>(ply * 2) << 2));
  const k1 = load<u32>(killers + (<usize>(ply * 2 + 1) << 2));
  for (let i = 0; i < count; i++) {
    const edge = game.edgeMove(i);
    store<u32>(moves + (<usize>i << 2), edge);
    let s = load<i32>(historySlot(edge));
    if (edge == k0) s = 0x20000000;
    else if (edge == k1) s = 0x1fffffff;
    if (hasTtMove && edge == ttMove) s = 0x3fffffff;
    store<i32>(scores + (<usize>i << 2), s);
  }
  copyState(stateAt(ply), STATE);
  const mover = game.toMove();
  let best = -INF;
  let bestMove: u32 = 0;
  for (let i = 0; i < count; i++) {
    const edge = selectNext(moves, scores, i, count);
    if (i > 0) {
      copyState(STATE, stateAt(ply));
      game.invalidate();
    }
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    let v: i32;
    if (flip) v = -negamax<G>(game, depth - 1, ply + 1, -beta, -alpha, top + count);
    else v = negamax<G>(game, depth - 1, ply + 1, alpha, beta, top + count);
    if (aborted) return 0;
    if (v > best) {
      best = v;
      bestMove = edge;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) {
      if (edge != k0) {
        store<u32>(killers + (<usize>(ply * 2 + 1) << 2), k0);
        store<u32>(killers + (<usize>(ply * 2) << 2), edge);
      }
      const hs = historySlot(edge);
      store<i32>(hs, min(load<i32>(hs) + depth * depth, 0x1000000));
      break;
    }
  }
  const flag = best <= alpha0 ? UPPER : best >= beta ? LOWER : EXACT;
  storeEntry(h, bestMove, best, depth, flag);
  return best;
}

/**
 * The root's moves: (packed move, value in the last iteration that reached it, nodes under it)
 * triples in RECORD, in the order of the last iteration; returns how many.
 */
export function abChildren<G>(game: G): i32 {
  const count = min(rootCount, RECORD_CAPACITY / 3);
  for (let i = 0; i < count; i++) {
    const at = RECORD + <usize>(i * 12);
    store<u32>(at, game.packedOf(load<u32>(moveStack + (<usize>i << 2)) & ~SWAP));
    store<i32>(at, load<i32>(scoreStack + (<usize>i << 2)), 4);
    store<i32>(at, load<i32>(rootNodes + (<usize>i << 2)), 8);
  }
  return count;
}

/** The best move found (packed). */
export function abBestMove<G>(game: G): u32 {
  return game.packedOf(rootBest & ~SWAP);
}

/** The principal variation from the table (best moves from the root on) in RECORD; returns its length. */
export function abPrincipalVariation<G>(game: G, max: i32): i32 {
  if (rootCount == 0) return 0;
  copyState(STATE, stateAt(0));
  game.invalidate();
  let length = 0;
  let edge = rootBest;
  while (length < max && length < MAX_PLY) {
    store<u32>(RECORD + (length << 2), game.packedOf(edge & ~SWAP));
    length++;
    game.play(edge & ~SWAP);
    if (game.ended() != 0) break;
    const h = stateHash(stateSize);
    const slot = ttSlot(h);
    if (load<u32>(slot) != <u32>(h >>> 32) || load<u8>(slot, 14) == 0) break;
    edge = load<u32>(slot, 4);
    // The table's move must still be legal here (a hash collision could name another's).
    const count = game.generate();
    let found = false;
    for (let i = 0; i < count; i++) {
      if (game.edgeMove(i) == edge) {
        found = true;
        break;
      }
    }
    if (!found) break;
  }
  copyState(STATE, stateAt(0));
  game.invalidate();
  return length;
}

/** The current state's heuristic value for P1 (what the search's leaves see). */
export function abEvaluate<G>(game: G): i32 {
  return game.evaluate();
}
