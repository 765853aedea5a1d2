/**
 * Every game of the registry: seeded random playouts are the same game, move by move, in both
 * backends (from the start and from the middle of a game, on every configuration its rules
 * describe), and leave the game as it was; the wasm core's batch of playouts plays the same games
 * as single ones, and its result slots agree with the outcome.
 */
import { describe, expect, it } from 'vitest';
import { RESULT_END, RESULT_WINNER } from '../../assembly/core/abi.js';
import type { WasmEngine } from '../../bindings/wasm/wasm-engine.js';
import type { GameMove } from '../../reference/core/game.js';
import { cellsOf, configsOf, describeConfig, GAME_IDS, pair, randomMoves, Rng } from './games.js';

/** Long enough for whole games on the boards the contract plays (the default cap is larger). */
const MAX_MOVES = 600;

describe.each(GAME_IDS)('%s: seeded playouts', (game) => {
  it.each(configsOf(game).map((c) => [describeConfig(c), c] as const))('the same moves and result in both backends, from the start and mid-game: %s', async (_name, config) => {
    const { ref, wasm } = await pair(game, config);
    const seeds = cellsOf(game, config) <= 64 ? 8 : 3;
    for (const from of [0, 12]) {
      randomMoves([ref, wasm], new Rng(from + 1), from);
      const before = ref.position('machine');
      for (let seed = 0; seed < seeds; seed++) {
        const options = { record: true, maxMoves: MAX_MOVES };
        expect(wasm.playout(seed, options), `${describeConfig(config)} from ply ${from}, seed ${seed}`).toEqual(ref.playout(seed, options));
      }
      expect(wasm.position('machine')).toBe(before);
      expect(ref.position('machine')).toBe(before);
    }
  });

  it('a batch of playouts in the core plays the same games as single playouts', async () => {
    const config = configsOf(game)[0]!;
    const { wasm } = await pair(game, config);
    const core = wasm as WasmEngine<unknown, GameMove>;
    let total = 0;
    for (let seed = 50; seed < 90; seed++) total += core.playout(seed, { maxMoves: MAX_MOVES }).length;
    expect(core.playouts(50, 40, MAX_MOVES)).toBe(total);
    expect(total).toBeGreaterThan(10);
  });

  it("a finished playout's result slots hold its end and its winner", async () => {
    const config = configsOf(game)[0]!;
    const { wasm } = await pair(game, config);
    const core = (wasm as WasmEngine<unknown, GameMove>).core;
    let finished = 0;
    for (let seed = 0; seed < 20; seed++) {
      const p = wasm.playout(seed);
      if (!p.outcome) continue;
      const slots = new Int32Array(core.memory.buffer, core.resultPtr(), 8);
      expect(slots[RESULT_END], `seed ${seed}`).not.toBe(0);
      expect(slots[RESULT_WINNER], `seed ${seed}`).toBe(p.outcome.winner);
      finished++;
    }
    expect(finished).toBeGreaterThan(10);
  });
});
