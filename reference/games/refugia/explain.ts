/**
 * Why a move is illegal, in words a player understands. Only called once a move has been found
 * missing from the legal list, so it may be slow; it follows the preconditions of REFUGIA.md §5
 * in order and names the first that fails.
 */
import type { GameMove } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';
import { areNeighbours, hopMidpoint } from './geometry.js';
import { enemyNeighbours, touchesOwnStone } from './movegen.js';
import { isMoveShaped, packMove, type RefugiaMove } from './moves.js';
import { EMPTY, type RefugiaState } from './state.js';
import { excerpt } from '../../core/errors.js';

const enemies = (n: number): string => `${n} enemy neighbour${n === 1 ? '' : 's'}`;

/**
 * Why the mover's stone on `cell` cannot move: every step and hop must end on a cell with fewer
 * enemy neighbours than the stone has now (§4-§5); '' when it can move or is not the mover's.
 */
export function explainStuck(t: Topology, s: RefugiaState, cell: number, legal: readonly RefugiaMove[]): string {
  if (s.ended || s.cells[cell] !== s.toMove || legal.some((m) => (m.kind === 'step' || m.kind === 'hop') && m.at === cell)) return '';
  const now = enemyNeighbours(t, s.cells, cell, s.toMove);
  if (now === 0) return `the stone on ${t.labels[cell]} cannot move: it has no enemy neighbours, and a stone moves only to a cell with fewer`;
  return `the stone on ${t.labels[cell]} cannot move: it has ${enemies(now)}, and no empty cell a step or a hop away has fewer`;
}

export function explainIllegal(t: Topology, s: RefugiaState, m: GameMove, legal: readonly RefugiaMove[]): string {
  if (!isMoveShaped(m, t)) {
    return `not a move on ${excerpt(t.spec)}: expected { kind: 'place', at }, { kind: 'step' or 'hop', at, to } or { kind: 'pass' } with cells 0..${t.size - 1}`;
  }
  if (s.ended) return 'the game is over';
  const key = packMove(m);
  if (legal.some((l) => packMove(l) === key)) return 'it is legal';
  const me = s.toMove;
  const { cells } = s;
  if (m.kind === 'pass') return 'it is not among the legal moves';
  const at = m.at!;
  const a = t.labels[at]!;
  if (m.kind === 'place') {
    if (cells[at] !== EMPTY) return `${a} is not empty`;
    const own = touchesOwnStone(t, cells, at, me);
    if (own >= 0) return `${a} touches your stone at ${t.labels[own]}`;
    return 'it is not among the legal moves';
  }

  const to = m.to!;
  const b = t.labels[to]!;
  const name = `${a}-${b}`;
  if (cells[at] !== me) return `there is no stone of yours on ${a}`;
  if (m.kind === 'step' && !areNeighbours(t, at, to)) {
    return hopMidpoint(t, at, to) >= 0 ? `${name} is a hop, not a step` : `${b} is not next to ${a}; a step goes to a neighbouring cell`;
  }
  if (m.kind === 'hop') {
    const over = hopMidpoint(t, at, to);
    if (over < 0) {
      return areNeighbours(t, at, to)
        ? `${name} is a step, not a hop`
        : `${b} is not two cells from ${a} on a line; a hop jumps exactly one neighbouring cell`;
    }
    const o = t.labels[over]!;
    if (cells[over] === EMPTY) return `${name}: ${o} is empty; a hop jumps over an enemy or neutral stone`;
    if (cells[over] === me) return `${name}: ${o} is your own stone; a hop jumps over an enemy or neutral stone`;
  }
  if (cells[to] !== EMPTY) return `${b} is not empty`;
  const from = enemyNeighbours(t, cells, at, me);
  const dest = enemyNeighbours(t, cells, to, me);
  if (dest >= from) return `${name}: ${b} has ${enemies(dest)}, not fewer than ${a}'s ${from}`;
  return 'it is not among the legal moves';
}
