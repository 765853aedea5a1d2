/**
 * The engine's one pseudo-random generator, xoshiro128** seeded through splitmix32. It uses only
 * 32-bit integer operations (Math.imul, shifts), so assembly/rng.ts reproduces it bit for bit and
 * a seeded playout is the same move for move in both backends.
 */

function rotl(x: number, k: number): number {
  return (x << k) | (x >>> (32 - k));
}

export class Rng {
  private s0 = 0;
  private s1 = 0;
  private s2 = 0;
  private s3 = 0;

  constructor(seed: number) {
    let z = seed >>> 0;
    const next = (): number => {
      z = (z + 0x9e3779b9) | 0;
      let t = z ^ (z >>> 16);
      t = Math.imul(t, 0x21f0aaad);
      t ^= t >>> 15;
      t = Math.imul(t, 0x735a2d97);
      t ^= t >>> 15;
      return t | 0;
    };
    this.s0 = next();
    this.s1 = next();
    this.s2 = next();
    this.s3 = next();
  }

  /** The next 32 random bits as an unsigned integer. */
  nextU32(): number {
    const result = Math.imul(rotl(Math.imul(this.s1, 5), 7), 9);
    const t = this.s1 << 9;
    this.s2 ^= this.s0;
    this.s3 ^= this.s1;
    this.s1 ^= this.s2;
    this.s0 ^= this.s3;
    this.s2 ^= t;
    this.s3 = rotl(this.s3, 11);
    return result >>> 0;
  }

  /**
   * A uniform integer in [0, n), by Lemire's multiply-and-reject. With n < 2^21 the product of
   * two 32-bit values stays exact in a double, which is what lets wasm's u64 arithmetic agree.
   */
  below(n: number): number {
    if (!(n >= 1 && n <= 0x200000) || !Number.isInteger(n)) {
      throw new RangeError(`Rng.below needs an integer in [1, 2^21], got ${n}`);
    }
    let m = this.nextU32() * n;
    let low = m % 4294967296;
    if (low < n) {
      const threshold = (4294967296 - n) % n;
      while (low < threshold) {
        m = this.nextU32() * n;
        low = m % 4294967296;
      }
    }
    return Math.floor(m / 4294967296);
  }
}

/** Seeds are unsigned 32-bit integers; anything else is refused rather than silently truncated. */
export function isSeed(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 0xffffffff;
}
