/**
 * Throngs (THRONGS.md) behind the game contract: the rule modules of this folder, bound into
 * one GameRules object that generic search, tools and both backends use.
 */
import { ok, UsageError, type NotationError, type Result, describeValue, excerpt } from '../../core/errors.js';
import type { GameMove, GameRules } from '../../core/game.js';
import { formatMove, formatPosition, parseMoveToken, parsePosition, resolveMove } from './notation.js';
import { THRONGS_BOARD_NAMES, throngsBoard } from './boards.js';
import type { Topology } from '../../boards/topology.js';
import { LUDII_RULES, type Move, type MoveKind, type RuleOptions, type Setup } from './types.js';
import { applyMove } from './apply.js';
import { explainIllegal } from './explain.js';
import { generateMoves } from './movegen.js';
import { randomMove } from './random.js';
import { hasSites, packMove, unpackMove, type LegalMove } from './moves.js';
import { scores } from './scoring.js';
import { checkState, cloneState, initialState, statesEqual, type ThrongsState } from './state.js';
import { evaluate, evaluation } from './eval.js';

const OPTION_VALUES: { readonly [K in keyof RuleOptions]: readonly RuleOptions[K][] } = {
  endOnPasses: ['ludii', 'fullRound'],
  endOnFullScore: [false, true],
  thresholdChecksBoth: [false, true],
  forcedPassConsumesSlot: [false, true],
  obligationRelaxesToTravel: [false, true],
};

/** Each option in plain words, and the section of the rules that defines it. */
const OPTION_TEXT: { readonly [K in keyof RuleOptions]: readonly [description: string, rule: string] } = {
  endOnPasses: ["which run of passes ends the game: Ludii's blocks, or a full round", '§12.1'],
  endOnFullScore: ['end when every site counts for someone', '§12.3'],
  thresholdChecksBoth: ['the score threshold ends the game for either player', '§12.2'],
  forcedPassConsumesSlot: ['a forced pass uses up a move of the turn', '§5'],
  obligationRelaxesToTravel: ['the add-or-capture duty also accepts travel when nothing else is legal', '§9'],
};

/** Fills in defaults and refuses unknown options or values. */
export function resolveOptions(options: Readonly<Record<string, unknown>> = {}): RuleOptions {
  for (const [key, value] of Object.entries(options)) {
    // Own keys only: an option named `constructor` or `toString` is unknown, not Object's.
    const allowed = Object.hasOwn(OPTION_VALUES, key) ? (OPTION_VALUES as Record<string, readonly unknown[]>)[key] : undefined;
    if (!allowed) throw new UsageError(`unknown rule option '${excerpt(key)}' (known: ${Object.keys(OPTION_VALUES).join(', ')})`);
    if (value !== undefined && !allowed.includes(value)) {
      throw new UsageError(`rule option ${key} cannot be ${describeValue(value)} (allowed: ${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
    }
  }
  return Object.freeze({ ...LUDII_RULES, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) });
}

const KINDS = new Set<string>(['add', 'capture', 'move', 'pass', 'accept', 'swap']);

/** A structurally valid move for this board (whatever the position), so packing is safe. */
export function isMoveShaped(move: unknown, t: Topology): move is Move {
  if (typeof move !== 'object' || move === null) return false;
  const m = move as Move;
  if (!KINDS.has(m.kind)) return false;
  if (!hasSites(m.kind)) return true;
  return t.isCell(m.at) && (m.to === undefined || t.isCell(m.to));
}

const opts = (o: Readonly<Record<string, unknown>>): RuleOptions => o as unknown as RuleOptions;

export const throngs: GameRules<ThrongsState, LegalMove> = {
  id: 'throngs',
  title: 'Throngs',
  defaultBoard: 'ragged63',
  namedBoards: THRONGS_BOARD_NAMES,
  setups: ['standard', 'pie'],
  options: Object.fromEntries(
    Object.entries(OPTION_VALUES).map(([k, values]) => [k, { values, description: OPTION_TEXT[k as keyof RuleOptions][0], rule: OPTION_TEXT[k as keyof RuleOptions][1] }]),
  ),
  drawing: 'points',
  pieces: ['empty', 'black', 'white'],

  board: throngsBoard,
  resolveOptions,
  initial(t, setup) {
    if (setup !== 'standard' && setup !== 'pie') throw new UsageError(`set-up must be 'standard' or 'pie', got ${describeValue(setup)}`);
    return initialState(t, setup as Setup);
  },
  checkState,
  cloneState,
  statesEqual,
  cells: (s) => s.cells,
  toMove: (s) => s.toMove,

  legalMoves: (t, s, o) => generateMoves(t, s, opts(o)),
  pack: (m) => packMove(m as Move),
  unpack: unpackMove,
  isMoveShaped,
  apply: (t, s, m, o) => applyMove(t, s, m, opts(o)),
  explainIllegal: (t, s, m, legal, o) => explainIllegal(t, s, m as Move, legal, opts(o)),
  randomMove: (t, s, rng, o, biasPercent) => randomMove(t, s, rng, opts(o), biasPercent),
  preferredMoves(legal) {
    let n = 0;
    while (n < legal.length && (legal[n]!.kind === 'add' || legal[n]!.kind === 'capture')) n++;
    return n;
  },

  outcome(t, s) {
    if (!s.ended) return null;
    const sc = scores(t, s.cells);
    return { winner: sc[0] > sc[1] ? 1 : sc[1] > sc[0] ? 2 : 0, reason: s.ended, scores: sc };
  },
  scores: (t, s) => scores(t, s.cells),
  evaluation,
  evaluate,
  margin(t, s) {
    const [a, b] = scores(t, s.cells);
    return a - b;
  },
  // A site counts for at most one player (§11).
  maxScore: (t) => t.size,

  formatMove: (t, m) => formatMove(t, m as Move),
  parseMove(t, text, s): Result<GameMove, NotationError> {
    const token = parseMoveToken(t, text);
    return token.ok ? ok(resolveMove(token.value, s)) : token;
  },
  formatPosition,
  parsePosition,
};

export type { ThrongsState, LegalMove as ThrongsMove, MoveKind as ThrongsMoveKind };
