/**
 * The state of a Refugia game (REFUGIA.md §3) as plain data, the empty set-up, and the checks a
 * position must pass before an engine accepts it.
 */
import { PositionError, excerpt } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';

/** Cell contents. Players' stones are 1 and 2 as in every game of the family. */
export const EMPTY = 0;
export const NEUTRAL = 3;

export interface RefugiaState {
  /** One entry per cell in canonical order: 0 empty, 1 P1, 2 P2, 3 neutral. */
  cells: Uint8Array;
  toMove: Player;
  /** Consecutive passes immediately before now; 2 means the game is over (§7). */
  passCount: number;
  /** Who made the ending second pass (the third tie-break); 0 while the game runs. */
  lastMover: 0 | Player;
  ended: boolean;
}

export function initialState(t: Topology): RefugiaState {
  return { cells: new Uint8Array(t.size), toMove: 1, passCount: 0, lastMover: 0, ended: false };
}

export function cloneState(s: RefugiaState): RefugiaState {
  return { cells: s.cells.slice(), toMove: s.toMove, passCount: s.passCount, lastMover: s.lastMover, ended: s.ended };
}

export function statesEqual(a: RefugiaState, b: RefugiaState): boolean {
  return (
    a.cells.length === b.cells.length &&
    a.cells.every((v, i) => v === b.cells[i]) &&
    a.toMove === b.toMove &&
    a.passCount === b.passCount &&
    a.lastMover === b.lastMover &&
    a.ended === b.ended
  );
}

/**
 * Refuses a state the engines cannot rely on. Any arrangement of stones can arise (steps and hops
 * bring own stones together, hops make neutrals), so only the bookkeeping is constrained: the
 * game is over exactly after two passes, and then the last mover is the player not to move.
 */
export function checkState(t: Topology, s: RefugiaState): void {
  const fail = (why: string): never => {
    throw new PositionError(`bad position on ${excerpt(t.spec)}: ${why}`);
  };
  if (!(s.cells instanceof Uint8Array)) fail('cells must be a Uint8Array');
  if (s.cells.length !== t.size) fail(`${s.cells.length} cells given, the board has ${t.size}`);
  s.cells.forEach((v, i) => {
    if (v > NEUTRAL) fail(`cell ${t.labels[i]} holds ${v}; only 0 (empty), 1, 2 and 3 (neutral) exist`);
  });
  if (s.toMove !== 1 && s.toMove !== 2) fail(`player to move is ${String(s.toMove)}`);
  if (!Number.isInteger(s.passCount) || s.passCount < 0 || s.passCount > 2) {
    fail(`pass count ${String(s.passCount)} is outside 0..2 (two passes in a row end the game)`);
  }
  if (s.ended !== (s.passCount === 2)) fail(`the game is over exactly after two passes in a row, not with ended=${String(s.ended)} and pass count ${s.passCount}`);
  const expected = s.ended ? (s.toMove === 1 ? 2 : 1) : 0;
  if (s.lastMover !== expected) {
    fail(
      s.ended
        ? `the last mover of a finished game is ${expected}, the player who made the second pass, not ${String(s.lastMover)}`
        : `a running game has no last mover (0), not ${String(s.lastMover)}`,
    );
  }
}
