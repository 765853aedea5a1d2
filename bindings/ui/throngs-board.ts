/**
 * The library entry: import this (or load the built dist/lib/throngs-board.js with one script
 * tag) and <game-board> and <throngs-board> are defined. The worker and the games' wasm cores
 * are loaded from next to it.
 */
export { GameBoard, ThrongsBoard, parseAiAttribute } from './element.js';
export { EngineClient } from '../worker/client.js';
export type { GameConfig, GameInfo } from '../worker/client.js';
export type { GameView } from '../engine/view.js';
export { LEVELS, levelSearch } from '../agents/levels.js';
