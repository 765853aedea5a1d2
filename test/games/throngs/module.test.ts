/**
 * What is particular to Throngs' wasm module, beyond the contract suite's checks of every module:
 * memory unchanged over a hundred thousand playouts on a small board and thousands on a Ludii one,
 * the whole module within 4 MiB for searches up to level 5, and the result slots' winner being the
 * player with the higher score (THRONGS.md §12.3).
 */
import { describe, expect, it } from 'vitest';
import { levelSearch } from '../../../bindings/agents/levels.js';
import { RESULT_END, RESULT_WINNER } from '../../../assembly/core/abi.js';
import { createThrongsWasmEngine as createWasmEngine, type ThrongsWasmEngine as WasmEngine } from '../../../bindings/games/throngs/wasm-engine.js';

describe("Throngs' wasm module", () => {
  it('memory does not grow over 100,000 playouts', async () => {
    const e = (await createWasmEngine({ board: 'hexhex(3)' })) as WasmEngine;
    expect(e.core.isDebugBuild()).toBe(0);
    const before = e.memoryBytes();
    let moves = 0;
    for (let batch = 0; batch < 10; batch++) moves += e.playouts(batch * 10_000, 10_000);
    expect(e.memoryBytes()).toBe(before);
    expect(moves).toBeGreaterThan(100_000);
    // And the same on a Ludii board with a shorter run: nothing grows with the board either.
    e.reset({ board: 'ragged63' });
    const ragged = e.memoryBytes();
    e.playouts(1, 2_000);
    expect(e.memoryBytes()).toBe(ragged);
  });

  it('the arena follows the search budget: a few MiB for the low levels, grown between searches with the game intact', async () => {
    const e = await createWasmEngine({ board: 'ragged63' });
    const fixed = await createWasmEngine({ board: 'ragged63', arenaMB: 64 });
    for (const m of ['e3-f4', 'pass']) {
      e.play(m);
      fixed.play(m);
    }
    // Level 3 (600 iterations) and level 5 (10,000): the whole module stays small.
    await e.search({ ...levelSearch(3, e.rules), seed: 1 });
    await e.search({ ...levelSearch(5, e.rules), seed: 1 });
    expect(e.memoryBytes()).toBeLessThanOrEqual(4 * 2 ** 20);
    expect(fixed.memoryBytes()).toBeGreaterThan(64 * 2 ** 20);
    // A bigger budget grows the arena first; the position and its history survive.
    const before = { position: e.position(), history: e.history() };
    const grown = await e.search({ iterations: 100_000, seed: 9 });
    expect(e.arenaSize()).toBeGreaterThan(2 ** 20);
    expect({ position: e.position(), history: e.history() }).toEqual(before);
    expect(grown.arenaFull).toBe(false);
    // The same tree as with a fixed arena, as long as neither fills.
    const same = await fixed.search({ iterations: 100_000, seed: 9 });
    expect(grown.children.map((c) => [c.visits, c.value])).toEqual(same.children.map((c) => [c.visits, c.value]));
    e.undo();
    fixed.undo();
    expect(e.position()).toBe(fixed.position());
  });

  it("a playout's result slots hold the winner the scores give", async () => {
    const e = (await createWasmEngine({ board: 'hexhex(4)' })) as WasmEngine;
    const winners = new Set<number>();
    for (let seed = 0; seed < 40; seed++) {
      const p = e.playout(seed);
      const slots = new Int32Array(e.core.memory.buffer, e.core.resultPtr(), 8);
      expect(slots[RESULT_END]).not.toBe(0);
      const [s1, s2] = p.scores;
      expect(slots[RESULT_WINNER]).toBe(s1 > s2 ? 1 : s2 > s1 ? 2 : 0);
      expect(slots[RESULT_WINNER]).toBe(p.outcome!.winner);
      winners.add(slots[RESULT_WINNER]!);
    }
    expect(winners.size).toBeGreaterThan(1);
  });
});
