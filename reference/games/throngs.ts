/**
 * The reference Throngs engine: a game in progress (state, history, rule options) with the
 * operations players and tools need. Built from the small rule modules in ./throngs/, each a
 * direct reading of THRONGS.md; obviously right first, and fast enough to test the wasm core.
 */
import { IllegalMoveError, UsageError } from '../errors.js';
import { formatMove } from '../notation.js';
import { board } from '../topology/board-spec.js';
import type { Topology } from '../topology/topology.js';
import { LUDII_RULES, type Move, type Outcome, type Player, type RuleOptions, type Setup } from '../types.js';
import { applyMove } from './throngs/apply.js';
import { reachableFrom } from './throngs/destinations.js';
import { explainIllegal } from './throngs/explain.js';
import { generateMoves } from './throngs/movegen.js';
import { hasSites, packMove, type LegalMove } from './throngs/moves.js';
import { actionPotential } from './throngs/potential.js';
import { scoreBreakdown, scores, territory, type ScoreBreakdown } from './throngs/scoring.js';
import { checkState, cloneState, initialState, type ThrongsState } from './throngs/state.js';

export interface ThrongsConfig {
  readonly board?: string | Topology;
  readonly setup?: Setup;
  readonly options?: Partial<RuleOptions>;
}

interface HistoryEntry {
  readonly move: LegalMove;
  readonly before: ThrongsState;
  /** The legal moves of `before`, so that undo does not generate them again. */
  readonly legal: readonly LegalMove[];
}

const OPTION_VALUES: { readonly [K in keyof RuleOptions]: readonly RuleOptions[K][] } = {
  endOnPasses: ['ludii', 'fullRound'],
  endOnFullScore: [false, true],
  thresholdChecksBoth: [false, true],
  forcedPassConsumesSlot: [false, true],
  obligationRelaxesToTravel: [false, true],
};

/** Fills in defaults and refuses unknown options or values. */
export function resolveOptions(options: Partial<RuleOptions> = {}): RuleOptions {
  for (const [key, value] of Object.entries(options)) {
    const allowed = (OPTION_VALUES as Record<string, readonly unknown[]>)[key];
    if (!allowed) throw new UsageError(`unknown rule option '${key}' (known: ${Object.keys(OPTION_VALUES).join(', ')})`);
    if (value !== undefined && !allowed.includes(value)) {
      throw new UsageError(`rule option ${key} cannot be ${JSON.stringify(value)} (allowed: ${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
    }
  }
  return Object.freeze({ ...LUDII_RULES, ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) });
}

export class ThrongsGame {
  readonly topology: Topology;
  readonly options: RuleOptions;
  private state: ThrongsState;
  private history: HistoryEntry[] = [];
  private legalCache: readonly LegalMove[] | null = null;

  constructor(config: ThrongsConfig = {}) {
    this.topology = typeof config.board === 'object' ? config.board : board(config.board ?? 'ragged63');
    this.options = resolveOptions(config.options);
    const setup = config.setup ?? 'standard';
    if (setup !== 'standard' && setup !== 'pie') throw new UsageError(`set-up must be 'standard' or 'pie', got ${JSON.stringify(setup)}`);
    this.state = initialState(this.topology, setup);
  }

  /** A game that starts from `state` (checked first; the caller's object is copied). */
  static fromState(topology: Topology, state: ThrongsState, options?: Partial<RuleOptions>): ThrongsGame {
    const game = new ThrongsGame({ board: topology, options });
    game.load(state);
    return game;
  }

  /** Replaces the position and forgets the history. Refuses an impossible state unchanged. */
  load(state: ThrongsState): void {
    checkState(this.topology, state);
    this.state = cloneState(state);
    this.history = [];
    this.invalidate();
  }

  snapshot(): ThrongsState {
    return cloneState(this.state);
  }

  clone(): ThrongsGame {
    const copy = new ThrongsGame({ board: this.topology, options: this.options });
    copy.state = cloneState(this.state);
    copy.history = this.history.slice();
    return copy;
  }

  get toMove(): Player {
    return this.state.toMove;
  }

  get moveIndex(): 1 | 2 {
    return this.state.moveIndex;
  }

  get counters(): readonly [number, number] {
    return [this.state.counters[0], this.state.counters[1]];
  }

  get pieStep(): number | null {
    return this.state.pieStep;
  }

  cell(site: number): number {
    this.requireCell(site);
    return this.state.cells[site]!;
  }

  /** Every legal move in canonical order, with its Ludii decision count. */
  legalMoves(): readonly LegalMove[] {
    this.legalCache ??= generateMoves(this.topology, this.state, this.options);
    return this.legalCache;
  }

  /** The legal move that `move` denotes, or undefined. `to` may be left out for a stay. */
  findLegal(move: Move): LegalMove | undefined {
    if (!isMoveShaped(move, this.topology)) return undefined;
    const key = packMove(move);
    return this.legalMoves().find((m) => packMove(m) === key);
  }

  isLegal(move: Move): boolean {
    return this.findLegal(move) !== undefined;
  }

  /** Plays a legal move; an illegal one throws IllegalMoveError and changes nothing. */
  play(move: Move): LegalMove {
    const legal = this.findLegal(move);
    if (!legal) throw new IllegalMoveError(this.describe(move), this.whyIllegal(move));
    const before = cloneState(this.state);
    const legalBefore = this.legalMoves();
    applyMove(this.topology, this.state, legal, this.options);
    this.history.push({ move: legal, before, legal: legalBefore });
    this.invalidate();
    return legal;
  }

  /** Takes back the last move, restoring the exact prior state. */
  undo(): LegalMove {
    const last = this.history.pop();
    if (!last) throw new UsageError('there is no move to undo');
    // A copy, because clones of this game share history entries.
    this.state = cloneState(last.before);
    this.invalidate(last.legal);
    return last.move;
  }

  moves(): readonly LegalMove[] {
    return this.history.map((h) => h.move);
  }

  /** AP of `site` for `player` (the player to move by default). */
  actionPotential(site: number, player: Player = this.state.toMove): number {
    this.requireCell(site);
    return actionPotential(this.topology, this.state.cells, site, player);
  }

  /**
   * Where a move starting at `site` may end: what a board highlights after a click on an origin.
   * Includes `site` itself when the mover may place or capture there and stay.
   */
  destinations(site: number): number[] {
    this.requireCell(site);
    const ends = new Set<number>();
    for (const m of this.legalMoves()) if (hasSites(m.kind) && m.at === site) ends.add(m.to!);
    return [...ends].sort((a, b) => a - b);
  }

  /** Dest(site, power) of §8 on the current board, whatever the rules allow this turn. */
  reachable(site: number, power: number): number[] {
    this.requireCell(site);
    return reachableFrom(this.topology, this.state.cells, site, power);
  }

  scores(): [number, number] {
    return scores(this.topology, this.state.cells);
  }

  territory(): Uint8Array {
    return territory(this.topology, this.state.cells);
  }

  scoreBreakdown(player: Player): ScoreBreakdown {
    return scoreBreakdown(this.topology, this.state.cells, player);
  }

  outcome(): Outcome | null {
    if (!this.state.ended) return null;
    const s = this.scores();
    return { winner: s[0] > s[1] ? 1 : s[1] > s[0] ? 2 : 0, reason: this.state.ended, scores: s };
  }

  private invalidate(legal: readonly LegalMove[] | null = null): void {
    this.legalCache = legal;
  }

  private describe(move: Move): string {
    try {
      return isMoveShaped(move, this.topology) ? formatMove(this.topology, move) : JSON.stringify(move);
    } catch {
      return JSON.stringify(move);
    }
  }

  private whyIllegal(move: Move): string {
    if (!isMoveShaped(move, this.topology)) {
      return `not a move on ${this.topology.spec}: expected { kind, at, to } with sites 0..${this.topology.size - 1}`;
    }
    return explainIllegal(this.topology, this.state, move, this.legalMoves(), this.options);
  }

  private requireCell(site: number): void {
    if (!this.topology.isCell(site)) {
      throw new UsageError(`site ${String(site)} is not on ${this.topology.spec} (0..${this.topology.size - 1})`);
    }
  }
}

const KINDS = new Set(['add', 'capture', 'move', 'pass', 'accept', 'swap']);

/** A structurally valid move for this board (whatever the position), so packing is safe. */
export function isMoveShaped(move: unknown, t: Topology): move is Move {
  if (typeof move !== 'object' || move === null) return false;
  const m = move as Move;
  if (!KINDS.has(m.kind)) return false;
  if (!hasSites(m.kind)) return true;
  return t.isCell(m.at) && (m.to === undefined || t.isCell(m.to));
}
