/**
 * Solved values as the wasm solver (assembly/core/solver.ts) and the reference solver
 * (reference/search/solver.ts) count them: for the player to move, SOLVE_CLASS × result (1 won,
 * 0 drawn, -1 lost) plus the score margin in half points, so that one number orders outcomes
 * first and margins second. A search proves bounds of it; here they are read and written.
 */
import { SOLVE_CLASS } from '../../assembly/core/abi.js';
import type { SolvedValue } from '../engine/search.js';

export type SolvedResult = 'win' | 'draw' | 'loss';

/** Beyond every value: the open ends of bounds (the solver's table holds i16). */
export const VALUE_LIMIT = 0x7fff;

/** What is proven of a value: lower ≤ value ≤ upper. */
export interface ValueBounds {
  readonly lower: number;
  readonly upper: number;
}

export const UNKNOWN: ValueBounds = Object.freeze({ lower: -VALUE_LIMIT, upper: VALUE_LIMIT });

/** The value of a result with a margin in points. */
export function valueOf(result: SolvedResult, marginPoints: number): number {
  return (result === 'win' ? SOLVE_CLASS : result === 'loss' ? -SOLVE_CLASS : 0) + Math.round(marginPoints * 2);
}

export function resultOf(value: number): SolvedResult {
  return value >= SOLVE_CLASS / 2 ? 'win' : value <= -SOLVE_CLASS / 2 ? 'loss' : 'draw';
}

/** The margin in points (the player to move's score minus the other's at the end of perfect play). */
export function marginOf(value: number): number {
  const r = resultOf(value);
  return (value - (r === 'win' ? SOLVE_CLASS : r === 'loss' ? -SOLVE_CLASS : 0)) / 2;
}

/** The result when the bounds fix it, else null. */
export function resultOfBounds(b: ValueBounds): SolvedResult | null {
  const r = resultOf(b.lower);
  return resultOf(b.upper) === r ? r : null;
}

/** The same value for the other player (an edge that hands the move over). */
export function negate(b: ValueBounds): ValueBounds {
  return { lower: -b.upper, upper: -b.lower };
}

/**
 * The value in words: `win by 3`, `draw`, `loss by 1.5`, `win on the tie-break` (equal scores, as
 * the board element says it), or the result alone when the margin is not known.
 */
export function describeBounds(b: ValueBounds): string {
  const r = resultOfBounds(b);
  if (r === null) return `unknown (${b.lower}..${b.upper})`;
  if (b.lower !== b.upper) return r;
  const m = marginOf(b.lower);
  if (r === 'draw') return m === 0 ? 'draw' : `draw (margin ${m})`;
  return m === 0 ? `${r} on the tie-break` : `${r} by ${Math.abs(m)}`;
}

/** The question "value ≥ g" in words: `a win`, `a draw or better`, `a win by at least 2`, `a loss by at most 1`. */
export function describeAtLeast(g: number): string {
  if (g === SOLVE_CLASS / 2) return 'a win';
  if (g === -SOLVE_CLASS / 2 + 1) return 'a draw or better';
  const r = resultOf(g);
  const m = marginOf(g);
  if (r === 'win') return `a win by at least ${m}`;
  if (r === 'loss') return `a loss by at most ${-m}`;
  return `a draw with a margin of at least ${m}`;
}

/** A proven value in words for `player`, the side to move: `Black wins by 2`, `White loses on the tie-break`, `a draw`. */
export function solvedInWords(s: Pick<SolvedValue, 'result' | 'margin'>, player: string): string {
  if (s.result === 'draw') return s.margin === 0 ? 'a draw' : `a draw (margin ${s.margin})`;
  const verb = s.result === 'win' ? 'wins' : 'loses';
  return s.margin === 0 ? `${player} ${verb} on the tie-break` : `${player} ${verb} by ${Math.abs(s.margin)}`;
}
