// Throngs' own memory regions, laid out between the generic ones of core/layout.ts (board
// tables first, then these tables, the state block and move list, this scratch, and last the
// record, result and search arena), so nothing allocates while playing.
import { S_CELLS } from '../../abi/throngs';
import { layoutBoard, layoutSearch, layoutState, take } from '../../core/layout';

/** Most stones a site's vicinity can hold, hence the largest travel power on a lattice. */
export const MAX_POWER: i32 = 7;
/** Sites within lattice distance MAX_POWER of a site: a bound on any destination set. */
export const MAX_DEST: i32 = 169;
/** Undo records kept; older ones are dropped (the JS side can always replay from the start). */
export const UNDO_CAPACITY: i32 = 4096;
export const UNDO_ENTRY: i32 = 64;

/**
 * The state block: scalars at the offsets of abi/throngs.ts, cells at S_CELLS, then neighbour
 * counts per colour (N bytes each), then the bitboards at this offset: the empty sites, then
 * P1's and P2's stones, 32 bytes each (board.ts explains the layout).
 */
@inline export function S_EMPTY_BITS(size: i32): i32 {
  return (S_CELLS + 3 * size + 15) & ~15;
}

/** A bitboard is 16 rows of 16 bits: two v128 registers, four u64 words (see board.ts). */
export const BB_WORDS: i32 = 4;

// Board tables derived by commitBoard.
export let EDGE: usize = 0; // u8[N]
export let BIT: usize = 0; // i32[N], bit index of a site in the bitboard embedding
export let BIT_SITE: usize = 0; // i32[BB_WORDS * 64], site of a bit or -1
export let BOARD_BITS: usize = 0; // u64[BB_WORDS], the board's sites
export let DEGREE_BITS: usize = 0; // u64[BB_WORDS] x 7: sites of degree 0..6
export let ORIGIN_BITS: usize = 0; // u64[BB_WORDS] per site: the site alone, as a bitboard
export let LINE2_BITS: usize = 0; // u64[BB_WORDS] per site: the sites two steps away in a straight line
export let LINE3_BITS: usize = 0; // u64[BB_WORDS] per site: the sites three steps away in a straight line
export let BALL_BITS: usize = 0; // u64[BB_WORDS] per site and distance 2..MAX_POWER: the other sites that near
export let BALL_SITES: usize = 0; // u16[ballCapacity] per site: the other sites by distance up to MAX_POWER
export let BALL_END: usize = 0; // u16[MAX_POWER + 1] per site: how many of its BALL_SITES lie within each distance
export let ballCapacity: i32 = 0;
export let CANDIDATES: usize = 0; // 32 bytes of candidate origins, then 96 of count planes
export let SCORE_TMP: usize = 0; // v128[18]: bit planes of three neighbour counts (scoring.ts)

// Scratch.
export let MARK: usize = 0; // u32[N], visit stamps
export let DIST: usize = 0; // u8[N]
export let LEVELS: usize = 0; // i32[(MAX_POWER + 1) * N]
export let LEVEL_LEN: usize = 0; // i32[MAX_POWER + 1]
export let COUNTS: usize = 0; // move origins (movegen.ts): 16 bytes each, then one flag byte each
export let UNDO: usize = 0;

/** Lays out every region for a board of `size` sites; called once per board. */
export function layoutFor(size: i32, arenaBytes: i32): void {
  layoutBoard(size);
  EDGE = take(size);
  BIT = take(size * 4);
  BIT_SITE = take(BB_WORDS * 64 * 4);
  BOARD_BITS = take(BB_WORDS * 8);
  DEGREE_BITS = take(7 * BB_WORDS * 8);
  ORIGIN_BITS = take(size * BB_WORDS * 8);
  LINE2_BITS = take(size * BB_WORDS * 8);
  LINE3_BITS = take(size * BB_WORDS * 8);
  // Only boards of at most 16 x 16 sites have bitboards; larger ones use the site lists alone.
  BALL_BITS = take(size <= BB_WORDS * 64 ? size * (MAX_POWER - 1) * BB_WORDS * 8 : 0);
  ballCapacity = size < MAX_DEST ? size : MAX_DEST;
  BALL_SITES = take(size * ballCapacity * 2);
  BALL_END = take(size * (MAX_POWER + 1) * 2);
  SCORE_TMP = take(18 * 16);
  CANDIDATES = take(128);
  const dest = size < MAX_DEST ? size : MAX_DEST;
  layoutState(S_EMPTY_BITS(size) + 3 * BB_WORDS * 8, size * (dest + 1) + 2);
  MARK = take(size * 4);
  DIST = take(size);
  LEVELS = take((MAX_POWER + 1) * size * 4);
  LEVEL_LEN = take((MAX_POWER + 1) * 4);
  COUNTS = take((3 * size + 4) * 17);
  UNDO = take(UNDO_CAPACITY * UNDO_ENTRY);
  layoutSearch(arenaBytes);
  memory.fill(MARK, 0, <usize>(size * 4));
}
