/**
 * Refugia (REFUGIA.md): the pure-TypeScript rules behind the game contract of core/game.ts.
 * Built from the small modules of this folder, each a direct reading of one part of the spec;
 * obviously right first, since this is the oracle for the wasm core.
 */
import type { GameRules } from '../../core/game.js';
import { UsageError, describeValue, excerpt } from '../../core/errors.js';
import { applyMove } from './apply.js';
import { DEFAULT_BOARD, REFUGIA_BOARD_NAMES, refugiaBoard } from './boards.js';
import { explainIllegal, explainStuck } from './explain.js';
import { generateMoves } from './movegen.js';
import { isMoveShaped, packMove, unpackMove, type RefugiaMove } from './moves.js';
import { formatMove, formatPosition, parseMove, parsePosition } from './notation.js';
import { outcome, scores } from './scoring.js';
import { checkState, cloneState, initialState, statesEqual, type RefugiaState } from './state.js';
import { evaluate, evaluation } from './eval.js';

export type { RefugiaMove, RefugiaMoveKind, Conversion } from './moves.js';
export type { RefugiaState } from './state.js';

const SETUPS = ['empty'] as const;

/** Refugia has no rule options (Ludii's only other variant is unused, §10.6). */
function resolveOptions(options: Readonly<Record<string, unknown>> = {}): Readonly<Record<string, unknown>> {
  const keys = Object.keys(options);
  if (keys.length > 0) throw new UsageError(`unknown rule option '${excerpt(keys[0]!)}' (Refugia has no rule options)`);
  return Object.freeze({});
}

const rules: GameRules<RefugiaState, RefugiaMove> = {
  id: 'refugia',
  title: 'Refugia',
  defaultBoard: DEFAULT_BOARD,
  namedBoards: REFUGIA_BOARD_NAMES,
  setups: SETUPS,
  options: Object.freeze({}),
  drawing: 'cells',
  pieces: Object.freeze(['empty', 'P1', 'P2', 'neutral']),

  board: refugiaBoard,
  resolveOptions,

  initial(t, setup) {
    if (setup !== 'empty') throw new UsageError(`Refugia's only set-up is 'empty', not ${describeValue(setup)}`);
    return initialState(t);
  },
  checkState,
  cloneState,
  statesEqual,
  cells: (s) => s.cells,
  toMove: (s) => s.toMove,

  legalMoves: (t, s) => generateMoves(t, s),
  pack: packMove,
  unpack: unpackMove,
  isMoveShaped,
  apply: (t, s, m) => applyMove(t, s, m),
  explainIllegal: (t, s, m, legal) => explainIllegal(t, s, m, legal),
  explainStuck: (t, s, cell, legal) => explainStuck(t, s, cell, legal),

  outcome: (t, s) => outcome(t, s),
  scores: (t, s) => scores(t, s.cells),
  evaluation,
  evaluate,
  margin(t, s) {
    const [p1, p2] = scores(t, s.cells);
    return p1 - p2;
  },
  // A score counts adjacent pairs of one player's stones: at most every pair of the board.
  maxScore: (t) => t.adjacent.reduce((n, links) => n + links.length, 0) / 2,

  formatMove,
  parseMove: (t, text) => parseMove(t, text),
  formatPosition,
  parsePosition,
};

export const refugia: GameRules<RefugiaState, RefugiaMove> = Object.freeze(rules);
