/** Tholian Go in the bindings: its engine type and its entry in the games registry. */
import { tholian, type TholianMove, type TholianState } from '../../../reference/games/tholian/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import type { GameEntry } from '../registry.js';
import { describeTholian, PLAYERS, tholianWeave } from './view.js';

export type TholianEngine = Engine<TholianState, TholianMove>;

export const tholianEntry: GameEntry = {
  rules: tholian,
  players: PLAYERS,
  benchBoards: ['main'],
  reference: (config: EngineConfig) => new ReferenceEngine(tholian, config),
  async wasm(config: EngineConfig) {
    const { createTholianWasmEngine } = await import('./wasm-engine.js');
    return createTholianWasmEngine(config);
  },
  describe: (e) => describeTholian(e as TholianEngine),
  weave: tholianWeave,
  overlays: {},
  oracle: async () => (await import('./oracle.js')).tholianOracle,
};
