/**
 * Reading Populace's conformance data (the "Populace" section of the oracle's README; an
 * independent model of POPULACE.md, not Ludii): a position's complete set of legal actions and
 * the scores, end and winner after each of them; for games, the colour to move and the scores
 * after every action, and the result. Records carry their rule options (`pie`, `button_rule`),
 * and players are colours: the swap exchanges seats, so the data's `toMove` is 2 after it.
 */
import type { PopulaceMove, PopulaceState } from '../../../reference/games/populace/index.js';
import { colourAtPly } from '../../../reference/games/populace/state.js';
import type { GameMove } from '../../../reference/core/game.js';
import type { Player } from '../../../reference/core/types.js';
import { conformanceReader, type ConformanceNotes } from '../../engine/game-entry.js';
import type { PopulaceEngine } from './engine.js';

type Winner = 0 | 1 | 2 | null;

interface OracleAction {
  kind: 'pass' | 'place' | 'replace' | 'move' | 'swap';
  from?: number;
  to?: number;
  scores: [number, number];
  terminal?: boolean;
  winner?: Winner;
}

interface OraclePosition {
  board: string;
  seed: number;
  ply: number;
  cells: number[];
  toMove: Player;
  passes: number;
  button: 0 | Player;
  pie: boolean;
  button_rule: boolean;
  scores: [number, number];
  numLegal: number;
  legal: OracleAction[];
}

interface OracleGame {
  board: string;
  seed: number;
  pie: boolean;
  button_rule: boolean;
  moves: Array<OracleAction & { p: Player }>;
  result: { winner: Winner; scores: [number, number]; plies: number };
}

/** The engine's action for an oracle entry: a placement or replacement names its cell as `to`. */
function moveOf(a: OracleAction): GameMove {
  if (a.kind === 'pass' || a.kind === 'swap') return { kind: a.kind };
  if (a.kind === 'move') return { kind: 'move', at: a.from, to: a.to };
  return { kind: a.kind, at: a.to };
}

const oracleKey = (a: OracleAction): string => (a.kind === 'move' ? `move:${a.from}:${a.to}` : a.kind === 'pass' || a.kind === 'swap' ? a.kind : `${a.kind}:${a.to}`);

const engineKey = (m: PopulaceMove): string => (m.kind === 'move' ? `move:${m.at}:${m.to}` : m.kind === 'pass' || m.kind === 'swap' ? m.kind : `${m.kind}:${m.at}`);

const sameScores = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[1] === b[1];

/** The rule variant of a record, for the record's name: nothing for the defaults. */
function variant(r: { pie: boolean; button_rule: boolean }): string {
  const off = [!r.pie && 'pie', !r.button_rule && 'button'].filter(Boolean);
  return off.length > 0 ? ` (${off.join(' and ')} off)` : '';
}

/** Puts the engine on the record's board and rules, keeping it when they are already in force. */
function useRules(e: PopulaceEngine, board: string, pie: boolean, button: boolean, always: boolean): void {
  const options = { pie, button };
  const wanted = e.rules.resolveOptions(options);
  const same = e.topology?.spec === board && Object.entries(wanted).every(([k, v]) => e.options[k] === v);
  if (always || !same) e.reset({ board, options });
}

/**
 * The oracle's position as an engine state. The data has no `swapped` flag because it needs
 * none: colours alternate except after the swap, so White to move on an even ply means it
 * was played.
 */
function stateOf(p: OraclePosition): PopulaceState {
  return {
    cells: Uint8Array.from(p.cells),
    toMove: p.toMove,
    passes: p.passes,
    button: p.button,
    ply: p.ply,
    swapped: p.toMove !== colourAtPly(p.ply, false),
    ended: false,
    recent: [],
  };
}

function afterAction(c: ConformanceNotes, e: PopulaceEngine, label: string, expected: { scores: [number, number]; terminal: boolean; winner: Winner }): void {
  const scores = e.scores();
  if (!sameScores(scores, expected.scores)) c.note(`after ${label}: scores ${scores.join('-')}, model ${expected.scores.join('-')}`);
  const outcome = e.outcome();
  if (!!outcome !== expected.terminal) {
    c.note(`after ${label}: ${outcome ? 'game over' : 'game goes on'}, model ${expected.terminal ? 'game over' : 'game goes on'}`);
  } else if (outcome && outcome.winner !== expected.winner) {
    c.note(`after ${label}: winner ${outcome.winner}, model ${String(expected.winner)}`);
  }
}

function checkPosition(c: ConformanceNotes, e: PopulaceEngine, p: OraclePosition): void {
  useRules(e, p.board, p.pie, p.button_rule, false);
  e.load(stateOf(p));
  const scores = e.scores();
  if (!sameScores(scores, p.scores)) c.note(`scores ${scores.join('-')}, model ${p.scores.join('-')}`);
  if (p.legal.length !== p.numLegal) c.note(`the record lists ${p.legal.length} actions but says ${p.numLegal}`);
  const ours = e.legalMoves();
  const oursKeys = new Set(ours.map(engineKey));
  const theirs = new Set(p.legal.map(oracleKey));
  const show = (ms: readonly GameMove[]): string => ms.slice(0, 8).map((m) => e.formatMove(m)).join(' ') + (ms.length > 8 ? ` … (${ms.length})` : '');
  const missing = p.legal.filter((a) => !oursKeys.has(oracleKey(a)));
  const extra = ours.filter((m) => !theirs.has(engineKey(m)));
  if (missing.length > 0) c.note(`legal actions missing: ${show(missing.map(moveOf))}`);
  if (extra.length > 0) c.note(`actions the model does not allow: ${show(extra)}`);
  for (const expected of p.legal) {
    const move = moveOf(expected);
    if (!e.isLegal(move)) continue;
    e.play(move);
    afterAction(c, e, e.formatMove(move), { scores: expected.scores, terminal: !!expected.terminal, winner: expected.winner ?? null });
    e.undo();
  }
}

function checkGame(c: ConformanceNotes, e: PopulaceEngine, g: OracleGame): void {
  useRules(e, g.board, g.pie, g.button_rule, true);
  for (const [i, expected] of g.moves.entries()) {
    const move = moveOf(expected);
    const label = `action ${i + 1} ${e.formatMove(move)}`;
    if (e.toMove() !== expected.p) {
      c.note(`${label}: colour ${e.toMove()} to move, model ${expected.p}`);
      return;
    }
    if (!e.isLegal(move)) {
      c.note(`${label} is not legal here`);
      return;
    }
    e.play(move);
    const last = i === g.moves.length - 1;
    afterAction(c, e, label, last ? { scores: expected.scores, terminal: true, winner: g.result.winner } : { scores: expected.scores, terminal: false, winner: null });
  }
  const outcome = e.outcome();
  if (outcome && !sameScores(outcome.scores, g.result.scores)) c.note(`final scores ${outcome.scores.join('-')}, model ${g.result.scores.join('-')}`);
  if (e.history().length !== g.result.plies) c.note(`${e.history().length} actions played, the model's result says ${g.result.plies}`);
}

export const populaceConformance = conformanceReader<PopulaceEngine, OraclePosition, OracleGame>({
  position: [checkPosition, (p) => `seed ${p.seed} ply ${p.ply}${variant(p)}`],
  game: [checkGame, (g) => `game ${g.seed}${variant(g)}`],
});
