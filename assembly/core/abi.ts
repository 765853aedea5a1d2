// Constants the JavaScript bindings and every game module's wasm core agree on: the slots of the
// RESULT region (resultPtr()) written by the generic playout driver and search (assembly/core/).
// Plain number literals only: asc and tsc both compile this file (bindings import it).

// After playout(): i32 slots of resultPtr().
/** Moves played. */
export const RESULT_LENGTH = 0;
/** The game's end code (0: not ended; the game's abi file names the others). */
export const RESULT_END = 1;
export const RESULT_SCORE1 = 2;
export const RESULT_SCORE2 = 3;
/** 1 or 2, or 0 for a draw or an unfinished game. */
export const RESULT_WINNER = 4;

// After searchChildren(): i32 slots of resultPtr().
export const RESULT_ROOT_VISITS = 0;
export const RESULT_NODES = 1;
export const RESULT_EDGES = 2;
/** 1 when the search arena is full. */
export const RESULT_FULL = 3;

/**
 * searchChildren() writes (move, visits, value sum as f32 bits, proven result for the mover) to
 * recordPtr(): 4 words each. The proven result: PROVEN_NONE, or the move wins, loses or draws
 * whatever follows (the search proved it).
 */
export const CHILD_WORDS = 4;
export const PROVEN_NONE = 0;
export const PROVEN_WIN = 1;
export const PROVEN_LOSS = 2;
export const PROVEN_DRAW = 3;

// After abIterate() and abSearchRoot(): i32 slots of resultPtr().
/** The deepest completed iteration. */
export const RESULT_AB_DEPTH = 8;
/** The best move's value (abSearchRoot: the searched move's) for the player to move, in hundredths of a point (beyond ±AB_WIN/2: a decided game). */
export const RESULT_AB_VALUE = 9;
/** Nodes the last call visited. */
export const RESULT_AB_NODES = 10;
/** abSearchRoot: the table entries it logged to recordPtr() for the other workers (5 words each). */
export const RESULT_AB_SHARED = 11;
/** Words of a shared table entry: hash (2), move, value, depth | flag << 16. */
export const AB_SHARE_WORDS = 5;
/** A decided game is worth this plus the margin (alphabeta.ts). */
export const AB_WIN = 1000000;
/** How many weights a game's evaluation reads from evalWeightsPtr(). */
export const EVAL_WEIGHT_COUNT = 16;
