/**
 * The heuristic evaluation of a Refugia position, for alpha-beta leaves and the MCTS cut-off
 * setting: P1's advantage in hundredths of a point, each term P1's value minus P2's.
 * assembly/games/refugia/eval.ts is the same function.
 */
import type { Topology } from '../../boards/topology.js';
import type { EvaluationSpec } from '../../core/game.js';
import { EMPTY, type RefugiaState } from './state.js';
import { scores, stoneCounts } from './scoring.js';

export const evaluation: EvaluationSpec = {
  terms: [
    { name: 'score', weight: 100, description: 'adjacencies between own stones (§6)' },
    { name: 'stones', weight: 30, description: 'own stones on the board: the tie-break, and material a hop cannot take back' },
    { name: 'placements', weight: 5, description: 'empty cells with no own neighbour, where the player may still place' },
  ],
};

export function evaluate(t: Topology, s: RefugiaState, w: readonly number[]): number {
  const [s1, s2] = scores(t, s.cells);
  const [n1, n2] = stoneCounts(s.cells);
  let places = 0;
  for (let c = 0; c < t.size; c++) {
    if (s.cells[c] !== EMPTY) continue;
    const near = t.neighbours(c).map((n) => s.cells[n]);
    if (!near.includes(1)) places++;
    if (!near.includes(2)) places--;
  }
  return w[0]! * (s1 - s2) + w[1]! * (n1 - n2) + w[2]! * places;
}
