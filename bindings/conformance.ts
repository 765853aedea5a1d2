/**
 * Checks an engine against the Ludii-generated conformance data (the format of the oracle's
 * README): for positions, the complete legal-move set with each move's decision count, and the
 * scores, counters, end flag and winner after every legal move; for games, the same after every
 * move of the game and its result. Differences are reported in move notation.
 */
import { gunzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { formatMove } from '../reference/notation.js';
import { emptyBlock, startSentinel, type Block, type ThrongsState } from '../reference/games/throngs/state.js';
import { packMove, type LegalMove } from '../reference/games/throngs/moves.js';
import type { EndReason, Move, Player } from '../reference/types.js';
import type { Engine } from './engine.js';

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

export interface ConformanceReport {
  passed: number;
  failed: number;
  /** Readable descriptions of the first differences found. */
  differences: string[];
}

/** Reads a JSON-lines file, gzipped or not. */
export function readJsonLines(path: string): unknown[] {
  let bytes: Buffer = readFileSync(path);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes);
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (e) {
        throw new Error(`${basename(path)} line ${i + 1} is not JSON: ${(e as Error).message}`);
      }
    });
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

class Checker {
  readonly report: ConformanceReport = { passed: 0, failed: 0, differences: [] };
  private problems: string[] = [];

  constructor(
    private readonly engine: Engine,
    private readonly maxDifferences: number,
  ) {}

  note(problem: string): void {
    this.problems.push(problem);
  }

  finish(where: string): void {
    if (this.problems.length === 0) {
      this.report.passed++;
    } else {
      this.report.failed++;
      for (const p of this.problems) {
        if (this.report.differences.length < this.maxDifferences) this.report.differences.push(`${where}: ${p}`);
      }
    }
    this.problems = [];
  }

  name(m: Move): string {
    return formatMove(this.engine.topology, m);
  }

  /** Compares the engine's state after a move with what Ludii recorded. */
  afterMove(label: string, expected: OracleMove, ended: { terminal: boolean; winner: 0 | 1 | 2 | null; endReason?: EndReason }): void {
    const e = this.engine;
    const scores = e.scores();
    const counters = e.counters();
    if (scores[0] !== expected.scores[0] || scores[1] !== expected.scores[1]) {
      this.note(`after ${label}: scores ${scores.join('-')}, Ludii ${expected.scores.join('-')}`);
    }
    if (counters[0] !== expected.counters[0] || counters[1] !== expected.counters[1]) {
      this.note(`after ${label}: add counters ${counters.join(',')}, Ludii ${expected.counters.join(',')}`);
    }
    const outcome = e.outcome();
    if (!!outcome !== ended.terminal) {
      this.note(`after ${label}: ${outcome ? `game over (${outcome.reason})` : 'game goes on'}, Ludii ${ended.terminal ? `game over (${ended.endReason})` : 'game goes on'}`);
    } else if (outcome) {
      if (outcome.winner !== ended.winner) this.note(`after ${label}: winner ${outcome.winner}, Ludii ${String(ended.winner)}`);
      if (ended.endReason && outcome.reason !== ended.endReason) this.note(`after ${label}: ended by ${outcome.reason}, Ludii ${ended.endReason}`);
    }
  }
}

function checkPosition(c: Checker, engine: Engine, p: OraclePosition): void {
  engine.load(stateOfPosition(p));
  const scores = engine.scores();
  if (scores[0] !== p.scores[0] || scores[1] !== p.scores[1]) c.note(`scores ${scores.join('-')}, Ludii ${p.scores.join('-')}`);
  const ours = engine.legalMoves();
  const oursKeys = new Set(ours.map(moveKey));
  const theirs = new Set(p.legal.map(moveKey));
  const missing = p.legal.filter((m) => !oursKeys.has(moveKey(m)));
  const extra = ours.filter((m) => !theirs.has(moveKey(m)));
  const show = (ms: readonly (Move & { dec?: number })[]): string =>
    ms.slice(0, 8).map((m) => `${c.name(m)}/${m.dec}`).join(' ') + (ms.length > 8 ? ` … (${ms.length})` : '');
  if (missing.length > 0) c.note(`legal moves missing: ${show(missing)}`);
  if (extra.length > 0) c.note(`moves Ludii does not allow: ${show(extra)}`);
  for (const expected of p.legal) {
    const move: Move = { kind: expected.kind, at: expected.at, to: expected.to };
    if (!engine.isLegal(move)) continue;
    engine.play(move);
    c.afterMove(c.name(move), expected, { terminal: !!expected.terminal, winner: expected.winner ?? null, endReason: expected.endReason });
    engine.undo();
  }
}

function checkGame(c: Checker, engine: Engine, g: OracleGame): void {
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
    const label = `move ${i + 1} ${c.name(move)}`;
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
    c.afterMove(label, expected, last ? { terminal: g.result.winner !== null, winner: g.result.winner, endReason: g.result.endReason } : { terminal: false, winner: null });
  }
}

export function checkConformance(engine: Engine, path: string, maxDifferences = 20): ConformanceReport {
  const checker = new Checker(engine, maxDifferences);
  const file = basename(path);
  for (const [i, entry] of readJsonLines(path).entries()) {
    const item = entry as Partial<OraclePosition & OracleGame> & { game?: string | number };
    if (typeof item.board !== 'string') throw new Error(`${file} line ${i + 1}: no board`);
    if (engine.topology.spec !== item.board) engine.reset({ board: item.board });
    if (Array.isArray(item.legal)) {
      const p = item as OraclePosition;
      checkPosition(checker, engine, p);
      checker.finish(`${file} game ${p.game} ply ${p.ply}`);
    } else if (Array.isArray(item.moves)) {
      const g = item as OracleGame;
      checkGame(checker, engine, g);
      checker.finish(`${file} game ${g.game}`);
    } else {
      throw new Error(`${file} line ${i + 1} is neither a position (legal) nor a game (moves)`);
    }
  }
  return checker.report;
}
