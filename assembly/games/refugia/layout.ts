// Refugia's memory: its board tables, the shape of its state block and its scratch, laid out
// between the generic regions of core/layout.ts once per board.
//
// The state block (one memory.copy saves or restores a position):
//   scalars at the offsets of abi/refugia.ts, cells (u8[N]) at S_CELLS, then four u8 tables of
//   N + 2 entries: P1 stones next to each cell, P2 stones next to each cell, P1's flight keys,
//   P2's flight keys; then seven bit sets of W u64 words: P1's stones, P2's stones, the empty
//   cells, the cells next to a P1 stone, the cells next to a P2 stone, the cells next to an enemy
//   of P1, the cells next to an enemy of P2. A player's placements are the empty cells not next
//   to an own stone (one AND-NOT and a popcount per word); only own stones next to an enemy can
//   flee, so the move generator visits those alone.
//
// A flight key of player X for a cell is Unf_X of the cell (0..6, §4) plus a flag for what
// stands on it: nothing, an enemy (KEY_ENEMY: opponent or neutral) or X's own stone (KEY_OWN).
// So "t is empty and Unf_X(t) < u" is the one comparison key < u, and a neighbour worth a hop is
// one flag test.
//
// Two extra cells keep the hot loops free of edge tests. Off-board neighbours in the move
// generator's tables (NEXT, LAND) are cell N, whose keys are KEY_OWN: never a destination and
// never jumped. Off-board neighbours in the update table (TOUCH) are cell N + 1, a dump whose
// counts and bit are written but never read.
import { S_CELLS } from './abi';
import { MOVE_FLAGS, N, STATE, layoutBoard, layoutSearch, layoutState, maxMoves, take } from '../../core/layout';
import { layoutUndo } from '../../core/undo';

/** Flight key flags (above the Unf count in the low bits). */
export const KEY_ENEMY: u32 = 0x40;
export const KEY_OWN: u32 = 0x80;
export const KEY_COUNT: u32 = 0x3f;

/** The scalars an undo record saves (to move, passes, end, last mover, winner); apply.ts writes the rest. */
export const UNDO_SAVED: i32 = 20;

/** u64 words of a bit set over the cells (and the two extra ones). */
export let W: i32 = 0;

// Addresses inside the live state block (STATE), fixed per board.
export let CELLS: usize = 0;
export let OWN1: usize = 0; // u8[N + 2]: P1 stones next to each cell
export let OWN2: usize = 0; // u8[N + 2]: P2 stones next to each cell
export let KEY1: usize = 0; // u8[N + 2]: P1's flight keys
export let KEY2: usize = 0; // u8[N + 2]: P2's flight keys
export let STONES1: usize = 0; // bit sets, 8 * W bytes each
export let STONES2: usize = 0;
export let EMPTY: usize = 0;
export let NEAR1: usize = 0;
export let NEAR2: usize = 0;
export let THREAT1: usize = 0; // bit set: cells with an enemy of P1 next to them
export let THREAT2: usize = 0;

// Board tables (board.ts).
export let NEXT: usize = 0; // i32[N*6]: the neighbour in each direction, or N
export let LAND: usize = 0; // i32[N*6]: the landing cell of a hop in each direction, or N
export let TOUCH: usize = 0; // i32[N*6]: the neighbour in each direction, or N + 1
export let STEP_TO: usize = 0; // i32[N*6]: a cell's neighbours in ascending order, -1 after the last
export let HOP_OVER: usize = 0; // i32[N*6]: a cell's jumped cells, in the order of HOP_TO
export let HOP_TO: usize = 0; // i32[N*6]: a cell's landing cells in ascending order, -1 after the last

// Scratch.
export let ORIGINS: usize = 0; // u32[N]: stones with moves (movegen.ts)

@inline export function ownOf(player: i32): usize {
  return player == 1 ? OWN1 : OWN2;
}

@inline export function keyOf(player: i32): usize {
  return player == 1 ? KEY1 : KEY2;
}

@inline export function stonesOf(player: i32): usize {
  return player == 1 ? STONES1 : STONES2;
}

@inline export function nearOf(player: i32): usize {
  return player == 1 ? NEAR1 : NEAR2;
}

@inline export function threatOf(player: i32): usize {
  return player == 1 ? THREAT1 : THREAT2;
}

/** Lays out every region for a board of `size` cells; called once per board. */
export function layoutFor(size: i32, arenaBytes: i32): void {
  layoutBoard(size);
  W = (size + 2 + 63) >> 6;
  NEXT = take(size * 6 * 4);
  LAND = take(size * 6 * 4);
  TOUCH = take(size * 6 * 4);
  STEP_TO = take(size * 6 * 4);
  HOP_OVER = take(size * 6 * 4);
  HOP_TO = take(size * 6 * 4);
  const tables = S_CELLS + size;
  const bits = (tables + 4 * (size + 2) + 7) & ~7;
  // Moves: at most every cell placed, and six steps and six hops per stone, plus the pass.
  layoutState(bits + 7 * W * 8, 13 * size + 1);
  memory.fill(MOVE_FLAGS, 0, <usize>maxMoves);
  CELLS = STATE + S_CELLS;
  OWN1 = STATE + <usize>tables;
  OWN2 = OWN1 + <usize>(size + 2);
  KEY1 = OWN2 + <usize>(size + 2);
  KEY2 = KEY1 + <usize>(size + 2);
  STONES1 = STATE + <usize>bits;
  STONES2 = STONES1 + <usize>(W * 8);
  EMPTY = STONES2 + <usize>(W * 8);
  NEAR1 = EMPTY + <usize>(W * 8);
  NEAR2 = NEAR1 + <usize>(W * 8);
  THREAT1 = NEAR2 + <usize>(W * 8);
  THREAT2 = THREAT1 + <usize>(W * 8);
  ORIGINS = take(size * 4);
  // 4096 undo records of 32 bytes (core/undo.ts); older ones are dropped (JS can replay from the start).
  layoutUndo(4096, 32, UNDO_SAVED);
  layoutSearch(arenaBytes);
}
