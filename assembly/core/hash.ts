// The position key both searches use: a hash of the state block (or of the prefix of it that
// fixes the position), so equal positions hash alike whatever the game.
import { STATE } from './layout';

/** A 64-bit hash of the first `bytes` of the state block (equal blocks hash alike, whatever the game). */
export function stateHash(bytes: i32): u64 {
  return hashAt(STATE, bytes);
}

/** The same hash of `bytes` at `at` (a position's key bytes built elsewhere hash as the block would). */
@inline export function hashAt(at: usize, bytes: i32): u64 {
  let h: u64 = 0x9e3779b97f4a7c15;
  const n = <usize>bytes;
  let i: usize = 0;
  for (; i + 8 <= n; i += 8) {
    h = (h ^ load<u64>(at + i)) * 0xff51afd7ed558ccd;
    h ^= h >> 32;
  }
  for (; i < n; i++) h = (h ^ <u64>load<u8>(at + i)) * 0x100000001b3;
  h ^= h >> 29;
  return h * 0xc4ceb9fe1a85ec53;
}
