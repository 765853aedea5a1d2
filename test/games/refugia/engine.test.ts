/**
 * Refugia through the Engine API, on both backends: the worked examples of REFUGIA.md §9, its
 * records, its own reasons for refusing bad input, its search finding a won ending; then what the
 * contract suite does not cover for Refugia: the MCTS under each kind of search setting (cut-offs,
 * the evaluation as heuristic, turns, widening, implicit minimax, transpositions, which use the
 * game's own evaluation, margin and position key) builds the same tree on both backends, and the
 * backends agree move by move on board shapes the contract does not play.
 */
import { describe, expect, it } from 'vitest';
import type { SearchSettings } from '../../../reference/search/settings.js';
import { IllegalMoveError, NotationError, PositionError, UsageError } from '../../../reference/core/errors.js';
import { Rng } from '../../../reference/core/rng.js';
import type { RefugiaEngine } from '../../../bindings/games/refugia/engine.js';
import { BACKENDS, engine, moveNames, randomMoves, words } from './helpers.js';

describe.each(BACKENDS)('Refugia on the %s backend', (backend) => {
  it('starts on hex3-4 (27 cells), empty, P1 to move, every cell placeable and pass', async () => {
    const e = await engine(backend);
    expect(e.topology.size).toBe(27);
    expect(e.rules.id).toBe('refugia');
    expect(e.toMove()).toBe(1);
    expect(e.legalMoves()).toHaveLength(28);
    expect(e.position()).toBe('refugia althex(3,4) 1: 2: n: 1 p0');
  });

  it('§9.1 basic flight: exactly the 24 legal moves', async () => {
    const e = await engine(backend, { position: 'refugia hex3-4 1:c3 2:d4 n: 1 p0' });
    expect(moveNames(e)).toEqual(
      words('c3-b2 c3-b3 c3-c2 a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5 f6 pass'),
    );
    expect(e.isLegal('c3-e5')).toBe(false);
  });

  it('§9.2 hops over opponents turn them neutral', async () => {
    const e = await engine(backend, { position: 'refugia hex3-4 1:c3 2:c4,d3,d4 n: 1 p0' });
    const moves = moveNames(e).filter((m) => m.startsWith('c3-'));
    expect(moves).toEqual(words('c3-b2 c3-b3 c3-c2 c3-c5 c3-e3 c3-e5'));
    e.play('c3-e3');
    expect(e.scores()).toEqual([0, 1]);
    expect(e.cells()[e.topology.cellOf('d3')]).toBe(3);
    const hop = e.history()[0]!;
    expect(hop).toMatchObject({ kind: 'hop', over: e.topology.cellOf('d3'), converts: 'enemy' });
  });

  it('§9.3 a hop over a neutral makes it the mover\'s; the other side\'s moves', async () => {
    const e = await engine(backend, { position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 1 p0' });
    expect(e.scores()).toEqual([0, 1]);
    expect(moveNames(e).filter((m) => m.includes('-'))).toEqual(words('c3-b2 c3-c2 c3-d4 c3-a3 c3-c5 c3-e3 e4-e5 e4-f4 e4-f5'));
    const start = e.position();
    // Over the neutral d3: it becomes P1's. Over the enemies b3 and c4: they become neutral.
    for (const [hop, after, scores] of [
      ['c3-e3', 'refugia althex(3,4) 1:d3,e3,e4 2:b3,c4 n: 2 p0', [3, 1]],
      ['c3-a3', 'refugia althex(3,4) 1:a3,e4 2:c4 n:b3,d3 2 p0', [0, 0]],
      ['c3-c5', 'refugia althex(3,4) 1:e4,c5 2:b3 n:d3,c4 2 p0', [0, 0]],
    ] as const) {
      e.play(hop);
      expect(e.position(), hop).toBe(after);
      expect(e.scores(), hop).toEqual(scores);
      e.undo();
      expect(e.position(), `${hop} undone`).toBe(start);
    }
    const other = await engine(backend, { position: 'refugia hex3-4 1:c3,e4 2:b3,c4 n:d3 2 p0' });
    expect(moveNames(other).filter((m) => m.includes('-'))).toEqual(words('b3-a2 b3-a3 b3-b4 c4-b4 c4-c5 c4-d5'));
  });

  it.each([
    ['pass pass', 1, [0, 0]],
    ['c3 d4 pass pass', 1, [0, 0]],
    ['c3 d4 a1 pass pass', 1, [0, 0]],
  ] as const)('§9.4 %s ends the game, winner %i', async (moves, winner, scores) => {
    const e = await engine(backend);
    for (const m of moves.split(' ')) e.play(m);
    expect(e.outcome()).toEqual({ winner, reason: 'twoPasses', scores });
    expect(e.legalMoves()).toEqual([]);
    expect(e.record()).toContain('[Result "1-0"]');
  });

  it('records round-trip, and a record of the other game is refused with nothing changed', async () => {
    const e = await engine(backend, { board: 'hex2-3' });
    const rng = new Rng(5);
    while (!e.outcome()) {
      const legal = e.legalMoves();
      e.play(legal[rng.below(legal.length)]!);
    }
    const record = e.record();
    expect(record).toContain('[Game "Refugia"]');
    const again = await engine(backend);
    again.loadRecord(record);
    expect(again.position()).toBe(e.position());
    expect(again.history()).toEqual(e.history());
    const before = again.position();
    expect(() => again.loadRecord('[Game "Throngs"]\n\ne3')).toThrow(NotationError);
    expect(() => again.loadRecord('[Game "Refugia"]\n\na1 a1')).toThrow(/move 2 \(a1\) cannot be played/);
    expect(again.position()).toBe(before);
  });

  it('refuses bad input with a reason and changes nothing', async () => {
    const e = await engine(backend, { position: 'refugia hex3-4 1:c3 2:d4 n: 1 p0' });
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

  it('searches: a legal answer, deterministic with a seed, and it wins a won position', async () => {
    const e = await engine(backend);
    const a = await e.search({ iterations: 300, seed: 9 });
    const b = await (await engine(backend)).search({ iterations: 300, seed: 9 });
    expect(e.isLegal(a.move)).toBe(true);
    expect(a.children.map((c) => [e.formatMove(c.move), c.visits])).toEqual(b.children.map((c) => [e.formatMove(c.move), c.visits]));
    // P1 leads 3-1 with P2 having just passed: passing now wins at once.
    const won = await engine(backend, { position: 'refugia hex3-4 1:c3,d3,c2 2:a3,a2 n: 1 p1' });
    const r = await won.search({ iterations: 400, seed: 1 });
    expect(won.formatMove(r.move)).toBe('pass');
  });
});

/** A search's tree as data: each root child's move, visits, value and proof, and its main line. */
async function tree(e: RefugiaEngine, iterations: number, seed: number, settings: SearchSettings): Promise<unknown> {
  const r = await e.search({ iterations, seed, settings, fresh: true });
  return {
    visits: r.visits,
    children: r.children.map((c) => [e.formatMove(c.move), c.visits, c.value, c.proven ?? null]),
    pv: r.principalVariation.map((m) => e.formatMove(m)),
  };
}

describe('Refugia: the MCTS under each kind of setting builds the same tree on both backends', () => {
  const SETTINGS: SearchSettings[] = [
    { exploration: 0.3, cutoff: 2, evalScale: 4, biasPercent: 0, expandAfter: 8, heuristic: 0, turns: 0, widen: 0, implicit: 0, transpositions: 0, contempt: 0 },
    { exploration: 0.7, cutoff: 0, evalScale: 4, biasPercent: 30, expandAfter: 2, heuristic: 0, turns: 1, widen: 0, implicit: 0.4, transpositions: 0, contempt: 0 },
    { exploration: 0.3, cutoff: 1, evalScale: 3, biasPercent: 0, expandAfter: 4, heuristic: 1, turns: 0, widen: 0.5, implicit: 0.5, transpositions: 0, contempt: 0 },
    { exploration: 0.5, cutoff: 0, evalScale: 4, biasPercent: 0, expandAfter: 2, heuristic: 1, turns: 0, widen: 1.5, implicit: 0, transpositions: 0, contempt: 0 },
  ];

  it.each(['hex2-3', 'hex3-4', 'torus(6,5)'])('%s: from the start and mid-game, each setting with and without transpositions', async (board) => {
    for (const [i, base] of SETTINGS.entries()) {
      for (const settings of [base, { ...base, transpositions: 1 as const }]) {
        for (const plies of [0, 6]) {
          const ref = await engine('reference', { board });
          const wasm = await engine('wasm', { board });
          randomMoves([ref, wasm], 40 + i, plies);
          const before = wasm.position('machine');
          const where = `setting ${i} ${JSON.stringify(settings)} after ${plies} plies`;
          expect(await tree(wasm, 451, 99 + i, settings), where).toEqual(await tree(ref, 451, 99 + i, settings));
          expect(wasm.position('machine'), where).toBe(before);
        }
      }
    }
  });
});

describe('Refugia: the backends agree on board shapes the contract does not play', () => {
  // The contract plays hexhex(4), torus(6,5) and perforated(hexhex(5),c3,e5,g7).
  const BOARDS = ['hexhex(5)', 'torus(9,7)', 'perforated(hexhex(5),c3,e5,g7,e7,c5)'];

  it.each(BOARDS)('%s: every ply of seeded random games, with undo, and whole seeded playouts', async (board) => {
    let positions = 0;
    for (let g = 0; g < 4; g++) {
      const ref = await engine('reference', { board });
      const wasm = await engine('wasm', { board });
      const rng = new Rng(4100 + g);
      for (let ply = 0; ; ply++) {
        const where = `${board} game ${g} ply ${ply}`;
        expect(wasm.position('machine'), where).toBe(ref.position('machine'));
        expect(wasm.legalMoves(), where).toEqual(ref.legalMoves());
        expect(wasm.scores(), where).toEqual(ref.scores());
        expect(wasm.outcome(), where).toEqual(ref.outcome());
        expect(wasm.toMove(), where).toBe(ref.toMove());
        positions++;
        const legal = ref.legalMoves();
        if (legal.length === 0) break;
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        if (rng.below(6) === 0) {
          ref.undo();
          wasm.undo();
          expect(wasm.position('machine'), `${where} after undo`).toBe(ref.position('machine'));
          ref.play(move);
          wasm.play(move);
        }
      }
      expect(ref.outcome(), `${board} game ${g}`).not.toBeNull();
    }
    expect(positions).toBeGreaterThan(100);
    const ref = await engine('reference', { board });
    const wasm = await engine('wasm', { board });
    for (let seed = 0; seed < 10; seed++) {
      for (const maxMoves of [5, 1000]) {
        expect(wasm.playout(seed, { record: true, maxMoves }), `${board} seed ${seed} cap ${maxMoves}`).toEqual(ref.playout(seed, { record: true, maxMoves }));
      }
    }
  });
});
