/**
 * The package's main entry (`import { createEngine } from 'throngs-engine'`): one engine API for
 * every game of the Throngs family. Around it in bindings/:
 *   engine/  the Engine interface, the reference backend and the generic search drivers
 *   wasm/    the generic wasm backend (module loading, memory views)
 *   games/   one folder per game (codec, view details, guide, conformance) and the registry
 *   agents/  random, greedy, MCTS, alpha-beta and the AI levels; matches between them
 *   worker/  the engine in a web worker (Comlink) and its client
 *   ui/      the board elements <game-board> and <throngs-board>
 *   cli/     the `throngs` command
 *
 * @module throngs-engine
 */
export type { Backend, Engine, EngineConfig, GameConfig, GameSetup } from './engine/engine.js';
export type { GameId, EngineOf } from './games/registry.js';
export { createEngine } from './games/create.js';
