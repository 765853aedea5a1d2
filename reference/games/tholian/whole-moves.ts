/**
 * Whole moves of §6 (with a transformation's free push, §8) from the engine's steps: every
 * sequence of steps from an empty push path back to an empty one, with its notation and the
 * position after it. This is what the spec and the conformance data count as one legal move.
 */
import { applyMove } from './apply.js';
import type { TholianBoard } from './board.js';
import { generateMoves } from './movegen.js';
import type { TholianOptions } from './options.js';
import { formatMove } from './notation.js';
import { cloneState, type TholianState } from './state.js';

export interface WholeMove {
  readonly text: string;
  readonly after: TholianState;
}

export function wholeMoves(b: TholianBoard, s: TholianState, o: TholianOptions): WholeMove[] {
  const out: WholeMove[] = [];
  const walk = (from: TholianState, prefix: string) => {
    for (const m of generateMoves(b, from, o)) {
      const next = cloneState(from);
      applyMove(b, next, m, o);
      const text = prefix + formatMove(b, m);
      if (next.path.length > 0) walk(next, text);
      else out.push({ text, after: next });
    }
  };
  walk(s, '');
  return out;
}
