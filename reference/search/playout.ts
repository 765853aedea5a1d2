/**
 * Seeded random playouts on the reference engine: from the current position, pick uniformly
 * among legalMoves() (canonical order) with the shared PRNG until the game ends. The wasm core
 * must produce the same games move for move.
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

/** Plays a random game on a copy of `game`; `game` itself is not changed. */
export function randomPlayout<S, M extends GameMove>(game: GameSession<S, M>, seed: number, options: PlayoutOptions = {}): PlayoutResult {
  const rng = new Rng(seed);
  const sim = game.clone();
  const maxMoves = options.maxMoves ?? DEFAULT_MAX_PLAYOUT_MOVES;
  const moves: number[] = [];
  let length = 0;
  while (length < maxMoves && !sim.outcome()) {
    const legal = sim.legalMoves();
    const move = legal[rng.below(legal.length)]!;
    sim.playLegal(move);
    if (options.record) moves.push(sim.rules.pack(move));
    length++;
  }
  return { length, outcome: sim.outcome(), scores: sim.scores(), ...(options.record ? { moves } : {}) };
}
