/** Equality checks for the suites that compare engines at every position of thousands. */
import { expect } from 'vitest';

/**
 * JSON that tells apart what toEqual tells apart in engine results: -0, NaN and the infinities,
 * undefined in an array, and typed arrays by their kind.
 */
function exact(this: unknown, _key: string, v: unknown): unknown {
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0) ? v : `#${Object.is(v, -0) ? '-0' : String(v)}`;
  if (v === undefined) return Array.isArray(this) ? '#undefined' : undefined;
  if (ArrayBuffer.isView(v)) return { [`#${v.constructor.name}`]: Array.from(v as unknown as ArrayLike<number>) };
  if (v instanceof Map || v instanceof Set) return { [`#${v.constructor.name}`]: [...v] };
  return v;
}

/**
 * expect(actual).toEqual(expected), quickly. Vitest's deep equality takes milliseconds on a list
 * of hundreds of moves, which at every position of thousands is most of a test's time; the same
 * JSON (above) means equal data, and anything else goes to toEqual for the verdict and message.
 */
export function expectEqual(actual: unknown, expected: unknown, where?: string): void {
  if (JSON.stringify(actual, exact) !== JSON.stringify(expected, exact)) expect(actual, where).toEqual(expected);
}
