/**
 * Why an action is illegal, in words a player understands. Only called once an action has been
 * found missing from the legal list, so it may be slow; it follows the preconditions of
 * POPULACE.md §4-§5 in order and names the first that fails.
 */
import type { GameMove } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import { pieOpening } from './movegen.js';
import { isMoveShaped, packMove, type PopulaceMove } from './moves.js';
import type { PopulaceOptions } from './options.js';
import { balance, distance, neighbourCounts, potentialValue } from './potential.js';
import { limitReached } from './scoring.js';
import { repeatingActions } from './superko.js';
import { COLOUR_NAMES, EMPTY, other, type PopulaceState } from './state.js';
import { excerpt } from '../../core/errors.js';

/** "(1 Black neighbour, 0 White)": the mover's neighbours of a cell first. */
function neighbourText(t: Topology, cells: Uint8Array, cell: number, me: Player): string {
  const [black, white] = neighbourCounts(t, cells, cell);
  const mine = me === 1 ? black : white;
  const theirs = me === 1 ? white : black;
  return `(${mine} ${COLOUR_NAMES[me]} neighbour${mine === 1 ? '' : 's'}, ${theirs} ${COLOUR_NAMES[other(me)]})`;
}

export function explainIllegal(t: Topology, s: PopulaceState, m: GameMove, legal: readonly PopulaceMove[], o: PopulaceOptions): string {
  if (!isMoveShaped(m, t)) {
    return `not a move on ${excerpt(t.spec)}: expected { kind: 'place' or 'replace', at }, { kind: 'move', at, to }, { kind: 'pass' } or { kind: 'swap' } with cells 0..${t.size - 1}`;
  }
  if (s.ended) return 'the game is over: both players have passed';
  if (limitReached(s, o)) return `the game is over: the move limit of ${o.moveLimit} actions is reached`;
  const key = packMove(m);
  if (legal.some((l) => packMove(l) === key)) return 'it is legal';
  const me = s.toMove;
  const them = other(me);
  const { cells } = s;
  if (m.kind === 'swap') return o.pie ? 'swap is only legal on the second action of the game' : 'there is no swap without the pie rule';
  if (pieOpening(s, o)) return "the pie's first action must be a placement";
  if (m.kind === 'pass') return 'it is not among the legal moves';

  const at = m.at!;
  const a = t.labels[at]!;
  const repeats = (): boolean => o.superko === 'positional' && repeatingActions(t, s).has(key);
  const repeatText = (name: string): string => `${name} would recreate an earlier position (positional superko)`;
  if (m.kind === 'place') {
    if (cells[at] !== EMPTY) return `${a} is not empty`;
    return `${a} is neither controlled by ${COLOUR_NAMES[me]} ${neighbourText(t, cells, at, me)} nor free of neighbouring pieces`;
  }
  if (m.kind === 'replace') {
    if (cells[at] === EMPTY) return `${a} is empty: there is no piece to replace`;
    if (cells[at] === me) return `${a} holds a ${COLOUR_NAMES[me]} piece; only a ${COLOUR_NAMES[them]} piece can be replaced`;
    if (balance(t, cells, at, me) < 2) return `${a} is not threatened ${neighbourText(t, cells, at, me)}`;
    if (repeats()) return repeatText(`x${a}`);
    return 'it is not among the legal moves';
  }

  const to = m.to!;
  const b = t.labels[to]!;
  if (cells[at] !== me) return `there is no ${COLOUR_NAMES[me]} piece on ${a}`;
  if (to === at) return `a move must end on another cell than ${a}`;
  if (cells[to] !== EMPTY) return `${b} is not empty`;
  const pv = potentialValue(t, cells, at, me);
  if (pv < 1) return `${a}'s potential value is ${pv} ${neighbourText(t, cells, at, me)}, so it cannot move`;
  const d = distance(t, at, to);
  if (d < 0) return `${b} cannot be reached from ${a}`;
  if (d > pv) return `${a}-${b} is ${d} steps away, more than ${a}'s potential value ${pv}`;
  if (repeats()) return repeatText(`${a}-${b}`);
  return 'it is not among the legal moves';
}
