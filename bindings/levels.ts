/**
 * AI levels 1 to 8: budgets and search settings, from a beginner's opponent to the strongest
 * search that answers in about two seconds. The settings come from the matches in the README.
 */
import type { SearchOptions, SearchSettings } from './search.js';

/** The search settings that won the tuning matches (README, "Strength"). */
export const STRONG_SETTINGS: Partial<SearchSettings> = { exploration: 0.7, cutoff: 20, evalScale: 4, biasPercent: 0 };

export const LEVELS: Readonly<Record<number, SearchOptions>> = {
  1: { iterations: 25, settings: STRONG_SETTINGS },
  2: { iterations: 100, settings: STRONG_SETTINGS },
  3: { iterations: 400, settings: STRONG_SETTINGS },
  4: { iterations: 1500, timeMs: 250, settings: STRONG_SETTINGS },
  5: { iterations: 5000, timeMs: 500, settings: STRONG_SETTINGS },
  6: { timeMs: 800, settings: STRONG_SETTINGS },
  7: { timeMs: 1300, settings: STRONG_SETTINGS },
  8: { timeMs: 2000, settings: STRONG_SETTINGS },
};

export function levelSearch(level: number): SearchOptions {
  const options = LEVELS[level];
  if (!options) throw new RangeError(`AI levels run from 1 to 8, not ${level}`);
  return options;
}
