/**
 * Perft: the number of move sequences of a given length from a position (a finished game has no
 * continuations, so it counts only at depth 0). Any rule difference between engines shows up as
 * a different count, which makes it a compact regression signature.
 */
import type { Engine } from '../engine/engine.js';

export function perft(engine: Engine, depth: number): number {
  if (!Number.isInteger(depth) || depth < 0) throw new RangeError(`perft depth must be a whole number, got ${depth}`);
  if (depth === 0) return 1;
  const moves = engine.legalMoves();
  if (depth === 1) return moves.length;
  let total = 0;
  for (const move of moves) {
    engine.play(move);
    total += perft(engine, depth - 1);
    engine.undo();
  }
  return total;
}
