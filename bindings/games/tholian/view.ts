/**
 * Tholian Go's part of a board page's view (THOLIAN-GO.md §4, §8, §9, §10): whose turn and what
 * is left of it, the dice, the push being built, the token counts by web, and the marks: the
 * push path and the two target nodes.
 */
import type { TholianMove, TholianState } from '../../../reference/games/tholian/index.js';
import type { TholianBoard } from '../../../reference/games/tholian/board.js';
import { AXES, DARK, LIGHT } from '../../../reference/games/tholian/board.js';
import { countTokens } from '../../../reference/games/tholian/state.js';
import type { Engine } from '../../engine/engine.js';
import type { GameDetails } from '../../engine/view.js';

export const PLAYERS = ['Red', 'Blue'] as const;

type TholianEngine = Engine<TholianState, TholianMove>;


/** What the turn still allows, in words: "1 dark + 2 light moves left". */
export function budgetText(s: TholianState): string {
  const parts: string[] = [];
  if (s.placeDark + s.placeLight > 0) parts.push(`place ${[s.placeDark && `${s.placeDark} dark`, s.placeLight && `${s.placeLight} light`].filter(Boolean).join(' + ')}`);
  if (s.darkLeft + s.lightLeft > 0) parts.push(`${[s.darkLeft && `${s.darkLeft} dark`, s.lightLeft && `${s.lightLeft} light`].filter(Boolean).join(' + ')} ${s.darkLeft + s.lightLeft === 1 ? 'move' : 'moves'} left`);
  return parts.join(', ');
}

/** The unused dice of the turn (§10 Oracle), or ''. */
export function diceText(s: TholianState): string {
  if (s.rollDark < 0 && s.rollLight.every((a) => a < 0)) return '';
  const dark = s.rollDark >= 0 ? AXES[DARK][s.rollDark] : '–';
  const light = s.rollLight.map((a) => (a >= 0 ? AXES[LIGHT][a] : '–')).join(' ');
  return `dice: dark ${dark}, light ${light}`;
}

export function describeTholian(e: TholianEngine): GameDetails {
  const s = e.state();
  const b = e.topology as TholianBoard;
  const over = e.outcome();
  const mover = PLAYERS[s.toMove - 1]!;
  let turn: string;
  if (over) turn = 'Game over';
  else if (s.path.length > 0) turn = `${mover}: ${s.freePush ? 'free push' : 'push'} ${s.path.map((n) => b.labels[n]).join('>')}, choose where it goes on`;
  else turn = `${mover} to move, turn ${Math.ceil(s.turn / 2)}: ${budgetText(s) || 'end the turn'}`;
  const dice = diceText(s);
  const count = (p: 1 | 2, web: number) => countTokens(b, s.cells, p, web);
  return {
    turn: dice && !over ? `${turn} (${dice})` : turn,
    duty: s.freePush ? `${mover} must make the free push of the transformation (§8)` : '',
    breakdown: [
      { label: 'light tokens', values: [count(1, LIGHT), count(2, LIGHT)] },
      { label: 'dark tokens', values: [count(1, DARK), count(2, DARK)] },
    ],
    changed: [],
    marks: [
      ...s.path.map((cell) => ({ cell, mark: 'push' })),
      { cell: b.target[1], mark: 'target-red' },
      { cell: b.target[2], mark: 'target-blue' },
    ],
    scoreNotes: ['', ''],
  };
}

