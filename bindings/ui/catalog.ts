/**
 * The board shapes a game page offers beside a game's named boards: regular hexagons, tori and an
 * example of a perforated board (THRONGS.md §2.4), as board specs.
 */
import { board, latticeHoles } from '../../reference/boards/index.js';
import { tryBoard } from '../../reference/boards/board-spec.js';

export function hexhexSpec(side: number): string {
  return `hexhex(${side})`;
}

export function torusSpec(width: number, height: number): string {
  return `torus(${width},${height})`;
}

/** The spec's illustrative perforated board: hexhex(7) without every site whose c and r are multiples of 3. */
export function perforatedExample(): string {
  return `perforated(hexhex(7),${latticeHoles(board('hexhex(7)'), 3).join(',')})`;
}

/** Null when `spec` is a playable board, else why not. */
export function boardProblem(spec: string): string | null {
  const result = tryBoard(spec);
  return result.ok ? null : result.error.message;
}
