/**
 * Populace's rules in the reference engine (docs/rules/POPULACE.md): the worked examples of §8,
 * the rule options (pie, button, superko, move limit), the boards it plays, the game's
 * description and packing, and perft from the empty board derived by hand (the counts pinned in
 * perft.json, which the contract suite checks deeper on both backends).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../../../reference/core/game.js';
import { BoardError, UsageError } from '../../../reference/core/errors.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { populace, type PopulaceState } from '../../../reference/games/populace/index.js';
import { packMove, unpackMove } from '../../../reference/games/populace/moves.js';
import { territory } from '../../../reference/games/populace/scoring.js';
import { cell, DEFAULTS, legal, load, names, opts, play, topo, why, words, type Options } from './helpers.js';

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

interface Pin {
  readonly board: string;
  readonly options?: { readonly pie?: boolean };
  readonly counts: readonly number[];
}

const PINS = (JSON.parse(readFileSync(new URL('./perft.json', import.meta.url), 'utf8')) as { pins: Pin[] }).pins;

describe('perft from the empty board', () => {
  it('perft.json pins hexhex(3) and hexhex(4), with and without the pie, to depth 3', () => {
    expect(PINS.map((p) => [p.board, p.options?.pie ?? true, p.counts.length])).toEqual([
      ['hexhex(3)', true, 3],
      ['hexhex(4)', true, 3],
      ['hexhex(3)', false, 3],
      ['hexhex(4)', false, 3],
    ]);
  });

  it.each(PINS.map((p) => [p.board, p.options?.pie ?? true, p.counts] as const))('%s, pie %s: depths 1 and 2 by hand and on the rules', (spec, pie, counts) => {
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
    expect([1, 2].map((d) => perft(t, s, d, o))).toEqual(counts.slice(0, 2));
  });
});
