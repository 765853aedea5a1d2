/**
 * AI levels 1 to 8, from a beginner's opponent to the strongest search that answers in about two
 * seconds. Levels 1 to 5 count MCTS iterations, so they play the same on any machine (with a
 * time cap for slow ones), and keep the settings they were measured with (the score margin at
 * the cut-off, no widening, no implicit minimax, no contempt for draws: the ladder in
 * docs/ladder.md); 6 is the default MCTS for a quarter second; 7 and 8 are alpha-beta, which beats the
 * MCTS at equal time. Alpha-beta gains in whole plies, each about five times the time, so 7 and 8
 * sit five times apart (at 1 s and 2 s they played almost even). The ladder (docs/ladder.md) measures
 * each level against the one below. A game whose levels 1 to 5 need other settings to differ
 * says so (GameRules.levelSettings), so a level is looked up for its game. The alpha-beta levels
 * also run on several workers (`level:8,workers=2`; engine/parallel-alphabeta.ts), the same
 * search with each depth's root moves split between them. Both first give the exact solver a tenth
 * of their time: a position it proves is played perfectly.
 */
import type { SearchOptions, SearchSettings } from '../engine/search.js';

/** What a level needs to know of its game: the rules, or the worker's description of them. */
export interface LevelGame {
  readonly levelSettings?: Readonly<Partial<SearchSettings>>;
}

/** The first ladder's settings: the cut-off judged by the score margin, every edge tried, selection by the mean alone, a draw worth one half. */
const MARGIN = { heuristic: 0, widen: 0, implicit: 0, contempt: 0 } as const;

/**
 * The share of levels 7 and 8's time in which the exact solver first tries to prove the position
 * (solver/solve-first.ts): perfect play where it succeeds (small boards, the ends of games), a
 * tenth of a ply's time lost where it does not.
 */
export const SOLVE_SHARE = 0.1;

export const LEVELS: Readonly<Record<number, SearchOptions>> = {
  1: { iterations: 30, settings: MARGIN },
  2: { iterations: 150, settings: MARGIN },
  3: { iterations: 600, settings: MARGIN },
  4: { iterations: 2500, timeMs: 250, settings: MARGIN },
  5: { iterations: 10_000, timeMs: 500, settings: MARGIN },
  6: { timeMs: 250 },
  7: { algorithm: 'alphabeta', timeMs: 400, solveFirst: SOLVE_SHARE },
  8: { algorithm: 'alphabeta', timeMs: 2000, solveFirst: SOLVE_SHARE },
};

/** Whether a level's search can be split over workers: the alpha-beta levels. */
export function levelTakesWorkers(level: number): boolean {
  return LEVELS[level]?.algorithm === 'alphabeta';
}

/** Whether a level searches by time alone (no count of iterations), so that it can be given another time. */
export function levelSearchesByTime(level: number): boolean {
  const options = LEVELS[level];
  return options !== undefined && options.timeMs !== undefined && options.iterations === undefined;
}

/** The levels that search by time alone. */
export const TIMED_LEVELS: readonly number[] = Object.keys(LEVELS).map(Number).filter(levelSearchesByTime);

/** The levels whose search can be split over workers. */
export const ALPHABETA_LEVELS: readonly number[] = Object.keys(LEVELS).map(Number).filter(levelTakesWorkers);

/** A level's search for `game`; `timeMs`, for a level that searches by time, in place of its own time. */
export function levelSearch(level: number, game: LevelGame, timeMs?: number): SearchOptions {
  const own = LEVELS[level];
  if (!own) throw new RangeError(`AI levels run from 1 to 8, not ${level}`);
  if (timeMs !== undefined && !levelSearchesByTime(level)) throw new RangeError(`level ${level} searches by iterations, not by time`);
  const options = timeMs === undefined ? own : { ...own, timeMs };
  // Only the levels on the first ladder's settings (1-5) take the game's own in their place.
  if (options.settings !== MARGIN || !game.levelSettings) return options;
  return { ...options, settings: { ...MARGIN, ...game.levelSettings } };
}
