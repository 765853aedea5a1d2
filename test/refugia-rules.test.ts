/**
 * Refugia's rules in the reference engine (REFUGIA.md): the worked examples of §9, conformance
 * with Ludii on all ten boards, properties against brute-force models written from the spec,
 * bad input, and pinned perft counts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../reference/core/game.js';
import { BoardError, NotationError, PositionError, UsageError } from '../reference/core/errors.js';
import { refugia, type RefugiaMove, type RefugiaState } from '../reference/games/refugia/index.js';
import { REFUGIA_BOARDS } from '../reference/games/refugia/boards.js';
import { packMove, unpackMove } from '../reference/games/refugia/moves.js';
import { Rng } from '../reference/core/rng.js';
import { board } from '../reference/boards/board-spec.js';
import type { Topology } from '../reference/boards/topology.js';

const dir = new URL('./fixtures/ludii/', import.meta.url).pathname;
const BOARD_NAMES = Object.keys(REFUGIA_BOARDS);
const NO_OPTIONS = refugia.resolveOptions();

// ---------------------------------------------------------------- helpers

function topo(spec: string): Topology {
  const t = refugia.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

function load(text: string): { t: Topology; s: RefugiaState } {
  const parsed = refugia.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  refugia.checkState(parsed.value.topology, parsed.value.state);
  return { t: parsed.value.topology, s: parsed.value.state };
}

function cell(t: Topology, label: string): number {
  const c = t.cellOf(label);
  if (c < 0) throw new Error(`no cell ${label}`);
  return c;
}

function legal(t: Topology, s: RefugiaState): RefugiaMove[] {
  return refugia.legalMoves(t, s, NO_OPTIONS);
}

function names(t: Topology, moves: readonly GameMove[]): string[] {
  return moves.map((m) => refugia.formatMove(t, m)).sort();
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

/** Parses `text` and returns the legal move it denotes (throws when it is not legal). */
function find(t: Topology, s: RefugiaState, text: string): RefugiaMove {
  const parsed = refugia.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  const key = refugia.pack(parsed.value);
  const m = legal(t, s).find((l) => refugia.pack(l) === key);
  if (!m) throw new Error(`${text} is not legal: ${refugia.explainIllegal(t, s, parsed.value, legal(t, s), NO_OPTIONS)}`);
  return m;
}

function play(t: Topology, s: RefugiaState, text: string): RefugiaMove {
  const m = find(t, s, text);
  refugia.apply(t, s, m, NO_OPTIONS);
  return m;
}

function why(t: Topology, s: RefugiaState, text: string): string {
  const parsed = refugia.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  return refugia.explainIllegal(t, s, parsed.value, legal(t, s), NO_OPTIONS);
}

function readJsonLines<T>(file: string): T[] {
  return gunzipSync(readFileSync(dir + file))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

// ---------------------------------------------------------------- §9 worked examples

describe('REFUGIA.md §9 worked examples (hex3-4)', () => {
  it('9.1 basic flight: exactly 24 moves', () => {
    const { t, s } = load('refugia hex3-4 1:c3 2:d4 n: 1 p0');
    const moves = legal(t, s);
    expect(moves).toHaveLength(24);
    const places = 'a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5 f6';
    expect(names(t, moves)).toEqual(words(`c3-b2 c3-b3 c3-c2 ${places} pass`));
    expect(names(t, moves.filter((m) => m.kind === 'place'))).toEqual(words(places));
    expect(moves.filter((m) => m.kind === 'step')).toHaveLength(3);
    expect(moves.some((m) => m.kind === 'hop')).toBe(false);
    // d3 and c4 touch d4; the hop over d4 lands on e5, which touches d4 too.
    expect(why(t, s, 'c3-d3')).toBe("c3-d3: d3 has 1 enemy neighbour, not fewer than c3's 1");
    expect(why(t, s, 'c3-c4')).toBe("c3-c4: c4 has 1 enemy neighbour, not fewer than c3's 1");
    expect(why(t, s, 'c3-e5')).toBe("c3-e5: e5 has 1 enemy neighbour, not fewer than c3's 1");
  });

  it('9.2 hops over opponents', () => {
    const { t, s } = load('refugia hex3-4 1:c3 2:c4,d3,d4 n: 1 p0');
    const fromC3 = legal(t, s).filter((m) => m.kind !== 'place' && m.kind !== 'pass');
    expect(names(t, fromC3)).toEqual(words('c3-b2 c3-b3 c3-c2 c3-c5 c3-e3 c3-e5'));
    // Canonical order: steps before hops, then by destination (rows bottom to top).
    expect(fromC3.map((m) => refugia.formatMove(t, m))).toEqual(['c3-b2', 'c3-c2', 'c3-b3', 'c3-e3', 'c3-c5', 'c3-e5']);
    const hops = fromC3.filter((m) => m.kind === 'hop');
    expect(hops.map((m) => [refugia.formatMove(t, m), t.labels[m.over], m.converts])).toEqual([
      ['c3-e3', 'd3', 'enemy'],
      ['c3-c5', 'c4', 'enemy'],
      ['c3-e5', 'd4', 'enemy'],
    ]);
    play(t, s, 'c3-e3');
    expect(s.cells[cell(t, 'd3')]).toBe(3);
    expect(s.cells[cell(t, 'c3')]).toBe(0);
    expect(s.cells[cell(t, 'e3')]).toBe(1);
    expect(refugia.scores(t, s)).toEqual([0, 1]);
    expect(refugia.margin(t, s)).toBe(-1);
  });

  const position93 = (toMove: 1 | 2): string => `refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 ${toMove} p0`;
  const places93 = 'a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e6 f3 f6';

  it('9.3 P1 to move: steps, hops over an opponent and over a neutral', () => {
    const { t, s } = load(position93(1));
    expect(refugia.scores(t, s)).toEqual([0, 1]);
    const moves = legal(t, s);
    expect(names(t, moves.filter((m) => m.kind === 'place'))).toEqual(words(places93));
    expect(names(t, moves.filter((m) => m.kind === 'step'))).toEqual(words('c3-b2 c3-c2 c3-d4 e4-e5 e4-f4 e4-f5'));
    const hops = moves.filter((m) => m.kind === 'hop');
    expect(names(t, hops)).toEqual(words('c3-a3 c3-c5 c3-e3'));
    expect(Object.fromEntries(hops.map((m) => [refugia.formatMove(t, m), `${t.labels[m.over]}:${m.converts}`]))).toEqual({
      'c3-a3': 'b3:enemy',
      'c3-c5': 'c4:enemy',
      'c3-e3': 'd3:neutral',
    });
    expect(moves).toHaveLength(15 + 6 + 3 + 1);

    const over = (text: string): RefugiaState => {
      const copy = refugia.cloneState(s);
      play(t, copy, text);
      return copy;
    };
    const a3 = over('c3-a3');
    expect(a3.cells[cell(t, 'b3')]).toBe(3);
    expect(refugia.scores(t, a3)).toEqual([0, 0]);
    const c5 = over('c3-c5');
    expect(c5.cells[cell(t, 'c4')]).toBe(3);
    expect(refugia.scores(t, c5)).toEqual([0, 0]);
    // The neutral d3 becomes P1's: d3-e3, d3-e4 and e3-e4.
    const e3 = over('c3xe3');
    expect(e3.cells[cell(t, 'd3')]).toBe(1);
    expect(refugia.scores(t, e3)).toEqual([3, 1]);
    expect(refugia.formatPosition(t, e3)).toBe('refugia althex(3,4) 1:d3,e3,e4 2:b3,c4 n: 2 p0');
    expect(why(t, s, 'c3-d4')).toBe('it is legal');
    expect(why(t, s, 'e4-e3')).toBe("e4-e3: e3 has 1 enemy neighbour, not fewer than e4's 1");
  });

  it('9.3 P2 to move: the same position, no hop over c3', () => {
    const { t, s } = load(position93(2));
    expect(refugia.scores(t, s)).toEqual([0, 1]);
    const moves = legal(t, s);
    expect(names(t, moves.filter((m) => m.kind !== 'place' && m.kind !== 'pass'))).toEqual(
      words('b3-a2 b3-a3 b3-b4 c4-b4 c4-c5 c4-d5'),
    );
    expect(moves.some((m) => m.kind === 'hop')).toBe(false);
    expect(why(t, s, 'c4-c2')).toBe("c4-c2: c2 has 2 enemy neighbours, not fewer than c4's 1");
  });

  it.each([
    ['pass pass', 2, [0, 0], [0, 0], 2, 1],
    ['c3 d4 pass pass', 4, [0, 0], [1, 1], 2, 1],
    ['c3 d4 a1 pass pass', 5, [0, 0], [2, 1], 1, 1],
  ] as const)('9.4 %s', (moves, length, score, stones, lastMover, winner) => {
    const t = topo('hex3-4');
    const s = refugia.initial(t, 'empty', NO_OPTIONS);
    const list = moves.split(' ');
    list.forEach((m, i) => {
      expect(refugia.outcome(t, s, NO_OPTIONS)).toBeNull();
      play(t, s, m);
      expect(s.ended).toBe(i === length - 1);
    });
    expect(list).toHaveLength(length);
    expect(s.lastMover).toBe(lastMover);
    expect(refugia.scores(t, s)).toEqual(score);
    expect([...s.cells].filter((v) => v === 1).length).toBe(stones[0]);
    expect([...s.cells].filter((v) => v === 2).length).toBe(stones[1]);
    expect(refugia.outcome(t, s, NO_OPTIONS)).toEqual({ winner, reason: 'twoPasses', scores: score });
    expect(legal(t, s)).toEqual([]);
    expect(why(t, s, 'pass')).toBe('the game is over');
  });

  it('the outcome rules one by one: score, then stones, then the last mover loses', () => {
    // P2 has one adjacency, P1 more stones: the score decides.
    let { t, s } = load('refugia hex3-4 1:a1,c1,e2 2:d5,d6 n: 1 p2');
    expect(refugia.outcome(t, s, NO_OPTIONS)).toEqual({ winner: 2, reason: 'twoPasses', scores: [0, 1] });
    ({ t, s } = load('refugia hex3-4 1:a1,c1,e2 2:d5,f3 n:c3 1 p2'));
    expect(refugia.outcome(t, s, NO_OPTIONS)?.winner).toBe(1);
    ({ t, s } = load('refugia hex3-4 1:a1 2:f3 n: 1 p2'));
    expect(s.lastMover).toBe(2);
    expect(refugia.outcome(t, s, NO_OPTIONS)?.winner).toBe(1);
    ({ t, s } = load('refugia hex3-4 1:a1 2:f3 n: 2 p2'));
    expect(refugia.outcome(t, s, NO_OPTIONS)?.winner).toBe(2);
  });
});

// ---------------------------------------------------------------- boards

interface BoardFile {
  game: string;
  name: string;
  numSites: number;
  sites: { index: number; c: number; r: number; label: string }[];
}

describe('boards', () => {
  it('has the ten named boards, hex3-4 by default', () => {
    expect(refugia.namedBoards).toEqual(['hex2-3', 'hex2-4', 'hex3-4', 'hex3-5', 'hex4-5', 'hex4-6', 'hex5-6', 'hex5-7', 'hex6-7', 'hex6-8']);
    expect(refugia.defaultBoard).toBe('hex3-4');
  });

  it.each(BOARD_NAMES)('%s equals althex(a,b) and Ludii\'s board file', (name) => {
    const [a, b] = REFUGIA_BOARDS[name]!;
    const t = topo(name);
    expect(t).toBe(board(`althex(${a},${b})`));
    expect(t.spec).toBe(`althex(${a},${b})`);
    const T = b + 2 * (a - 1);
    expect(t.size).toBe((T * (T + 1)) / 2 - (3 * a * (a - 1)) / 2);
    const file = JSON.parse(readFileSync(`${dir}refugia-${name}.json`, 'utf8')) as BoardFile;
    expect(file.name).toBe(name);
    expect(file.numSites).toBe(t.size);
    expect(file.sites.map((x) => x.index)).toEqual(Array.from({ length: t.size }, (_, i) => i));
    expect(file.sites.map((x) => x.label)).toEqual(t.labels);
    expect(file.sites.map((x) => [x.c, x.r])).toEqual(Array.from({ length: t.size }, (_, i) => [t.column[i], t.row[i]]));
  });

  it('the cell counts of §2.2', () => {
    expect(BOARD_NAMES.map((n) => topo(n).size)).toEqual([12, 18, 27, 36, 48, 60, 75, 90, 108, 126]);
  });

  it('accepts shared board specs and names in any case', () => {
    expect(topo('HEX3-4')).toBe(topo('hex3-4'));
    expect(topo('hexhex(4)').size).toBe(37);
    expect(topo('torus(6,6)').wrap).toEqual({ width: 6, height: 6 });
  });

  it.each(['hex9-9', 'hex3', 'hexhex(1)', 'nowhere', 'torus(4,6)', 'torus(6,3)', 'perforated(torus(6,4),a1)'])(
    'refuses %s with a BoardError',
    (spec) => {
      const r = refugia.board(spec);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(BoardError);
    },
  );
});

// ---------------------------------------------------------------- conformance with Ludii

interface OracleMove {
  kind: 'pass' | 'place' | 'step' | 'hop';
  from?: number;
  to?: number;
  over?: number;
  overWas?: 'enemy' | 'neutral';
  scores: [number, number];
  terminal?: boolean;
  winner?: 1 | 2;
  p?: 1 | 2;
}

interface OraclePosition {
  board: string;
  game: number;
  ply: number;
  cells: number[];
  toMove: 1 | 2;
  scores: [number, number];
  lastMoveWasPass: boolean;
  prev: OracleMove | null;
  terminal: boolean;
  winner: 1 | 2 | null;
  legal: OracleMove[];
}

interface OracleGame {
  board: string;
  game: number;
  moves: OracleMove[];
  result: { winner: 1 | 2; scores: [number, number]; pieceCounts_empty_p1_p2_neutral: number[]; moves: number };
}

/** One key per move with everything both sides state about it: kind, cells, the jumped cell. */
function oracleKey(m: OracleMove): string {
  const at = m.kind === 'place' ? m.to : m.from;
  return `${m.kind}:${at ?? ''}:${m.to ?? ''}:${m.over ?? ''}:${m.overWas ?? ''}`;
}

function engineKey(m: RefugiaMove): string {
  switch (m.kind) {
    case 'pass':
      return 'pass::::';
    case 'place':
      return `place:${m.at}:${m.at}::`;
    case 'step':
      return `step:${m.at}:${m.to}::`;
    case 'hop':
      return `hop:${m.at}:${m.to}:${m.over}:${m.converts}`;
  }
}

/**
 * The oracle's position as an engine state. Ludii leaves the last mover "to move" in a finished
 * game; the engine has moved on to the other player and remembers the last mover separately.
 */
function stateOf(p: OraclePosition): RefugiaState {
  if (p.terminal) {
    const last = p.prev!.p!;
    return { cells: Uint8Array.from(p.cells), toMove: last === 1 ? 2 : 1, passCount: 2, lastMover: last, ended: true };
  }
  return { cells: Uint8Array.from(p.cells), toMove: p.toMove, passCount: p.lastMoveWasPass ? 1 : 0, lastMover: 0, ended: false };
}

describe('conformance with Ludii', () => {
  it('has positions and games for all ten boards', () => {
    for (const name of BOARD_NAMES) {
      expect(readJsonLines(`refugia-${name}-positions.jsonl.gz`)).toHaveLength(300);
      expect(readJsonLines(`refugia-${name}-games.jsonl.gz`)).toHaveLength(60);
    }
  });

  it.each(BOARD_NAMES)('%s positions: legal sets, scores after every move, results', (name) => {
    const t = topo(name);
    const positions = readJsonLines<OraclePosition>(`refugia-${name}-positions.jsonl.gz`);
    const problems: string[] = [];
    let movesChecked = 0;
    for (const p of positions) {
      const where = `game ${p.game} ply ${p.ply}`;
      expect(p.board).toBe(name);
      const s = stateOf(p);
      refugia.checkState(t, s);
      if (!sameScores(refugia.scores(t, s), p.scores)) problems.push(`${where}: scores ${refugia.scores(t, s)}, Ludii ${p.scores}`);
      const end = refugia.outcome(t, s, NO_OPTIONS);
      if ((end?.winner ?? null) !== p.winner) problems.push(`${where}: winner ${end?.winner}, Ludii ${p.winner}`);
      const mine = legal(t, s);
      const packed = mine.map((m) => refugia.pack(m));
      if (!packed.every((v, i) => i === 0 || v > packed[i - 1]!)) problems.push(`${where}: not in strictly ascending packed order`);
      const ours = new Map(mine.map((m) => [engineKey(m), m]));
      const theirs = new Set(p.legal.map(oracleKey));
      const extra = [...ours.keys()].filter((k) => !theirs.has(k));
      const missing = [...theirs].filter((k) => !ours.has(k));
      if (extra.length || missing.length) problems.push(`${where}: extra ${extra.join(' ')} missing ${missing.join(' ')}`);
      for (const o of p.legal) {
        const m = ours.get(oracleKey(o));
        if (!m) continue;
        const after = refugia.cloneState(s);
        refugia.apply(t, after, m, NO_OPTIONS);
        movesChecked++;
        const sc = refugia.scores(t, after);
        if (!sameScores(sc, o.scores)) problems.push(`${where} ${refugia.formatMove(t, m)}: scores ${sc}, Ludii ${o.scores}`);
        const result = refugia.outcome(t, after, NO_OPTIONS);
        if (after.ended !== (o.terminal === true) || (result?.winner ?? undefined) !== o.winner) {
          problems.push(`${where} ${refugia.formatMove(t, m)}: ended ${after.ended} winner ${result?.winner}, Ludii ${o.terminal} ${o.winner}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(movesChecked).toBe(positions.reduce((n, p) => n + p.legal.length, 0));
  });

  it.each(BOARD_NAMES)('%s games: replayed move by move', (name) => {
    const t = topo(name);
    const games = readJsonLines<OracleGame>(`refugia-${name}-games.jsonl.gz`);
    const problems: string[] = [];
    for (const g of games) {
      const s = refugia.initial(t, 'empty', NO_OPTIONS);
      for (const [i, o] of g.moves.entries()) {
        const where = `game ${g.game} move ${i + 1}`;
        if (s.toMove !== o.p) problems.push(`${where}: ${s.toMove} to move, Ludii ${o.p}`);
        const m = legal(t, s).find((l) => engineKey(l) === oracleKey(o));
        if (!m) {
          problems.push(`${where}: ${oracleKey(o)} is not legal here`);
          break;
        }
        refugia.apply(t, s, m, NO_OPTIONS);
        if (!sameScores(refugia.scores(t, s), o.scores)) problems.push(`${where}: scores ${refugia.scores(t, s)}, Ludii ${o.scores}`);
        if (s.ended !== (o.terminal === true)) problems.push(`${where}: ended ${s.ended}, Ludii ${o.terminal}`);
      }
      const result = refugia.outcome(t, s, NO_OPTIONS);
      const counts = [0, 1, 2, 3].map((v) => s.cells.filter((x) => x === v).length);
      if (result?.winner !== g.result.winner || !sameScores(result.scores, g.result.scores) || s.ended !== true) {
        problems.push(`game ${g.game}: result ${JSON.stringify(result)}, Ludii ${JSON.stringify(g.result)}`);
      }
      if (g.moves.length !== g.result.moves) problems.push(`game ${g.game}: ${g.moves.length} moves, result says ${g.result.moves}`);
      if (counts.join() !== g.result.pieceCounts_empty_p1_p2_neutral.join()) problems.push(`game ${g.game}: pieces ${counts}, Ludii ${g.result.pieceCounts_empty_p1_p2_neutral}`);
    }
    expect(problems).toEqual([]);
  });
});

function sameScores(a: readonly number[], b: readonly number[]): boolean {
  return a[0] === b[0] && a[1] === b[1];
}

// ---------------------------------------------------------------- brute-force models

/**
 * The lattice from coordinates alone, without the topology's neighbour table: the vector from a
 * to b, reduced on a torus, and the cell at a coordinate.
 */
class Lattice {
  private readonly at = new Map<string, number>();
  constructor(readonly t: Topology) {
    for (let i = 0; i < t.size; i++) this.at.set(`${t.column[i]},${t.row[i]}`, i);
  }

  private wrap(c: number, r: number): [number, number] {
    const w = this.t.wrap;
    return w ? [((c % w.width) + w.width) % w.width, ((r % w.height) + w.height) % w.height] : [c, r];
  }

  cellAt(c: number, r: number): number {
    const [x, y] = this.wrap(c, r);
    return this.at.get(`${x},${y}`) ?? -1;
  }

  /** The unit steps of §2.1: (±1, 0), (0, ±1), ±(1, 1). */
  static readonly UNITS: readonly (readonly [number, number])[] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 1],
    [-1, -1],
  ];

  adjacent(a: number, b: number): boolean {
    return a !== b && Lattice.UNITS.some(([dc, dr]) => this.cellAt(this.t.column[a]! + dc, this.t.row[a]! + dr) === b);
  }

  /** The jumped cell when b is a + 2δ for a unit δ with a + δ on the board, else -1. */
  midpoint(a: number, b: number): number {
    for (const [dc, dr] of Lattice.UNITS) {
      const m = this.cellAt(this.t.column[a]! + dc, this.t.row[a]! + dr);
      if (m >= 0 && this.cellAt(this.t.column[a]! + 2 * dc, this.t.row[a]! + 2 * dr) === b) return m;
    }
    return -1;
  }
}

/** score(X) of §6: pairs of cells, both X, that share a side. */
function bruteScore(lat: Lattice, cells: Uint8Array, player: number): number {
  let n = 0;
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) if (cells[a] === player && cells[b] === player && lat.adjacent(a, b)) n++;
  }
  return n;
}

/** Every legal move of §5 by trying every conceivable move, as sorted engine keys. */
function bruteLegal(lat: Lattice, s: RefugiaState): string[] {
  if (s.ended) return [];
  const { cells, toMove: me } = s;
  const n = cells.length;
  const unf = (x: number): number => {
    let k = 0;
    for (let y = 0; y < n; y++) if (lat.adjacent(x, y) && cells[y] !== 0 && cells[y] !== me) k++;
    return k;
  };
  const out: string[] = ['pass::::'];
  for (let x = 0; x < n; x++) {
    let ownNeighbour = false;
    for (let y = 0; y < n; y++) if (lat.adjacent(x, y) && cells[y] === me) ownNeighbour = true;
    if (cells[x] === 0 && !ownNeighbour) out.push(`place:${x}:${x}::`);
  }
  for (let o = 0; o < n; o++) {
    if (cells[o] !== me) continue;
    for (let d = 0; d < n; d++) {
      if (cells[d] !== 0 || !(unf(d) < unf(o))) continue;
      if (lat.adjacent(o, d)) out.push(`step:${o}:${d}::`);
      const m = lat.midpoint(o, d);
      if (m >= 0 && cells[m] !== 0 && cells[m] !== me) out.push(`hop:${o}:${d}:${m}:${cells[m] === 3 ? 'neutral' : 'enemy'}`);
    }
  }
  return out.sort();
}

// ---------------------------------------------------------------- properties

const PROPERTY_BOARDS = [
  'hex3-4',
  'hex2-3',
  'hexhex(4)',
  'perforated(hexhex(5),c3,e5,g7,e7,c5)',
  'torus(6,6)',
  'torus(5,7)',
  'custom(0:0,1:0,2:0,3:0,0:1,1:1,2:1,3:1,4:1,1:2,2:2,4:2,5:2,2:3,3:3,4:3,5:3,3:4,6:3)',
];

/** A position after `plies` seeded random moves (passes rarer, so that games develop). */
function randomPosition(t: Topology, seed: number, plies: number): RefugiaState {
  const rng = new Rng(seed);
  const s = refugia.initial(t, 'empty', NO_OPTIONS);
  for (let i = 0; i < plies && !s.ended; i++) refugia.apply(t, s, pickMove(rng, legal(t, s)), NO_OPTIONS);
  return s;
}

function pickMove(rng: Rng, moves: readonly RefugiaMove[]): RefugiaMove {
  const nonPass = moves.filter((m) => m.kind !== 'pass');
  if (nonPass.length === 0 || rng.below(10) === 0) return moves[rng.below(moves.length)]!;
  return nonPass[rng.below(nonPass.length)]!;
}

const arbPosition = fc.record({
  spec: fc.constantFrom(...PROPERTY_BOARDS),
  seed: fc.nat(2 ** 32 - 1),
  plies: fc.nat(120),
});

describe('properties', () => {
  it('apply on a clone never changes the original', () => {
    fc.assert(
      fc.property(arbPosition, fc.nat(), ({ spec, seed, plies }, pick) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        fc.pre(moves.length > 0);
        const before = refugia.formatPosition(t, s, 'machine');
        const copy = refugia.cloneState(s);
        expect(refugia.statesEqual(copy, s)).toBe(true);
        refugia.apply(t, copy, moves[pick % moves.length]!, NO_OPTIONS);
        expect(refugia.formatPosition(t, s, 'machine')).toBe(before);
        expect(refugia.statesEqual(copy, s)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('move notation round-trips, the hop alias included, and packing is one-to-one', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        expect(new Set(moves.map((m) => refugia.pack(m))).size).toBe(moves.length);
        for (const m of moves) {
          const text = refugia.formatMove(t, m);
          const back = refugia.parseMove(t, text, s);
          expect(back.ok && refugia.pack(back.value)).toBe(refugia.pack(m));
          expect(back.ok && back.value.kind).toBe(m.kind);
          expect(refugia.pack(unpackMove(refugia.pack(m)))).toBe(refugia.pack(m));
          expect(refugia.isMoveShaped(m, t)).toBe(true);
          if (m.kind === 'hop') {
            const alias = refugia.parseMove(t, text.replace('-', 'x').toUpperCase(), s);
            expect(alias.ok && refugia.pack(alias.value)).toBe(refugia.pack(m));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('position notation round-trips in both forms', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        for (const form of ['human', 'machine'] as const) {
          const text = refugia.formatPosition(t, s, form);
          const back = refugia.parsePosition(text);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(back.value.topology).toBe(t);
          refugia.checkState(t, back.value.state);
          expect(refugia.statesEqual(back.value.state, s)).toBe(true);
          expect(refugia.formatPosition(t, back.value.state, form)).toBe(text);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores equal the adjacency formula recomputed by brute force; legal moves equal a brute-force reading of §5', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const lat = new Lattice(t);
        const s = randomPosition(t, seed, plies);
        const [p1, p2] = refugia.scores(t, s);
        expect(p1).toBe(bruteScore(lat, s.cells, 1));
        expect(p2).toBe(bruteScore(lat, s.cells, 2));
        expect(refugia.margin(t, s)).toBe(p1 - p2);
        expect(legal(t, s).map(engineKey).sort()).toEqual(bruteLegal(lat, s));
      }),
      { numRuns: 120 },
    );
  });

  it.each(['hexhex(4)', 'perforated(hexhex(5),c3,e5,g7,e7,c5)', 'torus(6,6)', PROPERTY_BOARDS[6]!])(
    'random games on %s end by two passes within the cap, every move from the legal list',
    (spec) => {
      const t = topo(spec);
      const lat = new Lattice(t);
      const CAP = 3000;
      let longest = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const rng = new Rng(seed * 7919);
        const s = refugia.initial(t, 'empty', NO_OPTIONS);
        let plies = 0;
        while (!s.ended && plies < CAP) {
          const moves = legal(t, s);
          if (plies % 10 === 0) expect(moves.map(engineKey).sort()).toEqual(bruteLegal(lat, s));
          const m = pickMove(rng, moves);
          // Through the text form, as a player would enter it.
          const parsed = refugia.parseMove(t, refugia.formatMove(t, m), s);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const found = moves.find((l) => refugia.pack(l) === refugia.pack(parsed.value));
          expect(found).toBe(m);
          refugia.apply(t, s, found!, NO_OPTIONS);
          refugia.checkState(t, s);
          plies++;
        }
        expect(s.ended).toBe(true);
        expect(s.passCount).toBe(2);
        expect(refugia.outcome(t, s, NO_OPTIONS)?.reason).toBe('twoPasses');
        longest = Math.max(longest, plies);
      }
      expect(longest).toBeLessThan(CAP);
    },
  );

  it('explainIllegal gives a reason for every conceivable move that is not legal', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        const keys = new Set(moves.map((m) => refugia.pack(m)));
        const lat = new Lattice(t);
        for (let a = 0; a < t.size; a++) {
          const candidates: GameMove[] = [{ kind: 'place', at: a }];
          for (let b = 0; b < t.size; b++) {
            if (lat.adjacent(a, b)) candidates.push({ kind: 'step', at: a, to: b }, { kind: 'hop', at: a, to: b });
            if (lat.midpoint(a, b) >= 0) candidates.push({ kind: 'hop', at: a, to: b }, { kind: 'step', at: a, to: b });
          }
          for (const m of candidates) {
            const reason = refugia.explainIllegal(t, s, m, moves, NO_OPTIONS);
            if (keys.has(refugia.pack(m))) expect(reason).toBe('it is legal');
            else expect(reason).not.toMatch(/^it is (legal|not among)/);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});

// ---------------------------------------------------------------- the contract's odds and ends

describe('the game contract', () => {
  it('describes the game', () => {
    expect(refugia.id).toBe('refugia');
    expect(refugia.title).toBe('Refugia');
    expect(refugia.setups).toEqual(['empty']);
    expect(refugia.options).toEqual({});
    expect(refugia.drawing).toBe('cells');
    expect(refugia.pieces).toEqual(['empty', 'P1', 'P2', 'neutral']);
  });

  it('packs like Throngs: code << 26 | at << 13 | to', () => {
    expect(packMove({ kind: 'place', at: 5 })).toBe((1 << 26) | (5 << 13) | 5);
    expect(packMove({ kind: 'step', at: 5, to: 6 })).toBe((2 << 26) | (5 << 13) | 6);
    expect(packMove({ kind: 'hop', at: 5, to: 7 })).toBe((3 << 26) | (5 << 13) | 7);
    expect(packMove({ kind: 'pass' })).toBe(4 << 26);
    expect(unpackMove((3 << 26) | (5 << 13) | 7)).toEqual({ kind: 'hop', at: 5, to: 7 });
    expect(() => unpackMove(9 << 26)).toThrow(RangeError);
  });

  it('has no rule options and one set-up', () => {
    expect(refugia.resolveOptions()).toEqual({});
    expect(refugia.resolveOptions({})).toEqual({});
    expect(() => refugia.resolveOptions({ pie: true })).toThrow(UsageError);
    expect(() => refugia.resolveOptions({ endOnPasses: undefined })).toThrow(UsageError);
    const t = topo('hex3-4');
    expect(() => refugia.initial(t, 'standard', NO_OPTIONS)).toThrow(UsageError);
    const s = refugia.initial(t, 'empty', NO_OPTIONS);
    expect(refugia.toMove(s)).toBe(1);
    expect(refugia.cells(s)).toEqual(new Uint8Array(27));
    expect(refugia.formatPosition(t, s)).toBe('refugia althex(3,4) 1: 2: n: 1 p0');
    expect(refugia.formatPosition(t, s, 'machine')).toBe(`refugia althex(3,4) ${'.'.repeat(27)} 1 p0`);
  });

  it('isMoveShaped accepts moves of this game on this board only', () => {
    const t = topo('hex2-3');
    expect(refugia.isMoveShaped({ kind: 'pass' }, t)).toBe(true);
    expect(refugia.isMoveShaped({ kind: 'place', at: 11 }, t)).toBe(true);
    expect(refugia.isMoveShaped({ kind: 'place', at: 3, to: 3 }, t)).toBe(true);
    for (const m of [null, 'pass', { kind: 'add', at: 1 }, { kind: 'place', at: 12 }, { kind: 'place', at: 1, to: 2 }, { kind: 'step', at: 1 }, { kind: 'hop', at: 1.5, to: 2 }]) {
      expect(refugia.isMoveShaped(m, t)).toBe(false);
    }
  });

  it('applying after the end is refused', () => {
    const { t, s } = load('refugia hex3-4 1:c3 2: n: 2 p2');
    expect(() => refugia.apply(t, s, { kind: 'pass' }, NO_OPTIONS)).toThrow(UsageError);
  });
});

// ---------------------------------------------------------------- bad input

describe('bad input', () => {
  const t = topo('hex3-4');
  const s0 = refugia.initial(t, 'empty', NO_OPTIONS);

  it.each([
    ['', /empty move at column 1/],
    ['hello', /'hello' is not a move .* at column 1/],
    ['e9', /e9 is not a cell of althex\(3,4\) at column 1/],
    ['  c3-', /missing destination after c3- at column 6/],
    ['c3*d3', /expected '-' or 'x' after c3 at column 3/],
    ['c3-d', /'d' is not a cell label at column 4/],
    ['c3-z9', /z9 is not a cell of althex\(3,4\) at column 4/],
    ['c3-f3', /f3 is neither next to c3 nor two cells from it on a line at column 4/],
    ['c3xd3', /d3 is not two cells from c3 on a line, so c3xd3 is not a hop at column 4/],
    ['c3-c3', /own cell c3 at column 4/],
    ['c3-b2-a1', /'b2-a1' is not a cell label at column 4/],
  ])('malformed move %j', (text, message) => {
    const r = refugia.parseMove(t, text, s0);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('parses every move form', () => {
    const parse = (text: string): GameMove | string => {
      const r = refugia.parseMove(t, text, s0);
      return r.ok ? r.value : r.error.message;
    };
    expect(parse(' PASS ')).toEqual({ kind: 'pass' });
    expect(parse('D4')).toEqual({ kind: 'place', at: cell(t, 'd4') });
    expect(parse('c3-b2')).toEqual({ kind: 'step', at: cell(t, 'c3'), to: cell(t, 'b2') });
    expect(parse('c3-e3')).toEqual({ kind: 'hop', at: cell(t, 'c3'), to: cell(t, 'e3') });
    expect(parse('c3xe3')).toEqual({ kind: 'hop', at: cell(t, 'c3'), to: cell(t, 'e3') });
  });

  it.each([
    ['', /empty position/],
    ['throngs hex3-4 1: 2: n: 1 p0', /expected the game name 'refugia' at column 1/],
    ['refugia', /missing board/],
    ['refugia hex9-9 1: 2: n: 1 p0', /unknown board 'hex9' .* at column 9/],
    ['refugia hex3-4', /missing stones/],
    ['refugia hex3-4 1:c3 n: 2: 1 p0', /expected '2:' and a list of labels at column 21/],
    ['refugia hex3-4 1:c3,z9 2: n: 1 p0', /z9 is not a cell of althex\(3,4\) at column 21/],
    ['refugia hex3-4 1:c3 2:d4,C3 n: 1 p0', /C3 is listed twice at column 26/],
    ['refugia hex3-4 1:c3,,d4 2: n: 1 p0', /empty label at column 21/],
    ['refugia hex3-4 1:c3 2: n: 3 p0', /expected the player to move, 1 or 2 at column 27/],
    ['refugia hex3-4 1:c3 2: n: 1', /expected the pass count, like 'p0' at column 28/],
    ['refugia hex3-4 1:c3 2: n: 1 q0', /expected the pass count, like 'p0' at column 29/],
    ['refugia hex3-4 1:c3 2: n: 1 p-1', /expected the pass count/],
    ['refugia hex3-4 1:c3 2: n: 1 p0 x', /unexpected 'x' after the pass count at column 32/],
    ['refugia hex2-3 ..1..2..x... 1 p0', /'x' is not '.', '1', '2' or 'n' at column 24/],
  ])('malformed position %j', (text, message) => {
    const r = refugia.parsePosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('accepts positions by board name, any case and a dash for an empty list', () => {
    const { t: tt, s } = load('REFUGIA hex3-4 1:C3 2:- n:d3 2 P1');
    expect(tt.spec).toBe('althex(3,4)');
    expect(refugia.formatPosition(tt, s)).toBe('refugia althex(3,4) 1:c3 2: n:d3 2 p1');
    expect(load('refugia hex2-3 ..1..2..n... 1 p0').s.cells[8]).toBe(3);
  });

  it.each([
    ['refugia hex2-3 ..1..2..n.. 1 p0', /11 cells given, the board has 12/],
    ['refugia hex2-3 ..1..2..n.... 1 p0', /13 cells given, the board has 12/],
    ['refugia hex3-4 1:c3 2: n: 1 p3', /pass count 3 is outside 0\.\.2/],
    ['refugia hex3-4 1:c3 2: n: 1 p999999', /pass count 999999 is outside 0\.\.2/],
  ])('impossible position %j', (text, message) => {
    const r = refugia.parsePosition(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(() => refugia.checkState(r.value.topology, r.value.state)).toThrow(PositionError);
    expect(() => refugia.checkState(r.value.topology, r.value.state)).toThrow(message);
  });

  it('impossible states are refused', () => {
    const s = refugia.initial(t, 'empty', NO_OPTIONS);
    const bad = (patch: Partial<RefugiaState>, message: RegExp): void => {
      expect(() => refugia.checkState(t, { ...s, ...patch })).toThrow(PositionError);
      expect(() => refugia.checkState(t, { ...s, ...patch })).toThrow(message);
    };
    bad({ cells: new Uint8Array(10) }, /10 cells given, the board has 27/);
    bad({ cells: new Uint8Array(27).fill(4) }, /cell a1 holds 4/);
    bad({ cells: [0] as unknown as Uint8Array }, /cells must be a Uint8Array/);
    bad({ toMove: 0 as 1 }, /player to move is 0/);
    bad({ passCount: 1.5 }, /pass count 1.5 is outside/);
    bad({ passCount: -1 }, /pass count -1 is outside/);
    bad({ passCount: 2 }, /exactly after two passes/);
    bad({ ended: true }, /exactly after two passes/);
    bad({ lastMover: 1 }, /a running game has no last mover/);
    bad({ passCount: 2, ended: true, lastMover: 1 }, /the last mover of a finished game is 2/);
    expect(() => refugia.checkState(t, { ...s, passCount: 2, ended: true, lastMover: 2 })).not.toThrow();
  });

  it('explains illegal moves in words', () => {
    let { t: tt, s } = load('refugia hex3-4 1:c3 2:d4,e3 n: 1 p0');
    expect(why(tt, s, 'c3-d3')).toBe("c3-d3: d3 has 2 enemy neighbours, not fewer than c3's 1");
    expect(why(tt, s, 'b3-b4')).toBe('there is no stone of yours on b3');
    expect(why(tt, s, 'd4-d5')).toBe('there is no stone of yours on d4');
    expect(why(tt, s, 'd4')).toBe('d4 is not empty');
    expect(why(tt, s, 'c4')).toBe('c4 touches your stone at c3');
    expect(why(tt, s, 'c3-a3')).toBe('c3-a3: b3 is empty; a hop jumps over an enemy or neutral stone');
    expect(refugia.explainIllegal(tt, s, { kind: 'step', at: cell(tt, 'c3'), to: cell(tt, 'e3') }, legal(tt, s), NO_OPTIONS)).toBe(
      'c3-e3 is a hop, not a step',
    );
    expect(refugia.explainIllegal(tt, s, { kind: 'hop', at: cell(tt, 'c3'), to: cell(tt, 'b2') }, legal(tt, s), NO_OPTIONS)).toBe(
      'c3-b2 is a step, not a hop',
    );
    expect(refugia.explainIllegal(tt, s, { kind: 'step', at: cell(tt, 'c3'), to: cell(tt, 'f6') }, legal(tt, s), NO_OPTIONS)).toBe(
      'f6 is not next to c3; a step goes to a neighbouring cell',
    );
    expect(refugia.explainIllegal(tt, s, { kind: 'jump' }, legal(tt, s), NO_OPTIONS)).toMatch(/^not a move on althex\(3,4\)/);
    ({ t: tt, s } = load('refugia hex3-4 1:c3,d3 2:d4 n: 1 p0'));
    expect(why(tt, s, 'c3-e3')).toBe('c3-e3: d3 is your own stone; a hop jumps over an enemy or neutral stone');
    expect(why(tt, s, 'c3-d3')).toBe('d3 is not empty');
    ({ t: tt, s } = load('refugia hex3-4 1:c3 2:d4,e5 n: 1 p0'));
    expect(why(tt, s, 'c3-e5')).toBe('e5 is not empty');
  });
});

// ---------------------------------------------------------------- perft

/** Move sequences of exactly `depth` moves; a finished game has no continuation. */
function perft(t: Topology, s: RefugiaState, depth: number): number {
  if (depth === 0) return 1;
  const moves = legal(t, s);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const next = refugia.cloneState(s);
    refugia.apply(t, next, m, NO_OPTIONS);
    n += perft(t, next, depth - 1);
  }
  return n;
}

describe('perft from the empty board', () => {
  it.each([
    ['hex2-3', [13, 157, 1_296]],
    ['hex3-4', [28, 757, 16_716]],
  ] as const)('%s', (name, counts) => {
    const t = topo(name);
    const s = refugia.initial(t, 'empty', NO_OPTIONS);
    // By hand: every cell can be placed on, plus pass; after one placement the other player
    // may place anywhere still empty (no stone of theirs to touch) or pass, after a pass too.
    // Depth 3 was also counted by hand-derived formula (P1's placements away from its stone, its
    // steps away from an adjacent P2 stone, no hop ever possible, pass), giving the same numbers.
    expect(counts[0]).toBe(t.size + 1);
    expect(counts[1]).toBe(t.size * t.size + (t.size + 1));
    expect([1, 2, 3].map((d) => perft(t, s, d))).toEqual(counts);
  });
});
