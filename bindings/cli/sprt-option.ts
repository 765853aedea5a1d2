/**
 * The `--sprt` option of `throngs match` and the ladder, checked beyond what the test's own
 * parser asks: a key given twice is refused rather than the later one taken, and alpha and beta
 * lie within a range where the test's bounds are numbers (a tiny alpha makes one infinite).
 */
import { excerpt } from '../../reference/core/errors.js';
import { parseSprt, type SprtBounds } from '../agents/sprt.js';
import { UsageProblem } from './command.js';

/** The error rates the test takes: fishtest's 0.05 lies well inside. */
export const ERROR_RATE_RANGE: readonly [number, number] = [0.001, 0.25];

export function sprtOf(text: string): SprtBounds {
  const seen = new Set<string>();
  for (const part of text.split(',')) {
    const key = part.split('=')[0]!.trim();
    if (seen.has(key)) throw new UsageProblem(`--sprt '${excerpt(text)}': ${excerpt(key)} is given twice: give each key once`);
    seen.add(key);
  }
  let bounds: SprtBounds;
  try {
    bounds = parseSprt(text);
  } catch (e) {
    throw new UsageProblem((e as Error).message);
  }
  const [low, high] = ERROR_RATE_RANGE;
  for (const k of ['alpha', 'beta'] as const) {
    if (!(bounds[k] >= low && bounds[k] <= high)) throw new UsageProblem(`--sprt: ${k} must be from ${low} to ${high}, not ${excerpt(String(bounds[k]))}`);
  }
  return bounds;
}
