/** What the benchmarks and the strength ladder measure of Throngs. */
import { THRONGS_BOARD_NAMES } from '../../../reference/games/throngs/boards.js';
import type { BenchPlan } from '../../engine/game-entry.js';

export const bench: BenchPlan = {
  boards: THRONGS_BOARD_NAMES,
  // Measured on a quiet machine (Ludii 1.3.13 driven headless).
  ludiiPlayoutsPerSec: { ragged63: '10.95', throngs93: '3.76', ragged87: '4.56', ragged153: '1.10' },
  // The standard set-up of hexhex(2) has one move, a pass; the pie gives a choice.
  solved: { board: 'hexhex(2)', setup: 'pie' },
  parallelAlphaBeta: [
    [12, [5]],
    [20, [4, 5, 6]],
    [30, [5]],
  ],
  // docs/solved.md's rows that solve in seconds, and the boards the ladder plays on.
  solvers: {
    boards: [{ board: 'hexhex(2)' }, { board: 'hexhex(2)', setup: 'pie' }, { board: 'althex(2,3)' }, { board: 'althex(2,3)', setup: 'pie' }],
    nearEnd: [{ board: 'ragged63' }, { board: 'hexhex(5)' }],
  },
  ladder: {
    board: 'ragged63',
    // The targets first. `h=0,widen=0,im=0` marks the first ladder's search settings (the cut-off
    // judged by the score margin, every edge tried, selection by the mean alone), `im=0` the
    // defaults before implicit minimax, measured before the defaults changed.
    matches: [
      ['mcts:1000ms', 'alphabeta:1000ms'],
      ['mcts:1000ms', 'alphabeta:1000ms', 0, 'throngs93'],
      ['mcts:1000ms', 'alphabeta:1000ms', 0, 'ragged153'],
      ['mcts:1000ms,widen=0,im=0', 'alphabeta:1000ms'],
      ['mcts:200ms', 'alphabeta:200ms'],
      ['mcts:200ms,im=0', 'alphabeta:200ms'],
      // A stand-in for Ludii's AlphaBeta at its own depth: on ragged63 it reached a median of 3
      // decisions at 1 s, at most one Throngs turn; three whole moves, a turn and the reply, is at
      // least as deep.
      ['mcts:1000ms', 'alphabeta:3d'],
      ['mcts:200ms', 'alphabeta:3d'],
      ['mcts:200ms', 'mcts:200ms,im=0'],
      ['mcts:200ms', 'mcts:200ms,h=0,widen=0,im=0'],
      ['alphabeta:200ms', 'mcts:200ms,h=0,widen=0,im=0'],
      ['mcts:1000ms,h=0,widen=0,im=0', 'greedy'],
      ['mcts:1000ms,h=0,widen=0,im=0', 'mcts-ref:1000ms,h=0,widen=0,im=0'],
      ['greedy', 'random'],
      ['mcts:200ms,h=0,widen=0,im=0', 'greedy'],
      ['mcts-ref:200ms,h=0,widen=0,im=0', 'greedy'],
      ['mcts:200ms,h=0,widen=0,im=0', 'mcts-ref:200ms,h=0,widen=0,im=0'],
      ['mcts:1000ms,h=0,widen=0,im=0', 'mcts:200ms,h=0,widen=0,im=0'],
      ['level:1', 'random'],
      ['level:1', 'greedy'],
      ['level:2', 'greedy'],
      ['level:3', 'greedy'],
    ],
  },
};
