// The exported ABI of build/throngs.wasm, and nothing else. Bulk data (cells, move lists, AP
// maps, destination sets, playout records) is exchanged through memory regions whose addresses
// these functions return; JavaScript reads them through views on `memory.buffer`, with the
// offsets and codes of abi/throngs.ts and abi/core.ts. Playouts and search are the generic
// core's (core/), instantiated with the Throngs game class (game.ts).
import { S_CELLS } from '../../abi/throngs';
import { MOVE_FLAGS, MOVES, N, OUT, RESULT, STATE, layoutBoard } from '../../core/layout';
import {
  searchAdvance as advance,
  searchBegin as begin,
  searchChildren as children,
  searchLayout,
  searchPrincipalVariation as principal,
  searchRun as run,
} from '../../core/mcts';
import {
  abBegin as beginAb,
  abBestMove as bestAb,
  abChildren as childrenAb,
  abEvaluate as evaluateAb,
  abIterate as iterateAb,
  abPrincipalVariation as principalAb,
} from '../../core/alphabeta';
import { playout as runPlayout, playouts as runPlayouts } from '../../core/playout';
import { applyMove, clearUndo, limitUndo as limit, undoMove } from './apply';
import { commitBoard as commit, useBits, useWide } from './board';
import { Throngs } from './game';
import { generate as generateMoves, invalidateList, listLength, listValid, randomOrigins as origins } from './movegen';
import { setOptions as set } from './options';
import { reach } from './reach';
import { categoryFor, forgetPlanes, score as scoreOf, siteOwner } from './scoring';
import {
  S_CUR_FLAGS,
  S_CUR_WEIGHT,
  S_ENDED,
  S_MOVE_INDEX,
  S_PIE,
  S_PREV_FLAGS,
  S_PREV_WEIGHT,
  S_TO_MOVE,
  actionPotential,
  recount,
  setCounter,
  setI,
} from './state';

/** The game class the generic core is instantiated with (it has no fields; see core/mcts.ts). */
const game = new Throngs();

/** The search arena the next commitBoard lays out. */
let arena: i32 = 0;

/**
 * Starts the layout for a board of `size` sites with a search arena of `arenaBytes`: the tables
 * JS fills next (neighbours, columns, rows). The rest waits for commitBoard, because how big a
 * bit set is depends on the board's shape.
 */
export function prepareBoard(size: i32, arenaBytes: i32): void {
  layoutBoard(size);
  arena = arenaBytes;
}

/** Lays out the rest of memory and derives degrees, edge flags and the bit sets from the tables JS wrote. */
export function commitBoard(wraps: bool): void {
  commit(wraps, arena);
  forgetPlanes();
  searchLayout();
}

export function cellsPtr(): usize {
  return STATE + S_CELLS;
}

/** Installs a position: JS has written the cells; the rest comes as arguments. */
export function loadState(
  toMove: i32,
  moveIndex: i32,
  counter1: i32,
  counter2: i32,
  pie: i32,
  prevWeight: i32,
  prevFlags: i32,
  curWeight: i32,
  curFlags: i32,
  ended: i32,
): void {
  setI(S_TO_MOVE, toMove);
  setI(S_MOVE_INDEX, moveIndex);
  setCounter(1, counter1);
  setCounter(2, counter2);
  setI(S_PIE, pie);
  setI(S_PREV_WEIGHT, prevWeight);
  setI(S_PREV_FLAGS, prevFlags);
  setI(S_CUR_WEIGHT, curWeight);
  setI(S_CUR_FLAGS, curFlags);
  setI(S_ENDED, ended);
  recount();
  clearUndo();
  invalidateList();
}

export function setOptions(flags: i32): void {
  set(flags);
  invalidateList();
}

/** Generates the legal moves into movesPtr()/moveFlagsPtr(); returns how many. */
export function generate(): i32 {
  return generateMoves();
}

/** Plays a legal move given packed; returns 0, or -1 (and changes nothing) if it is not legal. */
export function play(packed: u32): i32 {
  const n = listValid ? listLength() : generateMoves();
  for (let i = 0; i < n; i++) {
    if (load<u32>(MOVES + (i << 2)) == packed) {
      applyMove(packed, load<u8>(MOVE_FLAGS + i), true);
      return 0;
    }
  }
  return -1;
}

/** Takes back the last move; returns 0 when no undo record is left. */
export function undo(): i32 {
  return undoMove() ? 1 : 0;
}

/** Keeps at most `n` undo records (tests use a short ring to exercise the JS fallback). */
export function limitUndo(n: i32): void {
  limit(n);
}

/** The bit sets the board has: 0 none (the scalar search), 1 the 16 x 16 bitboards, 2 wide sets. */
export function bitSets(): i32 {
  return useBits ? 1 : useWide ? 2 : 0;
}

/** 1 for the debug build (assertions compiled in), 0 for the release build. */
export function isDebugBuild(): i32 {
  return ASC_NO_ASSERT ? 0 : 1;
}

export function score(player: i32): i32 {
  return scoreOf(player);
}

/** Writes [stones, empty sites, capturable stones] that count for `player` to resultPtr(). */
export function scoreBreakdown(player: i32): void {
  store<i32>(RESULT, 0);
  store<i32>(RESULT + 4, 0);
  store<i32>(RESULT + 8, 0);
  for (let s = 0; s < N; s++) {
    const c = categoryFor(s, player);
    if (c != 0) store<i32>(RESULT + ((c - 1) << 2), load<i32>(RESULT + ((c - 1) << 2)) + 1);
  }
}

/** Writes who each site counts for (0, 1, 2) to outPtr() as i32. */
export function territory(): void {
  for (let s = 0; s < N; s++) store<i32>(OUT + (s << 2), siteOwner(s));
}

export function potential(site: i32, player: i32): i32 {
  return actionPotential(site, player);
}

/** Writes the AP of every site for `player` to outPtr() as i32. */
export function potentials(player: i32): void {
  for (let s = 0; s < N; s++) store<i32>(OUT + (s << 2), actionPotential(s, player));
}

/** Dest(site, power), ascending, to outPtr(); returns its size. */
export function reachable(site: i32, power: i32): i32 {
  return reach(site, power, true);
}

/**
 * The move origins a random move is drawn from, with their powers and bounds, to outPtr() (movegen.ts
 * randomOrigins); returns how many, or -1 where the draw lists every origin's moves instead.
 */
export function randomOrigins(): i32 {
  return origins();
}

/** A seeded random playout from the current state, which is left unchanged. */
export function playout(seed: u32, maxMoves: i32, record: bool): i32 {
  return runPlayout<Throngs>(game, seed, maxMoves, record);
}

/** `count` playouts seeded seed, seed+1, ...; returns the total moves played. */
export function playouts(seed: u32, count: i32, maxMoves: i32): f64 {
  return runPlayouts<Throngs>(game, seed, count, maxMoves);
}

// ---------------------------------------------------------------- search (core/mcts.ts)

/** Starts (or continues, if the tree is for this position) a search seeded with `seed`. */
export function searchBegin(seed: u32): void {
  begin<Throngs>(game, seed);
}

/** Runs up to `iterations` more iterations; returns how many ran. */
export function searchRun(iterations: i32): i32 {
  return run<Throngs>(game, iterations);
}

export function searchAdvance(packed: u32): void {
  advance<Throngs>(game, packed);
}

export function searchChildren(): i32 {
  return children<Throngs>(game);
}

export function searchPrincipalVariation(max: i32): i32 {
  return principal<Throngs>(game, max);
}

// ---------------------------------------------------------------- alpha-beta (core/alphabeta.ts)

/** Starts an alpha-beta search from the current position; returns the root's move count. */
export function abBegin(): i32 {
  return beginAb<Throngs>(game);
}

/** One iteration to `depth` within `budget` nodes; 1 when it completed. */
export function abIterate(depth: i32, budget: i32): i32 {
  return iterateAb<Throngs>(game, depth, budget);
}

export function abChildren(): i32 {
  return childrenAb<Throngs>(game);
}

export function abBestMove(): u32 {
  return bestAb<Throngs>(game);
}

export function abPrincipalVariation(max: i32): i32 {
  return principalAb<Throngs>(game, max);
}

/** The evaluation of the current position for P1, in hundredths of a point. */
export function evaluate(): i32 {
  return evaluateAb<Throngs>(game);
}

// The game-independent part of the ABI.
export {
  abDrawScore,
  columnTable,
  evalWeightsPtr,
  moveFlagsPtr,
  movesPtr,
  neighbourTable,
  outPtr,
  recordCapacity,
  recordPtr,
  resultPtr,
  rowTable,
  searchConfigure,
  searchFull,
  searchReset,
  statePtr,
} from '../../core/exports';
