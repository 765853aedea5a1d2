/**
 * The debug build of Throngs' wasm core (assertions on, no optimisation), beyond the contract
 * suite's seeded games on the contract's boards: its own assertions are live (a reach with a power
 * no rule can produce is refused inside the core), and it plays the reference's seeded games on
 * the boards the contract does not play, where the wide bit sets run (assembly/games/throngs/
 * wide.ts) or holes cut a larger hexagon. This file runs in its own process, so the environment
 * variable chooses the build before the module is first loaded.
 */
import { describe, expect, it } from 'vitest';
import type { ThrongsWasmEngine as WasmEngine } from '../../../bindings/games/throngs/wasm-engine.js';
import { engine, expectEqual } from './helpers.js';

process.env.THRONGS_WASM = 'debug';

/** Boards the contract's debug build does not play: wide sets with edges, a wide torus, holes. */
const BOARDS = ['strips(2,18,-2,18)', 'torus(7,6)', 'perforated(hexhex(6),a1,d4,g7,d7,g4,j7,g10)'];

describe('debug build of the wasm core', () => {
  it('is the build in use, and its assertions are live', async () => {
    const { instantiateThrongsCore } = await import('../../../bindings/games/throngs/wasm-engine.js');
    const core = await instantiateThrongsCore();
    expect(core.isDebugBuild()).toBe(1);
    // A search power no rule can produce is refused inside the core.
    const wasm = (await engine('wasm', { board: 'torus(5,5)' })) as WasmEngine;
    expect(wasm.core.isDebugBuild()).toBe(1);
    expect(wasm.core.reachable(0, 7)).toBeGreaterThan(0);
    expect(() => wasm.core.reachable(0, 9)).toThrow(/reach: origin or power out of range/);
  });

  it.each(BOARDS)('plays the same seeded games as the reference: %s', async (board) => {
    const ref = await engine('reference', { board });
    const wasm = (await engine('wasm', { board })) as WasmEngine;
    for (let seed = 0; seed < 4; seed++) {
      expectEqual(wasm.playout(seed, { record: true }), ref.playout(seed, { record: true }), `${board} seed ${seed}`);
    }
    expect(wasm.core.bitSets()).toBe(board.startsWith('perforated') ? 1 : 2);
  });
});
