/**
 * Barriers (THOLIAN-GO.md §5): a path is blocked for colour C when its dual path in the other web
 * has a token of C's opponent on both ends. Boundary paths have no dual and are never blocked.
 */
import type { TholianBoard } from './board.js';

/** Whether the link `node → neighbours(node)[k]` is blocked for tokens of `colour`. */
export function blocked(b: TholianBoard, cells: Uint8Array, node: number, k: number, colour: number): boolean {
  const l = node * 6 + k;
  const da = b.dualA[l]!;
  if (da < 0) return false;
  const opp = 3 - colour;
  return cells[da] === opp && cells[b.dualB[l]!] === opp;
}

/** Whether the link between two adjacent nodes is blocked for `colour` (false when not adjacent). */
export function blockedBetween(b: TholianBoard, cells: Uint8Array, from: number, to: number, colour: number): boolean {
  const k = b.neighbours(from).indexOf(to);
  return k >= 0 && blocked(b, cells, from, k, colour);
}
