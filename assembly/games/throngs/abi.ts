// What the Throngs wasm module (assembly/games/throngs/) and its JavaScript bindings agree on:
// move packing, move flags, the scalars of statePtr(), rule option bits and end codes.
// Plain number literals only: asc and tsc both compile this file (bindings import it), so
// nothing here is ever mirrored by hand. Generic RESULT slots are in ./core.ts.

// Moves: (kind << MOVE_KIND_SHIFT) | (at << MOVE_AT_SHIFT) | to; ascending value = canonical order.
export const MOVE_ADD = 1;
export const MOVE_CAPTURE = 2;
export const MOVE_MOVE = 3;
export const MOVE_PASS = 4;
export const MOVE_ACCEPT = 5;
export const MOVE_SWAP = 6;
export const MOVE_KIND_SHIFT = 26;
export const MOVE_AT_SHIFT = 13;
/** Sites take 13 bits in a packed move. */
export const MOVE_SITE_MASK = 0x1fff;

// Move flags (moveFlagsPtr(), one byte per move).
/** The move takes two Ludii decisions. */
export const FLAG_TWO_DECISIONS = 1;
/** The pass is forced (no other move). */
export const FLAG_FORCED = 2;

// State block at statePtr(): i32 scalars at these byte offsets (JS index = offset >> 2).
export const S_TO_MOVE = 0;
/** 1 or 2: which move of the turn. */
export const S_MOVE_INDEX = 4;
/** Add-or-capture counters of P1 and P2. */
export const S_COUNTER1 = 8;
export const S_COUNTER2 = 12;
/** Pie placements made (0..3), or -1 in normal play. */
export const S_PIE = 16;
export const S_PREV_WEIGHT = 20;
export const S_PREV_FLAGS = 24;
export const S_CUR_WEIGHT = 28;
export const S_CUR_FLAGS = 32;
/** End code (END_*). */
export const S_ENDED = 36;
/** Bytes of scalars (the part an undo record saves). */
export const SCALAR_BYTES = 40;
/** Byte offset of the cells (one u8 per site, 0 empty, 1 or 2) in the state block: cellsPtr(). */
export const S_CELLS = 64;

// Block flags in S_PREV_FLAGS / S_CUR_FLAGS.
export const BLOCK_FIRST_WAS_PASS = 1;
export const BLOCK_ALL_PASS = 2;

// End codes (S_ENDED, and RESULT_END after a playout).
export const END_NONE = 0;
export const END_ALL_PASSED = 1;
export const END_THRESHOLD = 2;
export const END_FULL_SCORE = 3;

// Rule options (setOptions); 0 is Ludii parity.
export const OPTION_END_FULL_ROUND = 1;
export const OPTION_END_ON_FULL_SCORE = 2;
export const OPTION_THRESHOLD_CHECKS_BOTH = 4;
export const OPTION_FORCED_PASS_CONSUMES_SLOT = 8;
export const OPTION_OBLIGATION_RELAXES_TO_TRAVEL = 16;

// scoreBreakdown(player): i32 slots of resultPtr().
export const BREAKDOWN_STONES = 0;
export const BREAKDOWN_EMPTY = 1;
export const BREAKDOWN_CAPTURABLE = 2;
