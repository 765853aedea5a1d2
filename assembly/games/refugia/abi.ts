// What the Refugia wasm module (assembly/games/refugia/) and its JavaScript bindings agree on:
// move packing, cell values, the scalars of statePtr() and end codes. Plain number literals
// only: asc and tsc both compile this file (bindings import it), so nothing here is mirrored by
// hand. Generic RESULT slots are in ./core.ts.

// Moves: (kind << MOVE_KIND_SHIFT) | (at << MOVE_AT_SHIFT) | to, as reference/games/refugia/
// moves.ts packs them; a placement has to = at, a pass is MOVE_PASS << MOVE_KIND_SHIFT.
// Ascending value = canonical order: placements, steps, hops, pass.
export const MOVE_PLACE = 1;
export const MOVE_STEP = 2;
export const MOVE_HOP = 3;
export const MOVE_PASS = 4;
export const MOVE_KIND_SHIFT = 26;
export const MOVE_AT_SHIFT = 13;
export const MOVE_SITE_MASK = 0x1fff;

// Cell values (cellsPtr(), one u8 per cell in canonical order).
export const CELL_EMPTY = 0;
export const CELL_P1 = 1;
export const CELL_P2 = 2;
export const CELL_NEUTRAL = 3;

// State block at statePtr(): i32 scalars at these byte offsets (JS index = offset >> 2). The
// first four are what loadState takes; the rest the module derives from the cells.
export const S_TO_MOVE = 0;
/** Consecutive passes immediately before now (0..2). */
export const S_PASS_COUNT = 4;
/** End code (END_*): 0 while the game runs. */
export const S_ENDED = 8;
/** Who made the ending second pass (the last tie-break), 0 while the game runs. */
export const S_LAST_MOVER = 12;
/** 1 or 2 once the game is over (Refugia has no draws), else 0. */
export const S_WINNER = 16;
/** Adjacent pairs of each player's stones (REFUGIA.md §6), kept up to date. */
export const S_SCORE1 = 20;
export const S_SCORE2 = 24;
/** Stones of each player on the board (the first tie-break). */
export const S_STONES1 = 28;
export const S_STONES2 = 32;
/** Byte offset of the cells in the state block: cellsPtr(). */
export const S_CELLS = 64;

// End codes (S_ENDED, and RESULT_END after a playout).
export const END_NONE = 0;
export const END_TWO_PASSES = 1;
