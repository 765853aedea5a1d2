// The exported ABI of build/throngs.wasm, and nothing else. Bulk data (cells, move lists, AP
// maps, destination sets, playout records) is exchanged through memory regions whose addresses
// these functions return; JavaScript reads them through views on `memory.buffer`, with the
// offsets and codes of abi/throngs.ts and abi/core.ts. Playouts and search are the generic
// core's (core/), instantiated with the Throngs game class (game.ts).
import { S_CELLS } from './abi';
import { N, OUT, RESULT, STATE, layoutBoard } from '../../core/layout';
import { searchLayout } from '../../core/tree';
import { invalidateList } from '../../core/move-list';
import { clearUndo } from '../../core/undo';
import { commitBoard as commit, useBits, useWide } from './board';
import { Throngs } from './game';
import { randomOrigins as origins } from './movegen';
import { setOptions as set } from './options';
import { reach } from './reach';
import { commitWithin } from './within';
import { categoryFor, forgetPlanes, siteOwner } from './scoring';
import { S_CUR_FLAGS, S_CUR_WEIGHT, S_ENDED, S_MOVE_INDEX, S_PIE, S_PREV_FLAGS, S_PREV_WEIGHT, S_TO_MOVE, actionPotential, recount, setCounter, setI } from './state';

/** The game class the generic core is instantiated with (it has no fields; see core/exports.ts). */
@global const GAME = new Throngs();

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
  commitWithin();
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

/** The bit sets the board has: 0 none (the scalar search), 1 the 16 x 16 bitboards, 2 wide sets. */
export function bitSets(): i32 {
  return useBits ? 1 : useWide ? 2 : 0;
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

// The game-independent part of the ABI (moves, undo, scores, search, alpha-beta, playouts, memory
// regions), bound to GAME. score(player) counts Ludii's way: stones, and the empty sites and
// capturable stones that count for the player (scoreBreakdown).
export * from '../../core/exports';
