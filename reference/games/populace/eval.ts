/**
 * The heuristic evaluation of a Populace position, for alpha-beta leaves and the MCTS cut-off
 * setting: P1's advantage in hundredths of a point, each term P1's value minus P2's.
 * assembly/games/populace/eval.ts is the same function.
 */
import type { Topology } from '../../boards/topology.js';
import type { EvaluationSpec } from '../../core/game.js';
import { neighbourCounts } from './potential.js';
import { scores } from './scoring.js';
import type { PopulaceState } from './state.js';

export const evaluation: EvaluationSpec = {
  terms: [
    { name: 'score', weight: 50, description: 'per half point of the score: pieces, controlled empty cells, the button (§6)' },
    { name: 'threatened', weight: 60, description: 'own pieces the opponent may replace (§3), counted against their owner' },
  ],
};

export function evaluate(t: Topology, s: PopulaceState, w: readonly number[]): number {
  const [s1, s2] = scores(t, s);
  let threatened = 0;
  for (let c = 0; c < t.size; c++) {
    const v = s.cells[c];
    if (v !== 1 && v !== 2) continue;
    const [black, white] = neighbourCounts(t, s.cells, c);
    if (v === 1 && white - black >= 2) threatened++;
    else if (v === 2 && black - white >= 2) threatened--;
  }
  return w[0]! * Math.round((s1 - s2) * 2) - w[1]! * threatened;
}
