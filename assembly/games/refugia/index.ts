// The exported ABI of build/refugia.wasm, and nothing else. It mirrors the Throngs module
// (games/throngs/index.ts) wherever the games agree, so one JavaScript wrapper drives both: board
// tables in, a position as cells plus a few scalars, moves as packed u32 (abi/refugia.ts), bulk
// results through memory regions read with views on `memory.buffer`. Playouts and search are the
// generic core's (core/), instantiated with the Refugia game class (game.ts).
import { S_CELLS } from './abi';
import { OUT, STATE } from '../../core/layout';
import { searchLayout } from '../../core/tree';
import { invalidateList } from '../../core/move-list';
import { clearUndo } from '../../core/undo';
import { commitBoard as commit } from './board';
import { Refugia } from './game';
import { layoutFor } from './layout';
import { S_ENDED, S_LAST_MOVER, S_PASS_COUNT, S_TO_MOVE, S_WINNER, decideWinner, recount, setI } from './state';

/** The game class the generic core is instantiated with (it has no fields; see core/exports.ts). */
@global const GAME = new Refugia();

/**
 * Lays out memory for a board of `size` cells with a search arena of `arenaBytes`; JS then fills
 * the neighbour, column and row tables.
 */
export function prepareBoard(size: i32, arenaBytes: i32): void {
  layoutFor(size, arenaBytes);
  searchLayout();
}

/** Derives the hop and ordering tables from the neighbours JS wrote (tori need nothing more). */
export function commitBoard(wraps: bool): void {
  commit();
}

export function cellsPtr(): usize {
  return STATE + S_CELLS;
}

/**
 * Installs a position: JS has written the cells (0 empty, 1, 2, 3 neutral); the rest comes as
 * arguments. `lastMover` is the player who made the ending second pass (0 while the game runs);
 * the winner of a finished game follows from it and the board.
 */
export function loadState(toMove: i32, passCount: i32, ended: i32, lastMover: i32): void {
  recount(OUT);
  setI(S_TO_MOVE, toMove);
  setI(S_PASS_COUNT, passCount);
  setI(S_ENDED, ended);
  setI(S_LAST_MOVER, lastMover);
  setI(S_WINNER, ended != 0 ? decideWinner(lastMover) : 0);
  clearUndo();
  invalidateList();
}

// The game-independent part of the ABI (moves, undo, scores, search, alpha-beta, playouts, memory
// regions), bound to GAME. score(player) is the adjacent pairs of its stones (REFUGIA.md §6).
export * from '../../core/exports';
