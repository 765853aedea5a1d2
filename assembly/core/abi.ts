// Constants the JavaScript bindings and every game module's wasm core agree on: the slots of the
// RESULT region (resultPtr()) written by the generic playout driver and search (assembly/core/).
// Plain number literals only: asc and tsc both compile this file (bindings import it).

// The state block (statePtr()): in every game an i32 at this offset is the player to move (1 or
// 2); the game's abi file names the rest.
export const S_TO_MOVE = 0;

// After playout(): i32 slots of resultPtr().
/** Moves played. */
export const RESULT_LENGTH = 0;
/** The game's end code (0: not ended; the game's abi file names the others). */
export const RESULT_END = 1;
export const RESULT_SCORE1 = 2;
export const RESULT_SCORE2 = 3;
/** 1 or 2, or 0 for a draw or an unfinished game. */
export const RESULT_WINNER = 4;

// The MCTS's settings (reference/search/settings.ts, SearchSettings): an f64 each at these slots
// of searchSettingsPtr(), which JavaScript writes before searchConfigure() reads them.
export const SETTING_EXPLORATION = 0;
export const SETTING_CUTOFF = 1;
export const SETTING_EVAL_SCALE = 2;
export const SETTING_BIAS_PERCENT = 3;
export const SETTING_EXPAND_AFTER = 4;
export const SETTING_HEURISTIC = 5;
export const SETTING_TURNS = 6;
export const SETTING_WIDEN = 7;
export const SETTING_IMPLICIT = 8;
export const SETTING_TRANSPOSITIONS = 9;
export const SETTING_CONTEMPT = 10;
export const SETTING_COUNT = 11;

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

// After solveWindow(): i32 slots of resultPtr() (assembly/core/solver.ts).
/** The value found (fail-soft, for the player to move): SOLVE_CLASS × result + margin in half points. */
export const RESULT_SOLVE_VALUE = 11;
/** Nodes the last call visited. */
export const RESULT_SOLVE_NODES = 12;
/** Transposition-table entries in use. */
export const RESULT_SOLVE_ENTRIES = 13;
/** With SOLVE_CYCLE: the ply (from the call's position) whose position repeated an earlier one. */
export const RESULT_SOLVE_PLY = 14;
/** A won game is worth this plus the margin in half points (a lost one, minus it); a draw, the margin alone. */
export const SOLVE_CLASS = 8192;
/** solveWindow's status: the value is proven for the window. */
export const SOLVE_DONE = 0;
/** The node budget ran out first (call again: the table keeps what was proven). */
export const SOLVE_BUDGET = 1;
/** A line of play repeated a position: the rules give an endless game no value. */
export const SOLVE_CYCLE = 2;
/** A line of play went deeper than the solver's stack (SOLVE_MAX_PLY moves) without ending. */
export const SOLVE_TOO_DEEP = 3;
/** The arena holds too few move lists for this line of play. */
export const SOLVE_NO_ROOM = 4;
/** The game has chance (dice): no exact value without its odds. */
export const SOLVE_CHANCE = 5;
/** solveBegin() was not called, or another search took the arena since. */
export const SOLVE_NOT_READY = 6;
/** The deepest line the solver follows, in moves. */
export const SOLVE_MAX_PLY = 1000;

// After dfpnProve() (assembly/core/dfpn.ts), with its SOLVE_* status: bounds of the value (for the
// player to move, as RESULT_SOLVE_VALUE counts it) that decide the question "≥ k" (lower ≥ k
// proves it, upper < k disproves it), and nodes, table entries and the ply of a repetition in the
// slots the solver uses.
export const RESULT_DFPN_LOWER = 9;
export const RESULT_DFPN_UPPER = 10;
/** The question's proof and disproof numbers at its root as the call left them (0 and DFPN_INF once proved). */
export const RESULT_DFPN_PN = 5;
export const RESULT_DFPN_DN = 6;
/** An infinite proof or disproof number. */
export const DFPN_INF = 0x3fffffff;

// After solvePeek() or dfpnPeek() found the position in the table: its proven bounds (open ends
// ±0x7fff) and the nodes spent under it (saturating).
export const RESULT_PEEK_LOWER = 5;
export const RESULT_PEEK_UPPER = 6;
export const RESULT_PEEK_WORK = 7;
