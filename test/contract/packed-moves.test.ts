/**
 * Every game of the registry: the packed move API (moves as codes) is the object API by other
 * means. The same codes in the same order on both backends, play and undo by code leave the same
 * game as by object, and a code that is not a legal move now is refused and changes nothing.
 */
import { describe, expect, it } from 'vitest';
import { IllegalMoveError, UsageError } from '../../reference/core/errors.js';
import { BACKENDS, engineOf, GAME_IDS, pair, Rng, smallConfigs, type AnyEngine } from './games.js';

/** What a game is: position, history as notation, the record. */
const snapshot = (e: AnyEngine): [string, string[], string] => [e.position('machine'), e.moveLog().map((m) => m.notation), e.record()];

describe.each(GAME_IDS)('%s: the packed move API', (game) => {
  it('lists the same codes, in the order of the legal moves, on both backends through random games', async () => {
    for (const config of smallConfigs(game).slice(0, 3)) {
      const { ref, wasm } = await pair(game, config);
      const rng = new Rng(11);
      for (let ply = 0; ply < 60 && !ref.outcome(); ply++) {
        const codes = Array.from(wasm.legalCodes());
        expect(Array.from(ref.legalCodes())).toEqual(codes);
        expect(codes).toEqual(wasm.legalMoves().map((m) => wasm.codeOf(m)));
        // Play alternately by code and by object: the games stay the same.
        const code = codes[rng.below(codes.length)]!;
        if (ply % 2 === 0) {
          ref.playCode(code);
          wasm.playCode(code);
        } else {
          ref.play(ref.moveOf(code));
          wasm.play(wasm.formatMove(wasm.moveOf(code)));
        }
        expect(wasm.position('machine')).toBe(ref.position('machine'));
      }
      expect(snapshot(wasm)).toEqual(snapshot(ref));
    }
  });

  describe.each(BACKENDS)('on %s', (backend) => {
    it('play and undo by code are play and undo by object: the same state, history, record and codes back', async () => {
      const byCode = await engineOf(game, backend);
      const byObject = await engineOf(game, backend);
      const rng = new Rng(5);
      const played: number[] = [];
      for (let ply = 0; ply < 40 && !byCode.outcome(); ply++) {
        const codes = byCode.legalCodes();
        const code = codes[rng.below(codes.length)]!;
        const move = byCode.moveOf(code);
        byCode.playCode(code);
        byObject.play(move);
        played.push(code);
        expect(snapshot(byCode)).toEqual(snapshot(byObject));
      }
      // Undo by code gives the codes back, last first, and the game as it was before each.
      for (let i = played.length - 1; i >= played.length - 10 && i >= 0; i--) {
        expect(byCode.undoCode()).toBe(played[i]);
        byObject.undo();
        expect(snapshot(byCode)).toEqual(snapshot(byObject));
      }
      expect(() => byObject.loadRecord(byCode.record())).not.toThrow();
      expect(byObject.position('machine')).toBe(byCode.position('machine'));
    });

    it('a code that is not a legal move now, or not a code at all, is refused and changes nothing', async () => {
      const e = await engineOf(game, backend);
      const rng = new Rng(3);
      for (let ply = 0; ply < 8 && !e.outcome(); ply++) e.playCode(e.legalCodes()[rng.below(e.legalCodes().length)]!);
      const before = snapshot(e);
      const legal = new Set(e.legalCodes());
      // A code of a move of this game that is not legal here: a legal move's code from the start.
      const start = await engineOf(game, backend);
      const elsewhere = Array.from(start.legalCodes()).find((c) => !legal.has(c));
      if (elsewhere !== undefined) {
        expect(() => e.playCode(elsewhere)).toThrow(IllegalMoveError);
        expect(() => e.moveOf(elsewhere)).toThrow(IllegalMoveError);
      }
      for (const bad of [0xffffffff, 0xdeadbeef]) if (!legal.has(bad)) expect(() => e.playCode(bad)).toThrow(IllegalMoveError);
      for (const bad of [-1, 1.5, 2 ** 32, Number.NaN, '7' as unknown as number, null as unknown as number]) {
        expect(() => e.playCode(bad), String(bad)).toThrow(UsageError);
      }
      expect(snapshot(e)).toEqual(before);
      // Refused while a search runs, before anything changes.
      const first = e.legalCodes()[0]!;
      const running = e.search({ iterations: 200, seed: 1 });
      expect(() => e.playCode(first)).toThrow(UsageError);
      await running;
      expect(snapshot(e)).toEqual(before);
      expect(() => e.codeOf('not a move')).toThrow();
    });
  });
});
