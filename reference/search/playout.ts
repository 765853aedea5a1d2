/**
 * Seeded random playouts on the reference engine: from the current position, pick uniformly
 * among the legal moves with the shared PRNG until the game ends: the game's own randomMove when
 * it has one (drawn without listing every move), else legalMoves()[below(n)] in canonical order.
 * The wasm core must produce the same games move for move.
 */
import type { GameMove, GameOutcome } from '../core/game.js';
import type { GameSession } from '../core/session.js';
import { Rng } from '../core/rng.js';

export interface PlayoutOptions {
  /** Stop after this many moves (the rules have no limit; random games end well before). */
  readonly maxMoves?: number;
  /** Return the packed moves played. */
  readonly record?: boolean;
}

export interface PlayoutResult {
  /** Moves played (every move of a turn counts, passes included). */
  readonly length: number;
  /** How the game ended, or null when maxMoves was reached first. */
  readonly outcome: GameOutcome | null;
  readonly scores: readonly [number, number];
  readonly moves?: readonly number[];
}

export const DEFAULT_MAX_PLAYOUT_MOVES = 10_000;
/** The largest move cap a playout takes: the wasm cores count moves in 32-bit integers. */
export const MAX_PLAYOUT_MOVES = 2 ** 31 - 1;
/** The most moves a recorded playout may keep: the wasm cores' record (assembly/core/layout.ts), on both backends alike. */
export const MAX_RECORDED_PLAYOUT_MOVES = 16_384;

/** Plays a random game on a copy of `game`; `game` itself is not changed. */
export function randomPlayout<S, M extends GameMove>(game: GameSession<S, M>, seed: number, options: PlayoutOptions = {}): PlayoutResult {
  const rng = new Rng(seed);
  // The rules on a copy of the state: a session would keep history and list every move.
  const { rules, topology, options: ruleOptions } = game;
  const state = rules.cloneState(game.state);
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_PLAYOUT_MOVES;
  const moves: number[] = [];
  let length = 0;
  while (length < maxMoves && !rules.outcome(topology, state, ruleOptions)) {
    let move: M;
    if (rules.randomMove) move = rules.randomMove(topology, state, rng, ruleOptions, 0);
    else {
      const legal = rules.legalMoves(topology, state, ruleOptions);
      move = legal[rng.below(legal.length)]!;
    }
    rules.apply(topology, state, move, ruleOptions);
    if (options.record) moves.push(rules.pack(move));
    length++;
  }
  return { length, outcome: rules.outcome(topology, state, ruleOptions), scores: rules.scores(topology, state), ...(options.record ? { moves } : {}) };
}
