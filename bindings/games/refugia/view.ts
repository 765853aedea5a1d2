/**
 * Refugia's part of a board page's view: whose turn, the pass that would end the game, the
 * score's parts (adjacencies, then stones for the tie-break), the stone a hop converted, and the
 * enemy-neighbour count that decides where a stone may flee.
 */
import type { RefugiaMove, RefugiaState } from '../../../reference/games/refugia/index.js';
import type { Engine } from '../../engine/engine.js';
import type { GameDetails } from '../../engine/view.js';

export const PLAYERS = ['Dark', 'Light'] as const;

type RefugiaEngine = Engine<RefugiaState, RefugiaMove>;

export function describeRefugia(e: RefugiaEngine): GameDetails {
  const s = e.state();
  const mover = PLAYERS[s.toMove - 1]!;
  const stones: [number, number] = [0, 0];
  for (const c of s.cells) if (c === 1 || c === 2) stones[c - 1] = stones[c - 1]! + 1;
  const [a, b] = e.scores();
  const last = e.history().at(-1);
  return {
    turn: e.outcome() ? 'Game over' : `${mover} to move`,
    duty: !e.outcome() && s.passCount === 1 ? `a pass now ends the game` : '',
    breakdown: [
      { label: 'adjacencies', values: [a, b] },
      { label: 'stones (the tie-break)', values: stones },
    ],
    changed: last?.kind === 'hop' ? [last.over] : [],
    marks: [],
    scoreNotes: ['', ''],
  };
}

/** For each cell, how many enemies (opponent or neutral stones) of the player to move touch it. */
export function enemyCounts(e: RefugiaEngine): Int8Array {
  const t = e.topology;
  const s = e.state();
  const out = new Int8Array(t.size);
  const enemy = s.toMove === 1 ? 2 : 1;
  for (let c = 0; c < t.size; c++) {
    let n = 0;
    for (let d = 0; d < 6; d++) {
      const x = t.neighbour[c * 6 + d]!;
      if (x >= 0 && (s.cells[x] === enemy || s.cells[x] === 3)) n++;
    }
    out[c] = n;
  }
  return out;
}
