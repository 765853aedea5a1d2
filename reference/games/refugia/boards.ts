/**
 * Refugia's boards (REFUGIA.md §2.2): Ludii's ten "Board Size" options, each an `althex(a,b)` of
 * the shared board layer, plus every shared board spec. Refugia keeps the shared cell order and
 * labels, so the names are only shorthands.
 */
import { BoardError, err, ok, type Result } from '../../core/errors.js';
import { board, tryBoard } from '../../boards/board-spec.js';
import type { Topology } from '../../boards/topology.js';

/** Name → sides (a, b) of the althex; the first entry is nothing special, the default is hex3-4. */
export const REFUGIA_BOARDS: Readonly<Record<string, readonly [number, number]>> = Object.freeze({
  'hex2-3': [2, 3],
  'hex2-4': [2, 4],
  'hex3-4': [3, 4],
  'hex3-5': [3, 5],
  'hex4-5': [4, 5],
  'hex4-6': [4, 6],
  'hex5-6': [5, 6],
  'hex5-7': [5, 7],
  'hex6-7': [6, 7],
  'hex6-8': [6, 8],
});

export const REFUGIA_BOARD_NAMES: readonly string[] = Object.freeze(Object.keys(REFUGIA_BOARDS));

export const DEFAULT_BOARD = 'hex3-4';

/**
 * A torus narrower than 5 makes two different hops land on the same cell (width 4: east and west
 * of a cell meet two steps away) or a hop land on a neighbour (width 3). A move is identified by
 * its origin and destination only, so such boards cannot be played without ambiguity.
 */
const MIN_TORUS_SIDE = 5;

/** The althex spec a named board stands for, or null when `name` is not one of the ten. */
export function namedBoardSpec(name: string): string | null {
  const sides = REFUGIA_BOARDS[name.trim().toLowerCase()];
  return sides ? `althex(${sides[0]},${sides[1]})` : null;
}

export function refugiaBoard(spec: string): Result<Topology, BoardError> {
  const named = namedBoardSpec(spec);
  if (named !== null) return ok(board(named));
  const built = tryBoard(spec);
  if (!built.ok) return built;
  const wrap = built.value.wrap;
  if (wrap && (wrap.width < MIN_TORUS_SIDE || wrap.height < MIN_TORUS_SIDE)) {
    return err(
      new BoardError(
        `${built.value.spec} is too small a torus for Refugia: hops would be ambiguous; width and height must be at least ${MIN_TORUS_SIDE}`,
      ),
    );
  }
  return built;
}
