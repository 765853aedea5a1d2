// The exported ABI of build/populace.wasm, and nothing else. It mirrors the Refugia module
// (games/refugia/index.ts) wherever the games agree, so the generic JavaScript wrapper drives it:
// board tables in, a position as cells plus a few scalars, moves as packed u32 (abi/populace.ts),
// bulk results through memory regions read with views on `memory.buffer`. Playouts and search
// are the generic core's (core/), instantiated with the Populace game class (game.ts).
//
// Loading a game: setOptions(flags, moveLimit) (OPTION_* bits), the cells at cellsPtr(), then
// loadState(...); under superko the actions since the last placement follow (recentPtr(),
// historyLoad), from which the module rebuilds the positions superko must not repeat.
import { END_MOVE_LIMIT, END_NONE, END_TWO_PASSES, S_BUTTON, S_CELLS, S_HASH, S_ENDED, S_PASSES, S_PLY, S_SWAPPED, S_TO_MOVE, S_WINNER } from './abi';
import { N, OUT, STATE } from '../../core/layout';
import { searchLayout } from '../../core/tree';
import { invalidateList } from '../../core/move-list';
import { clearUndo } from '../../core/undo';
import { ballOf, commitBoard as commit } from './board';
import { Populace } from './game';
import { currentKey, historyClear, historyLoad as historyLoadFrom, historyPush, historyRestart } from './history';
import { RECENT, layoutFor, setBallTableLimit as ballLimit } from './layout';
import { moveLimit, setRuleOptions, superko } from './options';
import { decideWinner, getI, potential, recount, setI } from './state';

/** The game class the generic core is instantiated with (it has no fields; see core/exports.ts). */
@global const GAME = new Populace();

/**
 * Lays out memory for a board of `size` cells with a search arena of `arenaBytes`; JS then fills
 * the neighbour, column and row tables.
 */
export function prepareBoard(size: i32, arenaBytes: i32): void {
  layoutFor(size, arenaBytes);
  searchLayout();
  historyClear();
}

/** Derives the neighbour lists, the balls and the Zobrist keys from the neighbours JS wrote. */
export function commitBoard(wraps: bool): void {
  commit();
}

/** Test hook: the largest ball table in bytes (0 forces the bounded search); from the next prepareBoard on. */
export function setBallTableLimit(bytes: i32): void {
  ballLimit(bytes);
}

/** Rule options: OPTION_PIE | OPTION_BUTTON | OPTION_SUPERKO bits, and the move limit (0: none). */
export function setOptions(flags: i32, moveLimit: i32): void {
  setRuleOptions(flags, moveLimit);
}

export function cellsPtr(): usize {
  return STATE + S_CELLS;
}

/**
 * Installs a position (after setOptions): JS has written the cells (0 empty, 1 Black, 2 White);
 * the rest comes as arguments. The end follows (two passes, or the ply at the move limit), and
 * the winner of a finished game from the scores. Under superko the history is then the current
 * position alone; historyLoad adds the earlier ones (the positions since the last placement).
 */
export function loadState(toMove: i32, passes: i32, button: i32, ply: i32, swapped: i32): void {
  recount(OUT);
  setI(S_TO_MOVE, toMove);
  setI(S_PASSES, passes);
  setI(S_BUTTON, button);
  setI(S_PLY, ply);
  setI(S_SWAPPED, swapped);
  const ended = passes >= 2 ? END_TWO_PASSES : moveLimit > 0 && ply >= moveLimit ? END_MOVE_LIMIT : END_NONE;
  setI(S_ENDED, ended);
  setI(S_WINNER, ended != 0 ? decideWinner() : 0);
  historyRestart();
  if (superko) historyPush(currentKey(toMove));
  clearUndo();
  invalidateList();
}

/**
 * Superko, after loadState: the actions since the last placement (the reference state's
 * `recent`, oldest first), written by JS as u32 at recentPtr(); the module walks them back from
 * the current position and records every position they passed through.
 */
export function historyLoad(count: i32): void {
  historyLoadFrom(count, load<u64>(STATE + S_HASH), getI(S_TO_MOVE));
}

/**
 * u32[65536]: the recent actions. Under superko, entries S_HISTORY_START .. S_HISTORY_END - 2
 * are the actions since the last placement (the `recent` of the reference state); historyLoad
 * reads them from index 0.
 */
export function recentPtr(): usize {
  return RECENT;
}

/**
 * Where the piece on `cell` may move (POPULACE.md §5: empty cells within distance PV), as a
 * 0/1 per cell at outPtr() (i32); returns how many. Any colour's piece: its own PV is used.
 */
export function destinations(cell: i32): i32 {
  memory.fill(OUT, 0, <usize>(N * 4));
  const v = <i32>load<u8>(STATE + S_CELLS + cell);
  if (v == 0) return 0;
  const pv = potential(v, cell);
  if (pv < 1) return 0;
  const ball = ballOf(cell, pv);
  let n = 0;
  for (let c = 0; c < N; c++) {
    const inBall = (load<u64>(ball + ((<usize>c >> 6) << 3)) >> <u64>(c & 63)) & 1;
    if (inBall != 0 && load<u8>(STATE + S_CELLS + c) == 0) {
      store<i32>(OUT + (<usize>c << 2), 1);
      n++;
    }
  }
  return n;
}

// The game-independent part of the ABI (moves, undo, scores, search, alpha-beta, playouts, memory
// regions), bound to GAME. score(player) is in half points: 2 × (pieces + controlled empty cells)
// + 1 for the button (POPULACE.md §6).
export * from '../../core/exports';
