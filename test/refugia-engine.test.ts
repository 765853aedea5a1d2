/**
 * Refugia through the Engine API on both backends: the spec's worked examples, positions and
 * records, bad input refused with nothing changed, the wasm module against the reference engine
 * on thousands of positions and whole seeded games, pinned perft counts, and the search.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../bindings/index.js';
import type { Backend } from '../bindings/engine/engine.js';
import type { RefugiaEngine } from '../bindings/games/refugia/engine.js';
import { perft } from '../bindings/cli/perft.js';
import { IllegalMoveError, NotationError, PositionError, UsageError } from '../reference/core/errors.js';
import { Rng } from '../reference/core/rng.js';
import { BACKENDS } from './helpers.js';

function refugia(backend: Backend, config: { board?: string; position?: string } = {}): Promise<RefugiaEngine> {
  return createEngine({ game: 'refugia', backend, ...config });
}

const names = (e: RefugiaEngine): string[] => e.legalMoves().map((m) => e.formatMove(m)).sort();
const words = (text: string): string[] => text.split(/\s+/).filter(Boolean).sort();

describe.each(BACKENDS)('Refugia on the %s backend', (backend) => {
  it('starts on hex3-4 (27 cells), empty, P1 to move, every cell placeable and pass', async () => {
    const e = await refugia(backend);
    expect(e.topology.size).toBe(27);
    expect(e.rules.id).toBe('refugia');
    expect(e.toMove()).toBe(1);
    expect(e.legalMoves()).toHaveLength(28);
    expect(e.position()).toBe('refugia althex(3,4) 1: 2: n: 1 p0');
  });

  it('§9.1 basic flight: exactly the 24 legal moves', async () => {
    const e = await refugia(backend, { position: 'refugia hex3-4 1:c3 2:d4 n: 1 p0' });
    expect(names(e)).toEqual(
      words('c3-b2 c3-b3 c3-c2 a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5 f6 pass'),
    );
    expect(e.isLegal('c3-e5')).toBe(false);
  });

  it('§9.2 hops over opponents turn them neutral', async () => {
    const e = await refugia(backend, { position: 'refugia hex3-4 1:c3 2:c4,d3,d4 n: 1 p0' });
    const moves = names(e).filter((m) => m.startsWith('c3-'));
    expect(moves).toEqual(words('c3-b2 c3-b3 c3-c2 c3-c5 c3-e3 c3-e5'));
    e.play('c3-e3');
    expect(e.scores()).toEqual([0, 1]);
    expect(e.cells()[e.topology.cellOf('d3')]).toBe(3);
    const hop = e.history()[0]!;
    expect(hop).toMatchObject({ kind: 'hop', over: e.topology.cellOf('d3'), converts: 'enemy' });
  });

  it('§9.3 a hop over a neutral makes it the mover\'s; the other side\'s moves', async () => {
    const e = await refugia(backend, { position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' });
    expect(e.scores()).toEqual([0, 1]);
    expect(names(e).filter((m) => m.includes('-'))).toEqual(words('c3-b2 c3-c2 c3-d4 c3-a3 c3-c5 c3-e3 e4-e5 e4-f4 e4-f5'));
    e.play('c3-e3');
    expect(e.scores()).toEqual([3, 1]);
    const other = await refugia(backend, { position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 2 p0' });
    expect(names(other).filter((m) => m.includes('-'))).toEqual(words('b3-a2 b3-a3 b3-b4 c4-b4 c4-c5 c4-d5'));
  });

  it.each([
    ['pass pass', 1, [0, 0]],
    ['c3 d4 pass pass', 1, [0, 0]],
    ['c3 d4 a1 pass pass', 1, [0, 0]],
  ] as const)('§9.4 %s ends the game, winner %i', async (moves, winner, scores) => {
    const e = await refugia(backend);
    for (const m of moves.split(' ')) e.play(m);
    expect(e.outcome()).toEqual({ winner, reason: 'twoPasses', scores });
    expect(e.legalMoves()).toEqual([]);
    expect(e.record()).toContain('[Result "1-0"]');
  });

  it('records round-trip, and a record of the other game is refused with nothing changed', async () => {
    const e = await refugia(backend, { board: 'hex2-3' });
    const rng = new Rng(5);
    while (!e.outcome()) {
      const legal = e.legalMoves();
      e.play(legal[rng.below(legal.length)]!);
    }
    const record = e.record();
    expect(record).toContain('[Game "Refugia"]');
    const again = await refugia(backend);
    again.loadRecord(record);
    expect(again.position()).toBe(e.position());
    expect(again.history()).toEqual(e.history());
    const before = again.position();
    expect(() => again.loadRecord('[Game "Throngs"]\n\ne3')).toThrow(NotationError);
    expect(() => again.loadRecord('[Game "Refugia"]\n\na1 a1')).toThrow(/move 2 \(a1\) cannot be played/);
    expect(again.position()).toBe(before);
  });

  it('refuses bad input with a reason and changes nothing', async () => {
    const e = await refugia(backend, { position: 'refugia hex3-4 1:c3 2:d4 n: 1 p0' });
    const before = e.position();
    expect(() => e.play('c3-d3')).toThrow(IllegalMoveError);
    expect(() => e.play('c3-d3')).toThrow(/enem/);
    expect(() => e.play('b2')).toThrow(/c3/);
    expect(() => e.play('d4-d5')).toThrow(IllegalMoveError);
    expect(() => e.play('zz9')).toThrow(NotationError);
    expect(() => e.play({ kind: 'fly', at: 1 })).toThrow(IllegalMoveError);
    expect(() => e.play({ kind: 'place', at: 99 })).toThrow(IllegalMoveError);
    expect(() => e.load('refugia hex3-4 1:c3 2:c3 n: 1 p0')).toThrow();
    expect(() => e.load('refugia hex3-4 1:c3 2: n: 1 p7')).toThrow(PositionError);
    expect(() => e.reset({ board: 'hex9-9' })).toThrow(/board/);
    expect(() => e.reset({ options: { fast: true } })).toThrow(UsageError);
    expect(() => e.reset({ setup: 'pie' })).toThrow(UsageError);
    expect(e.position()).toBe(before);
    expect(() => e.undo()).toThrow(UsageError);
  });

  it('pinned perft counts', async () => {
    const small = await refugia(backend, { board: 'hex2-3' });
    expect([1, 2, 3].map((d) => perft(small, d))).toEqual([13, 157, 1296]);
    const std = await refugia(backend);
    expect([1, 2, 3].map((d) => perft(std, d))).toEqual([28, 757, 16716]);
  });

  it('searches: a legal answer, deterministic with a seed, and it wins a won position', async () => {
    const e = await refugia(backend);
    const a = await e.search({ iterations: 300, seed: 9 });
    const b = await (await refugia(backend)).search({ iterations: 300, seed: 9 });
    expect(e.isLegal(a.move)).toBe(true);
    expect(a.children.map((c) => [e.formatMove(c.move), c.visits])).toEqual(b.children.map((c) => [e.formatMove(c.move), c.visits]));
    // P1 leads 3-1 with P2 having just passed: passing now wins at once.
    const won = await refugia(backend, { position: 'refugia hex3-4 1:c3,d3,c2 2:a3,a2 n: 1 p1' });
    const r = await won.search({ iterations: 400, seed: 1 });
    expect(won.formatMove(r.move)).toBe('pass');
  });
});

describe('Refugia: wasm agrees with the reference', () => {
  const BOARDS = ['hex2-3', 'hex3-4', 'hex6-8', 'hexhex(5)', 'torus(6,5)', 'perforated(hexhex(5),c3,e5)', 'custom(0:0,1:0,2:0,0:1,1:1,2:1,3:1,1:2,2:2,3:2)'];
  const GAMES = 20;
  let total = 0;

  it.each(BOARDS)('on every position of seeded random games, with undo: %s', async (board) => {
    let positions = 0;
    for (let g = 0; g < GAMES; g++) {
      const ref = await refugia('reference', { board });
      const wasm = await refugia('wasm', { board });
      const rng = new Rng(4100 + g);
      for (let ply = 0; ; ply++) {
        const where = `${board} game ${g} ply ${ply}`;
        expect(wasm.position(), where).toBe(ref.position());
        expect(wasm.legalMoves(), where).toEqual(ref.legalMoves());
        expect(wasm.scores(), where).toEqual(ref.scores());
        expect(wasm.outcome(), where).toEqual(ref.outcome());
        expect(wasm.toMove(), where).toBe(ref.toMove());
        positions++;
        const legal = ref.legalMoves();
        if (legal.length === 0) break;
        // Passes are rare in random play, so games reach the middle and the end.
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        if (rng.below(6) === 0) {
          ref.undo();
          wasm.undo();
          expect(wasm.position(), `${where} after undo`).toBe(ref.position());
          ref.play(move);
          wasm.play(move);
        }
      }
    }
    expect(positions).toBeGreaterThan(GAMES * 5);
    total += positions;
  });

  it('covered thousands of positions', () => {
    expect(total).toBeGreaterThan(2000);
  });

  it.each(BOARDS)('whole seeded playouts move by move: %s', async (board) => {
    const ref = await refugia('reference', { board });
    const wasm = await refugia('wasm', { board });
    for (let seed = 0; seed < 40; seed++) {
      expect(wasm.playout(seed, { record: true }), `${board} seed ${seed}`).toEqual(ref.playout(seed, { record: true }));
    }
  });

  it('the same search tree from the same seed', async () => {
    for (const position of ['refugia hex3-4 1: 2: n: 1 p0', 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0']) {
      const ref = await refugia('reference', { position });
      const wasm = await refugia('wasm', { position });
      const a = await ref.search({ iterations: 500, seed: 3 });
      const b = await wasm.search({ iterations: 500, seed: 3 });
      expect(b.children.map((c) => [ref.formatMove(c.move), c.visits, c.value.toFixed(5)])).toEqual(
        a.children.map((c) => [ref.formatMove(c.move), c.visits, c.value.toFixed(5)]),
      );
      expect(b.principalVariation.map((m) => ref.formatMove(m))).toEqual(a.principalVariation.map((m) => ref.formatMove(m)));
    }
  });
});
