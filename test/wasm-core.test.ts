/**
 * What only the wasm backend has: memory sized once and never grown by play, the debug build
 * (checks on) agreeing with the release build, traps turned into a typed error with the game
 * intact, and an undo history longer than the core's own undo ring.
 */
import { describe, expect, it } from 'vitest';
import { levelSearch } from '../bindings/agents/levels.js';
import { RESULT_END, RESULT_WINNER } from '../assembly/core/abi.js';
import { createThrongsWasmEngine as createWasmEngine, type ThrongsWasmEngine as WasmEngine } from '../bindings/games/throngs/wasm-engine.js';
import { WasmFault } from '../bindings/wasm/wasm-engine.js';
import { engine } from './helpers.js';

describe('wasm core resources', () => {
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

  it('a batch of playouts plays the same games as single playouts', async () => {
    const e = (await createWasmEngine({ board: 'ragged87' })) as WasmEngine;
    let total = 0;
    for (let seed = 50; seed < 60; seed++) total += e.playout(seed).length;
    expect(e.playouts(50, 10)).toBe(total);
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

  it('undo beyond the core\'s own undo ring replays the game and stays exact', async () => {
    const e = (await createWasmEngine({ board: 'ragged63' })) as WasmEngine;
    const ref = await engine('reference', { board: 'ragged63' });
    e.core.limitUndo(8);
    for (let i = 0; i < 40 && !ref.outcome(); i++) {
      const legal = ref.legalMoves();
      const move = legal[(i * 7919) % legal.length]!;
      e.play(move);
      ref.play(move);
    }
    while (ref.history().length > 0) {
      e.undo();
      ref.undo();
      expect(e.position()).toBe(ref.position());
    }
    expect(e.history()).toEqual([]);
  });

  it('a trap in the core becomes a WasmFault and the game is rebuilt unchanged', async () => {
    const e = (await createWasmEngine({ board: 'ragged63' })) as WasmEngine;
    e.play('e3-f4');
    e.play('g4');
    const before = { position: e.position(), record: e.record(), legal: e.legalMoves() };
    // Corrupt the core on purpose: an out-of-range site in the neighbour table makes the next
    // search read far outside memory.
    const table = new Int32Array(e.core.memory.buffer, e.core.neighbourTable(), 63 * 6);
    table.fill(0x3fffffff);
    expect(() => e.playout(1)).toThrow(WasmFault);
    expect(e.position()).toBe(before.position);
    expect(e.record()).toBe(before.record);
    expect(e.legalMoves()).toEqual(before.legal);
    e.undo();
    expect(e.history()).toHaveLength(1);
  });
});
