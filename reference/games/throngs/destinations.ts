/**
 * The destination set Dest(o, p) of THRONGS.md §8, written as the spec's bucket search: a hop goes
 * k sites along a straight ray (over anything) and must land on an empty site; the cost of a path
 * is the sum of its hop lengths. The origin holds the moving stone, so no path ever lands on it.
 */
import type { Topology } from '../../boards/topology.js';
import { DIRECTION_COUNT } from '../../boards/lattice.js';

/** The largest power a rule can produce on a lattice: an own stone with six own neighbours (§8). */
export const MAX_POWER = 7;

/** Every site reachable from `origin` for at most `power`, ascending; `cells` has the stone on `origin`. */
export function reachableFrom(t: Topology, cells: Uint8Array, origin: number, power: number): number[] {
  if (power <= 0) return [];
  const unreached = power + 1;
  const dist = new Int32Array(t.size).fill(unreached);
  dist[origin] = 0;
  const buckets: number[][] = Array.from({ length: power + 1 }, () => []);
  buckets[0]!.push(origin);
  for (let d = 0; d <= power; d++) {
    for (const x of buckets[d]!) {
      if (dist[x] !== d) continue;
      for (let dir = 0; dir < DIRECTION_COUNT; dir++) {
        let k = 0;
        for (const target of t.ray(x, dir, power - d)) {
          k += 1;
          if (cells[target] === 0 && d + k < dist[target]!) {
            dist[target] = d + k;
            buckets[d + k]!.push(target);
          }
        }
      }
    }
  }
  const out: number[] = [];
  for (let s = 0; s < t.size; s++) if (s !== origin && dist[s]! < unreached) out.push(s);
  return out;
}
