/** Populace in the bindings: its engine type and its entry in the games registry. */
import { populace, type PopulaceMove, type PopulaceState } from '../../../reference/games/populace/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import type { GameEntry } from '../registry.js';
import { controlMap, describePopulace, PLAYERS, potentialMap } from './view.js';

/** Populace needs nothing beyond the generic engine (seats: Engine.seatOf, seatToMove). */
export type PopulaceEngine = Engine<PopulaceState, PopulaceMove>;

const asPopulace = (e: Engine): PopulaceEngine => e as PopulaceEngine;

export const populaceEntry: GameEntry = {
  rules: populace,
  players: PLAYERS,
  benchBoards: ['hexhex(4)', 'hexhex(7)'],
  reference: (config: EngineConfig) => new ReferenceEngine(populace, config),
  async wasm(config: EngineConfig) {
    const { createPopulaceWasmEngine } = await import('./wasm-engine.js');
    return createPopulaceWasmEngine(config);
  },
  describe: (e) => describePopulace(asPopulace(e)),
  overlays: {
    control: (e) => controlMap(asPopulace(e)),
    potential: (e) => potentialMap(asPopulace(e)),
  },
  oracle: async () => (await import('./oracle.js')).populaceOracle,
};
