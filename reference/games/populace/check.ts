/**
 * The checks a position must pass before an engine accepts it (POPULACE.md §4, §6).
 */
import { PositionError, excerpt } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import { recentProblem } from './superko.js';
import { BLACK, colourAtPly, COLOUR_NAMES, EMPTY, WHITE, type PopulaceState } from './state.js';

/**
 * Refuses a state the engines cannot rely on: malformed fields, and bookkeeping that no game can
 * produce (pieces without actions, a swap that was not on ply 1, the colour to move out of step
 * with the ply). Whether the pie or the button rule were on is not known here, so what depends on
 * them (a pass on ply 0, a pass without the button) is accepted.
 */
export function checkState(t: Topology, s: PopulaceState): void {
  const fail = (why: string): never => {
    throw new PositionError(`bad position on ${excerpt(t.spec)}: ${why}`);
  };
  if (!(s.cells instanceof Uint8Array)) fail('cells must be a Uint8Array');
  if (s.cells.length !== t.size) fail(`${s.cells.length} cells given, the board has ${t.size}`);
  let pieces = 0;
  s.cells.forEach((v, i) => {
    if (v > WHITE) fail(`cell ${t.labels[i]} holds ${v}; only 0 (empty), 1 (Black) and 2 (White) exist`);
    if (v !== EMPTY) pieces++;
  });
  if (s.toMove !== BLACK && s.toMove !== WHITE) fail(`colour to move is ${String(s.toMove)}`);
  if (!Number.isSafeInteger(s.ply) || s.ply < 0) fail(`ply ${String(s.ply)} is not a whole number ≥ 0`);
  if (!Number.isInteger(s.passes) || s.passes < 0 || s.passes > 2) {
    fail(`pass count ${String(s.passes)} is outside 0..2 (two passes in a row end the game)`);
  }
  if (s.passes > s.ply) fail(`${s.passes} consecutive passes in ${s.ply} actions`);
  if (s.ended !== (s.passes === 2)) fail(`the game is over exactly after two passes in a row, not with ended=${String(s.ended)} and ${s.passes} passes`);
  if (s.button !== 0 && s.button !== BLACK && s.button !== WHITE) fail(`button holder is ${String(s.button)}`);
  if (s.button !== 0 && s.ply === 0) fail('nobody can hold the button before the first action');
  if (typeof s.swapped !== 'boolean') fail('swapped must be true or false');
  if (s.swapped && s.ply < 2) fail(`the swap is played on ply 1, so a game at ply ${s.ply} cannot be swapped`);
  if (pieces > s.ply) fail(`${pieces} pieces on the board after ${s.ply} actions (an action adds at most one)`);
  const expected = colourAtPly(s.ply, s.swapped);
  if (s.toMove !== expected) {
    fail(
      `${COLOUR_NAMES[s.toMove]} cannot be to move at ply ${s.ply} ${s.swapped ? 'after' : 'without'} the swap (colours alternate, and only the swap leaves White to move again)`,
    );
  }
  if (!Array.isArray(s.recent)) fail('recent must be an array of packed actions');
  if (s.recent.length > s.ply) fail(`${s.recent.length} recent actions in a game of ${s.ply} actions`);
  const why = recentProblem(t, s);
  if (why) fail(why);
}
