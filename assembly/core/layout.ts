// Memory layout shared by every game module. All regions live at addresses fixed once per board
// (the stub runtime's bump allocator is reset first), so nothing allocates while playing and
// JavaScript reads results through views on `memory.buffer`. A game lays out its board in three
// steps, putting its own tables in between: layoutBoard, layoutState, layoutSearch.
import { EVAL_WEIGHT_COUNT, SETTING_COUNT } from './abi';

/** At most this many symmetries, in at most SYMMETRY_BYTES (more are left out: fewer classes merge). */
const SYMMETRY_LIMIT: i32 = 64;
const SYMMETRY_BYTES: i32 = 1 << 16;

/** Moves a playout may record. */
export const RECORD_CAPACITY: i32 = 16384;

/** Cells (sites) of the board. */
export let N: i32 = 0;

// Board tables, written by JS after prepareBoard (reference/boards builds them).
export let NEIGH: usize = 0; // i32[N*6], neighbour in each direction, -1 off the board
export let COLUMN: usize = 0; // i32[N]
export let ROW: usize = 0; // i32[N]
export let DEG: usize = 0; // u8[N], filled by commitDegrees

// The state block of the game (a fixed size per board) and its two copies.
export let stateSize: i32 = 0;
export let STATE: usize = 0; // the live position
export let BACKUP: usize = 0; // saved by a playout, restored after it
export let ROOT: usize = 0; // the search root

// Scratch and output.
export let maxMoves: i32 = 0;
export let MOVES: usize = 0; // u32[maxMoves], the legal moves of STATE (generate)
export let MOVE_FLAGS: usize = 0; // u8[maxMoves], the game's flags of each move
export let OUT: usize = 0; // i32[N], per-cell answers
export let RECORD: usize = 0; // u32[RECORD_CAPACITY], playout records, search children
export let RESULT: usize = 0; // i32[16], see abi/core.ts
export let EVAL_WEIGHTS: usize = 0; // i32[EVAL_WEIGHT_COUNT], the game's evaluation weights (JS sets them)
export let SETTINGS: usize = 0; // f64[SETTING_COUNT], the MCTS's settings (JS sets them, settings.ts reads them)
export let SEARCH: usize = 0; // the search arena (tree.ts; alpha-beta and the solver borrow it)
export let searchBytes: i32 = 0;
// The board's symmetries an exact solve keys its table by (symmetry.ts), outside the arena so
// that every solver's layout of it leaves them be.
export let SYMMETRIES: usize = 0; // i32[N] per symmetry: each cell's image
export let symmetryRoom: i32 = 0; // how many fit
export let KEY_SCRATCH: usize = 0; // u8[stateSize]: a position's key seen through one of them
export let symmetryCount: i32 = 0; // how many are loaded: none until a solve loads them for this board

/** A new region of `bytes`, 16-byte aligned. */
export function take(bytes: i32): usize {
  return heap.alloc(<usize>((bytes + 15) & ~15));
}

/** Starts a layout for a board of `size` cells: frees everything, then the board tables. */
export function layoutBoard(size: i32): void {
  heap.reset();
  N = size;
  NEIGH = take(size * 6 * 4);
  COLUMN = take(size * 4);
  ROW = take(size * 4);
  DEG = take(size);
}

/** The state block (zeroed) with its copies, the move list, and the per-cell output. */
export function layoutState(bytes: i32, moves: i32): void {
  stateSize = bytes;
  maxMoves = moves;
  STATE = take(bytes);
  BACKUP = take(bytes);
  ROOT = take(bytes);
  MOVES = take(moves * 4);
  MOVE_FLAGS = take(moves);
  OUT = take(N * 4);
  memory.fill(STATE, 0, <usize>(bytes * 3));
}

/** The playout record, the result slots and the search arena; ends a layout. */
export function layoutSearch(arenaBytes: i32): void {
  RECORD = take(RECORD_CAPACITY * 4);
  RESULT = take(16 * 4);
  EVAL_WEIGHTS = take(EVAL_WEIGHT_COUNT * 4);
  SETTINGS = take(SETTING_COUNT * 8);
  searchBytes = arenaBytes;
  SEARCH = take(arenaBytes);
  symmetryRoom = min(SYMMETRY_LIMIT, SYMMETRY_BYTES / max(N * 4, 1));
  SYMMETRIES = take(symmetryRoom * N * 4);
  KEY_SCRATCH = take(stateSize);
  symmetryCount = 0;
}

/** Says how many symmetries SYMMETRIES holds (symmetry.ts). */
export function setSymmetryCount(count: i32): void {
  symmetryCount = count;
}

@inline export function neighbour(cell: i32, dir: i32): i32 {
  return load<i32>(NEIGH + (((cell * 6) + dir) << 2));
}

@inline export function degree(cell: i32): i32 {
  return <i32>load<u8>(DEG + cell);
}

/** Counts every cell's neighbours into DEG (after JS wrote NEIGH). */
export function commitDegrees(): void {
  for (let s = 0; s < N; s++) {
    let d = 0;
    for (let dir = 0; dir < 6; dir++) if (neighbour(s, dir) >= 0) d++;
    store<u8>(DEG + s, <u8>d);
  }
}

export function copyState(to: usize, from: usize): void {
  memory.copy(to, from, <usize>stateSize);
}
