/** Throngs in the bindings: its engine type and its entry in the games registry. */
import { throngs } from '../../../reference/games/throngs/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import type { GameEntry } from '../registry.js';
import type { ThrongsEngine } from './engine.js';
import { ThrongsReferenceEngine } from './reference-engine.js';
import { describeThrongs, PLAYERS, throngsOverlays } from './view.js';

export type { ThrongsEngine } from './engine.js';

const asThrongs = (e: Engine): ThrongsEngine => e as ThrongsEngine;

export const throngsEntry: GameEntry = {
  rules: throngs,
  players: PLAYERS,
  benchBoards: throngs.namedBoards,
  reference: (config: EngineConfig) => new ThrongsReferenceEngine(config),
  async wasm(config: EngineConfig) {
    const { createThrongsWasmEngine } = await import('./wasm-engine.js');
    return createThrongsWasmEngine(config);
  },
  describe: (e) => describeThrongs(asThrongs(e)),
  overlays: {
    potential: (e) => throngsOverlays.potential(asThrongs(e)),
    territory: (e) => throngsOverlays.territory(asThrongs(e)),
  },
  oracle: async () => (await import('./oracle.js')).throngsOracle,
};
