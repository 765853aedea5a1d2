/**
 * Every game of the registry: what only the wasm backend has. Memory is sized once and never
 * grown by play; the search arena follows the budget and grows between searches with the game
 * intact; an undo history longer than the core's own undo ring replays and stays exact; a trap in
 * the core becomes a typed WasmFault with the game rebuilt unchanged.
 */
import { describe, expect, it } from 'vitest';
import { levelSearch } from '../../bindings/agents/levels.js';
import { WasmFault, type WasmEngine } from '../../bindings/wasm/wasm-engine.js';
import type { GameMove } from '../../reference/core/game.js';
import { configsOf, engineOf, GAME_IDS, pair, randomMoves, Rng, type GameId } from './games.js';

type Wasm = WasmEngine<unknown, GameMove>;
const wasmOf = async (game: GameId, board: string, arenaMB?: number): Promise<Wasm> =>
  (await engineOf(game, 'wasm', { board, ...(arenaMB ? { arenaMB } : {}) })) as Wasm;

describe.each(GAME_IDS)('%s: the wasm core', (game) => {
  const board = configsOf(game)[0]!.board;

  it('is the release build, and its memory does not grow over 100,000 playouts (or 2,000,000 moves of long ones)', async () => {
    const e = await wasmOf(game, board);
    expect(e.core.isDebugBuild()).toBe(0);
    const before = e.memoryBytes();
    let moves = 0;
    let playouts = 0;
    for (; playouts < 100_000 && moves < 2_000_000; playouts += 1000) moves += e.playouts(playouts, 1000, 600);
    expect(e.memoryBytes()).toBe(before);
    expect(moves).toBeGreaterThan(100_000);
  });

  it('the arena follows the search budget: small for the low levels, grown between searches with the game intact', async () => {
    const e = await wasmOf(game, board);
    const fixed = await wasmOf(game, board, 64);
    randomMoves([e, fixed], new Rng(2), 2);
    await e.search({ ...levelSearch(3, e.rules), seed: 1 });
    expect(e.memoryBytes()).toBeLessThanOrEqual(8 * 2 ** 20);
    expect(fixed.memoryBytes()).toBeGreaterThan(64 * 2 ** 20);
    const before = { position: e.position(), history: e.history() };
    const grown = await e.search({ iterations: 30_000, seed: 9 });
    expect(e.arenaSize()).toBeGreaterThan(2 ** 20);
    expect({ position: e.position(), history: e.history() }).toEqual(before);
    expect(grown.arenaFull).toBe(false);
    // The same tree as with a fixed arena, as long as neither fills.
    const same = await fixed.search({ iterations: 30_000, seed: 9 });
    expect(grown.children.map((c) => [c.visits, c.value])).toEqual(same.children.map((c) => [c.visits, c.value]));
  });

  it("undo beyond the core's own undo ring replays the game and stays exact", async () => {
    const { ref, wasm } = await pair(game, { board });
    const e = wasm as Wasm;
    e.core.limitUndo(3);
    randomMoves([ref, e], new Rng(5), 40);
    expect(ref.history().length).toBeGreaterThan(10);
    while (ref.history().length > 0) {
      e.undo();
      ref.undo();
      expect(e.position('machine')).toBe(ref.position('machine'));
      expect(e.legalMoves()).toEqual(ref.legalMoves());
    }
    expect(e.history()).toEqual([]);
  });

  it('a trap in the core becomes a WasmFault and the game is rebuilt unchanged', async () => {
    const e = await wasmOf(game, board);
    randomMoves([e], new Rng(7), 4);
    const before = { position: e.position(), record: e.record(), legal: e.legalMoves() };
    // Corrupt the core on purpose: out-of-range cells in the neighbour table (and whatever the
    // module derives from it) make the next playout read far outside memory.
    new Int32Array(e.core.memory.buffer, e.core.neighbourTable(), e.topology.size * 6).fill(0x3fffffff);
    try {
      e.core.commitBoard(e.topology.wrap !== null);
    } catch {
      // A module that reads the table while deriving its own has trapped already: still corrupt.
    }
    expect(() => e.playouts(1, 50, 600)).toThrow(WasmFault);
    expect(e.position()).toBe(before.position);
    expect(e.record()).toBe(before.record);
    expect(e.legalMoves()).toEqual(before.legal);
    const played = e.history().length;
    e.undo();
    expect(e.history()).toHaveLength(played - 1);
  });
});
