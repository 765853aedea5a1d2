/** What the benchmarks and the strength ladder measure of Tholian Go (its main variant). */
import type { BenchPlan } from '../../engine/game-entry.js';

export const bench: BenchPlan = {
  boards: ['main'],
  ladder: {
    board: 'main',
    matches: [
      ['mcts:200ms', 'alphabeta:200ms'],
      ['greedy', 'random'],
      ['level:1', 'random'],
    ],
  },
};
