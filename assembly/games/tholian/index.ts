// The exported ABI of build/tholian.wasm, and nothing else. It mirrors the other game modules
// (games/populace/index.ts) wherever the games agree, so the generic JavaScript wrapper drives
// it: board tables in, a position as nodes plus a few scalars, moves as packed u32 steps
// (abi/tholian.ts), bulk results through memory regions read with views on `memory.buffer`.
// Playouts and search are the generic core's (core/), instantiated with the Tholian game class.
//
// Loading a game: prepareBoard and the generic neighbour table (commitBoard), then Tholian's own
// tables (webTable, dualTable, axisTable, nodeFlagsTable, commitTables), once per layout; then
// setOptions(flags, seed), the nodes at cellsPtr(), the push path at pathPtr() and loadState(...).
import { S_ACTED, S_CELLS, S_DARK_LEFT, S_EMPTY_TURNS, S_ENDED, S_FREE_PUSH, S_LIGHT_LEFT, S_PATH_LENGTH, S_PLACE_DARK, S_PLACE_LIGHT, S_ROLL_DARK, S_ROLL_LIGHT0, S_ROLL_LIGHT1, S_TO_MOVE, S_TURN, S_VARIANT, S_WINNER } from './abi';
import { N, STATE } from '../../core/layout';
import { searchLayout } from '../../core/tree';
import { invalidateList } from '../../core/move-list';
import { clearUndo } from '../../core/undo';
import { forgetAreas, forgetBoard } from './sequestration';
import { commitNeighbours, commitTables as commit, forgetTables, tablesReady as ready } from './board';
import { Tholian } from './game';
import { AXIS, DUAL, NODE_FLAGS, PATH, WEB, layoutFor } from './layout';
import { setRuleOptions } from './options';
import { recount, setI } from './state';

/** The game class the generic core is instantiated with (it has no fields; see core/exports.ts). */
@global const GAME = new Tholian();

/** Lays out memory for a board of `size` nodes (at most 256) with a search arena of `arenaBytes`. */
export function prepareBoard(size: i32, arenaBytes: i32): void {
  assert(size > 0 && size <= 256, 'prepareBoard: a Tholian board has 1 to 256 nodes');
  layoutFor(size, arenaBytes);
  searchLayout();
  forgetTables();
  forgetBoard();
}

/** Derives the degrees from the neighbours JS wrote (the links of each node first, then -1). */
export function commitBoard(wraps: bool): void {
  commitNeighbours();
}

/** u8[N]: the web of each node (0 dark, 1 light). */
export function webTable(): usize {
  return WEB;
}

/** i32[N*12]: per link node*6+k the two nodes of its dual path, or -1, -1. */
export function dualTable(): usize {
  return DUAL;
}

/** u8[N*6]: per link its axis 0..2. */
export function axisTable(): usize {
  return AXIS;
}

/** u8[N]: NODE_* flags of abi/tholian.ts. */
export function nodeFlagsTable(): usize {
  return NODE_FLAGS;
}

/** Completes the board after JS wrote the tables above: the targets and entry nodes of Red and Blue. */
export function commitTables(targetRed: i32, targetBlue: i32, entryRed: i32, entryBlue: i32): void {
  commit(targetRed, targetBlue, entryRed, entryBlue);
}

/** 1 when this layout's Tholian tables are committed (prepareBoard clears it). */
export function tablesReady(): i32 {
  return ready ? 1 : 0;
}

/** Rule options: OPTION_* bits (the variant's features, the push limit, the sequestration rule) and the dice's seed. */
export function setOptions(flags: i32, seed: u32): void {
  setRuleOptions(flags, seed);
}

export function cellsPtr(): usize {
  return STATE + S_CELLS;
}

/** u8[N]: the nodes of the push path in progress, `pathLength` of them (loadState). */
export function pathPtr(): usize {
  return PATH;
}

/**
 * Installs a position (after setOptions): JS has written the nodes (0 empty, 1 Red, 2 Blue) and
 * the push path; the rest comes as arguments (the reference's TholianState field for field; a
 * finished game as its end code and winner). The token counts follow from the nodes.
 */
export function loadState(
  variant: i32,
  toMove: i32,
  turn: i32,
  darkLeft: i32,
  lightLeft: i32,
  placeDark: i32,
  placeLight: i32,
  emptyTurns: i32,
  acted: i32,
  freePush: i32,
  rollDark: i32,
  rollLight0: i32,
  rollLight1: i32,
  pathLength: i32,
  ended: i32,
  winner: i32,
): void {
  assert(pathLength >= 0 && pathLength <= N, 'loadState: bad path length');
  memory.fill(PATH + <usize>pathLength, 0, <usize>(N - pathLength));
  setI(S_VARIANT, variant);
  setI(S_TO_MOVE, toMove);
  setI(S_TURN, turn);
  setI(S_DARK_LEFT, darkLeft);
  setI(S_LIGHT_LEFT, lightLeft);
  setI(S_PLACE_DARK, placeDark);
  setI(S_PLACE_LIGHT, placeLight);
  setI(S_EMPTY_TURNS, emptyTurns);
  setI(S_ACTED, acted);
  setI(S_FREE_PUSH, freePush);
  setI(S_ROLL_DARK, rollDark);
  setI(S_ROLL_LIGHT0, rollLight0);
  setI(S_ROLL_LIGHT1, rollLight1);
  setI(S_PATH_LENGTH, pathLength);
  setI(S_ENDED, ended);
  setI(S_WINNER, winner);
  recount();
  clearUndo();
  invalidateList();
  forgetAreas();
}

// The game-independent part of the ABI (steps, undo, scores, search, alpha-beta, playouts, memory
// regions), bound to GAME. score(player) is a player's tokens on the board (both webs).
export * from '../../core/exports';
