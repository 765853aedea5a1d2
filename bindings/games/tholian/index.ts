/**
 * Tholian Go in the bindings: its entry in the games registry. Beside it: its engine type, its
 * wasm backend, the view details and woven webs, the guide, the bench plan and the conformance
 * reader.
 */
import { tholian } from '../../../reference/games/tholian/index.js';
import type { EngineConfig } from '../../engine/engine.js';
import type { GameEntry } from '../../engine/game-entry.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import { bench } from './bench.js';
import type { TholianEngine } from './engine.js';
import { howToPlay } from './how-to-play.js';
import { describeTholian, PLAYERS, tholianWeave } from './view.js';

export const tholianEntry: GameEntry<TholianEngine> = {
  rules: tholian,
  players: PLAYERS,
  reference: (config: EngineConfig) => new ReferenceEngine(tholian, config),
  wasm: async (config: EngineConfig, module?: WebAssembly.Module) => (await import('./wasm-engine.js')).createTholianWasmEngine(config, module),
  describe: (e) => describeTholian(e as TholianEngine),
  weave: tholianWeave,
  overlays: {},
  // Any token may be pushed, but only the mover's own starts a move (the rules say why not).
  clicks: { empty: 'place', own: 'move', enemy: 'move' },
  words: {
    moves: { end: { button: 'End turn', hint: 'end the turn' } },
    endings: { tokens: 'a side is down to too few tokens', chain: 'a chain joins the ends', touchdown: 'a light token reached its target', emptyTurns: 'two empty turns in a row' },
  },
  howToPlay,
  bench,
  conformance: async () => (await import('./conformance.js')).tholianConformance,
};
