/**
 * The symmetries of a board, computed from its topology alone (no game names its own): each is a
 * permutation of the sites that carries every step in a lattice direction to a step in one
 * direction (the same for all sites), and every step off the board to a step off it. Rays, degrees
 * and the edge flags therefore map onto themselves, so a rule written in those terms gives a
 * position and its image the same value, and a solver need prove one position of each class.
 */
import { DIRECTION_COUNT } from './lattice.js';
import type { Topology } from './topology.js';

/** The directions by angle, counter-clockwise from E (DIRECTIONS' order is E, W, NW, SE, NE, SW). */
const AROUND = [0, 4, 2, 1, 5, 3] as const;

/** The twelve ways the hexagonal lattice's directions can map onto themselves: six turns, each with and without a mirror. */
const DIRECTION_MAPS: readonly (readonly number[])[] = (() => {
  const maps: number[][] = [];
  for (const mirror of [false, true]) {
    for (let turn = 0; turn < 6; turn++) {
      const map = new Array<number>(DIRECTION_COUNT);
      for (let k = 0; k < 6; k++) map[AROUND[k]!] = AROUND[(((mirror ? -k : k) + turn) % 6 + 6) % 6]!;
      maps.push(map);
    }
  }
  return maps;
})();

/**
 * Every symmetry of `t`, the identity first, each as `image[site]`. A graph board (no lattice
 * directions) or a board in several pieces has the identity only: a permutation found without
 * the directions could break a rule that reads them, and pieces could be mapped in many ways.
 */
export function symmetries(t: Topology): Int32Array[] {
  const identity = Int32Array.from({ length: t.size }, (_, i) => i);
  if (t.isGraph) return [identity];
  const found: Int32Array[] = [identity];
  const seen = new Set<string>([identity.join(',')]);
  for (const map of DIRECTION_MAPS) {
    for (let target = 0; target < t.size; target++) {
      const image = follow(t, map, target);
      if (!image) continue;
      const key = image.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      found.push(image);
    }
  }
  return found;
}

/**
 * The permutation that sends site 0 to `target` and turns directions by `map`, if there is one:
 * from site 0 outwards each step fixes the image of the next site, and every step must agree.
 */
function follow(t: Topology, map: readonly number[], target: number): Int32Array | null {
  const image = new Int32Array(t.size).fill(-1);
  const taken = new Uint8Array(t.size);
  image[0] = target;
  taken[target] = 1;
  const queue = [0];
  for (let head = 0; head < queue.length; head++) {
    const site = queue[head]!;
    for (let d = 0; d < DIRECTION_COUNT; d++) {
      const next = t.neighbour[site * DIRECTION_COUNT + d]!;
      const mapped = t.neighbour[image[site]! * DIRECTION_COUNT + map[d]!]!;
      if ((next < 0) !== (mapped < 0)) return null;
      if (next < 0) continue;
      if (image[next]! < 0) {
        if (taken[mapped]) return null;
        image[next] = mapped;
        taken[mapped] = 1;
        queue.push(next);
      } else if (image[next] !== mapped) {
        return null;
      }
    }
  }
  return queue.length === t.size ? image : null;
}

/** The cells of a position seen through a symmetry: what stood on site s now stands on image[s]. */
export function mapCells(cells: ArrayLike<number>, image: Int32Array): Uint8Array {
  const out = new Uint8Array(cells.length);
  for (let s = 0; s < cells.length; s++) out[image[s]!] = cells[s]!;
  return out;
}

/**
 * The least of a position's images (compared site by site), and a symmetry that gives it: the
 * key under which every position of one class is stored once.
 */
export function canonicalCells(cells: ArrayLike<number>, all: readonly Int32Array[]): { cells: Uint8Array; symmetry: number } {
  let best = mapCells(cells, all[0]!);
  let symmetry = 0;
  for (let k = 1; k < all.length; k++) {
    const candidate = mapCells(cells, all[k]!);
    if (less(candidate, best)) {
      best = candidate;
      symmetry = k;
    }
  }
  return { cells: best, symmetry };
}

function less(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]!;
  return false;
}
