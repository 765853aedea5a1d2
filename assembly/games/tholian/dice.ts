// The movement dice of a turn (THOLIAN-GO.md §10 Oracle, reference state.ts rollFor): a fresh
// xoshiro128** generator seeded with seed ^ turn·0x9e3779b1, bit for bit the reference's Rng
// (and core/rng.ts). It is a generator of its own, in locals: the core's generator is the
// stream of the playout or search that is running, which the dice must not disturb.
import { seed } from './options';

/** The dark axis (bits 0-1) and the two light axes (bits 2-3, 4-5) rolled for turn `turn`. */
export function rollFor(turn: i32): i32 {
  let z: u32 = seed ^ (<u32>turn * 0x9e3779b1);
  z += 0x9e3779b9;
  const s0 = mix(z);
  z += 0x9e3779b9;
  let s1 = mix(z);
  z += 0x9e3779b9;
  let s2 = mix(z);
  z += 0x9e3779b9;
  let s3 = mix(z);
  let s0v = s0;
  let out = 0;
  for (let i = 0; i < 3; i++) {
    // below(3) by Lemire's multiply-and-reject, as core/rng.ts.
    let axis: u32 = 0;
    for (;;) {
      const result = rotl<u32>(s1 * 5, 7) * 9;
      const t = s1 << 9;
      s2 ^= s0v;
      s3 ^= s1;
      s1 ^= s2;
      s0v ^= s3;
      s2 ^= t;
      s3 = rotl<u32>(s3, 11);
      const m = <u64>result * 3;
      const low = <u32>m;
      // (2^32 - 3) % 3 = 1: only a low word of 0 is rejected.
      if (low >= 1) {
        axis = <u32>(m >>> 32);
        break;
      }
    }
    out |= <i32>axis << (i << 1);
  }
  return out;
}

@inline function mix(z: u32): u32 {
  let t = z ^ (z >>> 16);
  t *= 0x21f0aaad;
  t ^= t >>> 15;
  t *= 0x735a2d97;
  t ^= t >>> 15;
  return t;
}
