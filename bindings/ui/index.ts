/**
 * The library entry (`throngs-engine/element`, or the built dist/lib/throngs-board.js in one
 * script tag): importing it defines <game-board> and its older name <throngs-board>. The worker
 * and the games' wasm cores are loaded from next to it. Beside it in ui/: the element (element.ts)
 * and what it wires: the controller (the game through the worker), the renderer and its
 * annotations, the legend, the status line, selection and input; what a click or key means
 * (board-logic.ts), the board's geometry, overlays, stones, webs and style.
 *
 * @module throngs-engine/element
 */
export { GameBoard, ThrongsBoard, parseAiAttribute } from './element.js';
export { EngineClient } from '../worker/client.js';
export type { GameConfig, GameInfo } from '../worker/client.js';
export type { GameView } from '../engine/view.js';
export { LEVELS, levelSearch } from '../agents/levels.js';
