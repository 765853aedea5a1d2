/**
 * Populace's boards (POPULACE.md §2): `hexhex(7)` by default [I-1], and every board of the shared
 * layer except hex-hex boards smaller than side 3, which the spec does not support.
 */
import { BoardError, err, type Result } from '../../core/errors.js';
import { tryBoard } from '../../boards/board-spec.js';
import type { Topology } from '../../boards/topology.js';

export const DEFAULT_BOARD = 'hexhex(7)';

/** Offered by name: the hex-hex sizes the author mentions, and the 108-cell althex of Q-P1. */
export const NAMED_BOARDS: readonly string[] = Object.freeze(['hexhex(7)', 'hexhex(6)', 'hexhex(5)', 'hexhex(4)', 'althex(6,7)', 'althex(3,4)']);

const MIN_HEXHEX_SIDE = 3;

export function populaceBoard(spec: string): Result<Topology, BoardError> {
  const built = tryBoard(spec);
  if (!built.ok) return built;
  const side = /^hexhex\(([0-9]+)\)$/.exec(built.value.spec);
  if (side && Number(side[1]) < MIN_HEXHEX_SIDE) {
    return err(new BoardError(`${built.value.spec} is too small for Populace: hexhex(n) needs n ≥ ${MIN_HEXHEX_SIDE}`));
  }
  return built;
}
