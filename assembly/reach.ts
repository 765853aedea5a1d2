// Dest(o, p) of THRONGS.md §8: the empty sites a stone on `o` reaches for at most `p`, where a
// hop runs straight along a ray over anything and lands on an empty site, costing its length.
// Landings are searched level by level (cost 0, 1, ...). Walking a ray may stop at its first
// empty site: going further in the same direction costs the same as hopping there and on.
import { neighbour } from './board';
import { DIST, LEVEL_LEN, LEVELS, MARK, N, OUT } from './layout';
import { cell } from './state';

let stamp: u32 = 0;

@inline function levelLen(d: i32): i32 {
  return load<i32>(LEVEL_LEN + (d << 2));
}

@inline function push(d: i32, site: i32): void {
  const len = levelLen(d);
  store<i32>(LEVELS + (((d * N) + len) << 2), site);
  store<i32>(LEVEL_LEN + (d << 2), len + 1);
}

/**
 * Writes Dest(origin, power) to OUT and returns its size; ascending when `sorted`. The origin
 * counts as occupied whatever the cells say (the moving stone stands on it).
 */
export function reach(origin: i32, power: i32, sorted: bool): i32 {
  if (power <= 0) return 0;
  stamp++;
  if (stamp == 0) {
    memory.fill(MARK, 0, <usize>(N << 2));
    stamp = 1;
  }
  for (let d = 0; d <= power; d++) store<i32>(LEVEL_LEN + (d << 2), 0);
  store<u32>(MARK + (origin << 2), stamp);
  store<u8>(DIST + origin, 0);
  push(0, origin);
  let count = 0;
  for (let d = 0; d < power; d++) {
    const len = levelLen(d);
    for (let i = 0; i < len; i++) {
      const x = load<i32>(LEVELS + (((d * N) + i) << 2));
      if (<i32>load<u8>(DIST + x) != d) continue;
      for (let dir = 0; dir < 6; dir++) {
        let t = x;
        for (let cost = d + 1; cost <= power; cost++) {
          t = neighbour(t, dir);
          if (t < 0) break;
          if (t == origin || cell(t) != 0) continue;
          if (load<u32>(MARK + (t << 2)) != stamp) {
            store<u32>(MARK + (t << 2), stamp);
            store<u8>(DIST + t, <u8>cost);
            push(cost, t);
            store<i32>(OUT + (count << 2), t);
            count++;
          } else if (cost < <i32>load<u8>(DIST + t)) {
            store<u8>(DIST + t, <u8>cost);
            push(cost, t);
          }
          break;
        }
      }
    }
  }
  if (sorted) sortOut(count);
  return count;
}

/** Insertion sort of OUT[0..count): destination sets are small. */
function sortOut(count: i32): void {
  for (let i = 1; i < count; i++) {
    const v = load<i32>(OUT + (i << 2));
    let j = i - 1;
    while (j >= 0 && load<i32>(OUT + (j << 2)) > v) {
      store<i32>(OUT + ((j + 1) << 2), load<i32>(OUT + (j << 2)));
      j--;
    }
    store<i32>(OUT + ((j + 1) << 2), v);
  }
}
