// What the Tholian Go wasm module (assembly/games/tholian/) and its JavaScript bindings agree on:
// step packing, node values, the board tables JS writes, the rule option bits, the scalars of
// statePtr() and end codes. Plain number literals only: asc and tsc both compile this file
// (bindings import it), so nothing here is mirrored by hand. Generic RESULT slots are in ./core.ts.

// Moves are single steps (reference/games/tholian/moves.ts): (kind << MOVE_KIND_SHIFT) |
// (at << MOVE_AT_SHIFT) | to. `end` is 0, a placement has to = 0. Ascending value = canonical
// order: end, placements, first steps (by origin, then destination), push steps, free steps.
export const MOVE_END = 0;
export const MOVE_PLACE = 1;
export const MOVE_MOVE = 2;
export const MOVE_PUSH = 3;
export const MOVE_FREE = 4;
export const MOVE_KIND_SHIFT = 16;
export const MOVE_AT_SHIFT = 8;
export const MOVE_NODE_MASK = 0xff;
/** Nodes fit in 8 bits (reference MAX_NODES). */
export const MAX_NODES = 256;

// Node values (cellsPtr(), one u8 per node: dark nodes, then light, as the board lists them).
export const CELL_EMPTY = 0;
export const CELL_RED = 1;
export const CELL_BLUE = 2;

// Webs (webTable(): one u8 per node).
export const WEB_DARK = 0;
export const WEB_LIGHT = 1;

// Board tables JS writes after prepareBoard (besides the generic neighbour table, whose links
// k = 0 .. degree-1 are the node's neighbours in the board's order):
//   webTable()   u8[N]      the web of each node
//   dualTable()  i32[N*12]  per link l = node*6 + k: the two nodes of its dual path at 2l and
//                           2l+1, or NO_DUAL in both (a boundary path, never blocked)
//   axisTable()  u8[N*6]    per link: its axis 0..2 (a b c on the dark web, x y z on the light)
//   nodeFlagsTable() u8[N]  NODE_* bits
// then commitTables(targetRed, targetBlue, entryRed, entryBlue).
export const NO_DUAL = -1;
/** An end-row node (the `ends-open` sequestration rule). */
export const NODE_END_ROW = 1;
export const NODE_CHAIN_BOTTOM = 2;
export const NODE_CHAIN_TOP = 4;
/** In Red's / Blue's default start set (where Scrimmage places). */
export const NODE_START_RED = 8;
export const NODE_START_BLUE = 16;

// Rule options of setOptions(flags, seed): the features of the state's variant (reference
// options.ts features()) and the spec's option bits.
export const OPTION_CAPTURES = 1;
export const OPTION_TRANSFORMATION = 2;
export const OPTION_DICE = 4;
export const OPTION_PUSH_LIMIT = 8;
/** Bits 4-5: how the game is won. */
export const OPTION_WIN_SHIFT = 4;
export const WIN_COUNT = 0;
export const WIN_CHAIN = 1;
export const WIN_TOUCHDOWN = 2;
/** Bits 6-7: how it starts (decides the placement phases). */
export const OPTION_START_SHIFT = 6;
export const START_STANDARD = 0;
export const START_EMPTY = 1;
export const START_RANDOM = 2;
export const START_SCRIMMAGE = 3;
/** Bits 8-9: the sequestration rule (§7). */
export const OPTION_SEQUESTRATION_SHIFT = 8;
export const SEQUESTRATION_LARGEST = 0;
export const SEQUESTRATION_FULL = 1;
export const SEQUESTRATION_ENDS_OPEN = 2;

// Variants, in the order of reference VARIANTS (S_VARIANT).
export const VARIANT_MAIN = 0;
export const VARIANT_ULTIMATE = 1;
export const VARIANT_CHAIN = 2;
export const VARIANT_FOOTBALL = 3;
export const VARIANT_LUCKY = 4;
export const VARIANT_ORACLE = 5;
export const VARIANT_SCRIMMAGE = 6;
export const VARIANT_LUCKY_SCRIMMAGE = 7;

// State block at statePtr(): i32 scalars at these byte offsets (JS index = offset >> 2), the
// nodes at S_CELLS (u8[N]), the push path at pathPtr() (u8[N], S_PATH_LENGTH of them).
export const S_TO_MOVE = 0;
/** 1 = Red's first turn; it counts both players' turns. */
export const S_TURN = 4;
export const S_DARK_LEFT = 8;
export const S_LIGHT_LEFT = 12;
export const S_PLACE_DARK = 16;
export const S_PLACE_LIGHT = 20;
export const S_EMPTY_TURNS = 24;
/** 1 once a move has been made this turn. */
export const S_ACTED = 28;
/** 1 while the path is a transformation's free push. */
export const S_FREE_PUSH = 32;
/** Unused dice of the turn: an axis 0..2, or -1. */
export const S_ROLL_DARK = 36;
export const S_ROLL_LIGHT0 = 40;
export const S_ROLL_LIGHT1 = 44;
/** End code (END_*): 0 while the game runs. */
export const S_ENDED = 48;
/** Once the game is over: 1 or 2, or 0 for a draw. */
export const S_WINNER = 52;
export const S_VARIANT = 56;
export const S_PATH_LENGTH = 60;
/** Tokens by player and web, derived: i32 at S_COUNTS + 4 * (2 * (player - 1) + web). */
export const S_COUNTS = 64;
/** Byte offset of the nodes in the state block: cellsPtr(). */
export const S_CELLS = 80;

// End codes (S_ENDED, and RESULT_END after a playout), one per reason of the reference's result.
export const END_NONE = 0;
export const END_TOKENS = 1;
export const END_CHAIN = 2;
export const END_TOUCHDOWN = 3;
export const END_EMPTY_TURNS = 4;
