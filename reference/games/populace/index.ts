/**
 * Populace (POPULACE.md): the pure-TypeScript rules behind the game contract of core/game.ts.
 * Built from the small modules of this folder, each a direct reading of one part of the spec;
 * obviously right first, since this is the oracle for the wasm core.
 */
import type { GameRules } from '../../core/game.js';
import { UsageError, describeValue } from '../../core/errors.js';
import { applyMove } from './apply.js';
import { DEFAULT_BOARD, NAMED_BOARDS, populaceBoard } from './boards.js';
import { checkState } from './check.js';
import { explainIllegal } from './explain.js';
import { generateMoves } from './movegen.js';
import { isMoveShaped, packMove, unpackMove, type PopulaceMove } from './moves.js';
import { formatMove, formatPosition, parseMove, parsePosition } from './notation.js';
import { OPTION_SPECS, readOptions, resolveOptions } from './options.js';
import { outcome, scores } from './scoring.js';
import { cloneState, initialState, other, statesEqual, type PopulaceState } from './state.js';
import { evaluate, evaluation } from './eval.js';

export type { PopulaceMove, PopulaceMoveKind } from './moves.js';
export type { PopulaceState } from './state.js';
export type { PopulaceOptions, Superko } from './options.js';

const rules: GameRules<PopulaceState, PopulaceMove> = {
  id: 'populace',
  title: 'Populace',
  defaultBoard: DEFAULT_BOARD,
  namedBoards: NAMED_BOARDS,
  setups: Object.freeze(['empty']),
  options: OPTION_SPECS,
  drawing: 'cells',
  pieces: Object.freeze(['empty', 'black', 'white']),

  board: populaceBoard,
  resolveOptions,

  initial(t, setup) {
    if (setup !== 'empty') throw new UsageError(`Populace's only set-up is 'empty', not ${describeValue(setup)}`);
    return initialState(t);
  },
  checkState,
  cloneState,
  statesEqual,
  cells: (s) => s.cells,
  toMove: (s) => s.toMove,
  // The pie exchanges seats, not colours (§4): after the swap each seat plays the other colour.
  seatOf: (s, colour) => (s.swapped ? other(colour) : colour),
  swapsSeats: (m) => m.kind === 'swap',

  legalMoves: (t, s, o) => generateMoves(t, s, readOptions(o)),
  pack: packMove,
  unpack: unpackMove,
  isMoveShaped,
  apply: (t, s, m, o) => applyMove(t, s, m, readOptions(o)),
  explainIllegal: (t, s, m, legal, o) => explainIllegal(t, s, m, legal, readOptions(o)),

  outcome: (t, s, o) => outcome(t, s, readOptions(o)),
  scores: (t, s) => scores(t, s),
  evaluation,
  evaluate,
  margin(t, s) {
    const [black, white] = scores(t, s);
    return black - white;
  },
  // Every cell, and the button's half point.
  maxScore: (t) => t.size + 0.5,

  formatMove,
  parseMove: (t, text) => parseMove(t, text),
  formatPosition,
  parsePosition,
};

export const populace: GameRules<PopulaceState, PopulaceMove> = Object.freeze(rules);
