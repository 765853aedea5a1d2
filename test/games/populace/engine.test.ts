/**
 * Populace through the Engine API on both backends: the worked examples of POPULACE.md §8 (with
 * the destinations query a board highlights), the move limit, the pie's swap of seats, records
 * (with the swap, a half-point score, rule options and the winning seat), bad input refused with
 * its reason and nothing changed, and matches that credit the seat, not the colour.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../../bindings/index.js';
import type { GameSetup } from '../../../bindings/engine/engine.js';
import { gameView } from '../../../bindings/worker/view.js';
import type { PopulaceEngine } from '../../../bindings/games/populace/engine.js';
import { playGame } from '../../../bindings/agents/match.js';
import type { Agent, AgentSpec } from '../../../bindings/agents/agents.js';
import { main } from '../../../bindings/cli/cli.js';
import { IllegalMoveError, NotationError, PositionError, UsageError } from '../../../reference/core/errors.js';
import type { GameMove } from '../../../reference/core/game.js';
import { BACKENDS, engineOf as populace, randomGame, words } from './helpers.js';

/** Scripted agents for the match test: each seat plays its list of moves (see `scripts`). */
const scripted: { scripts: Record<1 | 2, string[]> | null } = { scripts: null };

vi.mock('../../../bindings/agents/agents.js', async (original) => {
  const real = await original<typeof import('../../../bindings/agents/agents.js')>();
  return {
    ...real,
    async createAgent(spec: AgentSpec, game: GameSetup, seed: number): Promise<Agent> {
      const scripts = scripted.scripts;
      if (!scripts) return real.createAgent(spec, game, seed);
      // playGame seeds the first seat's agent with an odd number and the second's with an even one.
      const script = [...scripts[seed % 2 === 1 ? 1 : 2]];
      const engine = await createEngine({ game: game.game, board: game.board, backend: 'reference' });
      return {
        name: `script ${seed % 2 === 1 ? 1 : 2}`,
        choose: async () => ({ move: engine.parseMove(script.shift() ?? 'pass') }),
        observe: (move: GameMove) => void engine.play(move),
      };
    },
  };
});

const names = (e: PopulaceEngine): string[] => e.legalMoves().map((m) => e.formatMove(m)).sort();
const labels = (e: PopulaceEngine, cells: Iterable<number>): string[] => [...cells].map((c) => e.topology.label(c)).sort();

/** POPULACE.md §8.2 in the reference's position notation: Black d3 d4 e4, White c4 e5. */
const EXAMPLE = 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6';

afterEach(() => {
  scripted.scripts = null;
});

describe.each(BACKENDS)('Populace on the %s backend', (backend) => {
  it('starts on hexhex(7) (127 cells), empty, Black to move, the pie and the button on', async () => {
    const e = await populace(backend);
    expect([e.rules.id, e.topology.size, e.toMove(), e.seatToMove()]).toEqual(['populace', 127, 1, 1]);
    expect(e.options).toMatchObject({ pie: true, button: true, superko: 'none', moveLimit: 0 });
    expect(e.legalMoves()).toHaveLength(127);
    expect(e.position()).toBe('populace hexhex(7) b: w: b p0 btn:- ply:0');
  });

  it('§8.1: 37 placements on the empty board; after d4, swap, 30 placements and pass; 7-0', async () => {
    const e = await populace(backend, { board: 'hexhex(4)' });
    expect(e.legalMoves()).toHaveLength(37);
    expect(e.legalMoves().every((m) => m.kind === 'place')).toBe(true);
    e.play('d4');
    const legal = e.legalMoves();
    expect(legal.filter((m) => m.kind === 'place')).toHaveLength(30);
    expect(legal.filter((m) => m.kind !== 'place').map((m) => m.kind)).toEqual(['pass', 'swap']);
    expect(legal).toHaveLength(32);
    // Neither d4 nor any of its six neighbours (all Black's) is open to White.
    const d4 = e.topology.cellOf('d4');
    const open = new Set(legal.filter((m) => m.kind === 'place').map((m) => m.at!));
    expect(open.has(d4)).toBe(false);
    for (const n of e.topology.adjacent[d4]!) expect(open.has(n)).toBe(false);
    expect(e.scores()).toEqual([7, 0]);
  });

  it('§8.2: Black has 68 actions, White 27; the score is 8-8', async () => {
    const e = await populace(backend, { position: EXAMPLE });
    expect(e.scores()).toEqual([8, 8]);
    const black = names(e);
    expect(black).toHaveLength(68);
    const places = 'a1 a2 a3 a4 b1 b2 b5 c1 c2 c3 c6 d1 d2 d6 d7 e2 e3 e7 f3 f4 f7 g4 g5 g6 g7';
    const fromD3 = 'c2 c3 d2 e3 b1 b2 b3 c1 d1 d5 e2 f3 f4 f5 a1 a2 a3 b4 c5 d6 e6 f6 g4 g5 g6';
    const fromE4 = 'e3 f4 f5 c2 c3 d2 d5 e2 e6 f3 f6 g4 g5 g6';
    const expected = [
      'xe5',
      ...words(places),
      ...words(fromD3).map((t) => `d3-${t}`),
      'd4-c3',
      'd4-d5',
      ...words(fromE4).map((t) => `e4-${t}`),
      'pass',
    ];
    expect(black).toEqual(expected.sort());
    // What a board highlights on selecting a cell: a piece's moves (within its potential value),
    // a threatened enemy piece's replacement, an open cell's placement; nothing for the rest.
    const at = (label: string): string[] => labels(e, e.destinations(e.topology.cellOf(label)));
    expect(at('d3')).toEqual(words(fromD3));
    expect(at('d4')).toEqual(['c3', 'd5']);
    expect(at('e4')).toEqual(words(fromE4));
    expect(at('e5')).toEqual(['e5']);
    expect(at('a1')).toEqual(['a1']);
    expect(at('c4')).toEqual([]);
    expect(at('b3')).toEqual([]);

    const white = await populace(backend, { position: EXAMPLE.replace(' b p0', ' w p0').replace('ply:6', 'ply:5') });
    expect(names(white)).toEqual([...words('a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c5 c6 d1 d5 d6 d7 e2 e6 e7 f3 f6 f7 g4 g5 g6 g7'), 'pass'].sort());
    expect(white.legalMoves()).toHaveLength(27);
    // White's pieces cannot move (potential values -1 and 0), and Black's are not White's to move.
    for (const l of ['c4', 'e5', 'd3']) expect(white.destinations(white.topology.cellOf(l)), l).toEqual([]);
  });

  it('§8.3: the first player to pass holds the button, worth half a point at the end', async () => {
    const e = await populace(backend, { board: 'hexhex(4)' });
    for (const m of ['d4', 'g7', 'pass', 'd2', 'pass']) e.play(m);
    expect(e.state().button).toBe(1);
    expect(e.outcome()).toBeNull();
    expect(gameView(e).details.duty).toBe('a pass now ends the game');
    e.play('pass');
    const o = e.outcome()!;
    expect(o.reason).toBe('twoPasses');
    const rows = Object.fromEntries(gameView(e).details.breakdown.map((r) => [r.label, r.values]));
    expect(rows['button (first to pass)']).toEqual([0.5, 0]);
    const [black, white] = e.scores();
    expect(black).toBe(rows.pieces![0]! + rows['controlled empty cells']![0]! + 0.5);
    expect(white).toBe(rows.pieces![1]! + rows['controlled empty cells']![1]!);
    expect(rows.total).toEqual([black, white]);
    expect(o.winner).toBe(black > white ? 1 : 2);
    expect(gameView(e).details.scoreNotes).toEqual(['+½ button', '']);
    expect(e.legalMoves()).toEqual([]);

    // Without the button, no half point and equal scores draw.
    const plain = await populace(backend, { board: 'hexhex(4)', options: { button: false } });
    for (const m of ['d4', 'pass', 'pass']) plain.play(m);
    expect(plain.state().button).toBe(0);
    expect(plain.scores()).toEqual([7, 0]);
    expect(gameView(plain).details.breakdown.map((r) => r.label)).toEqual(['pieces', 'controlled empty cells', 'total']);
    // Without the pie either, two passes at once: equal scores draw.
    const even = await populace(backend, { board: 'hexhex(4)', options: { button: false, pie: false } });
    for (const m of ['pass', 'pass']) even.play(m);
    expect(even.outcome()).toEqual({ winner: 0, reason: 'twoPasses', scores: [0, 0] });
  });

  it('the move limit ends the game at that ply, also in a loaded position; equal scores draw', async () => {
    const e = await populace(backend, { board: 'hexhex(4)', options: { moveLimit: 3 } });
    for (const m of ['d4', 'a1']) e.play(m);
    expect(e.outcome()).toBeNull();
    e.play('pass');
    expect(e.outcome()).toEqual({ winner: 1, reason: 'moveLimit', scores: [7.5, 4] });
    expect(e.legalMoves()).toEqual([]);
    expect(() => e.play('pass')).toThrow(IllegalMoveError);
    e.undo();
    expect(e.outcome()).toBeNull();
    expect(e.legalMoves().length).toBeGreaterThan(0);
    // §8.2's position at the limit is over: 8-8 without the button is a draw.
    const at = await populace(backend, { position: EXAMPLE.replace('ply:6', 'ply:12'), options: { moveLimit: 12 } });
    expect(at.outcome()).toEqual({ winner: 0, reason: 'moveLimit', scores: [8, 8] });
    expect(at.legalMoves()).toEqual([]);
    // One ply before it, the game goes on; the next action ends it.
    const before = await populace(backend, { position: EXAMPLE.replace('ply:6', 'ply:10'), options: { moveLimit: 12 } });
    before.play('a1');
    expect(before.outcome()).toBeNull();
    before.play('g7');
    expect(before.outcome()?.reason).toBe('moveLimit');
  });

  it('the swap exchanges seats: the board stays, White is still to move, the seat to move changes', async () => {
    const e = await populace(backend, { board: 'hexhex(4)' });
    e.play('d4');
    const cells = e.cells();
    expect([e.toMove(), e.seatToMove(), e.seatOf(1), e.seatOf(2)]).toEqual([2, 2, 1, 2]);
    e.play('swap');
    expect(e.cells()).toEqual(cells);
    expect([e.toMove(), e.seatToMove(), e.seatOf(1), e.seatOf(2)]).toEqual([2, 1, 2, 1]);
    expect(e.scores()).toEqual([7, 0]);
    expect(e.position()).toBe('populace hexhex(4) b:d4 w: w p0 btn:- ply:2 swapped');
    expect(e.isLegal('swap')).toBe(false);
    e.play('c1');
    expect([e.toMove(), e.seatToMove()]).toEqual([1, 2]);
    // Undo takes the seats back too.
    e.undo();
    e.undo();
    expect([e.toMove(), e.seatToMove(), e.seatOf(1)]).toEqual([2, 2, 1]);
  });

  it('records round-trip, with the swap and a half-point score; other backends read them too', async () => {
    const e = await populace(backend, { board: 'hexhex(4)' });
    e.play('d4');
    e.play('swap');
    randomGame(e, 12);
    const o = e.outcome()!;
    expect(o.reason).toBe('twoPasses');
    const record = e.record();
    expect(record).toContain('[Game "Populace"]');
    expect(record).toMatch(/\(d4\) \(swap /);
    const [b, w] = e.scores();
    expect(b % 1 === 0.5 || w % 1 === 0.5).toBe(true);
    expect(record).toContain(`[Score "${b}-${w}"]`);
    for (const other of BACKENDS) {
      const again = await populace(other);
      again.loadRecord(record);
      expect(again.position()).toBe(e.position());
      expect(again.history()).toEqual(e.history());
      expect(again.scores()).toEqual([b, w]);
      expect(again.outcome()).toEqual(o);
      expect([again.seatOf(1), again.seatOf(2)]).toEqual([2, 1]);
      expect(again.record()).toBe(record);
    }
    // Rule options travel in the record.
    const options = { pie: false, superko: 'positional', moveLimit: 200 };
    const f = await populace(backend, { board: 'hexhex(5)', options });
    randomGame(f, 3, 40);
    const g = await populace(backend);
    g.loadRecord(f.record());
    expect(g.options).toMatchObject(options);
    expect(g.position()).toBe(f.position());
  });

  it('refuses bad input with a reason and changes nothing', async () => {
    const e = await populace(backend, { position: EXAMPLE });
    const before = e.position();
    const record = e.record();
    expect(() => e.play('b3')).toThrow(IllegalMoveError); // White's cell
    expect(() => e.play('xc4')).toThrow(IllegalMoveError); // not threatened
    expect(() => e.play('d4-f5')).toThrow(IllegalMoveError); // beyond its potential value
    expect(() => e.play('c4-c5')).toThrow(IllegalMoveError); // not Black's piece
    expect(() => e.play('d3-e4')).toThrow(IllegalMoveError); // onto a piece
    expect(() => e.play('swap')).toThrow(IllegalMoveError); // not on ply 2
    expect(() => e.play('zz9')).toThrow(NotationError);
    expect(() => e.play('d4-')).toThrow(NotationError);
    expect(() => e.play({ kind: 'fly', at: 1 })).toThrow(IllegalMoveError);
    expect(() => e.play({ kind: 'place', at: 999 })).toThrow(IllegalMoveError);
    expect(() => e.load('populace hexhex(4) b:d4 w:d4 b p0 btn:- ply:2')).toThrow();
    expect(() => e.load('populace hexhex(4) b:d4 w: b p0 btn:- ply:1')).toThrow(PositionError);
    expect(() => e.load('populace hexhex(4) b:d4 w: w p7 btn:- ply:1')).toThrow(PositionError);
    expect(() => e.load('populace hexhex(4) b:d4 w: b p0 btn:- ply:1 swapped')).toThrow(PositionError);
    expect(() => e.reset({ board: 'hexhex(2)' })).toThrow(/too small/);
    expect(() => e.reset({ options: { pie: 'maybe' } })).toThrow(UsageError);
    expect(() => e.reset({ options: { komi: 1 } })).toThrow(UsageError);
    expect(() => e.reset({ setup: 'pie' })).toThrow(UsageError);
    expect(() => e.loadRecord('[Game "Populace"]\n[Board "hexhex(4)"]\n\n(d4) (d5)')).toThrow(/move 2 \(d5\) cannot be played/);
    expect(() => e.loadRecord('[Game "Refugia"]\n\n(a1)')).toThrow();
    expect(e.position()).toBe(before);
    expect(e.record()).toBe(record);
    expect(() => e.undo()).toThrow(UsageError);
    // Under the pie the first action must be a placement.
    const fresh = await populace(backend, { board: 'hexhex(4)' });
    expect(() => fresh.play('pass')).toThrow(IllegalMoveError);
    expect(fresh.history()).toEqual([]);
  });

  it('a record credits the winning seat: after the swap a Black win is the second player\'s', async () => {
    const e = await populace(backend, { board: 'hexhex(3)' });
    for (const m of ['c3', 'swap', 'pass', 'pass']) e.play(m);
    expect(e.outcome()).toMatchObject({ winner: 1, scores: [7, 0.5] });
    expect(e.record()).toContain('[WinnerSeat "2"]');
    const unswapped = await populace(backend, { board: 'hexhex(3)' });
    for (const m of ['c3', 'pass', 'pass']) unswapped.play(m);
    expect(unswapped.record()).toContain('[WinnerSeat "1"]');
  });
});

describe('Populace matches', () => {
  it('throngs match --game populace runs on hexhex(4)', async () => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['match', '--game', 'populace', '--board', 'hexhex(4)', '--a', 'greedy', '--b', 'random', '--games', '2', '--threads', '1', '--json'])).toBe(0);
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
    const summary = JSON.parse(out.trim().split('\n').at(-1)!) as { games: number; winsA: number; winsB: number; draws: number };
    expect(summary.games).toBe(2);
    expect(summary.winsA + summary.winsB + summary.draws).toBe(2);
  });

  it('a win is credited to the seat, not the colour: after a swap the second seat plays Black', async () => {
    // Seat 1 places d4; seat 2 swaps and so owns d4 as Black; both pass: Black (seat 2) wins 7-½.
    scripted.scripts = { 1: ['d4', 'pass'], 2: ['swap', 'pass'] };
    const game = { game: 'populace', board: 'hexhex(4)' };
    const aFirst = await playGame({ index: 0, a: 'random', b: 'random', aIsBlack: true, game, seed: 1 });
    expect([aFirst.reason, aFirst.scores, aFirst.plies]).toEqual(['twoPasses', [7, 0.5], 4]);
    expect(aFirst.scoreA).toBe(0);
    const aSecond = await playGame({ index: 1, a: 'random', b: 'random', aIsBlack: false, game, seed: 1 });
    expect(aSecond.scoreA).toBe(1);
  });
});
