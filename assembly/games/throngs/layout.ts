// Throngs' own memory regions, laid out between the generic ones of core/layout.ts (board
// tables first, then these tables, the state block and move list, this scratch, and last the
// record, result and search arena), so nothing allocates while playing.
import { SCALAR_BYTES, S_CELLS } from './abi';
import { layoutSearch, layoutState, take } from '../../core/layout';
import { layoutUndo } from '../../core/undo';

/** Most stones a site's vicinity can hold, hence the largest travel power on a lattice. */
export const MAX_POWER: i32 = 7;
/** Sites within lattice distance MAX_POWER of a site: a bound on any destination set. */
export const MAX_DEST: i32 = 169;
/** What an undo record saves of the state block: its scalars; apply.ts writes the rest. */
export const UNDO_SAVED: i32 = SCALAR_BYTES;

/**
 * The state block: scalars at the offsets of abi/throngs.ts, cells at S_CELLS, then neighbour
 * counts per colour (N bytes each), then the bitboards at this offset: the empty sites, then
 * P1's and P2's stones, 32 bytes each (board.ts explains the layout). On boards with wide bit
 * sets (wide.ts) the same three sets take WIDE_STRIDE bytes each instead, after a zero gap.
 */
@inline export function S_EMPTY_BITS(size: i32): i32 {
  return (S_CELLS + 3 * size + 15) & ~15;
}

/** A bitboard is 16 rows of 16 bits: two v128 registers, four u64 words (see board.ts). */
export const BB_WORDS: i32 = 4;

/**
 * Wide bit sets (wide.ts): WIDE_WORDS v128 words of four 32-bit rows. Every wide set that is
 * moved a row up or down is read one row off its place, so it sits between 16-byte gaps: sets
 * in memory are WIDE_STRIDE bytes apart, a zero (or, on a torus, wrap) gap before each.
 */
export let WIDE_WORDS: i32 = 0;
export let WIDE_STRIDE: i32 = 0;
/** The largest wide set: 32 rows of 32 columns. */
export const WIDE_MAX_WORDS: i32 = 8;

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
// The classified move origins of a random draw (origins.ts), indexed by site.
export let ORIGIN_POWER: usize = 0; // u8 per site: the origin's power, and whether its bound is unsure
export let ORIGIN_SETS: usize = 0; // six bit sets over the sites: the origins of each class, then those of power 2 or more
/** The bytes of one of those sets: whole u64 words. */
export let originSetBytes: i32 = 0;
/** Boards of at most this many sites keep the empty counts of within.ts (a table of N x N bytes). */
export const WITHIN_MAX_SITES: i32 = 512;
/** Whether this board keeps them. */
export let withinKept: bool = false;
/** Bytes of a per-site byte array rounded up to whole 16-byte chunks. */
export let chunkBytes: i32 = 0;
export let WITHIN_DIST: usize = 0; // u8[chunkBytes] per site: the distance of every other site, 0x7f beyond WITHIN_DEEPEST and for itself
/** The greatest distance the counts are kept for: most origins' powers; greater ones are rare enough to count one by one. */
export const WITHIN_DEEPEST: i32 = 5;
export let WITHIN: usize = 0; // u8[chunkBytes] per distance 2..WITHIN_DEEPEST: the empty sites within it of each site
export let WITHIN_KEY: usize = 0; // u8[chunkBytes]: 0xff for the sites that were empty when WITHIN was counted
export let WITHIN_CHANGED: usize = 0; // i32[N]: the sites whose emptiness changed since (within.ts)
export let CLASS_BOUND: usize = 0; // u8[chunkBytes] per origin class: each site's bound in that class, else 0
/** Recent stones with their evaluation terms (eval.ts), on boards with bitboards. */
export const EVAL_CACHE_ENTRIES: i32 = 4096;
export let EVAL_CACHE: usize = 0; // 96 bytes an entry
export let REACHED_BITS: usize = 0; // u64[BB_WORDS]: the destinations of the last kept search (reach.ts)
export let SCORE_TMP: usize = 0; // v128[32]: bit planes of three neighbour counts, edge masks, the stones they are for, one more count for a bound (scoring.ts)
export let WIDE_BOARD: usize = 0; // wide sets (wide.ts), each in its gaps: the board's sites
export let WIDE_EDGE: usize = 0; // sites of degree 4 or less
export let WIDE_DEGREE: usize = 0; // sites of degree 3, 4, 5, 6: four sets, WIDE_STRIDE apart
export let WIDE_SCRATCH: usize = 0; // WIDE_BUFFERS sets, WIDE_STRIDE apart (reach.ts, scoring.ts)
/** Scratch sets of the wide searches: the most any of them uses at once. */
export const WIDE_BUFFERS: i32 = 16;

// Scratch.
export let MARK: usize = 0; // u32[N], visit stamps
export let DIST: usize = 0; // u8[N]
export let LEVELS: usize = 0; // i32[(MAX_POWER + 1) * N]
export let LEVEL_LEN: usize = 0; // i32[MAX_POWER + 1]
export let COUNTS: usize = 0; // move origins (movegen.ts): 16 bytes each, then one flag byte each

/**
 * Lays out every region after the board tables (core/layout.ts layoutBoard) for a board of
 * `size` sites; `wideWords` is the size of a wide set in v128 words, 0 when the board has none
 * (the 16 x 16 bitboards and the scalar search need no more than their fixed 32 bytes);
 * `bitboards` whether it has the 16 x 16 ones (only they keep an evaluation cache).
 */
export function layoutFor(size: i32, arenaBytes: i32, wideWords: i32, bitboards: bool): void {
  WIDE_WORDS = wideWords;
  WIDE_STRIDE = wideWords > 0 ? (wideWords + 1) << 4 : 0;
  const wideSet = wideWords << 4;
  EDGE = take(size);
  BIT = take(size * 4);
  BIT_SITE = take((wideWords > 0 ? wideSet * 8 : BB_WORDS * 64) * 4);
  BOARD_BITS = take(BB_WORDS * 8);
  DEGREE_BITS = take(7 * BB_WORDS * 8);
  ORIGIN_BITS = take(size * BB_WORDS * 8);
  LINE2_BITS = take(size * BB_WORDS * 8);
  LINE3_BITS = take(size * BB_WORDS * 8);
  // Boards with bitboards (of either width) have balls as bit sets; the others use the site lists alone.
  BALL_BITS = take(wideWords > 0 ? size * (MAX_POWER - 1) * wideSet : size <= BB_WORDS * 64 ? size * (MAX_POWER - 1) * BB_WORDS * 8 : 0);
  ballCapacity = size < MAX_DEST ? size : MAX_DEST;
  BALL_SITES = take(size * ballCapacity * 2);
  BALL_END = take(size * (MAX_POWER + 1) * 2);
  SCORE_TMP = take(32 * 16);
  REACHED_BITS = take(BB_WORDS * 8);
  ORIGIN_POWER = take(size);
  originSetBytes = ((size + 63) >> 6) << 3;
  ORIGIN_SETS = take(6 * originSetBytes);
  chunkBytes = (size + 15) & ~15;
  withinKept = size <= WITHIN_MAX_SITES;
  const kept = withinKept ? chunkBytes : 0;
  WITHIN_DIST = take(size * kept);
  WITHIN = take((WITHIN_DEEPEST - 1) * kept);
  WITHIN_KEY = take(kept);
  WITHIN_CHANGED = take(withinKept ? size * 4 : 0);
  CLASS_BOUND = take(3 * chunkBytes);
  // Nothing counted yet, for no empty site: the first sync counts every empty site.
  memory.fill(WITHIN, 0, <usize>((WITHIN_DEEPEST - 1) * kept));
  memory.fill(WITHIN_KEY, 0, <usize>kept);
  memory.fill(CLASS_BOUND, 0, <usize>(3 * chunkBytes));
  // Classifying writes 16 bits at a time: what lies past the last of them stays zero.
  memory.fill(ORIGIN_SETS, 0, <usize>(6 * originSetBytes));
  // Wide sets: one gap before the first and after the last of each group, which stays zero on
  // boards that do not wrap (wide.ts).
  WIDE_BOARD = take(WIDE_STRIDE + 16) + 16;
  WIDE_EDGE = take(WIDE_STRIDE + 16) + 16;
  WIDE_DEGREE = take(4 * WIDE_STRIDE + 16) + 16;
  WIDE_SCRATCH = take(WIDE_BUFFERS * WIDE_STRIDE + 16) + 16;
  const dest = size < MAX_DEST ? size : MAX_DEST;
  layoutState(S_EMPTY_BITS(size) + (wideWords > 0 ? 3 * WIDE_STRIDE + 16 : 3 * BB_WORDS * 8), size * (dest + 1) + 2);
  MARK = take(size * 4);
  DIST = take(size);
  LEVELS = take((MAX_POWER + 1) * size * 4);
  LEVEL_LEN = take((MAX_POWER + 1) * 4);
  COUNTS = take((3 * size + 4) * 17);
  // 4096 undo records of 64 bytes (core/undo.ts); older ones are dropped (JS can replay from the start).
  layoutUndo(4096, 64, UNDO_SAVED);
  const cached = bitboards ? EVAL_CACHE_ENTRIES : 0;
  EVAL_CACHE = take(cached * 96);
  // No entry's stones yet: both players' sets full can never be a position.
  memory.fill(EVAL_CACHE, 0xff, <usize>(cached * 96));
  layoutSearch(arenaBytes);
  memory.fill(MARK, 0, <usize>(size * 4));
  if (wideWords > 0) {
    memory.fill(WIDE_BOARD - 16, 0, <usize>(WIDE_STRIDE + 16));
    memory.fill(WIDE_EDGE - 16, 0, <usize>(WIDE_STRIDE + 16));
    memory.fill(WIDE_DEGREE - 16, 0, <usize>(4 * WIDE_STRIDE + 16));
    memory.fill(WIDE_SCRATCH - 16, 0, <usize>(WIDE_BUFFERS * WIDE_STRIDE + 16));
  }
}
