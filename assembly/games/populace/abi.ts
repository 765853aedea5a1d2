// What the Populace wasm module (assembly/games/populace/) and its JavaScript bindings agree on:
// move packing, cell values, option bits, the scalars of statePtr() and end codes. Plain number
// literals only: asc and tsc both compile this file (bindings import it), so nothing here is
// mirrored by hand. Generic RESULT slots are in ./core.ts.

// Moves: (kind << MOVE_KIND_SHIFT) | (at << MOVE_AT_SHIFT) | to, as reference/games/populace
// packs them; a placement and a replacement have to = at, a pass is MOVE_PASS << MOVE_KIND_SHIFT
// and a swap MOVE_SWAP << MOVE_KIND_SHIFT. Ascending value = canonical order: placements,
// replacements, moves (by origin, then destination), pass, swap.
export const MOVE_PLACE = 1;
export const MOVE_REPLACE = 2;
export const MOVE_MOVE = 3;
export const MOVE_PASS = 4;
export const MOVE_SWAP = 5;
export const MOVE_KIND_SHIFT = 26;
export const MOVE_AT_SHIFT = 13;
export const MOVE_SITE_MASK = 0x1fff;

// Cell values (cellsPtr(), one u8 per cell in canonical order).
export const CELL_EMPTY = 0;
export const CELL_BLACK = 1;
export const CELL_WHITE = 2;

// Rule option bits of setOptions(flags, moveLimit).
/** One-stone pie: ply 0 is a Black placement (no pass); at ply 1 White may swap seats. */
export const OPTION_PIE = 1;
/** The first player to pass gets the button (+1/2 point). */
export const OPTION_BUTTON = 2;
/** Positional superko: a non-pass action may not recreate a position (cells + colour to move) seen before. */
export const OPTION_SUPERKO = 4;

// State block at statePtr(): i32 scalars at these byte offsets (JS index = offset >> 2). The
// first ones are what loadState takes; the rest the module derives from the cells.
export const S_TO_MOVE = 0;
/** Consecutive passes immediately before now (0, 1; 2 once the game ended by passes). */
export const S_PASSES = 4;
/** 0 nobody has passed yet (or no button rule), else the colour that passed first. */
export const S_BUTTON = 8;
/** Actions played so far (0 on the empty board). */
export const S_PLY = 12;
/** 1 once White's player swapped seats (pie). */
export const S_SWAPPED = 16;
/** End code (END_*): 0 while the game runs. */
export const S_ENDED = 20;
/** Once the game is over: 1 or 2, or 0 for a draw; 0 while it runs. */
export const S_WINNER = 24;
/**
 * Superko only: the game's positions live at indices [S_HISTORY_START, S_HISTORY_END) of the
 * module's history (the current one last); the actions between them at recentPtr() from index
 * S_HISTORY_START on (the reference state's `recent`). A placement starts a new window.
 */
export const S_HISTORY_START = 28;
export const S_HISTORY_END = 32;
/** Superko only: an order-free digest (u64) of the window's positions, so that equal blocks mean equal histories. */
export const S_HISTORY_DIGEST = 40;
/** Pieces of each colour on the board. */
export const S_PIECES1 = 48;
export const S_PIECES2 = 52;
/** Empty cells each colour controls (POPULACE.md §3). */
export const S_CONTROL1 = 56;
export const S_CONTROL2 = 60;
/** Zobrist hash (u64) of the cells. */
export const S_HASH = 64;
/** Byte offset of the cells in the state block: cellsPtr(). */
export const S_CELLS = 80;

// End codes (S_ENDED, and RESULT_END after a playout).
export const END_NONE = 0;
export const END_TWO_PASSES = 1;
export const END_MOVE_LIMIT = 2;

/**
 * Scores in the module are half points: score(p) = 2 × (pieces + controlled empty cells) + 1 for
 * the button holder. margin() (the search's evaluation) is in points.
 */
export const SCORE_UNITS = 2;
