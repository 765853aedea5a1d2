/**
 * AI levels 1 to 8: search budgets with the default (tuned) search settings, from a beginner's
 * opponent to the strongest search that answers in about two seconds. Levels 1 to 5 count
 * iterations, so they play the same on any machine (with a time cap for slow ones); 6 to 8 are
 * thinking times. The README's ladder measures them against each other.
 */
import type { SearchOptions } from '../engine/search.js';

export const LEVELS: Readonly<Record<number, SearchOptions>> = {
  1: { iterations: 30 },
  2: { iterations: 150 },
  3: { iterations: 600 },
  4: { iterations: 2500, timeMs: 250 },
  5: { iterations: 10_000, timeMs: 500 },
  6: { timeMs: 500 },
  7: { timeMs: 1000 },
  8: { timeMs: 2000 },
};

export function levelSearch(level: number): SearchOptions {
  const options = LEVELS[level];
  if (!options) throw new RangeError(`AI levels run from 1 to 8, not ${level}`);
  return options;
}
