/**
 * Throngs in the bindings: its entry in the games registry. Beside it: its engine type with the
 * queries only Throngs has (engine.ts) and both backends of it, the view details, the guide, the
 * bench plan and the conformance reader.
 */
import { throngs } from '../../../reference/games/throngs/index.js';
import type { Engine, EngineConfig } from '../../engine/engine.js';
import type { GameEntry } from '../../engine/game-entry.js';
import { bench } from './bench.js';
import type { ThrongsEngine } from './engine.js';
import { howToPlay } from './how-to-play.js';
import { ThrongsReferenceEngine } from './reference-engine.js';
import { describeThrongs, PLAYERS, throngsOverlays } from './view.js';

const asThrongs = (e: Engine): ThrongsEngine => e as ThrongsEngine;

export const throngsEntry: GameEntry<ThrongsEngine> = {
  rules: throngs,
  players: PLAYERS,
  reference: (config: EngineConfig) => new ThrongsReferenceEngine(config),
  wasm: async (config: EngineConfig, module?: WebAssembly.Module) => (await import('./wasm-engine.js')).createThrongsWasmEngine(config, module),
  describe: (e) => describeThrongs(asThrongs(e)),
  overlays: {
    potential: (e) => throngsOverlays.potential(asThrongs(e)),
    territory: (e) => throngsOverlays.territory(asThrongs(e)),
  },
  clicks: { empty: 'add', own: 'move', enemy: 'capture', withTo: true, fromAnyCell: true },
  words: { endings: { allPassed: 'both players passed', scoreThreshold: 'a score passed half the board', fullScore: 'every site counts for a player' } },
  howToPlay,
  bench,
  conformance: async () => (await import('./conformance.js')).throngsConformance,
};
