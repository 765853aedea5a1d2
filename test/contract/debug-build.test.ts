/**
 * Every game of the registry: the debug build of its wasm core (assertions on, no optimisation)
 * is the build in use when THRONGS_WASM=debug, and plays the same seeded games as the reference,
 * on every configuration the game's rules describe. This file runs in its own process, so the
 * environment variable chooses the build before any module is first loaded.
 */
import { describe, expect, it } from 'vitest';
import type { WasmEngine } from '../../bindings/wasm/wasm-engine.js';
import type { GameMove } from '../../reference/core/game.js';
import { expectEqual } from '../support/equal.js';
import { configsOf, describeConfig, GAME_IDS, pair, randomMoves, Rng } from './games.js';

process.env.THRONGS_WASM = 'debug';

describe.each(GAME_IDS)('%s: the debug build of the wasm core', (game) => {
  it('is the build in use', async () => {
    const { wasm } = await pair(game, configsOf(game)[0]!);
    expect((wasm as WasmEngine<unknown, GameMove>).core.isDebugBuild()).toBe(1);
  });

  it.each(configsOf(game).map((c) => [describeConfig(c), c] as const))('plays the same seeded games as the reference: %s', async (_name, config) => {
    const { ref, wasm } = await pair(game, config);
    for (let seed = 0; seed < 4; seed++) {
      expect(wasm.playout(seed, { record: true, maxMoves: 600 }), `seed ${seed}`).toEqual(ref.playout(seed, { record: true, maxMoves: 600 }));
    }
    const rng = new Rng(3);
    for (let ply = 0; ply < 60 && !ref.outcome(); ply++) {
      expectEqual(wasm.legalMoves(), ref.legalMoves(), `ply ${ply}`);
      randomMoves([ref, wasm], rng, 1);
      expect(wasm.position('machine'), `ply ${ply}`).toBe(ref.position('machine'));
    }
  });
});
