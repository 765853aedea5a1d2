// The engine's PRNG, xoshiro128** seeded through splitmix32: bit for bit the generator of
// reference/core/rng.ts, so seeded playouts agree move for move across the two engines.
let s0: u32 = 0;
let s1: u32 = 0;
let s2: u32 = 0;
let s3: u32 = 0;
let z: u32 = 0;

function mix(): u32 {
  z += 0x9e3779b9;
  let t = z ^ (z >>> 16);
  t *= 0x21f0aaad;
  t ^= t >>> 15;
  t *= 0x735a2d97;
  t ^= t >>> 15;
  return t;
}

export function seedRng(seed: u32): void {
  z = seed;
  s0 = mix();
  s1 = mix();
  s2 = mix();
  s3 = mix();
}

@inline export function nextU32(): u32 {
  const result = rotl<u32>(s1 * 5, 7) * 9;
  const t = s1 << 9;
  s2 ^= s0;
  s3 ^= s1;
  s1 ^= s2;
  s0 ^= s3;
  s2 ^= t;
  s3 = rotl<u32>(s3, 11);
  return result;
}

/** Uniform in [0, n) by Lemire's multiply-and-reject. */
export function below(n: u32): u32 {
  let m = <u64>nextU32() * <u64>n;
  let low = <u32>m;
  if (low < n) {
    const threshold: u32 = (<u32>0 - n) % n;
    while (low < threshold) {
      m = <u64>nextU32() * <u64>n;
      low = <u32>m;
    }
  }
  return <u32>(m >>> 32);
}

// One saved state: a side draw from a generator of its own seed (Tholian Go's dice, which a
// playout or search in progress must not disturb) runs between saveRng and restoreRng.
let k0: u32 = 0;
let k1: u32 = 0;
let k2: u32 = 0;
let k3: u32 = 0;
let kz: u32 = 0;

export function saveRng(): void {
  k0 = s0;
  k1 = s1;
  k2 = s2;
  k3 = s3;
  kz = z;
}

export function restoreRng(): void {
  s0 = k0;
  s1 = k1;
  s2 = k2;
  s3 = k3;
  z = kz;
}
