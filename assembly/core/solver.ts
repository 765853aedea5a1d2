// An exact solver for any game without chance: depth-first alpha-beta (negamax, fail-soft) to the
// end of the game, written once over the game class (game.ts) like alphabeta.ts. The value of a
// position for its player to move is SOLVE_CLASS × result (1 won, 0 drawn, -1 lost) plus the
// score margin in half points, so one number orders outcomes first and margins second: a
// null window at ±SOLVE_CLASS/2 asks "won?" or "lost?", and narrower windows then find the
// margin (bindings/solver drives the windows).
//
// The transposition table keeps, per position, bounds [lower, upper] of that exact value; a value
// proven to the end of the game does not depend on depth, so bounds from different windows merge.
// That holds only when the value depends on nothing but the hashed block (the first keyBytes()
// of the state), which is why rules that look at the past must keep what they look at in the
// block (Populace keeps its ply and its superko window's digest there), and why a line of play
// that repeats a position stops the solve with SOLVE_CYCLE instead of guessing a value for an
// endless game. A game with chance is refused (SOLVE_CHANCE). Positions are filed under
// tableKey (solve-key.ts): with the board's symmetries loaded, a position and its images share
// an entry, their values being equal; the line's repetition check keeps the plain hash.
//
// Before searching a node's moves, each is played once: a child the table already bounds above
// our beta cuts at once (enhanced transposition cut-off), a finished child is valued exactly, and
// the others are ordered by the evaluation; the table's move comes first.
//
// Nothing is allocated: SEARCH holds a state copy per ply (a move is undone by restoring its
// parent's copy), the move lists and their scores, the keys of the current line and the table.
import {
  RESULT_PEEK_LOWER,
  RESULT_PEEK_UPPER,
  RESULT_PEEK_WORK,
  RESULT_SOLVE_ENTRIES,
  RESULT_SOLVE_NODES,
  RESULT_SOLVE_PLY,
  RESULT_SOLVE_VALUE,
  SOLVE_BUDGET,
  SOLVE_CHANCE,
  SOLVE_CLASS,
  SOLVE_CYCLE,
  SOLVE_DONE,
  SOLVE_MAX_PLY,
  SOLVE_NO_ROOM,
  SOLVE_NOT_READY,
  SOLVE_TOO_DEEP,
} from './abi';
import { RESULT, SEARCH, STATE, copyState, maxMoves, searchBytes, stateSize } from './layout';
import { searchReset } from './tree';
import { stateHash } from './hash';
import { keyOrientation, tableKey, tableKeyBeside } from './solve-key';
import { selectNext } from './move-order';
import { lineKeysClear, lineKeysLayout, linePop, linePush, onLine } from './line-keys';

const SWAP: u32 = 1 << 31;
const INF: i32 = 0x7fff;
/** The largest margin a value holds, in half points. */
const MAX_MARGIN: i32 = SOLVE_CLASS / 2 - 1;
/** Ordering scores: finished or proven children before any evaluation. */
const DECIDED: i32 = 0x20000000;
const TABLE_MOVE: i32 = 0x7fffffff;

// An entry: check (high half of the key), lower and upper bound (i16), best move, and a word of
// work (nodes spent on it, saturating below 2^24; 0 marks an empty entry) with, above it, the
// orientation of the position whose best move it is (solve-key.ts). Two entries to a bucket: a
// new position replaces the one that cost less.
const ENTRY: i32 = 16;
const WORK: u32 = (1 << 24) - 1;
const ORIENTATION_SHIFT: u32 = 24;
const BUCKET: i32 = 32;
/** Written at the start of SEARCH by solveBegin; any other search overwrites it. */
const CANARY: u64 = 0x536f6c7665724f4b;

let states: usize = 0;
let moveStack: usize = 0;
let scoreStack: usize = 0;
let moveCap: i32 = 0;
let table: usize = 0;
let bucketMask: u32 = 0;
let used: i32 = 0;

let nodes: i32 = 0;
let nodeLimit: i32 = 0;
let status: i32 = SOLVE_DONE;
let cyclePly: i32 = 0;

@inline function stateAt(ply: i32): usize {
  return states + <usize>ply * <usize>stateSize;
}

/**
 * Lays out SEARCH for a solve and empties the table (the MCTS tree and alpha-beta's table go);
 * returns the table's entries.
 */
export function solveBegin(): i32 {
  searchReset();
  states = lineKeysLayout(SEARCH + 16);
  const afterStates = (states + <usize>(SOLVE_MAX_PLY + 1) * <usize>stateSize + 15) & ~15;
  const rest = <i64>(SEARCH + <usize>searchBytes) - <i64>afterStates;
  if (rest < 1 << 20) unreachable();
  // An eighth of the rest (at most what every ply's full list needs) for move lists, the rest
  // for the table: a power of two of buckets.
  moveCap = <i32>min<i64>(rest / 8 / 8, <i64>maxMoves * <i64>SOLVE_MAX_PLY);
  moveStack = afterStates;
  scoreStack = moveStack + <usize>moveCap * 4;
  table = (scoreStack + <usize>moveCap * 4 + 31) & ~31;
  const buckets = <u32>((SEARCH + <usize>searchBytes - table) / BUCKET);
  bucketMask = (<u32>1 << (31 - clz(buckets))) - 1;
  memory.fill(table, 0, <usize>(bucketMask + 1) * BUCKET);
  used = 0;
  store<u64>(SEARCH, CANARY);
  return <i32>((bucketMask + 1) * 2);
}

/**
 * Searches STATE, or with `move` ≥ 0 the position after that move of STATE's list (generate()
 * order), with the window (alpha, beta) within `budget` more nodes, and leaves STATE as it was.
 * The value is for STATE's player to move either way. Returns a status (core/abi.ts SOLVE_*);
 * when SOLVE_DONE, RESULT's value slot holds a fail-soft value: at or below alpha an upper bound
 * of the true value, at or above beta a lower bound, in between the value itself.
 */
export function solveWindow<G>(game: G, move: i32, alpha: i32, beta: i32, budget: i32): i32 {
  nodes = 0;
  nodeLimit = budget;
  status = SOLVE_DONE;
  cyclePly = 0;
  let value = 0;
  if (load<u64>(SEARCH) != CANARY) status = SOLVE_NOT_READY;
  else if (game.ended() == 0 && game.chance()) status = SOLVE_CHANCE;
  else if (move < 0) {
    copyState(stateAt(0), STATE);
    value = solve<G>(game, 0, alpha, beta, 0);
  } else {
    copyState(stateAt(0), STATE);
    const count = game.ended() != 0 ? 0 : game.generate();
    if (move >= count) unreachable();
    const edge = game.edgeMove(move);
    const mover = game.toMove();
    // The root on the line, for repetitions.
    const h = stateHash(game.keyBytes());
    linePush(0, h);
    game.play(edge & ~SWAP);
    if ((game.toMove() != mover) != ((edge & SWAP) != 0)) value = -solve<G>(game, 1, -beta, -alpha, 0);
    else value = solve<G>(game, 1, alpha, beta, 0);
    linePop(h);
  }
  if (load<u64>(SEARCH) == CANARY) {
    copyState(STATE, stateAt(0));
    game.invalidate();
    if (status != SOLVE_DONE) lineKeysClear();
  }
  store<i32>(RESULT + (RESULT_SOLVE_VALUE << 2), value);
  store<i32>(RESULT + (RESULT_SOLVE_NODES << 2), nodes);
  store<i32>(RESULT + (RESULT_SOLVE_ENTRIES << 2), used);
  store<i32>(RESULT + (RESULT_SOLVE_PLY << 2), cyclePly);
  return status;
}

/**
 * Whether the table holds STATE (as a search would key it); if so its bounds and work are in
 * RESULT's peek slots. For a solve's save file: what was proven near the root, to seed a later
 * solve with (solveSeed).
 */
export function solvePeek<G>(game: G): bool {
  if (load<u64>(SEARCH) != CANARY) return false;
  const e = probe(tableKey<G>(game));
  if (e == 0) return false;
  store<i32>(RESULT + (RESULT_PEEK_LOWER << 2), <i32>load<i16>(e, 4));
  store<i32>(RESULT + (RESULT_PEEK_UPPER << 2), <i32>load<i16>(e, 6));
  store<i32>(RESULT + (RESULT_PEEK_WORK << 2), <i32>(load<u32>(e, 12) & WORK));
  return true;
}

/** Puts proven bounds of STATE into the table, as if `work` nodes had proven them. */
export function solveSeed<G>(game: G, lower: i32, upper: i32, work: i32): void {
  if (load<u64>(SEARCH) != CANARY || lower > upper) return;
  // No move: the search finds one when it needs one.
  record(tableKey<G>(game), max(lower, -INF), min(upper, INF), 0, work, 0);
}

/** A finished game's value for the colour to move (the proof-number search's too: dfpn.ts). */
export function finished<G>(game: G): i32 {
  const w = game.winner();
  let m = <i32>Math.round(<f64>game.margin() * 2);
  m = m > MAX_MARGIN ? MAX_MARGIN : m < -MAX_MARGIN ? -MAX_MARGIN : m;
  const p1 = (w == 1 ? SOLVE_CLASS : w == 2 ? -SOLVE_CLASS : 0) + m;
  return game.toMove() == 1 ? p1 : -p1;
}

/** The table entry of key h, or 0. */
function probe(h: u64): usize {
  const bucket = table + <usize>((<u32>h & bucketMask) * BUCKET);
  const check = <u32>(h >>> 32);
  if (load<u32>(bucket) == check && load<u32>(bucket, 12) != 0) return bucket;
  if (load<u32>(bucket, ENTRY) == check && load<u32>(bucket, ENTRY + 12) != 0) return bucket + ENTRY;
  return 0;
}

/**
 * Records that the value of key h lies in [lower, upper], found with `work` nodes, and the best
 * move where there is one, as the position seen in `orientation` plays it.
 */
function record(h: u64, lower: i32, upper: i32, move: u32, work: i32, orientation: i32): void {
  const bucket = table + <usize>((<u32>h & bucketMask) * BUCKET);
  const check = <u32>(h >>> 32);
  const w = min(<u32>max(work, 1), WORK);
  let at: usize = 0;
  if (load<u32>(bucket) == check && load<u32>(bucket, 12) != 0) at = bucket;
  else if (load<u32>(bucket, ENTRY) == check && load<u32>(bucket, ENTRY + 12) != 0) at = bucket + ENTRY;
  if (at != 0) {
    // Bounds of the same value from other windows narrow it (they can only disagree after a
    // collision of 64-bit keys: then the new bounds win).
    const lo = max(lower, <i32>load<i16>(at, 4));
    const hi = min(upper, <i32>load<i16>(at, 6));
    if (lo <= hi) {
      lower = lo;
      upper = hi;
    }
    const word = load<u32>(at, 12);
    const sum = min((word & WORK) + w, WORK);
    store<u32>(at, (word & ~WORK) | sum, 12);
  } else {
    const w0 = load<u32>(bucket, 12) & WORK;
    const w1 = load<u32>(bucket, ENTRY + 12) & WORK;
    at = w1 < w0 ? bucket + ENTRY : bucket;
    if (load<u32>(at, 12) == 0) used++;
    store<u32>(at, check);
    store<u32>(at, w, 12);
  }
  store<i16>(at, <i16>lower, 4);
  store<i16>(at, <i16>upper, 6);
  if (move != 0 || lower == upper) {
    store<u32>(at, move, 8);
    store<u32>(at, (load<u32>(at, 12) & WORK) | (<u32>orientation << ORIENTATION_SHIFT), 12);
  }
}

function solve<G>(game: G, ply: i32, alpha: i32, beta: i32, top: i32): i32 {
  nodes++;
  if (nodes >= nodeLimit) {
    status = SOLVE_BUDGET;
    return 0;
  }
  if (game.ended() != 0) return finished<G>(game);
  if (ply >= SOLVE_MAX_PLY) {
    status = SOLVE_TOO_DEEP;
    cyclePly = ply;
    return 0;
  }
  const h = stateHash(game.keyBytes());
  const key = tableKeyBeside<G>(game, h);
  const orientation = keyOrientation;
  if (onLine(h, ply)) {
    status = SOLVE_CYCLE;
    cyclePly = ply;
    return 0;
  }
  let tableMove: u32 = 0;
  const entry = probe(key);
  if (entry != 0) {
    const lo = <i32>load<i16>(entry, 4);
    const hi = <i32>load<i16>(entry, 6);
    if (lo >= beta || lo == hi) return lo;
    if (hi <= alpha) return hi;
    if (lo > alpha) alpha = lo;
    if (hi < beta) beta = hi;
    // Another position of the class recorded it: its move need not be one of ours.
    if (load<u32>(entry, 12) >>> ORIENTATION_SHIFT == <u32>orientation) tableMove = load<u32>(entry, 8);
  }
  const count = game.generate();
  if (count == 0 || top + count > moveCap) {
    // A running game always has a move (a pass at least): no moves means no room to list them.
    status = SOLVE_NO_ROOM;
    return 0;
  }
  const moves = moveStack + (<usize>top << 2);
  const scores = scoreStack + (<usize>top << 2);
  for (let i = 0; i < count; i++) store<u32>(moves + (<usize>i << 2), game.edgeMove(i));
  copyState(stateAt(ply), STATE);
  const mover = game.toMove();
  const before = nodes;

  // Each move played once: cut-offs from the table, exact values of finished games, ordering.
  for (let i = 0; i < count; i++) {
    const edge = load<u32>(moves + (<usize>i << 2));
    if (i > 0) {
      copyState(STATE, stateAt(ply));
      game.invalidate();
    }
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    let s: i32;
    let known = -INF;
    if (game.ended() != 0) {
      const v = finished<G>(game);
      known = flip ? -v : v;
      s = known + (known > 0 ? DECIDED : known < 0 ? -DECIDED : 0);
    } else {
      const child = probe(tableKey<G>(game));
      if (child != 0) known = flip ? -<i32>load<i16>(child, 6) : <i32>load<i16>(child, 4);
      if (known >= SOLVE_CLASS / 2) s = DECIDED + known;
      else {
        const e = game.evaluate();
        const ev = game.toMove() == 1 ? e : -e;
        s = flip ? -ev : ev;
        s = s > DECIDED / 2 ? DECIDED / 2 : s < -DECIDED / 2 ? -DECIDED / 2 : s;
      }
    }
    if (known >= beta) {
      copyState(STATE, stateAt(ply));
      game.invalidate();
      record(key, known, INF, edge, nodes - before, orientation);
      return known;
    }
    if (edge == tableMove) s = TABLE_MOVE;
    store<i32>(scores + (<usize>i << 2), s);
  }

  linePush(ply, h);
  const alpha0 = alpha;
  let best = -INF;
  let bestMove: u32 = 0;
  for (let i = 0; i < count; i++) {
    const edge = selectNext(moves, scores, i, count);
    copyState(STATE, stateAt(ply));
    game.invalidate();
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    let v: i32;
    if (flip) v = -solve<G>(game, ply + 1, -beta, -alpha, top + count);
    else v = solve<G>(game, ply + 1, alpha, beta, top + count);
    if (status != SOLVE_DONE) break;
    if (v > best) {
      best = v;
      bestMove = edge;
    }
    if (v > alpha) alpha = v;
    if (alpha >= beta) break;
  }
  linePop(h);
  if (status != SOLVE_DONE) return 0;
  if (best >= beta) record(key, best, INF, bestMove, nodes - before, orientation);
  else if (best <= alpha0) record(key, -INF, best, 0, nodes - before, orientation);
  else record(key, best, best, bestMove, nodes - before, orientation);
  return best;
}
