/**
 * The library entry: import this (or load the built dist/lib/throngs-board.js with one script
 * tag) and <throngs-board> is defined. The worker and the wasm core are loaded from next to it.
 */
export { ThrongsBoard, parseAiAttribute } from './element.js';
export { EngineClient } from './client.js';
export type { GameView } from './view.js';
export { LEVELS } from './levels.js';
