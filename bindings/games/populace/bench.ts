/** What the benchmarks and the strength ladder measure of Populace. */
import type { BenchPlan } from '../../engine/game-entry.js';

export const bench: BenchPlan = {
  boards: ['hexhex(4)', 'hexhex(7)'],
  // Without a move limit the rules allow endless lines, which have no value.
  solved: { board: 'hexhex(3)', options: { moveLimit: 8 } },
  // docs/solved.md's rows that solve within a couple of minutes; near the ends of games, a move
  // limit keeps every line finite (without one, pieces may move back and forth for ever).
  solvers: {
    boards: [
      { board: 'hexhex(3)', options: { moveLimit: 6 } },
      { board: 'hexhex(3)', options: { moveLimit: 8 } },
      { board: 'hexhex(3)', options: { moveLimit: 8, superko: 'positional' } },
      { board: 'hexhex(4)', options: { moveLimit: 4 } },
      { board: 'hexhex(4)', options: { moveLimit: 6 } },
      { board: 'hexhex(4)', options: { moveLimit: 8 } },
    ],
    nearEnd: [{ board: 'hexhex(5)', options: { moveLimit: 200 } }],
  },
  ladder: {
    // The default hexhex(7) makes 1,000-move games; hexhex(5) keeps a match short.
    board: 'hexhex(5)',
    matches: [
      ['mcts:1000ms', 'alphabeta:1000ms'],
      ['mcts:200ms', 'alphabeta:200ms'],
      ['greedy', 'random'],
      ['mcts:200ms,h=0,widen=0,im=0', 'greedy'],
      ['level:1', 'random'],
      ['level:3', 'greedy'],
    ],
  },
};
