/**
 * Tholian Go through the Engine API, on both backends: a whole push path given as one token is
 * played (and undone) step by step, and refused whole if a later step is illegal; two empty turns
 * draw; a seeded Oracle game replays from its record. And the wasm engine against the reference
 * engine on combinations of rule options the contract suite, which changes one option at a time,
 * does not play (with a state object crossing into the module as well as position text).
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../bindings/index.js';
import type { Backend } from '../../../bindings/engine/engine.js';
import type { TholianEngine } from '../../../bindings/games/tholian/engine.js';
import { IllegalMoveError, NotationError } from '../../../reference/core/errors.js';
import { Rng } from '../../../reference/core/rng.js';
import { tholian, type TholianState } from '../../../reference/games/tholian/index.js';
import { MAIN, opts, type Options, randomGame } from './helpers.js';

const BACKENDS: readonly Backend[] = ['reference', 'wasm'];

const engine = (backend: Backend, config: { board?: string; options?: Options } = {}): Promise<TholianEngine> =>
  createEngine({ ...config, game: 'tholian', backend, ...(backend === 'wasm' ? { arenaMB: 4 } : {}) });

describe.each(BACKENDS)('whole moves and turns on %s', (backend) => {
  it('play and undo restore the position, and a whole move given as one token is undone step by step', async () => {
    const e = await engine(backend);
    const start = e.position();
    e.play('end');
    e.play('end');
    expect(e.outcome()?.reason).toBe('emptyTurns');
    const drawn = e.position();
    e.load(drawn);
    expect(e.position()).toBe(drawn);
    e.load(start);
    e.play('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
    expect(e.history()).toHaveLength(6);
    expect(e.record()).toContain('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
    for (let i = 0; i < 6; i++) e.undo();
    expect(e.position()).toBe(start);
  });

  it('refuses illegal steps with the reason, and a whole move whose later step is illegal plays none of it', async () => {
    const e = await engine(backend);
    const before = e.position();
    expect(() => e.play('D1.1>D1.3')).toThrow(IllegalMoveError);
    expect(() => e.play('L1.7>L2.7')).toThrow(/no Red token/);
    expect(() => e.play('D1.1>D2.1>D3.1')).toThrow(IllegalMoveError);
    expect(() => e.play('D1.1>Q5')).toThrow(NotationError);
    expect(() => e.play('>D1.2')).toThrow(/no push is being built/);
    expect(e.position()).toBe(before);
    expect(e.history()).toEqual([]);
    e.play('D1.1>D2.1');
    expect(() => e.play('end')).toThrow(/push is being built/);
  });

  it('a seeded Oracle game replays exactly from its record, the variant and seed with it', async () => {
    const o = opts({ variant: 'oracle', seed: 11 });
    const s = tholian.initial(MAIN, 'standard', o);
    const steps = randomGame(MAIN, s, o, 3, 600);
    const e = await engine(backend, { options: { variant: 'oracle', seed: 11 } });
    for (const step of steps) e.play(e.parseMove(step));
    const replay = await engine(backend);
    replay.loadRecord(e.record());
    expect(replay.position()).toBe(tholian.formatPosition(MAIN, s));
    expect(e.record()).toContain('variant=oracle');
  });
});

describe('the wasm engine against the reference engine', () => {
  it.each([
    ['main', { variant: 'lucky', seed: 12 }],
    ['main', { variant: 'oracle', seed: 4, pushLimit: true }],
    ['main', { variant: 'ultimate', sequestration: 'full' }],
    ['periodic', { variant: 'scrimmage' }],
  ] as Array<[string, Options]>)('%s %j: steps, state, position, scores, outcome, undo, playouts', async (board, options) => {
    const [ref, wasm] = await Promise.all(BACKENDS.map((b) => engine(b, { board, options })));
    expect(wasm!.backend).toBe('wasm');
    const same = (): boolean => tholian.statesEqual(wasm!.state() as TholianState, ref!.state() as TholianState);
    const rng = new Rng(3);
    for (let ply = 0; ply < 600; ply++) {
      expect(wasm!.legalMoves()).toEqual(ref!.legalMoves());
      expect(same()).toBe(true);
      expect(wasm!.position()).toBe(ref!.position());
      expect(wasm!.scores()).toEqual(ref!.scores());
      expect(wasm!.outcome()).toEqual(ref!.outcome());
      expect(wasm!.toMove()).toBe(ref!.toMove());
      expect(wasm!.evaluate()).toBe(ref!.evaluate());
      if (ply % 150 === 0) expect(wasm!.playout(ply, { record: true, maxMoves: 3000 })).toEqual(ref!.playout(ply, { record: true, maxMoves: 3000 }));
      const list = ref!.legalMoves();
      if (list.length === 0) break;
      const move = list[rng.below(list.length)]!;
      wasm!.play(move);
      ref!.play(move);
      if (ply % 9 === 4) {
        wasm!.undo();
        ref!.undo();
        expect(same()).toBe(true);
        wasm!.play(move);
        ref!.play(move);
      }
      // A position in text, a push in progress included, crosses into the module and back.
      if (ply % 37 === 20) {
        wasm!.load(ref!.position());
        expect(wasm!.position()).toBe(ref!.position());
        expect(wasm!.legalMoves()).toEqual(ref!.legalMoves());
        ref!.load(ref!.position());
      }
    }
    // A state object crosses as well.
    wasm!.load(ref!.state() as TholianState);
    expect(same()).toBe(true);
    expect(wasm!.legalMoves()).toEqual(ref!.legalMoves());
  });

  it('a whole push path given as one token: played step by step alike, or (unfinished) not at all', async () => {
    const [ref, wasm] = await Promise.all(BACKENDS.map((b) => engine(b)));
    for (const e of [wasm!, ref!]) {
      e.play('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
      e.play('L4.2>L5.2');
    }
    expect(tholian.statesEqual(wasm!.state() as TholianState, ref!.state() as TholianState)).toBe(true);
    expect(wasm!.record()).toBe(ref!.record());
    // L4.1 pushes L5.1 onto L6.1, which is not empty: the push path is not finished.
    for (const e of [wasm!, ref!]) {
      const before = e.position();
      expect(() => e.play('L4.1>L5.1>L6.1'), e.backend).toThrow(/not finished/);
      expect(e.position(), e.backend).toBe(before);
    }
    expect(wasm!.history()).toEqual(ref!.history());
  });
});
