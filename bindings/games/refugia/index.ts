/**
 * Refugia in the bindings: its entry in the games registry. Beside it: its engine type, its wasm
 * backend, the view details, the guide, the bench plan and the conformance reader.
 */
import { refugia } from '../../../reference/games/refugia/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import type { GameEntry } from '../../engine/game-entry.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import { bench } from './bench.js';
import type { RefugiaEngine } from './engine.js';
import { howToPlay } from './how-to-play.js';
import { describeRefugia, enemyCounts, PLAYERS } from './view.js';

const asRefugia = (e: Engine): RefugiaEngine => e as RefugiaEngine;

export const refugiaEntry: GameEntry<RefugiaEngine> = {
  rules: refugia,
  players: PLAYERS,
  reference: (config: EngineConfig) => new ReferenceEngine(refugia, config),
  wasm: async (config: EngineConfig, module?: WebAssembly.Module) => (await import('./wasm-engine.js')).createRefugiaWasmEngine(config, module),
  describe: (e) => describeRefugia(asRefugia(e)),
  overlays: { enemies: (e) => enemyCounts(asRefugia(e)) },
  clicks: { empty: 'place', own: 'step', enemy: 'step', far: 'hop' },
  words: { endings: { twoPasses: 'two passes in a row' } },
  howToPlay,
  bench,
  conformance: async () => (await import('./conformance.js')).refugiaConformance,
};
