/** What the benchmarks and the strength ladder measure of Refugia. */
import type { BenchPlan } from '../../engine/game-entry.js';

export const bench: BenchPlan = {
  boards: ['hex2-3', 'hex3-4', 'hex6-8'],
  // Measured under a load of 1-3 (Ludii 1.3.13 driven headless), hence the ranges.
  ludiiPlayoutsPerSec: { 'hex2-3': '7,600–9,200', 'hex3-4': '1,240–1,650', 'hex6-8': '27–40' },
  solved: { board: 'hex2-3' },
  parallelAlphaBeta: [
    [6, [7, 8, 9]],
    [10, [8, 9, 10]],
  ],
  // docs/solved.md's rows, and the default board, which no solver has solved from the start.
  solvers: {
    boards: [{ board: 'hexhex(2)' }, { board: 'hex2-3' }],
    nearEnd: [{ board: 'hex3-4' }],
  },
  ladder: {
    board: 'hex3-4',
    // Throngs' agents and levels, fewer of the slow matches.
    matches: [
      ['mcts:1000ms', 'alphabeta:1000ms'],
      ['mcts:200ms', 'alphabeta:200ms'],
      ['mcts:200ms,im=0', 'alphabeta:200ms'],
      ['greedy', 'random'],
      ['mcts:200ms,h=0,widen=0,im=0', 'greedy'],
      ['mcts:1000ms,h=0,widen=0,im=0', 'greedy'],
      ['level:1', 'random'],
      ['level:3', 'greedy'],
    ],
  },
};
