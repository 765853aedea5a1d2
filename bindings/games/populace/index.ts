/**
 * Populace in the bindings: its entry in the games registry. Beside it: its engine type, its wasm
 * backend, the view details, the guide, the bench plan and the conformance reader.
 */
import { populace } from '../../../reference/games/populace/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import type { GameEntry } from '../../engine/game-entry.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import { bench } from './bench.js';
import type { PopulaceEngine } from './engine.js';
import { howToPlay } from './how-to-play.js';
import { controlMap, describePopulace, PLAYERS, potentialMap } from './view.js';

const asPopulace = (e: Engine): PopulaceEngine => e as PopulaceEngine;

export const populaceEntry: GameEntry<PopulaceEngine> = {
  rules: populace,
  players: PLAYERS,
  reference: (config: EngineConfig) => new ReferenceEngine(populace, config),
  wasm: async (config: EngineConfig, module?: WebAssembly.Module) => (await import('./wasm-engine.js')).createPopulaceWasmEngine(config, module),
  describe: (e) => describePopulace(asPopulace(e)),
  overlays: {
    control: (e) => controlMap(asPopulace(e)),
    potential: (e) => potentialMap(asPopulace(e)),
  },
  clicks: { empty: 'place', own: 'move', enemy: 'replace' },
  // The rules call a piece's number its potential value (Throngs' overlay of the name: action potential).
  words: {
    overlays: { potential: { label: 'potential value', legend: 'numbers: potential value', tip: 'potential value' } },
    endings: { twoPasses: 'two passes in a row', moveLimit: 'the move limit was reached' },
  },
  howToPlay,
  bench,
  conformance: async () => (await import('./conformance.js')).populaceConformance,
};
