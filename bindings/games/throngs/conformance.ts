/**
 * Reading Ludii's Throngs conformance data (the oracle README's format): a position's complete
 * legal-move set with each move's decision count, and the scores, add-or-capture counters, end
 * flag and winner after every legal move; for games, the same after every move and the result.
 */
import { emptyBlock, startSentinel, type Block, type ThrongsState } from '../../../reference/games/throngs/state.js';
import { packMove, type LegalMove } from '../../../reference/games/throngs/moves.js';
import type { Player } from '../../../reference/core/types.js';
import type { EndReason, Move } from '../../../reference/games/throngs/types.js';
import { conformanceReader, type ConformanceNotes } from '../../engine/game-entry.js';
import type { ThrongsEngine } from './engine.js';

interface OracleMove {
  p?: Player;
  kind: 'add' | 'capture' | 'move' | 'pass';
  at?: number;
  to?: number;
  dec: 1 | 2;
  forced?: boolean;
  scores: [number, number];
  counters: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2 | null;
  endReason?: EndReason;
}

interface OraclePosition {
  board: string;
  game: number;
  ply: number;
  cells: number[];
  toMove: Player;
  moveInTurn: 1 | 2;
  counters: [number, number];
  scores: [number, number];
  prev: Array<{ p: Player; kind: string; dec: number }>;
  terminal: boolean;
  winner: 0 | 1 | 2 | null;
  endReason?: EndReason;
  legal: OracleMove[];
}

interface OracleGame {
  board: string;
  game: number;
  start: { cells: number[]; scores: [number, number]; counters: [number, number]; toMove: Player };
  moves: Array<OracleMove & { p: Player }>;
  result: { winner: 0 | 1 | 2 | null; endReason?: EndReason; scores: [number, number] };
}

/**
 * The block bookkeeping of §12.1 rebuilt from the last moves: the current block is the run of
 * moves by the player to move at the end of `prev`, the previous block the run before it. With
 * fewer than four moves recorded the game start (a sentinel block) may be what came before.
 */
export function blocksFromHistory(prev: OraclePosition['prev'], toMove: Player): { prevBlock: Block; curBlock: Block } {
  const summarise = (run: typeof prev): Block => ({
    weight: run.reduce((w, m) => w + m.dec, 0),
    firstWasPass: run[0]!.kind === 'pass',
    allPass: run.every((m) => m.kind === 'pass'),
  });
  let i = prev.length;
  const current: typeof prev = [];
  while (i > 0 && prev[i - 1]!.p === toMove) current.unshift(prev[--i]!);
  const before: typeof prev = [];
  const other = i > 0 ? prev[i - 1]!.p : 0;
  while (i > 0 && prev[i - 1]!.p === other) before.unshift(prev[--i]!);
  return {
    prevBlock: before.length > 0 ? summarise(before) : startSentinel(),
    curBlock: current.length > 0 ? summarise(current) : emptyBlock(),
  };
}

function stateOfPosition(p: OraclePosition): ThrongsState {
  return {
    cells: Uint8Array.from(p.cells),
    toMove: p.toMove,
    moveIndex: p.moveInTurn,
    counters: [p.counters[0], p.counters[1]],
    pieStep: null,
    ...blocksFromHistory(p.prev, p.toMove),
    ended: p.terminal ? (p.endReason ?? 'allPassed') : null,
  };
}


const moveKey = (m: { kind: string; at?: number; to?: number; dec?: number; forced?: boolean }): string =>
  `${m.kind}:${m.at ?? '-'}:${m.to ?? '-'}:${m.dec ?? '?'}${m.forced ? ':forced' : ''}`;

/** Compares the engine's state after a move with what Ludii recorded. */
function afterMove(c: ConformanceNotes, e: ThrongsEngine, label: string, expected: OracleMove, ended: { terminal: boolean; winner: 0 | 1 | 2 | null; endReason?: EndReason }): void {
  const scores = e.scores();
  const counters = e.counters();
  if (scores[0] !== expected.scores[0] || scores[1] !== expected.scores[1]) {
    c.note(`after ${label}: scores ${scores.join('-')}, Ludii ${expected.scores.join('-')}`);
  }
  if (counters[0] !== expected.counters[0] || counters[1] !== expected.counters[1]) {
    c.note(`after ${label}: add counters ${counters.join(',')}, Ludii ${expected.counters.join(',')}`);
  }
  const outcome = e.outcome();
  if (!!outcome !== ended.terminal) {
    c.note(`after ${label}: ${outcome ? `game over (${outcome.reason})` : 'game goes on'}, Ludii ${ended.terminal ? `game over (${ended.endReason})` : 'game goes on'}`);
  } else if (outcome) {
    if (outcome.winner !== ended.winner) c.note(`after ${label}: winner ${outcome.winner}, Ludii ${String(ended.winner)}`);
    if (ended.endReason && outcome.reason !== ended.endReason) c.note(`after ${label}: ended by ${outcome.reason}, Ludii ${ended.endReason}`);
  }
}

function checkPosition(c: ConformanceNotes, engine: ThrongsEngine, p: OraclePosition): void {
  engine.load(stateOfPosition(p));
  const scores = engine.scores();
  if (scores[0] !== p.scores[0] || scores[1] !== p.scores[1]) c.note(`scores ${scores.join('-')}, Ludii ${p.scores.join('-')}`);
  const ours = engine.legalMoves();
  const oursKeys = new Set(ours.map(moveKey));
  const theirs = new Set(p.legal.map(moveKey));
  const missing = p.legal.filter((m) => !oursKeys.has(moveKey(m)));
  const extra = ours.filter((m) => !theirs.has(moveKey(m)));
  const show = (ms: readonly (Move & { dec?: number })[]): string =>
    ms.slice(0, 8).map((m) => `${engine.formatMove(m)}/${m.dec}`).join(' ') + (ms.length > 8 ? ` … (${ms.length})` : '');
  if (missing.length > 0) c.note(`legal moves missing: ${show(missing)}`);
  if (extra.length > 0) c.note(`moves Ludii does not allow: ${show(extra)}`);
  for (const expected of p.legal) {
    const move: Move = { kind: expected.kind, at: expected.at, to: expected.to };
    if (!engine.isLegal(move)) continue;
    engine.play(move);
    afterMove(c, engine, engine.formatMove(move), expected, { terminal: !!expected.terminal, winner: expected.winner ?? null, endReason: expected.endReason });
    engine.undo();
  }
}

function checkGame(c: ConformanceNotes, engine: ThrongsEngine, g: OracleGame): void {
  engine.load({
    cells: Uint8Array.from(g.start.cells),
    toMove: g.start.toMove,
    moveIndex: 1,
    counters: [g.start.counters[0], g.start.counters[1]],
    pieStep: null,
    prevBlock: startSentinel(),
    curBlock: emptyBlock(),
    ended: null,
  });
  for (const [i, expected] of g.moves.entries()) {
    const move: Move = { kind: expected.kind, at: expected.at, to: expected.to };
    const label = `move ${i + 1} ${engine.formatMove(move)}`;
    if (engine.toMove() !== expected.p) {
      c.note(`${label}: player ${engine.toMove()} to move, Ludii player ${expected.p}`);
      return;
    }
    const key = packMove(move);
    const legal: LegalMove | undefined = engine.legalMoves().find((m) => packMove(m) === key);
    if (!legal) {
      c.note(`${label} is not legal here`);
      return;
    }
    if (legal.dec !== expected.dec || !!legal.forced !== !!expected.forced) {
      c.note(`${label}: ${legal.dec} decision(s)${legal.forced ? ', forced' : ''}, Ludii ${expected.dec}${expected.forced ? ', forced' : ''}`);
    }
    engine.play(legal);
    const last = i === g.moves.length - 1;
    afterMove(c, engine, label, expected, last ? { terminal: g.result.winner !== null, winner: g.result.winner, endReason: g.result.endReason } : { terminal: false, winner: null });
  }
}

export const throngsConformance = conformanceReader<ThrongsEngine, OraclePosition, OracleGame>({
  position: [checkPosition, (p) => `game ${p.game} ply ${p.ply}`],
  game: [checkGame, (g) => `game ${g.game}`],
});
