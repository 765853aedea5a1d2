/**
 * Why a move is illegal, in words a player understands. Only called once a move has already been
 * found missing from the legal list, so it may be slow and need not be exhaustive.
 */
import type { Topology } from '../../boards/topology.js';
import type { Move, RuleOptions } from './types.js';
import { obligationActive } from './movegen.js';
import type { LegalMove } from './moves.js';
import { actionPotential, hasEmptyNeighbour } from './potential.js';
import type { ThrongsState } from './state.js';

const NAMES = ['', 'Black', 'White'] as const;

export function explainIllegal(t: Topology, s: ThrongsState, move: Move, legal: readonly LegalMove[], options: RuleOptions): string {
  if (s.ended) return 'the game is over';
  const me = s.toMove;
  const who = NAMES[me];
  if (s.pieStep === 3) return 'the pie offer must be answered with accept or swap';
  if (move.kind === 'accept' || move.kind === 'swap') return 'accept and swap only answer the pie offer';
  if (s.pieStep !== null) {
    if (move.kind !== 'add' || move.to !== move.at) return 'during the pie only plain placements are made';
    return `${t.labels[move.at!]} is occupied`;
  }
  const duty = obligationActive(s);
  if (move.kind === 'pass') {
    return duty
      ? `${who} has not added a stone in the last 3 moves and must add or capture`
      : 'pass is not available here';
  }
  const at = move.at!;
  const to = move.to ?? at;
  const label = t.labels[at]!;
  const ap = actionPotential(t, s.cells, at, me);
  if (move.kind === 'move') {
    if (duty && !(options.obligationRelaxesToTravel && legal.every((m) => m.kind === 'move')))
      return `${who} must add or capture; travel is not allowed now`;
    if (s.cells[at] !== me) return `${label} holds no ${who} stone`;
    if (to === at) return 'a travel must leave its site (pass instead)';
    if (ap < 1) return `the action potential of ${label} is ${ap}; travel needs at least 1`;
    return `${t.labels[to]} is not reachable from ${label} with power ${ap}`;
  }
  if (move.kind === 'capture') {
    if (s.cells[at] !== (me === 1 ? 2 : 1)) return `${label} holds no opponent stone to capture`;
    if (ap < 2) return `the action potential of ${label} is ${ap}; a capture needs at least 2`;
    return `${t.labels[to]} is not reachable from ${label} with power ${ap - 2} after the capture`;
  }
  if (s.cells[at] !== 0) {
    return s.cells[at] === me ? `${label} is already ${who}'s stone` : `${label} is occupied (write x${label} to capture)`;
  }
  if (ap < 1 && !(ap === 0 && !hasEmptyNeighbour(t, s.cells, at))) {
    return `the action potential of ${label} is ${ap}; placing needs 1, or 0 with no empty neighbour`;
  }
  if (to !== at) {
    if (ap < 2) return `the action potential of ${label} is ${ap}; placing and travelling needs 2`;
    return `${t.labels[to]} is not reachable from ${label} with power ${ap - 1}`;
  }
  return 'it is not among the legal moves';
}
