/** Why a Tholian Go step is not legal, in words for a person (THOLIAN-GO.md §4-§6, §8, §10). */
import type { GameMove } from '../../core/game.js';
import { blockedBetween } from './barriers.js';
import { DARK, type TholianBoard } from './board.js';
import type { TholianMove } from './moves.js';
import { EMPTY, PLAYER_NAMES, type TholianState } from './state.js';

export function explainIllegal(b: TholianBoard, s: TholianState, m: GameMove, legal: readonly TholianMove[]): string {
  if (s.result) return 'the game is over';
  const name = (n: number | undefined) => (n === undefined ? '?' : b.labels[n]);
  if (legal.some((l) => l.kind === 'place') && m.kind !== 'place') return 'the turn must place its tokens first';
  if (s.path.length > 0 && m.kind !== 'push' && m.kind !== 'free') {
    return `a ${s.freePush ? 'free push' : 'push'} is being built (${s.path.map(name).join('>')}): choose where its head ${name(s.path.at(-1))} goes next`;
  }
  switch (m.kind) {
    case 'end':
      return 'the turn cannot end now';
    case 'place':
      if (s.cells[m.at!] !== EMPTY) return `${name(m.at)} is occupied`;
      if (s.placeDark === 0 && s.placeLight === 0) return 'there is nothing to place this turn: a move starts from one of your own tokens';
      return `no placement on ${name(m.at)} now: ${b.web[m.at!] === DARK ? 'dark' : 'light'} placements left ${b.web[m.at!] === DARK ? s.placeDark : s.placeLight}`;
    case 'move': {
      const at = m.at!;
      const to = m.to!;
      if (s.cells[at] !== s.toMove) return `${name(at)} holds no ${PLAYER_NAMES[s.toMove]} token`;
      if ((b.web[at] === DARK ? s.darkLeft : s.lightLeft) === 0) return `no ${b.web[at] === DARK ? 'dark' : 'light'} move is left this turn`;
      if (!b.neighbours(at).includes(to)) return `${name(at)} and ${name(to)} are not joined by a path of one web`;
      if (blockedBetween(b, s.cells, at, to, s.toMove)) return `the path ${name(at)}–${name(to)} is blocked by the opponent's barrier`;
      if (s.rollDark >= 0 || s.rollLight.some((a) => a >= 0)) return `the dice do not allow the first step ${name(at)}>${name(to)}`;
      return `the string from ${name(at)} through ${name(to)} cannot end on an empty node`;
    }
    default: {
      const head = s.path.at(-1);
      if (head === undefined) return 'no push is being built';
      if (!b.neighbours(head).includes(m.to!)) return `${name(head)} and ${name(m.to)} are not neighbours`;
      if (s.path.includes(m.to!)) return `${name(m.to)} is already on the push path`;
      if (blockedBetween(b, s.cells, head, m.to!, s.cells[head]!)) return `the path ${name(head)}–${name(m.to)} is blocked for that token`;
      return `the string cannot end on an empty node through ${name(m.to)}`;
    }
  }
}
