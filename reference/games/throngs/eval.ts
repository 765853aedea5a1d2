/**
 * The heuristic evaluation of a Throngs position, for alpha-beta leaves and, as a search setting,
 * the MCTS playout cut-off: P1's advantage in hundredths of a point, each term P1's value minus
 * P2's. assembly/games/throngs/eval.ts is the same function; the weights are tuned by self-play
 * (docs/ai.md).
 */
import type { Topology } from '../../boards/topology.js';
import type { EvaluationSpec } from '../../core/game.js';
import type { ThrongsState } from './state.js';
import { scores } from './scoring.js';

/** Bound to add or capture from this counter on (§9). */
const OBLIGATION = 4;

export const evaluation: EvaluationSpec = {
  terms: [
    { name: 'score', weight: 100, description: 'points by the scoring rule (§11)' },
    { name: 'mobility', weight: 6, description: 'empty sites the player may place on' },
    { name: 'potential', weight: 2, description: 'power to travel after placing: the sum of AP - 1 over those sites' },
    { name: 'captures', weight: 10, description: 'opponent stones the player may capture (AP ≥ 2)' },
    { name: 'duty', weight: 300, description: 'bound to add or capture with no placement or capture left: a forced pass, which hands the opponent the "all passed" ending' },
    { name: 'tempo', weight: 0, description: 'moves left in the current turn, for the player to move' },
  ],
};

export function evaluate(t: Topology, s: ThrongsState, w: readonly number[]): number {
  const cells = s.cells;
  let mobility1 = 0;
  let mobility2 = 0;
  let potential = 0;
  let captures1 = 0;
  let captures2 = 0;
  for (let site = 0; site < t.size; site++) {
    let a1 = 0;
    let a2 = 0;
    const around = t.neighbours(site);
    for (const n of around) {
      if (cells[n] === 1) a1++;
      else if (cells[n] === 2) a2++;
    }
    const c = cells[site];
    if (c === 0) {
      const ap = a1 - a2;
      const sealed = around.length === a1 + a2;
      if (ap >= 1 || (ap === 0 && sealed)) mobility1++;
      if (ap <= -1 || (ap === 0 && sealed)) mobility2++;
      if (ap >= 2) potential += ap - 1;
      else if (ap <= -2) potential += ap + 1;
    } else if (c === 2) {
      if (a1 - a2 - 1 >= 2) captures1++;
    } else if (a2 - a1 - 1 >= 2) {
      captures2++;
    }
  }
  let duty = 0;
  if (s.counters[0] >= OBLIGATION && mobility1 + captures1 === 0) duty--;
  if (s.counters[1] >= OBLIGATION && mobility2 + captures2 === 0) duty++;
  const left = s.moveIndex === 1 ? 2 : 1;
  const tempo = s.toMove === 1 ? left : -left;
  const [s1, s2] = scores(t, cells);
  return (
    w[0]! * (s1 - s2) +
    w[1]! * (mobility1 - mobility2) +
    w[2]! * potential +
    w[3]! * (captures1 - captures2) +
    w[4]! * duty +
    w[5]! * tempo
  );
}
