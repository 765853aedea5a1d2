/**
 * The heuristic evaluation of a Tholian Go position for alpha-beta's leaves and the MCTS
 * cut-off: Red's advantage in hundredths, each term Red's value minus Blue's. Tokens are what
 * every variant's fight is about, the dark ones counted apart because three of them fewer lose.
 */
import type { EvaluationSpec } from '../../core/game.js';
import { DARK, LIGHT, type TholianBoard } from './board.js';
import { BLUE, countTokens, RED, type TholianState } from './state.js';

export const evaluation: EvaluationSpec = {
  terms: [
    { name: 'light', weight: 100, description: 'light tokens on the board' },
    { name: 'dark', weight: 150, description: 'dark tokens on the board (losing 4 of 6 loses the game, §9)' },
  ],
};

export function evaluate(b: TholianBoard, s: TholianState, w: readonly number[]): number {
  const diff = (web: number) => countTokens(b, s.cells, RED, web) - countTokens(b, s.cells, BLUE, web);
  return w[0]! * diff(LIGHT) + w[1]! * diff(DARK);
}
