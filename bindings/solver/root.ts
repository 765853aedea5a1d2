/**
 * The value of a position from the values of its moves: every move's result first, then the
 * margins of the moves that reach the best result, so that the answer names every move that
 * keeps the value. How one move is proven (in this thread or another, from a saved solve) is the
 * caller's: `prove` is handed the move's number in legalCodes() order and what is known of it.
 */
import { UNKNOWN, resultOfBounds, type ValueBounds } from './value.js';

export interface MoveValue {
  /** The move in the game's notation. */
  readonly move: string;
  /** Its value for the player to move before it. */
  readonly bounds: ValueBounds;
}

export interface RootValue {
  /** The position's value for its player to move. */
  readonly value: ValueBounds;
  /** Every move's value, in legalCodes() order. */
  readonly moves: readonly MoveValue[];
  /** The moves that keep the value (exact and equal to it, or of its result when margins were not asked for). */
  readonly best: readonly string[];
}

export type ProveMove = (index: number, known: ValueBounds, margin: boolean) => Promise<ValueBounds>;

/** What the moves' bounds prove of the position's value: its best move's, whichever that is. */
export function positionBounds(moves: readonly ValueBounds[]): ValueBounds {
  return { lower: Math.max(...moves.map((b) => b.lower)), upper: Math.max(...moves.map((b) => b.upper)) };
}

/** Proves `moves` (notation, legalCodes() order) with `prove`, starting from what `known` holds of each. */
export async function solveRoot(moves: readonly string[], prove: ProveMove, margin: boolean, known: ReadonlyMap<string, ValueBounds> = new Map()): Promise<RootValue> {
  const bounds = moves.map((m) => known.get(m) ?? UNKNOWN);
  // Every move's result (the moves in parallel where `prove` runs them so).
  await Promise.all(moves.map(async (_, i) => void (bounds[i] = resultOfBounds(bounds[i]!) ? bounds[i]! : await prove(i, bounds[i]!, false))));
  const top = Math.max(...bounds.map((b) => b.upper));
  const bestResult = resultOfBounds({ lower: top, upper: top });
  if (margin) {
    await Promise.all(
      moves.map(async (_, i) => {
        const b = bounds[i]!;
        if (resultOfBounds(b) === bestResult && b.lower < b.upper) bounds[i] = await prove(i, b, true);
      }),
    );
  }
  const value = positionBounds(bounds);
  const keeps = (b: ValueBounds): boolean => (margin ? b.lower === b.upper && b.lower === value.lower : resultOfBounds(b) === bestResult);
  return {
    value,
    moves: moves.map((move, i) => ({ move, bounds: bounds[i]! })),
    best: moves.filter((_, i) => keeps(bounds[i]!)),
  };
}
