// The game-independent part of every game module's ABI, written once: memory regions, the
// standard moves and queries, search settings, playouts, the MCTS and alpha-beta. A game module
// binds it to its game class (game.ts) by declaring, in its index.ts,
//
//   @global const GAME = new <Game>();
//   export * from '../../core/exports';
//
// AssemblyScript cannot export a generic function, and a core file cannot import from the game it
// is compiled with; the one global the core names resolves to the game's `@final` class in each
// module, so every generic call below is still a direct call the optimiser inlines. The game's
// own exports (its board set-up, loadState and queries) stay in its index.ts.
//
// In this folder (core/): the ABI constants shared with JavaScript (abi.ts), the memory layout
// (layout.ts), the game contract (game.ts) and what it stands on: the state block (state.ts), the
// move list (move-list.ts), the undo ring (undo.ts); the rng, position hashing (hash.ts), playouts
// (playout.ts), the MCTS (mcts.ts, which names its parts), alpha-beta (alphabeta.ts, with its
// table in alphabeta-table.ts), the exact solver (solver.ts, its keys in solve-key.ts and the
// board's symmetries they use in symmetry.ts) and the depth-first proof-number search (dfpn.ts,
// with its table in dfpn-table.ts).
import { COLUMN, EVAL_WEIGHTS, MOVE_FLAGS, MOVES, NEIGH, OUT, RECORD, RECORD_CAPACITY, RESULT, ROW, SETTINGS, STATE } from './layout';
import {
  searchBegin as begin,
  searchChildren as children,
  searchConfigure as configure,
  searchFull as isFull,
  searchPrincipalVariation as principal,
  searchRun as run,
} from './mcts';
import { searchAdvance as advance, searchReset as reset } from './tree';
import {
  abBegin as beginAb,
  abBestMove as bestAb,
  abChildren as childrenAb,
  abDrawScore as setDrawScore,
  abEvaluate as evaluateAb,
  abIterate as iterateAb,
  abPrincipalVariation as principalAb,
  abSearchRoot as searchRootAb,
} from './alphabeta';
import { abImport as importAb } from './alphabeta-table';
import { SEAT_SWAP } from './game';
import { listLength, listValid } from './move-list';
import { limitUndo as limit } from './undo';
import { solveBegin as beginSolve, solvePeek as peekSolve, solveSeed as seedSolve, solveWindow as windowSolve } from './solver';
import { loadSymmetries as symmetriesLoad, symmetryCapacity as capacityOfSymmetries } from './symmetry';
import { dfpnBegin as beginDfpn, dfpnPeek as peekDfpn, dfpnProve as proveDfpn, dfpnSeed as seedDfpn } from './dfpn';
import { playout as runPlayout, playouts as runPlayouts } from './playout';

// ---------------------------------------------------------------- memory regions (layout.ts)

/** Where JS writes the board: neighbours (i32[size*6], -1 off the board), columns and rows. */
export function neighbourTable(): usize {
  return NEIGH;
}

export function columnTable(): usize {
  return COLUMN;
}

export function rowTable(): usize {
  return ROW;
}

/** The state block (the game's abi.ts names its scalars). */
export function statePtr(): usize {
  return STATE;
}

/** The legal moves generate() wrote (u32 each, canonical order) and their flags (u8 each). */
export function movesPtr(): usize {
  return MOVES;
}

export function moveFlagsPtr(): usize {
  return MOVE_FLAGS;
}

/** Scratch output of per-cell queries. */
export function outPtr(): usize {
  return OUT;
}

/** [length, end code, score P1, score P2, winner] of the last playout (core/abi.ts). */
export function resultPtr(): usize {
  return RESULT;
}

export function recordPtr(): usize {
  return RECORD;
}

export function recordCapacity(): i32 {
  return RECORD_CAPACITY;
}

/** The game's evaluation weights (i32[EVAL_WEIGHT_COUNT], core/abi.ts), read by alpha-beta and the MCTS cut-off. */
export function evalWeightsPtr(): usize {
  return EVAL_WEIGHTS;
}

/** 1 for the debug build (assertions compiled in), 0 for the release build. */
export function isDebugBuild(): i32 {
  return ASC_NO_ASSERT ? 0 : 1;
}

// ---------------------------------------------------------------- the position

/** Generates the legal moves of the state into movesPtr() (flags at moveFlagsPtr()); returns how many. */
export function generate(): i32 {
  return GAME.generate();
}

/** Plays a legal move given packed; returns 0, or -1 (and changes nothing) if it is not legal. */
export function play(packed: u32): i32 {
  const n = listValid ? listLength() : GAME.generate();
  for (let i = 0; i < n; i++) {
    if (load<u32>(MOVES + (<usize>i << 2)) == packed) {
      GAME.play(GAME.edgeMove(i) & ~SEAT_SWAP, true);
      return 0;
    }
  }
  return -1;
}

/** Takes back the last move; returns 0 when no undo record is left. */
export function undo(): i32 {
  return GAME.undo() ? 1 : 0;
}

/** Keeps at most `n` undo records (tests use a short ring to exercise the JS fallback). */
export function limitUndo(n: i32): void {
  limit(n);
}

/** 1 or 2. */
export function toMove(): i32 {
  return GAME.toMove();
}

/** The game's end code (its abi.ts names them), 0 while it runs. */
export function ended(): i32 {
  return GAME.ended();
}

/** Once the game is over: 1, 2, or 0 for a draw; 0 while it runs. */
export function winner(): i32 {
  return GAME.ended() != 0 ? GAME.winner() : 0;
}

/** A player's score as the game counts it (its abi.ts says in what units). */
export function score(player: i32): i32 {
  return GAME.score(player);
}

/** The evaluation of the current position for P1, in hundredths of a point. */
export function evaluate(): i32 {
  return evaluateAb(GAME);
}

// ---------------------------------------------------------------- playouts (playout.ts)

/** A seeded random playout from the current state, which is left unchanged. */
export function playout(seed: u32, maxMoves: i32, record: bool): i32 {
  return runPlayout(GAME, seed, maxMoves, record);
}

/** `count` playouts seeded seed, seed+1, ...; returns the total moves played. */
export function playouts(seed: u32, count: i32, maxMoves: i32): f64 {
  return runPlayouts(GAME, seed, count, maxMoves);
}

// ---------------------------------------------------------------- search (mcts.ts)

/** The search settings (f64[SETTING_COUNT], core/abi.ts), which searchConfigure() applies. */
export function searchSettingsPtr(): usize {
  return SETTINGS;
}

/** Applies the settings JavaScript wrote at searchSettingsPtr(). */
export function searchConfigure(): void {
  configure();
}

/** Starts (or continues, if the tree is for this position) a search seeded with `seed`. */
export function searchBegin(seed: u32): void {
  begin(GAME, seed);
}

/** Runs up to `iterations` more iterations; returns how many ran. */
export function searchRun(iterations: i32): i32 {
  return run(GAME, iterations);
}

/** Follows a move played in the game: the tree keeps the subtree under it. */
export function searchAdvance(packed: u32): void {
  advance(GAME, packed);
}

/** Writes the root's children (core/abi.ts CHILD_WORDS each) to OUT; returns how many. */
export function searchChildren(): i32 {
  return children(GAME);
}

/** Writes up to `max` moves of the most visited line to OUT; returns how many. */
export function searchPrincipalVariation(max: i32): i32 {
  return principal(GAME, max);
}

/** 1 when the last searchRun stopped because the arena was full. */
export function searchFull(): i32 {
  return isFull() ? 1 : 0;
}

/** Drops the search tree. */
export function searchReset(): void {
  reset();
}

// ---------------------------------------------------------------- alpha-beta (alphabeta.ts)

/** What a drawn end is worth to the player to move at the next alpha-beta root, in hundredths. */
export function abDrawScore(score: i32): void {
  setDrawScore(score);
}

/** Starts an alpha-beta search from the current position; returns the root's move count. */
export function abBegin(): i32 {
  return beginAb(GAME);
}

/** One iteration to `depth` within `budget` nodes; 1 when it completed. */
export function abIterate(depth: i32, budget: i32): i32 {
  return iterateAb(GAME, depth, budget);
}

/** One root move to `depth` in the window (alpha, beta) within `budget` nodes, logging entries at least `share` deep; 1 when it completed. */
export function abSearchRoot(index: i32, depth: i32, alpha: i32, beta: i32, budget: i32, share: i32): i32 {
  return searchRootAb(GAME, index, depth, alpha, beta, budget, share);
}

/** Stores `count` table entries another worker logged, written to recordPtr(). */
export function abImport(count: i32): void {
  importAb(count);
}

export function abChildren(): i32 {
  return childrenAb(GAME);
}

export function abBestMove(): u32 {
  return bestAb(GAME);
}

export function abPrincipalVariation(max: i32): i32 {
  return principalAb(GAME, max);
}

// ---------------------------------------------------------------- the exact solver (solver.ts)

/** Lays out the search arena for a solve with an empty table; returns the table's entries. */
export function solveBegin(): i32 {
  return beginSolve();
}

/**
 * Searches the current position (or, with `move` ≥ 0, the one after that move of its list) to the
 * end of the game with the window (alpha, beta); returns a SOLVE_* status.
 */
export function solveWindow(move: i32, alpha: i32, beta: i32, budget: i32): i32 {
  return windowSolve(GAME, move, alpha, beta, budget);
}

/** Whether the solver's table holds the current position; its bounds and work then in RESULT (RESULT_PEEK_*). */
export function solvePeek(): bool {
  return peekSolve(GAME);
}

/** Puts proven bounds of the current position into the solver's table, as `work` nodes' worth. */
export function solveSeed(lower: i32, upper: i32, work: i32): void {
  seedSolve(GAME, lower, upper, work);
}

/** How many of the board's symmetries a solve can key its table by (0 or 1: none). */
export function symmetryCapacity(): i32 {
  return capacityOfSymmetries();
}

/**
 * Keys the next solves' tables by `count` symmetries (0: positions as they are); returns where
 * JavaScript writes them, `count` tables of i32[size], each cell's image.
 */
export function loadSymmetries(count: i32): usize {
  return symmetriesLoad(count);
}

// ---------------------------------------------------------------- proof-number search (dfpn.ts)

/** Lays out the search arena for df-pn with an empty table; returns the table's entries. */
export function dfpnBegin(): i32 {
  return beginDfpn();
}

/**
 * Whether the player to move in the current position (or, with `move` ≥ 0, in it but playing
 * that move of its list) reaches a value ≥ k, within `budget` nodes; returns a SOLVE_* status.
 */
export function dfpnProve(move: i32, k: i32, budget: i32): i32 {
  return proveDfpn(GAME, move, k, budget);
}

/** Whether df-pn's table holds the current position; its bounds and work then in RESULT (RESULT_PEEK_*). */
export function dfpnPeek(): bool {
  return peekDfpn(GAME);
}

/** Puts proven bounds of the current position into df-pn's table, as `work` nodes' worth. */
export function dfpnSeed(lower: i32, upper: i32, work: i32): void {
  seedDfpn(GAME, lower, upper, work);
}
