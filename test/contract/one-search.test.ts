/**
 * Every game of the registry, on both backends: a search owns the engine until it ends. A second
 * search, a playout, many playouts or an evaluation asked for meanwhile is refused with a
 * UsageError before anything changes (the wasm arena included), and the running search ends with
 * the result it would have had alone. Playout caps are checked alike on both backends.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../reference/core/errors.js';
import { MAX_PLAYOUT_MOVES, MAX_RECORDED_PLAYOUT_MOVES } from '../../reference/search/playout.js';
import type { WasmEngine } from '../../bindings/wasm/wasm-engine.js';
import type { GameMove } from '../../reference/core/game.js';
import { BACKENDS, engineOf, GAME_IDS } from './games.js';

const SEARCH = { iterations: 3000, seed: 5 } as const;

describe.each(GAME_IDS)('%s: one search at a time', (game) => {
  describe.each(BACKENDS)('on %s', (backend) => {
    it('refuses a second search, a playout or an evaluation while a search runs, and the search ends as it would alone', async () => {
      const alone = await (await engineOf(game, backend)).search(SEARCH);
      const e = await engineOf(game, backend);
      const running = e.search(SEARCH);
      // The arena this search grew to when it began (a wasm engine sizes it by the budget).
      const arena = backend === 'wasm' ? (e as WasmEngine<unknown, GameMove>).arenaSize() : 0;
      // A bigger budget would grow a wasm engine's arena: refused before that happens.
      await expect(e.search({ iterations: 2_000_000, seed: 1 })).rejects.toThrow(UsageError);
      expect(() => e.playout(7)).toThrow(UsageError);
      expect(() => e.evaluate()).toThrow(UsageError);
      if (backend === 'wasm') {
        expect(() => (e as WasmEngine<unknown, GameMove>).playouts(1, 10)).toThrow(UsageError);
        expect((e as WasmEngine<unknown, GameMove>).arenaSize()).toBe(arena);
      }
      const result = await running;
      expect(e.formatMove(result.move)).toBe(e.formatMove(alone.move));
      expect(result.iterations).toBe(alone.iterations);
      expect(result.children.map((c) => c.visits)).toEqual(alone.children.map((c) => c.visits));
      // Idle again: everything works.
      expect(e.playout(7).length).toBeGreaterThanOrEqual(0);
      expect(Number.isFinite(e.evaluate())).toBe(true);
    });

    it('checks playout caps the same way: whole numbers up to 2^31-1, recorded playouts up to the record', async () => {
      const e = await engineOf(game, backend);
      for (const maxMoves of [2 ** 31, 2 ** 32 + 3, -1, 1.5, Number.NaN, Infinity]) {
        expect(() => e.playout(7, { maxMoves }), String(maxMoves)).toThrow(UsageError);
      }
      expect(() => e.playout(7, { maxMoves: MAX_RECORDED_PLAYOUT_MOVES + 1, record: true })).toThrow(UsageError);
      expect(() => e.playout(7, null as never)).toThrow(UsageError);
      const whole = e.playout(7, { maxMoves: MAX_PLAYOUT_MOVES });
      expect(whole.outcome).not.toBeNull();
      expect(e.playout(7, { maxMoves: 3 }).length).toBe(Math.min(3, whole.length));
      expect(e.playout(7, { maxMoves: MAX_RECORDED_PLAYOUT_MOVES, record: true }).moves?.length).toBe(whole.length);
    });
  });
});

describe.each(GAME_IDS)('%s: the wasm record', (game) => {
  it('holds exactly the moves a recorded playout may keep on either backend', async () => {
    const e = (await engineOf(game, 'wasm')) as WasmEngine<unknown, GameMove>;
    expect(e.core.recordCapacity()).toBe(MAX_RECORDED_PLAYOUT_MOVES);
  });
});
