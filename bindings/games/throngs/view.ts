/**
 * Throngs' part of a board page's view: the turn (move 1 or 2 of the double move, the pie), the
 * add-or-capture duty, the parts of the score, and the overlays (action potential, territory).
 */
import { OBLIGATION_THRESHOLD } from '../../../reference/games/throngs/movegen.js';
import type { GameDetails } from '../../engine/view.js';
import type { ThrongsEngine } from './engine.js';

export const PLAYERS = ['Black', 'White'] as const;

export function describeThrongs(e: ThrongsEngine): GameDetails {
  const mover = PLAYERS[e.toMove() - 1]!;
  const pie = e.pieStep();
  const counters = e.counters();
  const [b, w] = [e.scoreBreakdown(1), e.scoreBreakdown(2)];
  let turn: string;
  if (e.outcome()) turn = 'Game over';
  else if (pie !== null) turn = pie < 3 ? `Black places pie stone ${pie + 1} of 3 (${['black', 'white', 'black'][pie]})` : 'White: accept the offer or swap colours';
  else turn = `${mover} to move, move ${e.moveIndex()} of 2`;
  const duty = !e.outcome() && pie === null && counters[e.toMove() - 1]! >= OBLIGATION_THRESHOLD ? `${mover} must add or capture` : '';
  return {
    turn,
    duty,
    breakdown: [
      { label: 'safe stones', values: [b.stones, w.stones] },
      { label: 'empty sites', values: [b.empty, w.empty] },
      { label: 'capturable stones', values: [b.capturable, w.capturable] },
      { label: 'total', values: [b.total, w.total] },
    ],
    changed: [],
    marks: [],
    scoreNotes: ['', ''],
  };
}

export const throngsOverlays = {
  potential: (e: ThrongsEngine): Int8Array => e.actionPotentials(),
  territory: (e: ThrongsEngine): Int8Array => Int8Array.from(e.territory()),
};
