/**
 * Tholian Go (THOLIAN-GO.md): the pure-TypeScript rules behind the game contract of core/game.ts,
 * every variant of §10 as a rule option. Moves are taken a step at a time (state.ts), and a
 * whole push path is the steps' notation joined (notation.ts).
 */
import type { GameRules } from '../../core/game.js';
import { UsageError, describeValue } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import { applyMove } from './apply.js';
import { TholianBoard } from './board.js';
import { DEFAULT_BOARD, NAMED_BOARDS, tholianBoard } from './boards.js';
import { checkState } from './check.js';
import { evaluate, evaluation } from './eval.js';
import { explainIllegal } from './explain.js';
import { generateMoves } from './movegen.js';
import { isMoveShaped, packMove, unpackMove, type TholianMove } from './moves.js';
import { formatMove, formatPosition, parseMove, parsePosition, splitMove } from './notation.js';
import { features, OPTION_SPECS, readOptions, resolveOptions } from './options.js';
import { cloneState, countTokens, initialState, statesEqual, type TholianState } from './state.js';

export type { TholianMove, TholianMoveKind } from './moves.js';
export type { TholianState } from './state.js';
export type { TholianOptions, Variant } from './options.js';
export { TholianBoard } from './board.js';

/** The contract hands a Topology; every Tholian board is a TholianBoard (boards.ts). */
function board(t: Topology): TholianBoard {
  if (!(t instanceof TholianBoard)) throw new UsageError(`board ${t.spec} is not a Tholian Go board`);
  return t;
}

function tokens(t: Topology, s: TholianState): [number, number] {
  const b = board(t);
  return ([1, 2] as const).map((p) => countTokens(b, s.cells, p, 0) + countTokens(b, s.cells, p, 1)) as [number, number];
}

const rules: GameRules<TholianState, TholianMove> = {
  id: 'tholian',
  title: 'Tholian Go',
  defaultBoard: DEFAULT_BOARD,
  namedBoards: NAMED_BOARDS,
  setups: Object.freeze(['standard']),
  options: OPTION_SPECS,
  drawing: 'webs',
  pieces: Object.freeze(['empty', 'red', 'blue']),

  board: tholianBoard,
  resolveOptions,

  initial(t, setup, o) {
    if (setup !== 'standard') throw new UsageError(`Tholian Go's set-ups are chosen by the variant option, not ${describeValue(setup)}`);
    return initialState(board(t), readOptions(o));
  },
  checkState: (t, s) => checkState(board(t), s),
  cloneState,
  statesEqual,
  cells: (s) => s.cells,
  toMove: (s) => s.toMove,

  legalMoves: (t, s, o) => generateMoves(board(t), s, readOptions(o)),
  pack: packMove,
  unpack: unpackMove,
  isMoveShaped,
  apply: (t, s, m, o) => applyMove(board(t), s, m, readOptions(o)),
  explainIllegal: (t, s, m, legal) => explainIllegal(board(t), s, m, legal),
  // The next turn's dice are rolled when it begins (§10 Oracle): a search must not read them.
  chance: (s, o) => features(s.variant, readOptions(o)).dice,

  outcome(t, s) {
    if (!s.result) return null;
    return { winner: s.result.winner, reason: s.result.reason, scores: tokens(t, s) };
  },
  scores: tokens,
  margin(t, s) {
    const [red, blue] = tokens(t, s);
    return red - blue;
  },
  // A token on every node at most.
  maxScore: (t) => t.size,
  evaluation,
  // Two empty turns in a row draw (§4): without a contempt the AI idles at equal tokens and an
  // idle opponent takes the draw. 0.1: a draw worth one token behind (docs/ai.md, "Tholian Go").
  contempt: 0.1,
  // The margin two random steps on rarely changes within a turn of up to four steps, so the low
  // levels idled into draws (two games in three), and levels 2 and 3 scored under 60% against
  // the level below. Judged by the evaluation at once (which halves a lead after an empty turn)
  // and grown at every visit, their trees reach the next turn (docs/ai.md, "Tholian Go").
  levelSettings: { heuristic: 1, cutoff: 0, expandAfter: 1 },
  evaluate: (t, s, w) => evaluate(board(t), s, w),

  formatMove: (t, m) => formatMove(board(t), m),
  splitMove: (text) => splitMove(text).map((p) => p.token),
  continuesMove: (m) => m.kind === 'push' || m.kind === 'free',
  parseMove: (t, text, s) => parseMove(board(t), text, s),
  formatPosition: (t, s) => formatPosition(board(t), s),
  parsePosition,
};

export const tholian: GameRules<TholianState, TholianMove> = Object.freeze(rules);
