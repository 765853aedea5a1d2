/**
 * Reading Ludii's Refugia conformance data (the oracle README's format): a position's complete
 * legal-move set (hops with the stone they jump and what it was), and the scores, end flag and
 * winner after every legal move; for games, the scores after every move and the result.
 */
import type { RefugiaMove, RefugiaState } from '../../../reference/games/refugia/index.js';
import type { GameMove } from '../../../reference/core/game.js';
import type { Player } from '../../../reference/core/types.js';
import { conformanceReader, type ConformanceNotes } from '../../engine/game-entry.js';
import type { RefugiaEngine } from './engine.js';

interface OracleMove {
  p?: Player;
  kind: 'pass' | 'place' | 'step' | 'hop';
  from?: number;
  to?: number;
  over?: number;
  overWas?: 'enemy' | 'neutral';
  scores: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2 | null;
}

interface OraclePosition {
  board: string;
  game: number;
  ply: number;
  cells: number[];
  toMove: Player;
  scores: [number, number];
  lastMoveWasPass: boolean;
  prev: { p: Player };
  terminal: boolean;
  winner: 0 | 1 | 2 | null;
  legal: OracleMove[];
}

interface OracleGame {
  board: string;
  game: number;
  moves: Array<OracleMove & { p: Player }>;
  result: { winner: 0 | 1 | 2 | null; scores?: [number, number] };
}

/** The engine's move for an oracle entry. */
function moveOf(m: OracleMove): GameMove {
  if (m.kind === 'pass') return { kind: 'pass' };
  if (m.kind === 'place') return { kind: 'place', at: m.to };
  return { kind: m.kind, at: m.from, to: m.to };
}

const oracleKey = (m: OracleMove): string =>
  m.kind === 'pass' ? 'pass' : m.kind === 'place' ? `place:${m.to}` : `${m.kind}:${m.from}:${m.to}${m.kind === 'hop' ? `:${m.over}:${m.overWas}` : ''}`;

const engineKey = (m: RefugiaMove): string =>
  m.kind === 'pass' ? 'pass' : m.kind === 'place' ? `place:${m.at}` : `${m.kind}:${m.at}:${m.to}${m.kind === 'hop' ? `:${m.over}:${m.converts}` : ''}`;

function afterMove(c: ConformanceNotes, e: RefugiaEngine, label: string, expected: OracleMove, ended: { terminal: boolean; winner: 0 | 1 | 2 | null }): void {
  const scores = e.scores();
  if (scores[0] !== expected.scores[0] || scores[1] !== expected.scores[1]) {
    c.note(`after ${label}: scores ${scores.join('-')}, Ludii ${expected.scores.join('-')}`);
  }
  const outcome = e.outcome();
  if (!!outcome !== ended.terminal) {
    c.note(`after ${label}: ${outcome ? 'game over' : 'game goes on'}, Ludii ${ended.terminal ? 'game over' : 'game goes on'}`);
  } else if (outcome && outcome.winner !== ended.winner) {
    c.note(`after ${label}: winner ${outcome.winner}, Ludii ${String(ended.winner)}`);
  }
}

/**
 * The oracle's position as an engine state. Ludii leaves the last mover "to move" in a finished
 * game; the engine has moved on to the other player and remembers the last mover separately.
 */
function stateOf(p: OraclePosition): RefugiaState {
  const cells = Uint8Array.from(p.cells);
  if (p.terminal) {
    const last = p.prev.p;
    return { cells, toMove: last === 1 ? 2 : 1, passCount: 2, lastMover: last, ended: true };
  }
  return { cells, toMove: p.toMove, passCount: p.lastMoveWasPass ? 1 : 0, lastMover: 0, ended: false };
}

function checkPosition(c: ConformanceNotes, engine: RefugiaEngine, p: OraclePosition): void {
  engine.load(stateOf(p));
  const scores = engine.scores();
  if (scores[0] !== p.scores[0] || scores[1] !== p.scores[1]) c.note(`scores ${scores.join('-')}, Ludii ${p.scores.join('-')}`);
  const outcome = engine.outcome();
  if (p.terminal && outcome?.winner !== p.winner) c.note(`winner ${String(outcome?.winner)}, Ludii ${String(p.winner)}`);
  const ours = engine.legalMoves();
  const oursKeys = new Set(ours.map(engineKey));
  const theirs = new Set(p.legal.map(oracleKey));
  const show = (ms: readonly GameMove[]): string => ms.slice(0, 8).map((m) => engine.formatMove(m)).join(' ') + (ms.length > 8 ? ` … (${ms.length})` : '');
  const missing = p.legal.filter((m) => !oursKeys.has(oracleKey(m)));
  const extra = ours.filter((m) => !theirs.has(engineKey(m)));
  if (missing.length > 0) c.note(`legal moves missing: ${show(missing.map(moveOf))}`);
  if (extra.length > 0) c.note(`moves Ludii does not allow: ${show(extra)}`);
  for (const expected of p.legal) {
    const move = moveOf(expected);
    if (!engine.isLegal(move)) continue;
    engine.play(move);
    afterMove(c, engine, engine.formatMove(move), expected, { terminal: !!expected.terminal, winner: expected.winner ?? null });
    engine.undo();
  }
}

function checkGame(c: ConformanceNotes, engine: RefugiaEngine, g: OracleGame): void {
  engine.reset({ board: g.board });
  for (const [i, expected] of g.moves.entries()) {
    const move = moveOf(expected);
    const label = `move ${i + 1} ${engine.formatMove(move)}`;
    if (engine.toMove() !== expected.p) {
      c.note(`${label}: player ${engine.toMove()} to move, Ludii player ${expected.p}`);
      return;
    }
    if (!engine.isLegal(move)) {
      c.note(`${label} is not legal here`);
      return;
    }
    engine.play(move);
    const last = i === g.moves.length - 1;
    afterMove(c, engine, label, expected, last ? { terminal: g.result.winner !== null, winner: g.result.winner } : { terminal: false, winner: null });
  }
}

export const refugiaConformance = conformanceReader<RefugiaEngine, OraclePosition, OracleGame>({
  position: [checkPosition, (p) => `game ${p.game} ply ${p.ply}`],
  game: [checkGame, (g) => `game ${g.game}`],
});
