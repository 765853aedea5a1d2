// Memory layout of the core. Every table lives at a fixed address computed once per board by
// `layoutFor` (the bump allocator of the stub runtime is reset first), so nothing allocates
// while playing and JavaScript can read results through views on `memory.buffer`.

/** Most stones a site's vicinity can hold, hence the largest travel power on a lattice. */
export const MAX_POWER: i32 = 7;
/** Sites within lattice distance MAX_POWER of a site: a bound on any destination set. */
export const MAX_DEST: i32 = 169;
/** Undo records kept; older ones are dropped (the JS side can always replay from the start). */
export const UNDO_CAPACITY: i32 = 4096;
export const UNDO_ENTRY: i32 = 64;
/** Moves a playout may record. */
export const RECORD_CAPACITY: i32 = 16384;

// State block: scalars at fixed offsets, then cells, then neighbour counts per colour.
export const S_TO_MOVE: i32 = 0;
export const S_MOVE_INDEX: i32 = 4;
export const S_COUNTER1: i32 = 8;
export const S_COUNTER2: i32 = 12;
export const S_PIE: i32 = 16;
export const S_PREV_WEIGHT: i32 = 20;
export const S_PREV_FLAGS: i32 = 24;
export const S_CUR_WEIGHT: i32 = 28;
export const S_CUR_FLAGS: i32 = 32;
export const S_ENDED: i32 = 36;
export const SCALARS: i32 = 40;
export const S_CELLS: i32 = 64;

/**
 * Offset of the bitboards in the state block, after cells and neighbour counts: the empty
 * sites, then P1's and P2's stones, 32 bytes each (board.ts explains the layout).
 */
@inline export function S_EMPTY_BITS(size: i32): i32 {
  return (S_CELLS + 3 * size + 15) & ~15;
}

/** A bitboard is 16 rows of 16 bits: two v128 registers, four u64 words (see board.ts). */
export const BB_WORDS: i32 = 4;

export let N: i32 = 0;
export let maxMoves: i32 = 0;
export let stateSize: i32 = 0;

// Board tables (written by JS through prepareBoard, then completed by commitBoard).
export let NEIGH: usize = 0; // i32[N*6], -1 off the board
export let COLUMN: usize = 0; // i32[N]
export let ROW: usize = 0; // i32[N]
export let DEG: usize = 0; // u8[N]
export let EDGE: usize = 0; // u8[N]
export let BIT: usize = 0; // i32[N], bit index of a site in the bitboard embedding
export let BIT_SITE: usize = 0; // i32[BB_WORDS * 64], site of a bit or -1
export let BOARD_BITS: usize = 0; // u64[BB_WORDS], the board's sites
export let DEGREE_BITS: usize = 0; // u64[BB_WORDS] x 7: sites of degree 0..6
export let ORIGIN_BITS: usize = 0; // u64[BB_WORDS] per site: the site alone, as a bitboard
export let LINE2_BITS: usize = 0; // u64[BB_WORDS] per site: the sites two steps away in a straight line
export let LINE3_BITS: usize = 0; // u64[BB_WORDS] per site: the sites three steps away in a straight line
export let CANDIDATES: usize = 0; // 32 bytes of candidate origins, then 96 of count planes
export let SCORE_TMP: usize = 0; // v128[18]: bit planes of three neighbour counts (scoring.ts)

// State and its copies.
export let STATE: usize = 0;
export let BACKUP: usize = 0;
export let ROOT: usize = 0;

// Scratch and output.
export let MOVES: usize = 0; // u32[maxMoves]
export let MOVE_FLAGS: usize = 0; // u8[maxMoves]: bit 0 two decisions, bit 1 forced pass
export let OUT: usize = 0; // i32[N]
export let MARK: usize = 0; // u32[N], visit stamps
export let DIST: usize = 0; // u8[N]
export let LEVELS: usize = 0; // i32[(MAX_POWER + 1) * N]
export let LEVEL_LEN: usize = 0; // i32[MAX_POWER + 1]
export let COUNTS: usize = 0; // move origins (movegen.ts): 16 bytes each, then one flag byte each
export let UNDO: usize = 0;
export let RECORD: usize = 0; // u32[RECORD_CAPACITY]
export let RESULT: usize = 0; // i32[16]
export let SEARCH: usize = 0; // the search arena (mcts.ts)
export let searchBytes: i32 = 0;

function take(bytes: i32): usize {
  return heap.alloc(<usize>((bytes + 15) & ~15));
}

/** Lays out every region for a board of `size` sites; called once per board. */
export function layoutFor(size: i32, arenaBytes: i32): void {
  heap.reset();
  N = size;
  searchBytes = arenaBytes;
  const dest = size < MAX_DEST ? size : MAX_DEST;
  maxMoves = size * (dest + 1) + 2;
  stateSize = S_EMPTY_BITS(size) + 3 * BB_WORDS * 8;
  NEIGH = take(size * 6 * 4);
  COLUMN = take(size * 4);
  ROW = take(size * 4);
  DEG = take(size);
  EDGE = take(size);
  BIT = take(size * 4);
  BIT_SITE = take(BB_WORDS * 64 * 4);
  BOARD_BITS = take(BB_WORDS * 8);
  DEGREE_BITS = take(7 * BB_WORDS * 8);
  ORIGIN_BITS = take(size * BB_WORDS * 8);
  LINE2_BITS = take(size * BB_WORDS * 8);
  LINE3_BITS = take(size * BB_WORDS * 8);
  SCORE_TMP = take(18 * 16);
  CANDIDATES = take(128);
  STATE = take(stateSize);
  BACKUP = take(stateSize);
  ROOT = take(stateSize);
  MOVES = take(maxMoves * 4);
  MOVE_FLAGS = take(maxMoves);
  OUT = take(size * 4);
  MARK = take(size * 4);
  DIST = take(size);
  LEVELS = take((MAX_POWER + 1) * size * 4);
  LEVEL_LEN = take((MAX_POWER + 1) * 4);
  COUNTS = take((3 * size + 4) * 17);
  UNDO = take(UNDO_CAPACITY * UNDO_ENTRY);
  RECORD = take(RECORD_CAPACITY * 4);
  RESULT = take(16 * 4);
  SEARCH = take(arenaBytes);
  memory.fill(STATE, 0, <usize>(stateSize * 3));
  memory.fill(MARK, 0, <usize>(size * 4));
}
