/**
 * A game in progress for any GameRules: the position, the moves that led to it, and the checks
 * a caller needs (an illegal move is refused with a reason and changes nothing; undo restores the
 * exact prior state). The reference backend, playouts and perft are built on it.
 */
import { describeValue, IllegalMoveError, UsageError } from './errors.js';
import type { Topology } from '../boards/topology.js';
import type { Player } from './types.js';
import type { GameMove, GameOutcome, GameRules } from './game.js';

interface HistoryEntry<S, M> {
  readonly move: M;
  readonly before: S;
  /** The legal moves of `before`, so that undo does not generate them again. */
  readonly legal: readonly M[];
}

export class GameSession<S, M extends GameMove> {
  private legalCache: readonly M[] | null = null;
  private history: HistoryEntry<S, M>[] = [];
  private current: S;

  constructor(
    readonly rules: GameRules<S, M>,
    readonly topology: Topology,
    readonly options: Readonly<Record<string, unknown>>,
    state: S,
  ) {
    rules.checkState(topology, state);
    this.current = rules.cloneState(state);
  }

  /** The live state; callers must not change it (use snapshot() for a copy). */
  get state(): S {
    return this.current;
  }

  snapshot(): S {
    return this.rules.cloneState(this.current);
  }

  clone(): GameSession<S, M> {
    const copy = new GameSession(this.rules, this.topology, this.options, this.current);
    copy.history = this.history.slice();
    return copy;
  }

  get toMove(): Player {
    return this.rules.toMove(this.current);
  }

  legalMoves(): readonly M[] {
    this.legalCache ??= this.rules.legalMoves(this.topology, this.current, this.options);
    return this.legalCache;
  }

  /** The legal move that `move` denotes, or undefined. */
  findLegal(move: GameMove): M | undefined {
    if (!this.rules.isMoveShaped(move, this.topology)) return undefined;
    const key = this.rules.pack(move);
    return this.legalMoves().find((m) => this.rules.pack(m) === key);
  }

  /** Why `move` cannot be played here, in words. */
  whyIllegal(move: GameMove): string {
    if (!this.rules.isMoveShaped(move, this.topology)) return `not a ${this.rules.title} move on ${this.topology.spec}`;
    return this.rules.explainIllegal(this.topology, this.current, move, this.legalMoves(), this.options);
  }

  /** Plays a legal move; an illegal one throws IllegalMoveError and changes nothing. */
  play(move: GameMove): M {
    const legal = this.findLegal(move);
    if (!legal) throw new IllegalMoveError(this.describe(move), this.whyIllegal(move));
    this.playLegal(legal);
    return legal;
  }

  /** Plays a move taken from legalMoves() without looking it up again. */
  playLegal(move: M): void {
    const before = this.rules.cloneState(this.current);
    const legal = this.legalMoves();
    this.rules.apply(this.topology, this.current, move, this.options);
    this.history.push({ move, before, legal });
    this.legalCache = null;
  }

  undo(): M {
    const last = this.history.pop();
    if (!last) throw new UsageError('there is no move to undo');
    // A copy, because clones of this session share history entries.
    this.current = this.rules.cloneState(last.before);
    this.legalCache = last.legal;
    return last.move;
  }

  moves(): M[] {
    return this.history.map((h) => h.move);
  }

  scores(): [number, number] {
    return this.rules.scores(this.topology, this.current);
  }

  outcome(): GameOutcome | null {
    return this.rules.outcome(this.topology, this.current, this.options);
  }

  private describe(move: GameMove): string {
    return this.rules.isMoveShaped(move, this.topology) ? this.rules.formatMove(this.topology, move) : describeValue(move);
  }
}
