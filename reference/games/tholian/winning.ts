/**
 * How a Tholian Go game is won (THOLIAN-GO.md §9, §10): by tokens, by a chain, by a touchdown.
 * Each is checked after every move, the mover first ([A-14], [A-20], [A-21]).
 */
import type { Player } from '../../core/types.js';
import { blocked } from './barriers.js';
import { DARK, LIGHT, type TholianBoard } from './board.js';
import type { Features } from './options.js';
import { countTokens, other, type TholianResult } from './state.js';

/** §9: at most 5 light or 2 dark tokens left is fatal. */
export const FATAL_LIGHT = 5;
export const FATAL_DARK = 2;

export function beaten(b: TholianBoard, cells: Uint8Array, p: Player): boolean {
  return countTokens(b, cells, p, LIGHT) <= FATAL_LIGHT || countTokens(b, cells, p, DARK) <= FATAL_DARK;
}

/**
 * §10 Chain: own light tokens joined by light paths not blocked for their owner, from a bottom
 * endpoint to a top one.
 */
export function hasChain(b: TholianBoard, cells: Uint8Array, p: Player): boolean {
  const seen = new Uint8Array(b.size);
  const stack = b.chainBottom.filter((n) => cells[n] === p);
  for (const n of stack) seen[n] = 1;
  const goal = new Set(b.chainTop);
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (goal.has(n)) return true;
    const links = b.neighbours(n);
    for (let k = 0; k < links.length; k++) {
      const m = links[k]!;
      if (seen[m] || cells[m] !== p || blocked(b, cells, n, k, p)) continue;
      seen[m] = 1;
      stack.push(m);
    }
  }
  return false;
}

/** §10 Football and Scrimmage: a light token of `p` on `p`'s target. */
export const touchdown = (b: TholianBoard, cells: Uint8Array, p: Player): boolean => cells[b.target[p]] === p;

/**
 * The result after a move by `mover`, or null. `counting` says whether token counts decide yet
 * (not while Ultimate's placement phase is running).
 */
export function winAfterMove(b: TholianBoard, cells: Uint8Array, mover: Player, f: Features, counting: boolean): TholianResult | null {
  const test =
    f.win === 'chain'
      ? (p: Player) => hasChain(b, cells, p)
      : f.win === 'touchdown'
        ? (p: Player) => touchdown(b, cells, p)
        : (p: Player) => counting && beaten(b, cells, other(p));
  for (const p of [mover, other(mover)]) {
    if (test(p)) return { winner: p, reason: f.win === 'count' ? 'tokens' : f.win };
  }
  return null;
}
