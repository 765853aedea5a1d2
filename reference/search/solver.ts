/**
 * The exact value of a position by plain alpha-beta to the end of the game: no table, no move
 * ordering, each root move searched with a full window, so that it is plainly right, and slow:
 * the oracle of the wasm solver (assembly/core/solver.ts) on the tiniest boards.
 *
 * Values are those of the wasm solver: for the player to move, SOLVE_CLASS × result (1 won, 0
 * drawn, -1 lost) plus the score margin in half points. An edge flips the sign when the colour to
 * move changes, and once more for a move after which its player plays the other colour
 * (`swapsSeats`), as in alphabeta.ts. A line that repeats a position, goes on past `maxPly` or
 * meets chance has no exact value here: SolveError.
 */
import type { GameMove, GameRules } from '../core/game.js';
import type { Topology } from '../boards/topology.js';
import { SolveError } from '../core/errors.js';
import { stateKey } from './state-key.js';

/** A won game is worth this plus the margin in half points (assembly/core/abi.ts SOLVE_CLASS). */
export const SOLVE_CLASS = 8192;
export const MAX_MARGIN = SOLVE_CLASS / 2 - 1;

/** The value of a finished position, won by `winner` (0 a draw), for its player to move. */
export function finishedValue<S>(rules: GameRules<S, GameMove>, t: Topology, s: S, winner: number): number {
  const m = Math.max(-MAX_MARGIN, Math.min(MAX_MARGIN, Math.round(rules.margin(t, s) * 2)));
  const p1 = (winner === 1 ? SOLVE_CLASS : winner === 2 ? -SOLVE_CLASS : 0) + m;
  return rules.toMove(s) === 1 ? p1 : -p1;
}

export interface ReferenceSolve<M> {
  /** The position's value for its player to move. */
  readonly value: number;
  /** Each legal move's value for the same player, in legalMoves() order. */
  readonly moves: ReadonlyArray<{ readonly move: M; readonly value: number }>;
  readonly nodes: number;
}

export interface ReferenceSolveLimits {
  /** Positions to visit at most (default 10 million): beyond it, a SolveError. */
  readonly maxNodes?: number;
  /** Longest line followed (default 1000 moves). */
  readonly maxPly?: number;
}

export function referenceSolve<S, M extends GameMove>(
  rules: GameRules<S, M>,
  t: Topology,
  state: S,
  options: Readonly<Record<string, unknown>>,
  limits: ReferenceSolveLimits = {},
): ReferenceSolve<M> {
  const maxNodes = limits.maxNodes ?? 10_000_000;
  const maxPly = limits.maxPly ?? 1000;
  let nodes = 0;
  const line = new Set<string>();

  /** The value of `m` played in `s` for the player to move in `s`, fail-soft within (alpha, beta). */
  const after = (s: S, m: M, ply: number, alpha: number, beta: number): number => {
    const child = rules.cloneState(s);
    rules.apply(t, child, m, options);
    const flip = (rules.toMove(child) !== rules.toMove(s)) !== (rules.swapsSeats?.(m) ?? false);
    return flip ? -value(child, ply + 1, -beta, -alpha) : value(child, ply + 1, alpha, beta);
  };

  const value = (s: S, ply: number, alpha: number, beta: number): number => {
    if (++nodes > maxNodes) throw new SolveError(`the reference solver visited more than ${maxNodes} positions`);
    const outcome = rules.outcome(t, s, options);
    if (outcome) return finishedValue(rules, t, s, outcome.winner);
    if (rules.chance?.(s, options)) throw new SolveError('the game has chance (dice): the solver only solves games without chance');
    if (ply > maxPly) throw new SolveError(`a line of play goes on past ${maxPly} moves without ending`);
    const key = stateKey(s);
    if (line.has(key)) throw new SolveError(`a line of play repeats a position (at ply ${ply}): the rules give an endless game no value`);
    line.add(key);
    let best = -Infinity;
    for (const m of rules.legalMoves(t, s, options)) {
      best = Math.max(best, after(s, m, ply, alpha, beta));
      alpha = Math.max(alpha, best);
      if (alpha >= beta) break;
    }
    line.delete(key);
    return best;
  };

  if (rules.outcome(t, state, options)) return { value: value(state, 0, -Infinity, Infinity), moves: [], nodes };
  if (rules.chance?.(state, options)) throw new SolveError('the game has chance (dice): the solver only solves games without chance');
  const key = stateKey(state);
  line.add(key);
  const moves = rules.legalMoves(t, state, options).map((move) => ({ move, value: after(state, move, 0, -Infinity, Infinity) }));
  return { value: Math.max(...moves.map((m) => m.value)), moves, nodes };
}
