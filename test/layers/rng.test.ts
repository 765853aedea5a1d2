/** The shared PRNG: bit-exact against an independent BigInt implementation, and uniform. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Rng, isSeed } from '../../reference/core/rng.js';

const M32 = 0xffffffffn;
const rotl = (x: bigint, k: bigint): bigint => ((x << k) | (x >> (32n - k))) & M32;

/** splitmix32 + xoshiro128** written again with BigInt arithmetic, straight from the papers. */
function* reference(seed: number): Generator<bigint> {
  let z = BigInt(seed >>> 0);
  const mix = (): bigint => {
    z = (z + 0x9e3779b9n) & M32;
    let t = z ^ (z >> 16n);
    t = (t * 0x21f0aaadn) & M32;
    t ^= t >> 15n;
    t = (t * 0x735a2d97n) & M32;
    return t ^ (t >> 15n);
  };
  const s = [mix(), mix(), mix(), mix()];
  for (;;) {
    yield (rotl((s[1]! * 5n) & M32, 7n) * 9n) & M32;
    const t = (s[1]! << 9n) & M32;
    s[2]! ^= s[0]!;
    s[3]! ^= s[1]!;
    s[1]! ^= s[2]!;
    s[0]! ^= s[3]!;
    s[2]! ^= t;
    s[3] = rotl(s[3]!, 11n);
  }
}

describe('Rng', () => {
  it('matches the BigInt reference bit for bit', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 32 - 1), (seed) => {
        const rng = new Rng(seed);
        const ref = reference(seed);
        for (let i = 0; i < 50; i++) expect(rng.nextU32()).toBe(Number(ref.next().value));
      }),
      { numRuns: 200 },
    );
  });

  it('below(n) is Lemire\'s multiply-and-reject over those bits', () => {
    fc.assert(
      fc.property(fc.nat(2 ** 32 - 1), fc.integer({ min: 1, max: 0x200000 }), (seed, n) => {
        const rng = new Rng(seed);
        const ref = reference(seed);
        for (let i = 0; i < 20; i++) {
          const bn = BigInt(n);
          let m = ref.next().value * bn;
          const threshold = (2n ** 32n - bn) % bn;
          while ((m & M32) < threshold) m = ref.next().value * bn;
          expect(rng.below(n)).toBe(Number(m >> 32n));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('below(n) is uniform (chi-square, 9 buckets)', () => {
    const rng = new Rng(42);
    const counts = new Array<number>(9).fill(0);
    const draws = 90_000;
    for (let i = 0; i < draws; i++) counts[rng.below(9)]!++;
    const expected = draws / 9;
    const chi = counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(26.1); // p = 0.001 for 8 degrees of freedom
  });

  it('refuses bad bounds, and isSeed accepts exactly the unsigned 32-bit integers', () => {
    const rng = new Rng(1);
    for (const n of [0, -1, 1.5, 0x200001, Number.NaN]) expect(() => rng.below(n)).toThrow(RangeError);
    expect([0, 1, 2 ** 32 - 1].every(isSeed)).toBe(true);
    expect([-1, 2 ** 32, 0.5, '1', Number.NaN].some(isSeed)).toBe(false);
  });
});
