/**
 * Tholian Go's part of a board page's view (THOLIAN-GO.md §4, §8, §9, §10): whose turn and what
 * is left of it, the dice, the push being built, the token counts by web and the tokens lost,
 * and the marks: the string the push will move, the two target nodes and the two entry nodes.
 * Also the weave the board draws the webs and their barriers from (§2.1, §5).
 */
import { tholian, type TholianMove, type TholianState } from '../../../reference/games/tholian/index.js';
import { TholianBoard } from '../../../reference/games/tholian/board.js';
import { AXES, DARK, LIGHT } from '../../../reference/games/tholian/board.js';
import { countTokens } from '../../../reference/games/tholian/state.js';
import { parseRecord } from '../../../reference/core/record.js';
import type { Topology } from '../../../reference/boards/topology.js';
import type { Engine } from '../../engine/engine.js';
import type { GameDetails, Weave } from '../../engine/view.js';

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

/** The webs of a board and the crossing path of each path (its dual, §2.1), for the board's drawing. */
export function tholianWeave(t: Topology): Weave {
  const b = t as TholianBoard;
  return {
    web: b.web,
    dual(a, c) {
      const k = b.neighbours(a).indexOf(c);
      const l = a * 6 + k;
      return k >= 0 && b.dualA[l]! >= 0 ? [b.dualA[l]!, b.dualB[l]!] : null;
    },
  };
}

/** Each player's tokens on the board when the game began: its set-up, or the position it was loaded from. */
function startTokens(e: TholianEngine): readonly [number, number] {
  const record = parseRecord(e.record());
  const position = record.ok ? record.value.tags.get('Position') : undefined;
  const parsed = position === undefined ? null : tholian.parsePosition(position);
  const cells = parsed?.ok ? parsed.value.state.cells : tholian.initial(e.topology, 'standard', e.options).cells;
  const count = (p: number) => cells.reduce((n, c) => n + (c === p ? 1 : 0), 0);
  return [count(1), count(2)];
}

/** Tokens each player has lost to sequestration (§7): all they had or placed, less those on the board. */
export function tokensLost(e: TholianEngine): [number, number] {
  const start = startTokens(e);
  const placed = [0, 0];
  for (const { move, player } of e.moveLog()) if (move.kind === 'place') placed[player - 1]!++;
  const cells = e.cells();
  return ([1, 2] as const).map((p) => start[p - 1]! + placed[p - 1]! - cells.reduce((n, c) => n + (c === p ? 1 : 0), 0)) as [number, number];
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
  const lost = tokensLost(e);
  // The score is the tokens on the board; beside it, the two counts the win depends on (§9).
  const note = (p: 1 | 2) => `${count(p, LIGHT)} light + ${count(p, DARK)} dark${lost[p - 1] ? `, ${lost[p - 1]} lost` : ''}`;
  return {
    turn: dice && !over ? `${turn} (${dice})` : turn,
    duty: s.freePush ? `${mover} must make the free push of the transformation (§8)` : '',
    breakdown: [
      { label: 'light tokens', values: [count(1, LIGHT), count(2, LIGHT)] },
      { label: 'dark tokens', values: [count(1, DARK), count(2, DARK)] },
      { label: 'tokens lost', values: lost },
    ],
    changed: [],
    marks: [
      // The tokens that move when the push ends: all of the path, the head's node still to come.
      ...s.path.filter((cell) => s.cells[cell] !== 0).map((cell) => ({ cell, mark: 'push' })),
      { cell: b.target[1], mark: 'target-red' },
      { cell: b.target[2], mark: 'target-blue' },
      { cell: b.entry[1], mark: 'entry-red' },
      { cell: b.entry[2], mark: 'entry-blue' },
    ],
    path: [...s.path],
    scoreNotes: [note(1), note(2)],
  };
}

