/**
 * Push paths (THOLIAN-GO.md §6, §8) one step at a time. A step may enter an occupied node only if
 * the string can still end on an empty node from there, so every step offered leads to at least
 * one whole legal move and a push in progress is never stuck.
 */
import type { Player } from '../../core/types.js';
import { blocked } from './barriers.js';
import type { TholianBoard } from './board.js';
import { EMPTY } from './state.js';

/**
 * String Push Limit (§6, [A-23]): with m ≥ 2 opposing tokens in the string n1 … nk, the pusher's
 * own tokens among n0 … nk must number at least m. `own` counts n0 … nk, `opp` n1 … nk.
 */
export const withinPushLimit = (own: number, opp: number): boolean => opp < 2 || own >= opp;

export interface PathRules {
  readonly pushLimit: boolean;
  /** The player whose move it is; the limit counts tokens against them. Unused for a free push. */
  readonly pusher: Player;
  /** A free push (§8): rules 1, 4 and 5 only, so no push limit. */
  readonly free: boolean;
}

/** Tokens of the pusher and of the opponent on `path` (the pusher's n0 counts only as own). */
function counts(cells: Uint8Array, path: readonly number[], pusher: Player): [number, number] {
  let own = 0;
  let opp = 0;
  path.forEach((n, i) => {
    if (cells[n] === pusher) own++;
    else if (i > 0 && cells[n] !== EMPTY) opp++;
  });
  return [own, opp];
}

/**
 * Whether the string whose nodes so far are `path` (its head occupied) can be extended node by
 * node to an empty node under rules 1, 4 and 5 (and the push limit when it applies).
 */
export function canComplete(b: TholianBoard, cells: Uint8Array, path: number[], rules: PathRules): boolean {
  const [own, opp] = counts(cells, path, rules.pusher);
  const onPath = new Uint8Array(b.size);
  for (const n of path) onPath[n] = 1;
  const search = (head: number, own: number, opp: number): boolean => {
    const colour = cells[head]!;
    const links = b.neighbours(head);
    for (let k = 0; k < links.length; k++) {
      const m = links[k]!;
      if (onPath[m] || blocked(b, cells, head, k, colour)) continue;
      if (cells[m] === EMPTY) {
        if (rules.free || !rules.pushLimit || withinPushLimit(own, opp)) return true;
        continue;
      }
      onPath[m] = 1;
      const mine = cells[m] === rules.pusher;
      if (search(m, own + (mine ? 1 : 0), opp + (mine ? 0 : 1))) return true;
      onPath[m] = 0;
    }
    return false;
  };
  return search(path[path.length - 1]!, own, opp);
}

/**
 * The nodes the head of `path` may step to next, ascending: each neighbour not on the path and
 * not blocked for the head's token, either empty (the move ends there) or occupied with a way on.
 * `firstAxis` filters the first step by the dice (§10 Oracle): the axes allowed, or null.
 */
export function nextSteps(
  b: TholianBoard,
  cells: Uint8Array,
  path: number[],
  rules: PathRules,
  firstAxes: readonly number[] | null = null,
): number[] {
  const head = path[path.length - 1]!;
  const colour = cells[head]!;
  const links = b.neighbours(head);
  const [own, opp] = counts(cells, path, rules.pusher);
  const out: number[] = [];
  for (let k = 0; k < links.length; k++) {
    const m = links[k]!;
    if (path.includes(m) || blocked(b, cells, head, k, colour)) continue;
    if (firstAxes !== null && !firstAxes.includes(b.axis[head * 6 + k]!)) continue;
    if (cells[m] === EMPTY) {
      if (rules.free || !rules.pushLimit || withinPushLimit(own, opp)) out.push(m);
    } else if (canComplete(b, cells, [...path, m], rules)) {
      out.push(m);
    }
  }
  return out.sort((x, y) => x - y);
}

/** Moves every token of a finished path one node on: the head into the empty last node (§6). */
export function shift(cells: Uint8Array, path: readonly number[]): void {
  for (let i = path.length - 1; i > 0; i--) cells[path[i]!] = cells[path[i - 1]!]!;
  cells[path[0]!] = EMPTY;
}
