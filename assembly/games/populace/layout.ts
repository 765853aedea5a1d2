// Populace's memory: its board tables, the shape of its state block and its scratch, laid out
// between the generic regions of core/layout.ts once per board.
//
// The state block (one memory.copy saves or restores a position):
//   scalars at the offsets of abi/populace.ts, cells (u8[N]) at S_CELLS, then three u8 tables:
//   ADJ1 and ADJ2 (N + 1 entries: Black and White pieces next to each cell, entry N is the dump
//   that off-board directions update) and STAT (N entries: the cell's status bits below); then
//   seven bit sets of W u64 words: the empty cells, and for each colour the cells it may place
//   on, the enemy pieces it may replace and its own pieces that may move (PV >= 1).
//
// A cell's status is a function of (its value, adj1, adj2), read from a 192-byte table, so
// control, threat and PV are one lookup, and every change of a cell refreshes that cell and its
// neighbours only (state.ts).
//
// Move destinations: dist(o, t) is the board's graph distance through cells of any content, so
// the cells within distance r of o (r = 1..7; PV is at most 7) are a fixed set per board. BALLS
// holds them as bit sets when that table is small enough (every practical board); above the
// limit a bounded breadth-first search with a generation stamp builds the set on demand.
import { S_CELLS } from './abi';
import { MOVE_FLAGS, N, STATE, layoutBoard, layoutSearch, layoutState, maxMoves, take } from '../../core/layout';
import { layoutUndo } from '../../core/undo';

/** Status bits of a cell (STAT, STATUS_TABLE). Sets 0-5 are the bit sets after EMPTY, in this order. */
export const ST_PLACE1: u32 = 1;
export const ST_PLACE2: u32 = 2;
export const ST_REPLACE1: u32 = 4; // a White piece Black may replace
export const ST_REPLACE2: u32 = 8; // a Black piece White may replace
export const ST_MOBILE1: u32 = 16; // a Black piece with PV >= 1
export const ST_MOBILE2: u32 = 32;
export const ST_CONTROL1: u32 = 64; // an empty cell Black controls
export const ST_CONTROL2: u32 = 128;

/** Largest PV: six own neighbours, no enemy. */
export const MAX_PV: i32 = 7;

/** The scalars an undo record saves: everything before the derived counters (abi.ts); apply.ts writes the move after them. */
export const UNDO_SAVED: i32 = 48;

/** Superko: positions the history can hold (a longer game stops recording, see history.ts). */
export const HISTORY_CAPACITY: i32 = 65536;
export const SLOTS: i32 = HISTORY_CAPACITY * 2;

/** The ball table is used while it takes at most this many bytes (setBallTableLimit). */
export let ballTableLimit: i32 = 8 << 20;

/** u64 words of a bit set over the cells. */
export let W: i32 = 0;
/** Whether BALLS holds the balls (else ballOf searches). */
export let ballTable: bool = false;

// Addresses inside the live state block (STATE), fixed per board.
export let CELLS: usize = 0;
export let ADJ1: usize = 0; // u8[N + 1]
export let ADJ2: usize = 0; // u8[N + 1]
export let STAT: usize = 0; // u8[N]
export let EMPTY: usize = 0; // bit sets, 8 * W bytes each
export let SETS: usize = 0; // six bit sets: PLACE1, PLACE2, REPLACE1, REPLACE2, MOBILE1, MOBILE2

// Board tables (board.ts).
export let TOUCH: usize = 0; // i32[N*6]: the neighbour in each direction, or N (the dump)
export let NB: usize = 0; // i32[N*6]: a cell's neighbours, the first degree(c) entries
export let BALLS: usize = 0; // u64[N * 7 * W]: cells within distance 1..7 of each cell
export let ZOBRIST: usize = 0; // u64[2N]: key of (cell, colour)
export let STATUS_TABLE: usize = 0; // u8[192]: status of (value << 6 | adj1 << 3 | adj2)

// Scratch.
export let ORIGINS: usize = 0; // i32[N]: pieces with moves (movegen.ts)
export let ENDS: usize = 0; // i32[N]: their running totals of destinations
export let BALL_SCRATCH: usize = 0; // one bit set, built by the search fallback
export let STAMP: usize = 0; // u32[N]
export let QUEUE: usize = 0; // i32[N]
export let HISTORY: usize = 0; // u64[HISTORY_CAPACITY]: position keys of the game so far
export let SLOT_KEY: usize = 0; // u64[SLOTS]: open-addressing table over HISTORY
export let SLOT_INDEX: usize = 0; // i32[SLOTS]
export let RECENT: usize = 0; // u32[HISTORY_CAPACITY]: RECENT[i] is the action from HISTORY[i] to HISTORY[i + 1]

/** Test hook: the largest ball table (bytes) to build; 0 forces the search fallback. Takes effect at the next prepareBoard. */
export function setBallTableLimit(bytes: i32): void {
  ballTableLimit = bytes;
}

/** The bit set of player `p`'s `k`-th kind (0 place, 1 replace, 2 mobile). */
@inline export function setOf(kind: i32, player: i32): usize {
  return SETS + (<usize>(((kind << 1) + player - 1) * W) << 3);
}

/** Lays out every region for a board of `size` cells; called once per board. */
export function layoutFor(size: i32, arenaBytes: i32): void {
  layoutBoard(size);
  W = (size + 63) >> 6;
  TOUCH = take(size * 6 * 4);
  NB = take(size * 6 * 4);
  const ballBytes = <i64>size * <i64>MAX_PV * <i64>W * 8;
  ballTable = ballBytes <= <i64>ballTableLimit;
  BALLS = ballTable ? take(<i32>ballBytes) : 0;
  ZOBRIST = take(size * 2 * 8);
  STATUS_TABLE = take(192);
  const tables = S_CELLS + size;
  const bits = (tables + 2 * (size + 1) + size + 7) & ~7;
  // Moves: every cell placed or replaced, each piece's destinations (at most the 168 other cells
  // of a radius-7 ball, and at most one per empty cell), the pass and the swap.
  const quarter = <i64>size * <i64>size / 4;
  const perPiece = <i64>size * 168;
  const moves = 2 * size + 2 + <i32>(quarter < perPiece ? quarter : perPiece);
  layoutState(bits + 7 * W * 8, moves);
  memory.fill(MOVE_FLAGS, 0, <usize>maxMoves);
  CELLS = STATE + S_CELLS;
  ADJ1 = STATE + <usize>tables;
  ADJ2 = ADJ1 + <usize>(size + 1);
  STAT = ADJ2 + <usize>(size + 1);
  EMPTY = STATE + <usize>bits;
  SETS = EMPTY + <usize>(W * 8);
  ORIGINS = take(size * 4);
  ENDS = take(size * 4);
  // 4096 undo records of 64 bytes (core/undo.ts); older ones are dropped (JS can replay from the start).
  layoutUndo(4096, 64, UNDO_SAVED);
  BALL_SCRATCH = take(W * 8);
  STAMP = take(size * 4);
  QUEUE = take(size * 4);
  memory.fill(STAMP, 0, <usize>(size * 4));
  HISTORY = take(HISTORY_CAPACITY * 8);
  SLOT_KEY = take(SLOTS * 8);
  SLOT_INDEX = take(SLOTS * 4);
  RECENT = take(HISTORY_CAPACITY * 4);
  layoutSearch(arenaBytes);
  buildStatusTable();
}

/** The status of a cell holding `value` with `a1` Black and `a2` White neighbours (POPULACE.md §3, §5). */
function statusOf(value: i32, a1: i32, a2: i32): u32 {
  let s: u32 = 0;
  if (value == 0) {
    // Place: the mover controls the cell, or no piece touches it.
    if (a1 > a2 || a1 + a2 == 0) s |= ST_PLACE1;
    if (a2 > a1 || a1 + a2 == 0) s |= ST_PLACE2;
    if (a1 > a2) s |= ST_CONTROL1;
    if (a2 > a1) s |= ST_CONTROL2;
  } else if (value == 1) {
    if (a2 - a1 >= 2) s |= ST_REPLACE2;
    if (a1 - a2 + 1 >= 1) s |= ST_MOBILE1;
  } else {
    if (a1 - a2 >= 2) s |= ST_REPLACE1;
    if (a2 - a1 + 1 >= 1) s |= ST_MOBILE2;
  }
  return s;
}

function buildStatusTable(): void {
  memory.fill(STATUS_TABLE, 0, 192);
  for (let v = 0; v < 3; v++) {
    for (let a1 = 0; a1 < 7; a1++) {
      for (let a2 = 0; a2 < 7; a2++) store<u8>(STATUS_TABLE + <usize>((v << 6) | (a1 << 3) | a2), <u8>statusOf(v, a1, a2));
    }
  }
}

export { N };
