// The keys of the positions on the line an exact search stands on, for its repetition checks:
// the plain state hash, since an image of an earlier position under a symmetry is not that
// position. Counters by the keys' low bits let most checks skip the scan of the line.
import { SOLVE_MAX_PLY } from './abi';

const FILTER: i32 = 4096;

let keys: usize = 0; // u64[SOLVE_MAX_PLY + 1]
let filter: usize = 0; // u8[FILTER]

/** Lays the keys out from `at`, empty; returns where they end. */
export function lineKeysLayout(at: usize): usize {
  filter = at;
  keys = filter + FILTER;
  lineKeysClear();
  return keys + <usize>(SOLVE_MAX_PLY + 1) * 8;
}

/** Forgets the line (after a search stopped midway). */
export function lineKeysClear(): void {
  memory.fill(filter, 0, FILTER);
}

/** Puts the position of key `h` (stateHash) on the line at `ply`. */
export function linePush(ply: i32, h: u64): void {
  store<u64>(keys + (<usize>ply << 3), h);
  const f = filter + <usize>(<u32>h & (FILTER - 1));
  store<u8>(f, load<u8>(f) + 1);
}

/** Takes the position of key `h` off the line. */
export function linePop(h: u64): void {
  const f = filter + <usize>(<u32>h & (FILTER - 1));
  store<u8>(f, load<u8>(f) - 1);
}

/** Whether the position of key `h` is on the line at a ply below `ply`. */
export function onLine(h: u64, ply: i32): bool {
  if (load<u8>(filter + <usize>(<u32>h & (FILTER - 1))) == 0) return false;
  for (let p = 0; p < ply; p++) if (load<u64>(keys + (<usize>p << 3)) == h) return true;
  return false;
}
