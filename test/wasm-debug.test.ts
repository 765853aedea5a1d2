/**
 * The debug build of the core (assertions on, no optimisation) against the reference: the
 * spec's worked positions and whole seeded playouts. This file runs in its own process, so the
 * environment variable chooses the build before the module is first loaded.
 */
import { describe, expect, it } from 'vitest';
import { BOARD_KINDS, engine } from './helpers.js';
import type { ThrongsWasmEngine as WasmEngine } from '../bindings/games/throngs/wasm-engine.js';

process.env.THRONGS_WASM = 'debug';

describe('debug build of the wasm core', () => {
  it('is the build in use', async () => {
    const { instantiateThrongsCore } = await import('../bindings/games/throngs/wasm-engine.js');
    const core = await instantiateThrongsCore();
    expect(core.isDebugBuild()).toBe(1);
    // Its assertions are live: a search power no rule can produce is refused inside the core.
    const wasm = (await engine('wasm', { board: 'torus(5,5)' })) as WasmEngine;
    expect(wasm.core.isDebugBuild()).toBe(1);
    expect(wasm.core.reachable(0, 7)).toBeGreaterThan(0);
    expect(() => wasm.core.reachable(0, 9)).toThrow(/reach: origin or power out of range/);
  });

  it.each(BOARD_KINDS)('plays the same seeded games as the reference: %s', async (board) => {
    const ref = await engine('reference', { board });
    const wasm = await engine('wasm', { board });
    for (let seed = 0; seed < 4; seed++) {
      expect(wasm.playout(seed, { record: true })).toEqual(ref.playout(seed, { record: true }));
    }
  });
});
