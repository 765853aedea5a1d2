/**
 * Populace's rules in the reference engine (POPULACE.md): the worked examples of §8, conformance
 * with the independent model's data on all three boards and the rule variants (through the rules
 * directly and through the conformance reader), properties against brute-force models written
 * from the spec, bad input, and pinned perft counts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../reference/core/game.js';
import { BoardError, IllegalMoveError, NotationError, PositionError, UsageError } from '../reference/core/errors.js';
import { GameSession } from '../reference/core/session.js';
import { Rng } from '../reference/core/rng.js';
import type { Topology } from '../reference/boards/topology.js';
import { populace, type PopulaceMove, type PopulaceOptions, type PopulaceState } from '../reference/games/populace/index.js';
import { packMove, unpackMove } from '../reference/games/populace/moves.js';
import { colourAtPly } from '../reference/games/populace/state.js';
import { territory } from '../reference/games/populace/scoring.js';
import { populaceOracle } from '../bindings/games/populace/conformance.js';
import { checkRecord } from '../bindings/cli/conformance.js';
import { ReferenceEngine } from '../bindings/engine/reference-engine.js';
import type { Engine } from '../bindings/engine/engine.js';

const dir = new URL('./fixtures/populace/', import.meta.url).pathname;
const FILES = ['hexhex4', 'hexhex7', 'althex3-4'] as const;
type Options = PopulaceOptions;
/** The resolved options, typed as the rule modules read them. */
const opts = (o?: Readonly<Record<string, unknown>>): Options => populace.resolveOptions(o) as Options;
const DEFAULTS = opts();

// ---------------------------------------------------------------- helpers

function topo(spec: string): Topology {
  const t = populace.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

function load(text: string): { t: Topology; s: PopulaceState } {
  const parsed = populace.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  populace.checkState(parsed.value.topology, parsed.value.state);
  return { t: parsed.value.topology, s: parsed.value.state };
}

function cell(t: Topology, label: string): number {
  const c = t.cellOf(label);
  if (c < 0) throw new Error(`no cell ${label}`);
  return c;
}

function legal(t: Topology, s: PopulaceState, o: Options = DEFAULTS): PopulaceMove[] {
  return populace.legalMoves(t, s, o);
}

function names(t: Topology, moves: readonly GameMove[]): string[] {
  return moves.map((m) => populace.formatMove(t, m)).sort();
}

function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

function parse(t: Topology, s: PopulaceState, text: string): GameMove {
  const parsed = populace.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/** Plays `text`, which must be legal. */
function play(t: Topology, s: PopulaceState, text: string, o: Options = DEFAULTS): PopulaceMove {
  const key = populace.pack(parse(t, s, text));
  const m = legal(t, s, o).find((l) => populace.pack(l) === key);
  if (!m) throw new Error(`${text} is not legal: ${why(t, s, text, o)}`);
  populace.apply(t, s, m, o);
  return m;
}

function why(t: Topology, s: PopulaceState, text: string, o: Options = DEFAULTS): string {
  return populace.explainIllegal(t, s, parse(t, s, text), legal(t, s, o), o);
}

function readJsonLines<T>(file: string): T[] {
  return gunzipSync(readFileSync(dir + file))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

const sameScores = (a: readonly number[], b: readonly number[]): boolean => a[0] === b[0] && a[1] === b[1];

// ---------------------------------------------------------------- §8 worked examples

describe('POPULACE.md §8 worked examples (hexhex(4))', () => {
  const t = topo('hexhex(4)');

  it('8.1 the empty board: 37 placements and no pass under the pie', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    const moves = legal(t, s);
    expect(moves).toHaveLength(37);
    expect(moves.every((m) => m.kind === 'place')).toBe(true);
    expect(names(t, moves)).toEqual([...t.labels].sort());
    expect(populace.scores(t, s)).toEqual([0, 0]);
    expect(why(t, s, 'pass')).toBe("the pie's first action must be a placement");
  });

  it('8.1 after d4: swap, 30 placements away from d4, pass; scores 7-0', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    play(t, s, 'd4');
    expect(populace.scores(t, s)).toEqual([7, 0]);
    expect(populace.margin(t, s)).toBe(7);
    const moves = legal(t, s);
    expect(moves).toHaveLength(32);
    const near = ['d4', 'c3', 'd3', 'c4', 'e4', 'd5', 'e5'];
    const places = t.labels.filter((l) => !near.includes(l));
    expect(places).toHaveLength(30);
    expect(names(t, moves)).toEqual([...places, 'pass', 'swap'].sort());
    for (const l of near.slice(1)) expect(why(t, s, l)).toBe(`${l} is neither controlled by White (0 White neighbours, 1 Black) nor free of neighbouring pieces`);
    // Canonical order: placements, then pass, then swap.
    expect(moves.slice(-2).map((m) => m.kind)).toEqual(['pass', 'swap']);
  });

  it('8.1 the swap exchanges seats, not colours: the board stays, White is still to move', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    play(t, s, 'd4');
    const before = populace.cloneState(s);
    expect(populace.seatOf!(s, 1)).toBe(1);
    play(t, s, 'swap');
    expect(s.cells).toEqual(before.cells);
    expect(s.toMove).toBe(2);
    expect(s.swapped).toBe(true);
    expect(s.ply).toBe(2);
    expect(s.passes).toBe(0);
    expect(populace.scores(t, s)).toEqual([7, 0]);
    // The first player now plays White, the second Black (and owns d4).
    expect(populace.seatOf!(s, 1)).toBe(2);
    expect(populace.seatOf!(s, 2)).toBe(1);
    const moves = legal(t, s);
    expect(moves).toHaveLength(31);
    expect(moves.some((m) => m.kind === 'swap')).toBe(false);
    expect(why(t, s, 'swap')).toBe('swap is only legal on the second action of the game');
    expect(populace.formatPosition(t, s)).toBe('populace hexhex(4) b:d4 w: w p0 btn:- ply:2 swapped');
  });

  it('8.1 a pass then the swap: the swap resets the pass counter', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    play(t, s, 'd4');
    play(t, s, 'swap');
    play(t, s, 'pass');
    expect(s).toMatchObject({ passes: 1, button: 2, toMove: 1 });
    play(t, s, 'd2');
    expect(s.passes).toBe(0);
    expect(s.button).toBe(2);
  });

  const diagram = `
7            _     _     _     _
6         _     _     w     w     _
5      _     w     w    O!     .     _
4   _     w     O     X     X     b     _
3      _     w     b     X     b     _
2         _     _     b     b     _
1            _     _     _     _`;
  const position82 = (toMove: 'b' | 'w'): string => `populace hexhex(4) b:d3,d4,e4 w:c4,e5 ${toMove} p0 btn:- ply:${toMove === 'b' ? 6 : 7}`;

  it('8.2 the diagram: pieces, threat, control and lonely cells', () => {
    const { s } = load(position82('b'));
    for (const line of diagram.trim().split('\n')) {
      const [row, ...marks] = line.trim().split(/\s+/);
      const cells = t.labels.map((l, i) => [l, i] as const).filter(([l]) => l.slice(1) === row);
      expect(marks).toHaveLength(cells.length);
      marks.forEach((mark, k) => {
        const [label, c] = cells[k]!;
        const nb = t.adjacent[c]!.map((n) => s.cells[n]);
        const black = nb.filter((v) => v === 1).length;
        const white = nb.filter((v) => v === 2).length;
        const where = `${label} (${mark})`;
        if (mark === 'X') expect(s.cells[c], where).toBe(1);
        else if (mark.startsWith('O')) {
          expect(s.cells[c], where).toBe(2);
          expect(black - white >= 2, where).toBe(mark === 'O!');
        } else {
          expect(s.cells[c], where).toBe(0);
          const owner = black > white ? 'b' : white > black ? 'w' : nb.every((v) => v === 0) ? '_' : '.';
          expect(owner, where).toBe(mark);
        }
      });
    }
  });

  it('8.2 scores 8-8', () => {
    const { s } = load(position82('b'));
    expect(populace.scores(t, s)).toEqual([8, 8]);
    expect(territory(t, s.cells)).toEqual([8, 8]);
    expect(populace.margin(t, s)).toBe(0);
  });

  it('8.2 Black to move: exactly 68 actions', () => {
    const { s } = load(position82('b'));
    const moves = legal(t, s);
    expect(moves).toHaveLength(68);
    const of = (kind: string, from?: string): string[] =>
      names(
        t,
        moves.filter((m) => m.kind === kind && (from === undefined || (m as GameMove).at === cell(t, from))),
      );
    expect(of('replace')).toEqual(['xe5']);
    const places = 'a1 a2 a3 a4 b1 b2 b5 c1 c2 c3 c6 d1 d2 d6 d7 e2 e3 e7 f3 f4 f7 g4 g5 g6 g7';
    expect(of('place')).toEqual(words(places));
    const d3 = 'c2 c3 d2 e3  b1 b2 b3 c1 d1 d5 e2 f3 f4 f5  a1 a2 a3 b4 c5 d6 e6 f6 g4 g5 g6';
    expect(of('move', 'd3')).toEqual(words(d3).map((x) => `d3-${x}`).sort());
    expect(of('move', 'd4')).toEqual(['d4-c3', 'd4-d5']);
    const e4 = 'e3 f4 f5  c2 c3 d2 d5 e2 e6 f3 f6 g4 g5 g6';
    expect(of('move', 'e4')).toEqual(words(e4).map((x) => `e4-${x}`).sort());
    expect(of('pass')).toEqual(['pass']);
    expect(1 + 25 + 25 + 2 + 14 + 1).toBe(68);
    // The reasons the text gives, and the spec's distances.
    expect(why(t, s, 'xc4')).toBe('c4 is not threatened (1 Black neighbour, 0 White)');
    expect(why(t, s, 'd3-g7')).toBe("d3-g7 is 4 steps away, more than d3's potential value 3");
    expect(why(t, s, 'd4-d6')).toBe("d4-d6 is 2 steps away, more than d4's potential value 1");
    expect(why(t, s, 'xe5')).toBe('it is legal');
  });

  it('8.2 White to move: exactly 27 actions, no move and no replacement', () => {
    const { s } = load(position82('w'));
    const moves = legal(t, s);
    expect(moves).toHaveLength(27);
    const places = 'a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c5 c6 d1 d5 d6 d7 e2 e6 e7 f3 f6 f7 g4 g5 g6 g7';
    expect(names(t, moves)).toEqual(words(`${places} pass`));
    expect(why(t, s, 'e5-f5')).toBe("e5's potential value is -1 (0 White neighbours, 2 Black), so it cannot move");
    expect(why(t, s, 'c4-c5')).toBe("c4's potential value is 0 (0 White neighbours, 1 Black), so it cannot move");
    expect(why(t, s, 'xd4')).toBe('d4 is not threatened (2 White neighbours, 2 Black)');
    expect(populace.scores(t, s)).toEqual([8, 8]);
  });

  it('8.3 the button: the first to pass keeps the half point to the end', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    // d4 (B) a1 (W) then the sequence of the text: pass(B) d2(W) pass(B) pass(W).
    for (const m of ['d4', 'a1', 'pass']) play(t, s, m);
    expect(s.button).toBe(1);
    expect(populace.scores(t, s)).toEqual([7.5, 4]);
    play(t, s, 'd2');
    expect(s.passes).toBe(0);
    play(t, s, 'pass');
    expect(s.button).toBe(1);
    expect(populace.outcome(t, s, DEFAULTS)).toBeNull();
    play(t, s, 'pass');
    expect(s.button).toBe(1);
    expect(s.ended).toBe(true);
    // Black: d4 and five of its neighbours (d3 touches d2 too); White: a1, d2 and eight cells.
    expect(territory(t, s.cells)).toEqual([6, 10]);
    expect(populace.scores(t, s)).toEqual([6 + 0.5, 10]);
    expect(populace.outcome(t, s, DEFAULTS)).toEqual({ winner: 2, reason: 'twoPasses', scores: [6.5, 10] });
    expect(legal(t, s)).toEqual([]);
    expect(why(t, s, 'pass')).toBe('the game is over: both players have passed');
    expect(populace.formatPosition(t, s)).toBe('populace hexhex(4) b:d4 w:a1,d2 b p2 btn:b ply:6');
  });

  it('8.3 without the button nobody gets the half point, and equal scores draw', () => {
    const o = opts({ button: false });
    const s = populace.initial(t, 'empty', o);
    for (const m of ['d4', 'pass', 'pass']) play(t, s, m, o);
    expect(s.button).toBe(0);
    expect(populace.outcome(t, s, o)).toEqual({ winner: 1, reason: 'twoPasses', scores: [7, 0] });
    const draw = populace.initial(t, 'empty', opts({ button: false, pie: false }));
    const o2 = opts({ button: false, pie: false });
    play(t, draw, 'pass', o2);
    play(t, draw, 'pass', o2);
    expect(populace.outcome(t, draw, o2)).toEqual({ winner: 0, reason: 'twoPasses', scores: [0, 0] });
  });
});

// ---------------------------------------------------------------- the rule options

describe('rule options', () => {
  const t = topo('hexhex(4)');

  it('describes the options; the first value is the default', () => {
    expect(Object.keys(populace.options)).toEqual(['pie', 'button', 'superko', 'moveLimit']);
    expect(populace.options.pie!.values).toEqual([true, false]);
    expect(populace.options.button!.values).toEqual([true, false]);
    expect(populace.options.superko!.values).toEqual(['none', 'positional']);
    expect(populace.options.moveLimit!.values[0]).toBe(0);
    for (const spec of Object.values(populace.options)) expect(spec.description.length).toBeGreaterThan(20);
    expect(opts()).toEqual({ pie: true, button: true, superko: 'none', moveLimit: 0 });
    expect(opts({ pie: false, moveLimit: undefined })).toEqual({ pie: false, button: true, superko: 'none', moveLimit: 0 });
    // A record's Rules tag carries numbers as text.
    expect(opts({ moveLimit: '200' }).moveLimit).toBe(200);
    expect(opts({ moveLimit: 37 }).moveLimit).toBe(37);
  });

  it.each([
    [{ ko: 'positional' }, /unknown rule option 'ko'/],
    [{ pie: 'yes' }, /rule option pie cannot be "yes"/],
    [{ button: 1 }, /rule option button cannot be 1/],
    [{ superko: 'situational' }, /rule option superko cannot be "situational"/],
    [{ moveLimit: -1 }, /moveLimit must be a whole number/],
    [{ moveLimit: 2.5 }, /moveLimit must be a whole number/],
    [{ moveLimit: 'ten' }, /moveLimit must be a whole number/],
  ])('refuses %j with a UsageError', (options, message) => {
    expect(() => opts(options)).toThrow(UsageError);
    expect(() => opts(options)).toThrow(message);
  });

  it('without the pie: pass on the first action, never a swap', () => {
    const o = opts({ pie: false });
    const s = populace.initial(t, 'empty', o);
    expect(legal(t, s, o)).toHaveLength(38);
    expect(legal(t, s, o).at(-1)).toEqual({ kind: 'pass' });
    play(t, s, 'd4', o);
    expect(legal(t, s, o).some((m) => m.kind === 'swap')).toBe(false);
    expect(why(t, s, 'swap', o)).toBe('there is no swap without the pie rule');
  });

  it('the move limit ends the game; the higher score wins, equal scores draw', () => {
    const o = opts({ moveLimit: 3 });
    const s = populace.initial(t, 'empty', o);
    play(t, s, 'd4', o);
    play(t, s, 'a1', o);
    expect(populace.outcome(t, s, o)).toBeNull();
    play(t, s, 'pass', o);
    expect(s.ended).toBe(false);
    expect(populace.outcome(t, s, o)).toEqual({ winner: 1, reason: 'moveLimit', scores: [7.5, 4] });
    expect(legal(t, s, o)).toEqual([]);
    expect(why(t, s, 'pass', o)).toBe('the game is over: the move limit of 3 actions is reached');
    expect(() => populace.apply(t, s, { kind: 'pass' }, o)).toThrow(UsageError);
    // The same state under the default options goes on: the limit is a harness rule, not state.
    expect(populace.outcome(t, s, DEFAULTS)).toBeNull();

    const o2 = opts({ moveLimit: 2, pie: false });
    const d = populace.initial(t, 'empty', o2);
    play(t, d, 'a1', o2);
    play(t, d, 'g7', o2);
    expect(populace.outcome(t, d, o2)).toEqual({ winner: 0, reason: 'moveLimit', scores: [4, 4] });
  });

  it('positional superko forbids recreating a position and remembers the actions since the last placement', () => {
    const o = opts({ superko: 'positional' });
    const s = populace.initial(t, 'empty', o);
    for (const m of ['d4', 'a1', 'd4-d5', 'a1-b1', 'd5-d4']) play(t, s, m, o);
    expect(s.recent.map((p) => populace.formatMove(t, unpackMove(p)))).toEqual(['d4-d5', 'a1-b1', 'd5-d4']);
    // b1-a1 would bring back the position after White's a1 (d4 and a1, Black to move).
    expect(why(t, s, 'b1-a1', o)).toBe('b1-a1 would recreate an earlier position (positional superko)');
    expect(names(t, legal(t, s, DEFAULTS)).filter((m) => !names(t, legal(t, s, o)).includes(m))).toEqual(['b1-a1']);
    const text = populace.formatPosition(t, s);
    expect(text).toBe('populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:d4-d5,a1-b1,d5-d4');
    const back = load(text);
    expect(populace.statesEqual(back.s, s)).toBe(true);
    expect(names(t, legal(t, back.s, o))).toEqual(names(t, legal(t, s, o)));
    // A pass is exempt and is remembered; a placement clears the memory.
    play(t, s, 'pass', o);
    expect(s.recent).toHaveLength(4);
    play(t, s, 'g7', o);
    expect(s.recent).toEqual([]);
    // With superko off nothing is remembered.
    const plain = populace.initial(t, 'empty', DEFAULTS);
    for (const m of ['d4', 'a1', 'd4-d5', 'a1-b1', 'd5-d4', 'b1-a1']) play(t, plain, m);
    expect(plain.recent).toEqual([]);
  });

  it('superko: the swap and passes stay legal although they keep the board', () => {
    const o = opts({ superko: 'positional' });
    const s = populace.initial(t, 'empty', o);
    play(t, s, 'd4', o);
    expect(names(t, legal(t, s, o))).toContain('swap');
    play(t, s, 'swap', o);
    expect(populace.formatPosition(t, s)).toBe('populace hexhex(4) b:d4 w: w p0 btn:- ply:2 swapped ko:swap');
    play(t, s, 'pass', o);
    expect(names(t, legal(t, s, o))).toContain('pass');
  });
});

// ---------------------------------------------------------------- boards

describe('boards', () => {
  it('defaults to hexhex(7) and names the sizes', () => {
    expect(populace.defaultBoard).toBe('hexhex(7)');
    expect(populace.namedBoards).toEqual(['hexhex(7)', 'hexhex(6)', 'hexhex(5)', 'hexhex(4)', 'althex(6,7)', 'althex(3,4)']);
    expect(populace.namedBoards.map((b) => topo(b).size)).toEqual([127, 91, 61, 37, 108, 27]);
  });

  it('numbers cells as the oracle README says', () => {
    const t4 = topo('hexhex(4)');
    expect([0, 3, 4, 18, 36].map((i) => t4.labels[i])).toEqual(['a1', 'd1', 'a2', 'd4', 'g7']);
    expect(topo('althex(3,4)').labels[26]).toBe('f6');
    expect(topo('hexhex(7)').labels[126]).toBe('m13');
  });

  it('accepts the shared layer\'s boards', () => {
    expect(topo('hexhex(3)').size).toBe(19);
    expect(topo('torus(6,6)').wrap).toEqual({ width: 6, height: 6 });
    expect(topo('perforated(hexhex(5),e5)').size).toBe(60);
    expect(topo('custom(0:0,1:0,5:5)').size).toBe(3);
  });

  it.each(['hexhex(2)', 'hexhex(1)', 'nowhere', 'hex3-4', 'torus(2,6)'])('refuses %s with a BoardError', (spec) => {
    const r = populace.board(spec);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toBeInstanceOf(BoardError);
  });

  it('explains why hexhex(2) is refused', () => {
    const r = populace.board('hexhex(2)');
    expect(!r.ok && r.error.message).toBe('hexhex(2) is too small for Populace: hexhex(n) needs n ≥ 3');
  });
});

// ---------------------------------------------------------------- conformance

interface OracleAction {
  kind: 'pass' | 'place' | 'replace' | 'move' | 'swap';
  from?: number;
  to?: number;
  scores: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2;
  p?: 1 | 2;
}

interface OraclePosition {
  game: string;
  board: string;
  seed: number;
  ply: number;
  cells: number[];
  toMove: 1 | 2;
  passes: number;
  button: 0 | 1 | 2;
  pie: boolean;
  button_rule: boolean;
  scores: [number, number];
  terminal: boolean;
  winner: null;
  numLegal: number;
  legal: OracleAction[];
}

interface OracleGame {
  game: string;
  board: string;
  seed: number;
  pie: boolean;
  button_rule: boolean;
  moves: OracleAction[];
  result: { winner: 0 | 1 | 2; scores: [number, number]; plies: number };
}

const BOARD_OF: Record<(typeof FILES)[number], string> = { hexhex4: 'hexhex(4)', hexhex7: 'hexhex(7)', 'althex3-4': 'althex(3,4)' };

function oracleKey(a: OracleAction): string {
  if (a.kind === 'pass' || a.kind === 'swap') return a.kind;
  return a.kind === 'move' ? `move:${a.from}:${a.to}` : `${a.kind}:${a.to}`;
}

function engineKey(m: PopulaceMove): string {
  if (m.kind === 'pass' || m.kind === 'swap') return m.kind;
  return m.kind === 'move' ? `move:${m.at}:${m.to}` : `${m.kind}:${m.at}`;
}

/** The data has no swap flag: White to move on an even ply means the swap was played. */
function stateOf(p: OraclePosition): PopulaceState {
  const swapped = p.toMove !== colourAtPly(p.ply, false);
  return { cells: Uint8Array.from(p.cells), toMove: p.toMove, passes: p.passes, button: p.button, ply: p.ply, swapped, ended: false, recent: [] };
}

const optionsOf = (r: { pie: boolean; button_rule: boolean }): Options => opts({ pie: r.pie, button: r.button_rule });

describe('conformance with the independent model', () => {
  it('has positions and games for the three boards and the variants', () => {
    const variants = new Set<string>();
    for (const f of FILES) {
      const positions = readJsonLines<OraclePosition>(`populace-${f}-positions.jsonl.gz`);
      const games = readJsonLines<OracleGame>(`populace-${f}-games.jsonl.gz`);
      expect(positions.length).toBeGreaterThanOrEqual(300);
      expect(games.length).toBeGreaterThanOrEqual(40);
      for (const r of [...positions, ...games]) {
        expect(r.game).toBe('populace');
        expect(r.board).toBe(BOARD_OF[f]);
        variants.add(`${r.pie}/${r.button_rule}`);
      }
    }
    expect([...variants].sort()).toEqual(['false/false', 'false/true', 'true/false', 'true/true']);
  });

  it.each(FILES)('%s positions: legal sets, scores, end and winner after every action', (f) => {
    const t = topo(BOARD_OF[f]);
    const positions = readJsonLines<OraclePosition>(`populace-${f}-positions.jsonl.gz`);
    const problems: string[] = [];
    let actions = 0;
    let swapped = 0;
    for (const p of positions) {
      const where = `seed ${p.seed} ply ${p.ply}`;
      const o = optionsOf(p);
      const s = stateOf(p);
      populace.checkState(t, s);
      if (s.swapped) swapped++;
      if (!sameScores(populace.scores(t, s), p.scores)) problems.push(`${where}: scores ${populace.scores(t, s)}, model ${p.scores}`);
      if (populace.outcome(t, s, o) !== null) problems.push(`${where}: over`);
      const mine = legal(t, s, o);
      const packed = mine.map((m) => populace.pack(m));
      if (!packed.every((v, i) => i === 0 || v > packed[i - 1]!)) problems.push(`${where}: not in strictly ascending packed order`);
      const ours = new Map(mine.map((m) => [engineKey(m), m]));
      const theirs = new Set(p.legal.map(oracleKey));
      const extra = [...ours.keys()].filter((k) => !theirs.has(k));
      const missing = [...theirs].filter((k) => !ours.has(k));
      if (extra.length || missing.length) problems.push(`${where}: extra ${extra.join(' ')} missing ${missing.join(' ')}`);
      if (p.numLegal !== mine.length) problems.push(`${where}: ${mine.length} actions, model ${p.numLegal}`);
      for (const a of p.legal) {
        const m = ours.get(oracleKey(a));
        if (!m) continue;
        const after = populace.cloneState(s);
        populace.apply(t, after, m, o);
        actions++;
        const name = `${where} ${populace.formatMove(t, m)}`;
        const sc = populace.scores(t, after);
        if (!sameScores(sc, a.scores)) problems.push(`${name}: scores ${sc}, model ${a.scores}`);
        const end = populace.outcome(t, after, o);
        if ((end !== null) !== (a.terminal === true) || end?.winner !== a.winner) {
          problems.push(`${name}: outcome ${JSON.stringify(end)}, model ${a.terminal} ${a.winner}`);
        }
        if (end && (end.reason !== 'twoPasses' || !sameScores(end.scores, a.scores))) problems.push(`${name}: ${JSON.stringify(end)}`);
      }
    }
    expect(problems).toEqual([]);
    expect(actions).toBe(positions.reduce((n, p) => n + p.legal.length, 0));
    expect(swapped).toBeGreaterThan(0);
  });

  it.each(FILES)('%s games: replayed action by action', (f) => {
    const t = topo(BOARD_OF[f]);
    const games = readJsonLines<OracleGame>(`populace-${f}-games.jsonl.gz`);
    const problems: string[] = [];
    for (const g of games) {
      const o = optionsOf(g);
      const s = populace.initial(t, 'empty', o);
      for (const [i, a] of g.moves.entries()) {
        const where = `game ${g.seed} action ${i + 1}`;
        if (s.toMove !== a.p) problems.push(`${where}: ${s.toMove} to move, model ${a.p}`);
        const m = legal(t, s, o).find((l) => engineKey(l) === oracleKey(a));
        if (!m) {
          problems.push(`${where}: ${oracleKey(a)} is not legal here`);
          break;
        }
        if (populace.outcome(t, s, o) !== null) problems.push(`${where}: the game was already over`);
        populace.apply(t, s, m, o);
        populace.checkState(t, s);
        if (!sameScores(populace.scores(t, s), a.scores)) problems.push(`${where}: scores ${populace.scores(t, s)}, model ${a.scores}`);
      }
      const result = populace.outcome(t, s, o);
      if (result?.winner !== g.result.winner || !sameScores(result.scores, g.result.scores) || result.reason !== 'twoPasses') {
        problems.push(`game ${g.seed}: result ${JSON.stringify(result)}, model ${JSON.stringify(g.result)}`);
      }
      if (s.ply !== g.result.plies || g.moves.length !== g.result.plies) problems.push(`game ${g.seed}: ${s.ply} plies, model ${g.result.plies}`);
    }
    expect(problems).toEqual([]);
  });

  it.each(FILES)('%s through the conformance reader on the reference engine: every record agrees', (f) => {
    const engine = new ReferenceEngine(populace, { board: BOARD_OF[f] }) as Engine<PopulaceState, PopulaceMove>;
    const problems: string[] = [];
    let records = 0;
    for (const kind of ['positions', 'games']) {
      for (const record of readJsonLines<Record<string, unknown>>(`populace-${f}-${kind}.jsonl.gz`)) {
        const notes: string[] = [];
        const where = checkRecord(populaceOracle, { note: (p) => notes.push(p) }, engine as unknown as Engine, record);
        records++;
        for (const n of notes) problems.push(`${where}: ${n}`);
      }
    }
    expect(problems).toEqual([]);
    expect(records).toBeGreaterThan(340);
  });

  it('the conformance reader notices differences and follows each record\'s options', () => {
    const engine = new ReferenceEngine(populace, { board: 'hexhex(4)' });
    const positions = readJsonLines<OraclePosition>('populace-hexhex4-positions.jsonl.gz');
    const games = readJsonLines<OracleGame>('populace-hexhex4-games.jsonl.gz');
    const run = (record: object): string[] => {
      const notes: string[] = [];
      checkRecord(populaceOracle, { note: (p) => notes.push(p) }, engine as unknown as Engine, record as Record<string, unknown>);
      return notes;
    };
    const p = structuredClone(positions.find((x) => x.ply === 1 && x.pie)!);
    expect(run(p)).toEqual([]);
    expect(engine.options).toMatchObject({ pie: true, button: true });
    p.legal = p.legal.filter((a) => a.kind !== 'swap');
    p.numLegal = p.legal.length;
    p.legal[1]!.scores = [99, 0];
    expect(run(p)).toEqual([expect.stringMatching(/^actions the model does not allow: swap$/), expect.stringMatching(/^after .*: scores .*, model 99-0$/)]);
    const variant = positions.find((x) => !x.pie && !x.button_rule)!;
    expect(run(variant)).toEqual([]);
    expect(engine.options).toMatchObject({ pie: false, button: false });
    const g = structuredClone(games.find((x) => x.moves.some((m) => m.kind === 'swap'))!);
    expect(run(g)).toEqual([]);
    g.result.winner = g.result.winner === 1 ? 2 : 1;
    expect(run(g)).toEqual([expect.stringMatching(/winner .*, model/)]);
  });
});

// ---------------------------------------------------------------- brute-force models

/**
 * The board from coordinates alone, without the topology's neighbour table: adjacency by the
 * unit steps of the lattice (wrapped on a torus) and all distances by Floyd-Warshall.
 */
class Lattice {
  readonly adj: boolean[][];
  readonly dist: number[][];
  constructor(readonly t: Topology) {
    const n = t.size;
    const units: readonly (readonly [number, number])[] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [-1, -1],
    ];
    const w = t.wrap;
    const norm = (c: number, r: number): string => (w ? `${((c % w.width) + w.width) % w.width},${((r % w.height) + w.height) % w.height}` : `${c},${r}`);
    this.adj = Array.from({ length: n }, (_, a) =>
      Array.from({ length: n }, (_, b) => a !== b && units.some(([dc, dr]) => norm(t.column[a]! + dc, t.row[a]! + dr) === norm(t.column[b]!, t.row[b]!))),
    );
    const INF = 1e9;
    this.dist = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : this.adj[a]![b] ? 1 : INF)));
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const via = this.dist[i]![k]! + this.dist[k]![j]!;
          if (via < this.dist[i]![j]!) this.dist[i]![j] = via;
        }
      }
    }
  }

  count(cells: Uint8Array, x: number, colour: number): number {
    let k = 0;
    for (let y = 0; y < cells.length; y++) if (this.adj[x]![y] && cells[y] === colour) k++;
    return k;
  }
}

const lattices = new Map<string, Lattice>();
function lattice(t: Topology): Lattice {
  let l = lattices.get(t.spec);
  if (!l) lattices.set(t.spec, (l = new Lattice(t)));
  return l;
}

/** score(X) of §6 counted cell by cell, plus the button. */
function bruteScores(lat: Lattice, s: PopulaceState): [number, number] {
  const score = (colour: 1 | 2): number => {
    const them = colour === 1 ? 2 : 1;
    let n = 0;
    for (let x = 0; x < s.cells.length; x++) {
      if (s.cells[x] === colour) n += 1;
      else if (s.cells[x] === 0 && lat.count(s.cells, x, colour) > lat.count(s.cells, x, them)) n += 1;
    }
    return s.button === colour ? n + 0.5 : n;
  };
  return [score(1), score(2)];
}

/** Every legal action of §4-§5 (without superko), by trying every conceivable one. */
function bruteLegal(lat: Lattice, s: PopulaceState, o: Options): string[] {
  if (s.ended || (o.moveLimit > 0 && s.ply >= o.moveLimit)) return [];
  const { cells, toMove: me } = s;
  const them = me === 1 ? 2 : 1;
  const n = cells.length;
  const out: string[] = [];
  for (let x = 0; x < n; x++) {
    const lonely = lat.count(cells, x, 1) + lat.count(cells, x, 2) === 0;
    if (cells[x] === 0 && (lat.count(cells, x, me) > lat.count(cells, x, them) || lonely)) out.push(`place:${x}`);
  }
  if (o.pie && s.ply === 0) return out.sort();
  for (let x = 0; x < n; x++) {
    if (cells[x] === them && lat.count(cells, x, me) - lat.count(cells, x, them) >= 2) out.push(`replace:${x}`);
  }
  for (let a = 0; a < n; a++) {
    if (cells[a] !== me) continue;
    const pv = lat.count(cells, a, me) - lat.count(cells, a, them) + 1;
    for (let b = 0; b < n; b++) {
      const d = lat.dist[a]![b]!;
      if (cells[b] === 0 && d >= 1 && d <= pv) out.push(`move:${a}:${b}`);
    }
  }
  out.push('pass');
  if (o.pie && s.ply === 1) out.push('swap');
  return out.sort();
}

// ---------------------------------------------------------------- properties

const PROPERTY_BOARDS = [
  'hexhex(4)',
  'hexhex(3)',
  'althex(3,4)',
  'perforated(hexhex(5),c3,e5,g7,e7,c5)',
  'torus(6,6)',
  'torus(3,3)',
  // Two pieces of board and a lonely cell with no neighbours at all.
  'custom(0:0,1:0,2:0,0:1,1:1,2:1,1:2,2:2,6:6,7:6,7:7,9:9)',
];

const OPTION_SETS: readonly Options[] = [
  DEFAULTS,
  opts({ pie: false }),
  opts({ button: false }),
  opts({ superko: 'positional' }),
  opts({ pie: false, button: false, superko: 'positional' }),
];

/** Passes are rarer than other actions, so that games develop (the model's data did the same). */
function pickMove(rng: Rng, moves: readonly PopulaceMove[]): PopulaceMove {
  const active = moves.filter((m) => m.kind !== 'pass');
  if (active.length === 0 || rng.below(10) === 0) return moves[rng.below(moves.length)]!;
  return active[rng.below(active.length)]!;
}

function randomPosition(t: Topology, seed: number, plies: number, o: Options): PopulaceState {
  const rng = new Rng(seed);
  const s = populace.initial(t, 'empty', o);
  for (let i = 0; i < plies && !populace.outcome(t, s, o); i++) populace.apply(t, s, pickMove(rng, legal(t, s, o)), o);
  return s;
}

const arbPosition = fc.record({
  spec: fc.constantFrom(...PROPERTY_BOARDS),
  options: fc.constantFrom(...OPTION_SETS),
  seed: fc.nat(2 ** 32 - 1),
  plies: fc.nat(120),
});

/** The cells and colour to move: what positional superko compares. */
const positionKey = (s: PopulaceState): string => `${s.cells.join('')}:${s.toMove}`;

describe('properties', () => {
  it('apply on a clone never changes the original', () => {
    fc.assert(
      fc.property(arbPosition, fc.nat(), ({ spec, options, seed, plies }, pick) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        fc.pre(moves.length > 0);
        const before = populace.formatPosition(t, s, 'machine');
        const copy = populace.cloneState(s);
        expect(populace.statesEqual(copy, s)).toBe(true);
        populace.apply(t, copy, moves[pick % moves.length]!, options);
        expect(populace.formatPosition(t, s, 'machine')).toBe(before);
        expect(populace.statesEqual(copy, s)).toBe(false);
        populace.checkState(t, copy);
      }),
      { numRuns: 200 },
    );
  });

  it('move notation round-trips and packing is one-to-one, in canonical order', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        const packed = moves.map((m) => populace.pack(m));
        expect(packed.every((v, i) => i === 0 || v > packed[i - 1]!)).toBe(true);
        for (const m of moves) {
          const text = populace.formatMove(t, m);
          for (const variant of [text, ` ${text.toUpperCase()} `]) {
            const back = populace.parseMove(t, variant, s);
            expect(back.ok && back.value).toEqual(m);
          }
          expect(populace.unpack(populace.pack(m))).toEqual(m);
          expect(populace.isMoveShaped(m, t)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('position notation round-trips in both forms, superko memory included', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        for (const form of ['human', 'machine'] as const) {
          const text = populace.formatPosition(t, s, form);
          const back = populace.parsePosition(text);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(back.value.topology).toBe(t);
          populace.checkState(t, back.value.state);
          expect(populace.statesEqual(back.value.state, s)).toBe(true);
          expect(populace.formatPosition(t, back.value.state, form)).toBe(text);
          expect(legal(t, back.value.state, options)).toEqual(legal(t, s, options));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores equal the formula recomputed by brute force; legal actions equal a brute-force reading of §5', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const lat = lattice(t);
        const s = randomPosition(t, seed, plies, options);
        const [black, white] = populace.scores(t, s);
        expect([black, white]).toEqual(bruteScores(lat, s));
        expect(populace.margin(t, s)).toBe(black - white);
        const plain = { ...options, superko: 'none' as const };
        expect(legal(t, s, plain).map(engineKey).sort()).toEqual(bruteLegal(lat, s, plain));
      }),
      { numRuns: 150 },
    );
  });

  it('under the pie: no pass on ply 0, the swap only on ply 1; without it: pass on ply 0, never a swap', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        fc.pre(moves.length > 0);
        const kinds = new Set(moves.map((m) => m.kind));
        expect(kinds.has('swap')).toBe(options.pie && s.ply === 1);
        expect(kinds.has('pass')).toBe(!(options.pie && s.ply === 0));
        if (options.pie && s.ply === 0) expect([...kinds]).toEqual(['place']);
        // Whose seat is whose follows the swap.
        expect(populace.seatOf!(s, s.toMove)).toBe(s.swapped ? (s.toMove === 1 ? 2 : 1) : s.toMove);
      }),
      { numRuns: 150 },
    );
  });

  it('the first two actions under the pie, from every board of the test', () => {
    for (const spec of PROPERTY_BOARDS) {
      const t = topo(spec);
      const s = populace.initial(t, 'empty', DEFAULTS);
      expect(legal(t, s).map((m) => m.kind)).toEqual(Array(t.size).fill('place'));
      populace.apply(t, s, legal(t, s)[0]!, DEFAULTS);
      expect(legal(t, s).at(-1)).toEqual({ kind: 'swap' });
      populace.apply(t, s, { kind: 'swap' }, DEFAULTS);
      expect(legal(t, s).some((m) => m.kind === 'swap')).toBe(false);
      expect(s.toMove).toBe(2);
    }
  });

  it.each(PROPERTY_BOARDS)('random games on %s end within the cap, every action from the legal list and through notation', (spec) => {
    const t = topo(spec);
    const lat = lattice(t);
    const CAP = 3000;
    let longest = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const o = OPTION_SETS[seed % OPTION_SETS.length]!;
      const rng = new Rng(seed * 7919);
      const s = populace.initial(t, 'empty', o);
      let plies = 0;
      while (!populace.outcome(t, s, o) && plies < CAP) {
        const moves = legal(t, s, o);
        expect(moves.length).toBeGreaterThan(0);
        if (plies % 10 === 0 && o.superko === 'none') expect(moves.map(engineKey).sort()).toEqual(bruteLegal(lat, s, o));
        const m = pickMove(rng, moves);
        const parsed = populace.parseMove(t, populace.formatMove(t, m), s);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const found = moves.find((l) => populace.pack(l) === populace.pack(parsed.value));
        expect(found).toBe(m);
        populace.apply(t, s, found!, o);
        populace.checkState(t, s);
        expect(populace.scores(t, s)).toEqual(bruteScores(lat, s));
        plies++;
      }
      expect(s.ended).toBe(true);
      expect(s.passes).toBe(2);
      expect(s.ply).toBe(plies);
      const end = populace.outcome(t, s, o)!;
      expect(end.reason).toBe('twoPasses');
      expect(end.scores).toEqual(populace.scores(t, s));
      expect(end.winner).toBe(end.scores[0] > end.scores[1] ? 1 : end.scores[1] > end.scores[0] ? 2 : 0);
      if (o.button) expect(end.winner).not.toBe(0);
      longest = Math.max(longest, plies);
    }
    expect(longest).toBeLessThan(CAP);
  });

  it.each(['hexhex(3)', 'torus(3,3)', 'custom(0:0,1:0,2:0,0:1,1:1,2:1,1:2,2:2,6:6,7:6,7:7,9:9)'])(
    'positional superko on %s forbids exactly the actions that recreate a position of the whole game',
    (spec) => {
      const t = topo(spec);
      const lat = lattice(t);
      const o = opts({ superko: 'positional', pie: false });
      const plain = opts({ pie: false });
      let forbidden = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const rng = new Rng(seed);
        const s = populace.initial(t, 'empty', o);
        const seen = new Set([positionKey(s)]);
        for (let ply = 0; ply < 300 && !populace.outcome(t, s, o); ply++) {
          const expected = bruteLegal(lat, s, plain).filter((k) => {
            if (!k.startsWith('replace') && !k.startsWith('move')) return true;
            const after = populace.cloneState(s);
            const m = legal(t, s, plain).find((l) => engineKey(l) === k)!;
            populace.apply(t, after, m, plain);
            return !seen.has(positionKey(after));
          });
          const moves = legal(t, s, o);
          expect(moves.map(engineKey).sort()).toEqual(expected);
          forbidden += legal(t, s, plain).length - moves.length;
          // Passes only when little else is left, so that pieces shuffle and positions recur.
          const active = moves.filter((m) => m.kind !== 'pass');
          const m = active.length > 0 && rng.below(50) !== 0 ? active[rng.below(active.length)]! : moves[rng.below(moves.length)]!;
          populace.apply(t, s, m, o);
          populace.checkState(t, s);
          seen.add(positionKey(s));
        }
      }
      expect(forbidden).toBeGreaterThan(0);
    },
  );

  it('explainIllegal gives a reason for every conceivable action that is not legal', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        const keys = new Set(moves.map((m) => populace.pack(m)));
        const candidates: GameMove[] = [{ kind: 'pass' }, { kind: 'swap' }];
        for (let a = 0; a < t.size; a++) {
          candidates.push({ kind: 'place', at: a }, { kind: 'replace', at: a });
          for (let b = 0; b < t.size; b++) candidates.push({ kind: 'move', at: a, to: b });
        }
        for (const m of candidates) {
          const reason = populace.explainIllegal(t, s, m, moves, options);
          if (keys.has(populace.pack(m))) expect(reason).toBe('it is legal');
          else expect(reason).not.toMatch(/^it is (legal|not among)/);
        }
      }),
      { numRuns: 40 },
    );
  });
});

// ---------------------------------------------------------------- the contract's odds and ends

describe('the game contract', () => {
  it('describes the game', () => {
    expect(populace.id).toBe('populace');
    expect(populace.title).toBe('Populace');
    expect(populace.setups).toEqual(['empty']);
    expect(populace.drawing).toBe('cells');
    expect(populace.pieces).toEqual(['empty', 'black', 'white']);
  });

  it('packs like Refugia: code << 26 | at << 13 | to, place < replace < move < pass < swap', () => {
    expect(packMove({ kind: 'place', at: 5 })).toBe((1 << 26) | (5 << 13) | 5);
    expect(packMove({ kind: 'replace', at: 5 })).toBe((2 << 26) | (5 << 13) | 5);
    expect(packMove({ kind: 'move', at: 5, to: 7 })).toBe((3 << 26) | (5 << 13) | 7);
    expect(packMove({ kind: 'pass' })).toBe(4 << 26);
    expect(packMove({ kind: 'swap' })).toBe(5 << 26);
    expect(unpackMove((2 << 26) | (5 << 13) | 5)).toEqual({ kind: 'replace', at: 5 });
    expect(unpackMove(5 << 26)).toEqual({ kind: 'swap' });
    expect(() => unpackMove(6 << 26)).toThrow(RangeError);
  });

  it('starts empty with Black to move; one set-up', () => {
    const t = topo('hexhex(4)');
    expect(() => populace.initial(t, 'standard', DEFAULTS)).toThrow(UsageError);
    const s = populace.initial(t, 'empty', DEFAULTS);
    expect(populace.toMove(s)).toBe(1);
    expect(populace.cells(s)).toEqual(new Uint8Array(37));
    expect(populace.formatPosition(t, s)).toBe('populace hexhex(4) b: w: b p0 btn:- ply:0');
    expect(populace.formatPosition(t, s, 'machine')).toBe(`populace hexhex(4) ${'.'.repeat(37)} b p0 btn:- ply:0`);
    expect(populace.seatOf!(s, 1)).toBe(1);
  });

  it('isMoveShaped accepts actions of this game on this board only', () => {
    const t = topo('hexhex(3)');
    for (const m of [{ kind: 'pass' }, { kind: 'swap' }, { kind: 'place', at: 18 }, { kind: 'replace', at: 3, to: 3 }, { kind: 'move', at: 1, to: 2 }]) {
      expect(populace.isMoveShaped(m, t)).toBe(true);
    }
    for (const m of [null, 'pass', { kind: 'step', at: 1, to: 2 }, { kind: 'place', at: 19 }, { kind: 'place', at: 1, to: 2 }, { kind: 'move', at: 1 }, { kind: 'replace', at: 1.5 }]) {
      expect(populace.isMoveShaped(m, t)).toBe(false);
    }
  });

  it('applying after the end is refused', () => {
    const { t, s } = load('populace hexhex(4) b:d4 w: w p2 btn:b ply:3');
    expect(() => populace.apply(t, s, { kind: 'pass' }, DEFAULTS)).toThrow(UsageError);
  });
});

// ---------------------------------------------------------------- bad input

describe('bad input', () => {
  const t = topo('hexhex(4)');
  const s0 = populace.initial(t, 'empty', DEFAULTS);

  it.each([
    ['', /empty move at column 1/],
    ['hello', /'hello' is not a move .* at column 1/],
    ['z9', /z9 is not a cell of hexhex\(4\) at column 1/],
    ['x', /missing cell after 'x' at column 2/],
    ['xq', /'q' is not a cell label at column 2/],
    ['  xz9', /z9 is not a cell of hexhex\(4\) at column 4/],
    ['d3-', /missing destination after d3- at column 4/],
    ['d3*f5', /expected '-' after d3 at column 3/],
    ['d3-q', /'q' is not a cell label at column 4/],
    ['d3-z9', /z9 is not a cell of hexhex\(4\) at column 4/],
    ['d3-d3', /own cell d3 at column 4/],
    ['d3-e4-f5', /'e4-f5' is not a cell label at column 4/],
  ])('malformed action %j', (text, message) => {
    const r = populace.parseMove(t, text, s0);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('parses every action form', () => {
    const p = (text: string): GameMove | string => {
      const r = populace.parseMove(t, text, s0);
      return r.ok ? r.value : r.error.message;
    };
    expect(p(' PASS ')).toEqual({ kind: 'pass' });
    expect(p('Swap')).toEqual({ kind: 'swap' });
    expect(p('D4')).toEqual({ kind: 'place', at: cell(t, 'd4') });
    expect(p('xd4')).toEqual({ kind: 'replace', at: cell(t, 'd4') });
    expect(p('XD4')).toEqual({ kind: 'replace', at: cell(t, 'd4') });
    expect(p('d3-f5')).toEqual({ kind: 'move', at: cell(t, 'd3'), to: cell(t, 'f5') });
    // Column x exists on wide boards: x5 is a cell there, and xx5 replaces it.
    const wide = topo('hexhex(13)');
    expect(populace.parseMove(wide, 'x13', s0)).toEqual({ ok: true, value: { kind: 'place', at: wide.cellOf('x13') } });
    expect(populace.parseMove(wide, 'xx13', s0)).toEqual({ ok: true, value: { kind: 'replace', at: wide.cellOf('x13') } });
    expect(populace.formatMove(wide, { kind: 'replace', at: wide.cellOf('x13') })).toBe('xx13');
  });

  it('refuses illegal actions with an IllegalMoveError and a reason, changing nothing', () => {
    const session = new GameSession(populace, t, DEFAULTS, populace.initial(t, 'empty', DEFAULTS));
    const refuse = (text: string, reason: string): void => {
      const before = populace.formatPosition(t, session.state);
      const m = parse(t, session.state, text);
      expect(() => session.play(m)).toThrow(IllegalMoveError);
      expect(() => session.play(m)).toThrow(`illegal move ${text}: ${reason}`);
      expect(populace.formatPosition(t, session.state)).toBe(before);
    };
    refuse('swap', 'swap is only legal on the second action of the game');
    refuse('pass', "the pie's first action must be a placement");
    session.play(parse(t, session.state, 'd4'));
    refuse('xd4', 'd4 is not threatened (0 White neighbours, 0 Black)');
    refuse('a1-a2', 'there is no White piece on a1');
    session.play(parse(t, session.state, 'g7'));
    refuse('swap', 'swap is only legal on the second action of the game');
    refuse('d4-a1', "d4-a1 is 3 steps away, more than d4's potential value 1");
    refuse('xg7', 'g7 is not threatened (0 Black neighbours, 0 White)');
    refuse('g7-g6', 'there is no Black piece on g7');
  });

  it.each([
    ['', /empty position/],
    ['refugia hexhex(4) b: w: b p0 btn:- ply:0', /expected the game name 'populace' at column 1/],
    ['populace', /missing board/],
    ['populace hexhex(2) b: w: b p0 btn:- ply:0', /hexhex\(2\) is too small for Populace.* at column 10/],
    ['populace hex9 b: w: b p0 btn:- ply:0', /unknown board 'hex9' .* at column 10/],
    ['populace hexhex(4)', /missing pieces/],
    ['populace hexhex(4) w:d4 b: b p0 btn:- ply:0', /expected 'b:' and a list of labels at column 20/],
    ['populace hexhex(4) b:d4,z9 w: w p0 btn:- ply:1', /z9 is not a cell of hexhex\(4\) at column 25/],
    ['populace hexhex(4) b:d4 w:e5,D4 w p0 btn:- ply:1', /D4 is listed twice at column 30/],
    ['populace hexhex(4) b:d4,,e5 w: w p0 btn:- ply:1', /empty label at column 25/],
    ['populace hexhex(4) b:d4 w: x p0 btn:- ply:1', /expected the colour to move, b or w at column 28/],
    ['populace hexhex(4) b:d4 w: w', /expected the pass count, like 'p0' at column 29/],
    ['populace hexhex(4) b:d4 w: w q0 btn:- ply:1', /expected the pass count, like 'p0' at column 30/],
    ['populace hexhex(4) b:d4 w: w p0 btn:x ply:1', /expected the button holder, 'btn:-', 'btn:b' or 'btn:w' at column 33/],
    ['populace hexhex(4) b:d4 w: w p0 btn:-', /expected the ply, like 'ply:0' at column 38/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:-1', /expected the ply, like 'ply:0' at column 39/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 swapped x', /unexpected 'x' after the ply at column 53/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 ko:d4-q', /'q' is not a cell label at column 51/],
    ['populace hexhex(3) ..b..w..x.......... b p0 btn:- ply:2', /'x' is not '\.', 'b' or 'w' at column 28/],
  ])('malformed position %j', (text, message) => {
    const r = populace.parsePosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('accepts positions in any case, with a dash for an empty list, and the machine form', () => {
    const { t: tt, s } = load('POPULACE hexhex(4) B:D4 W:- W P1 BTN:B PLY:3');
    expect(populace.formatPosition(tt, s)).toBe('populace hexhex(4) b:d4 w: w p1 btn:b ply:3');
    expect(load('populace hexhex(3) ..b..w............. b p0 btn:- ply:2').s.cells[2]).toBe(1);
  });

  it.each([
    ['populace hexhex(3) ..b..w............ b p0 btn:- ply:2', /18 cells given, the board has 19/],
    ['populace hexhex(4) b:d4 w: w p3 btn:- ply:9', /pass count 3 is outside 0\.\.2/],
    ['populace hexhex(4) b:d4 w: w p2 btn:- ply:1', /2 consecutive passes in 1 actions/],
    ['populace hexhex(4) b:d4,e5 w: w p0 btn:- ply:1', /2 pieces on the board after 1 actions/],
    ['populace hexhex(4) b: w: b p0 btn:b ply:0', /nobody can hold the button before the first action/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 swapped', /the swap is played on ply 1/],
    ['populace hexhex(4) b:d4 w:a1 w p0 btn:- ply:2', /White cannot be to move at ply 2 without the swap/],
    ['populace hexhex(4) b:d4 w:a1 b p0 btn:- ply:2 swapped', /Black cannot be to move at ply 2 after the swap/],
    ['populace hexhex(4) b:d4 w:b1 b p0 btn:b ply:6 ko:d4-d5,a1-b1,d5-d4,pass', /end with 1 passes, but the pass count is 0/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:d5-d4,d4-d5', /recent action 2 \(ply 4\) d4-d5 does not lead to this board/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:g7', /recent action 1 \(ply 4\) is a placement/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:swap', /is a swap, which is played only on ply 1/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 ko:swap,pass', /2 recent actions in a game of 1 actions/],
  ])('impossible position %j', (text, message) => {
    const r = populace.parsePosition(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(() => populace.checkState(r.value.topology, r.value.state)).toThrow(PositionError);
    expect(() => populace.checkState(r.value.topology, r.value.state)).toThrow(message);
  });

  it('impossible states are refused', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    const bad = (patch: Partial<PopulaceState>, message: RegExp): void => {
      expect(() => populace.checkState(t, { ...s, ...patch })).toThrow(PositionError);
      expect(() => populace.checkState(t, { ...s, ...patch })).toThrow(message);
    };
    bad({ cells: new Uint8Array(10) }, /10 cells given, the board has 37/);
    bad({ cells: new Uint8Array(37).fill(3), ply: 40 }, /cell a1 holds 3/);
    bad({ cells: [0] as unknown as Uint8Array }, /cells must be a Uint8Array/);
    bad({ toMove: 0 as 1 }, /colour to move is 0/);
    bad({ ply: -1 }, /ply -1 is not a whole number/);
    bad({ ply: 1.5 }, /ply 1.5 is not a whole number/);
    bad({ passes: 1.5, ply: 4 }, /pass count 1.5 is outside/);
    bad({ passes: 2, ply: 2 }, /exactly after two passes/);
    bad({ ended: true }, /exactly after two passes/);
    bad({ button: 3 as 1, ply: 2 }, /button holder is 3/);
    bad({ swapped: 'yes' as unknown as boolean, ply: 2 }, /swapped must be true or false/);
    bad({ recent: null as unknown as number[] }, /recent must be an array/);
    expect(() => populace.checkState(t, { ...s, passes: 2, ended: true, ply: 2, button: 1 })).not.toThrow();
  });
});

// ---------------------------------------------------------------- perft

/** Action sequences of exactly `depth` actions; a finished game has no continuation. */
function perft(t: Topology, s: PopulaceState, depth: number, o: Options): number {
  if (depth === 0) return 1;
  const moves = legal(t, s, o);
  if (depth === 1) return moves.length;
  let n = 0;
  for (const m of moves) {
    const next = populace.cloneState(s);
    populace.apply(t, next, m, o);
    n += perft(t, next, depth - 1, o);
  }
  return n;
}

describe('perft from the empty board', () => {
  it.each([
    ['hexhex(3)', true, [19, 296, 5_366]],
    ['hexhex(4)', true, [37, 1_226, 44_210]],
    ['hexhex(3)', false, [20, 297, 5_366]],
    ['hexhex(4)', false, [38, 1_227, 44_210]],
  ] as const)('%s, pie %s', (spec, pie, counts) => {
    const t = topo(spec);
    const o = opts({ pie });
    const s = populace.initial(t, 'empty', o);
    // By hand. Depth 1: under the pie a placement on any cell (all are lonely); without it, pass
    // too. Depth 2 under the pie: after Black's stone on c, White can place on the cells neither c
    // nor next to it (lonely; c's neighbours are Black's), pass or swap: Σ_c (N − 1 − deg c + 2)
    // = N(N + 1) − 2E with E the board's edges (42 for hexhex(3), 90 for hexhex(4)). Without the
    // pie, the swap is gone and Black's pass adds N + 1 (White's placements and pass).
    const edges = t.adjacent.reduce((n, a) => n + a.length, 0) / 2;
    expect(edges).toBe(spec === 'hexhex(3)' ? 42 : 90);
    const N = t.size;
    expect(counts[0]).toBe(pie ? N : N + 1);
    expect(counts[1]).toBe(pie ? N * (N + 1) - 2 * edges : N * (N + 1) - 2 * edges - N + (N + 1));
    expect([1, 2, 3].map((d) => perft(t, s, d, o))).toEqual(counts);
  });
});
