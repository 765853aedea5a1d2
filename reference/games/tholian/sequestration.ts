/**
 * Sequestration (THOLIAN-GO.md §7, [A-12], [A-13]): a player's barriers cut a web into areas;
 * the opponent's tokens in every area smaller than the largest are removed.
 */
import type { Player } from '../../core/types.js';
import type { TholianBoard } from './board.js';
import type { Sequestration } from './options.js';
import { EMPTY, other } from './state.js';

/**
 * Removes the tokens `p`'s barriers sequester on `web` and returns how many. A link is cut when
 * both ends of its dual hold `p`'s tokens (it is blocked for `p`'s opponent).
 */
export function sequester(b: TholianBoard, cells: Uint8Array, p: Player, web: number, rule: Sequestration): number {
  const nodes = b.nodesOf[web]!;
  const area = new Int32Array(b.size).fill(-1);
  const sizes: number[] = [];
  for (const start of nodes) {
    if (area[start]! >= 0) continue;
    const id = sizes.length;
    const stack = [start];
    area[start] = id;
    let size = 0;
    while (stack.length > 0) {
      const n = stack.pop()!;
      size++;
      const links = b.neighbours(n);
      for (let k = 0; k < links.length; k++) {
        const m = links[k]!;
        if (area[m]! >= 0) continue;
        const l = n * 6 + k;
        if (b.dualA[l]! >= 0 && cells[b.dualA[l]!] === p && cells[b.dualB[l]!] === p) continue;
        area[m] = id;
        stack.push(m);
      }
    }
    sizes.push(size);
  }
  if (sizes.length < 2) return 0;
  const largest = Math.max(...sizes);
  const spared = sizes.map((size) => size === largest);
  if (rule !== 'largest') {
    for (const n of nodes) {
      if (rule === 'full' && cells[n] === EMPTY) spared[area[n]!] = true;
      if (rule === 'ends-open' && b.isEndRow(n)) spared[area[n]!] = true;
    }
  }
  const victim = other(p);
  let removed = 0;
  for (const n of nodes) {
    if (cells[n] === victim && !spared[area[n]!]) {
      cells[n] = EMPTY;
      removed++;
    }
  }
  return removed;
}

/** §7's order after a move by `mover`: the mover's barriers on both webs, then the opponent's. */
export function resolveCaptures(b: TholianBoard, cells: Uint8Array, mover: Player, rule: Sequestration): void {
  for (const p of [mover, other(mover)]) {
    for (const web of [0, 1]) sequester(b, cells, p, web, rule);
  }
}
