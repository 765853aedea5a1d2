/** Refugia in the bindings: its engine type and its entry in the games registry. */
import { refugia, type RefugiaMove, type RefugiaState } from '../../../reference/games/refugia/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import type { GameEntry } from '../registry.js';
import { describeRefugia, enemyCounts, PLAYERS } from './view.js';

/** Refugia needs nothing beyond the generic engine. */
export type RefugiaEngine = Engine<RefugiaState, RefugiaMove>;

const asRefugia = (e: Engine): RefugiaEngine => e as RefugiaEngine;

export const refugiaEntry: GameEntry = {
  rules: refugia,
  players: PLAYERS,
  benchBoards: ['hex2-3', 'hex3-4', 'hex6-8'],
  reference: (config: EngineConfig) => new ReferenceEngine(refugia, config),
  async wasm(config: EngineConfig) {
    const { createRefugiaWasmEngine } = await import('./wasm-engine.js');
    return createRefugiaWasmEngine(config);
  },
  describe: (e) => describeRefugia(asRefugia(e)),
  overlays: { enemies: (e) => enemyCounts(asRefugia(e)) },
  oracle: async () => (await import('./oracle.js')).refugiaOracle,
};
