/**
 * Iterative-deepening alpha-beta (negamax) in plain TypeScript: the algorithm of
 * assembly/core/alphabeta.ts (move ordering by the table's move, two killers per ply and a
 * history table; a transposition table; root moves re-sorted by the last iteration's values; a
 * node budget per iteration), written to be read. Its table never forgets, so a completed
 * iteration's value is the exact depth-limited minimax value, as the wasm one's is.
 *
 * Values are for the player to move; an edge flips the sign when the colour to move changes,
 * and once more for a move after which its player plays the other colour (`swapsSeats`).
 */
import type { GameMove, GameRules } from '../core/game.js';
import type { Topology } from '../boards/topology.js';
import { stateKey } from './state-key.js';

/** A decided game is worth WIN plus the margin, less the plies to it (assembly/core/abi.ts AB_WIN). */
export const WIN = 1_000_000;
const INF = 0x3fffffff;
export const MAX_PLY = 64;

type Bound = 'exact' | 'lower' | 'upper';
interface Entry {
  readonly depth: number;
  readonly value: number;
  readonly bound: Bound;
  readonly move: number;
}

export interface AlphaBetaChild<M> {
  readonly move: M;
  /** Value for the player to move at the root, in hundredths of a point (see WIN). */
  readonly value: number;
  readonly nodes: number;
}

class Aborted extends Error {}

export class ReferenceAlphaBeta<S, M extends GameMove> {
  private table = new Map<string, Entry>();
  private history = new Map<number, number>();
  private killers: number[][] = [];
  private root: S | null = null;
  private rootMoves: { move: M; value: number; nodes: number }[] = [];
  private best: M | null = null;
  private bestValue = 0;
  private depthDone = 0;
  private nodes = 0;
  private limit = 0;
  /** The root's player when the game has chance (GameRules.chance), else 0. */
  private horizon = 0;
  private weights: readonly number[] = [];
  /** What a drawn end is worth to P1 in this search (the root player's draw score, in hundredths). */
  private drawP1 = 0;

  constructor(
    private readonly rules: GameRules<S, M>,
    private readonly topology: Topology,
    private readonly options: Readonly<Record<string, unknown>>,
  ) {}

  /** A new search from `state`; returns the root's move count (0 when the game is over). */
  begin(state: S, weights: readonly number[], drawScore = 0): number {
    this.root = this.rules.cloneState(state);
    this.drawP1 = this.rules.toMove(state) === 1 ? drawScore : -drawScore;
    // With chance, the search ends with the root player's turn (GameRules.chance).
    this.horizon = this.rules.chance?.(state, this.options) ? this.rules.toMove(state) : 0;
    this.weights = weights;
    this.table.clear();
    this.history.clear();
    this.killers = Array.from({ length: MAX_PLY }, () => [-1, -1]);
    const over = this.rules.outcome(this.topology, state, this.options) !== null;
    const legal = over ? [] : this.rules.legalMoves(this.topology, state, this.options);
    this.rootMoves = legal.map((move) => ({ move, value: 0, nodes: 0 }));
    this.best = legal[0] ?? null;
    this.bestValue = 0;
    this.depthDone = 0;
    return legal.length;
  }

  get completedDepth(): number {
    return this.depthDone;
  }

  get value(): number {
    return this.bestValue;
  }

  get bestMove(): M | null {
    return this.best;
  }

  get lastNodes(): number {
    return this.nodes;
  }

  children(): AlphaBetaChild<M>[] {
    return this.rootMoves.map((r) => ({ ...r }));
  }

  /**
   * One iteration to `depth` within `budget` nodes; true when it completed. An aborted
   * iteration keeps a root move that beat the previous best.
   */
  iterate(depth: number, budget: number): boolean {
    const { rules } = this;
    if (!this.root || this.rootMoves.length === 0) return true;
    this.nodes = 0;
    this.limit = budget;
    const bestKey = this.best ? rules.pack(this.best) : -1;
    // The best so far first, then by the last values; the sort is stable.
    this.rootMoves.sort((a, b) => (rules.pack(b.move) === bestKey ? 1 : 0) - (rules.pack(a.move) === bestKey ? 1 : 0) || b.value - a.value);
    let alpha = -INF;
    let best: M | null = null;
    let bestIndex = -1;
    let aborted = false;
    for (let i = 0; i < this.rootMoves.length; i++) {
      const entry = this.rootMoves[i]!;
      const before = this.nodes;
      try {
        entry.value = this.child(this.root, entry.move, depth - 1, 1, alpha, INF);
      } catch (e) {
        if (!(e instanceof Aborted)) throw e;
        aborted = true;
        break;
      }
      entry.nodes = this.nodes - before;
      if (entry.value > alpha) {
        alpha = entry.value;
        best = entry.move;
        bestIndex = i;
      }
    }
    if (best && (!aborted || bestIndex > 0 || this.depthDone === 0)) {
      this.best = best;
      this.bestValue = alpha;
    }
    if (!aborted) this.depthDone = depth;
    return !aborted;
  }

  /** The value of the last searchRoot call (for the root's player). */
  rootMoveValue = 0;

  /**
   * One root move (at `index` of children(), which only iterate reorders) to `depth` within the
   * window (alpha, beta) and `budget` nodes, the table kept from the calls before; true when it
   * completed. The value (rootMoveValue) is fail-soft; an exact one makes the move the best.
   */
  searchRoot(index: number, depth: number, alpha: number, beta: number, budget: number): boolean {
    const entry = this.rootMoves[index];
    if (!this.root || !entry) return true;
    this.nodes = 0;
    this.limit = budget;
    let v: number;
    try {
      v = this.child(this.root, entry.move, depth - 1, 1, alpha, beta);
    } catch (e) {
      if (!(e instanceof Aborted)) throw e;
      return false;
    }
    this.rootMoveValue = v;
    entry.value = v;
    entry.nodes = this.nodes;
    if (v > alpha && v < beta) {
      this.best = entry.move;
      this.bestValue = v;
    }
    return true;
  }

  /** The principal variation: the best move, then the table's moves while they are legal. */
  principalVariation(max: number): M[] {
    const { rules, topology, options } = this;
    if (!this.root || !this.best) return [];
    const s = rules.cloneState(this.root);
    const line: M[] = [];
    let move: M | undefined = this.best;
    while (move && line.length < max && line.length < MAX_PLY) {
      line.push(move);
      rules.apply(topology, s, move, options);
      if (rules.outcome(topology, s, options)) break;
      const entry = this.table.get(stateKey(s));
      if (!entry) break;
      move = rules.legalMoves(topology, s, options).find((m) => rules.pack(m) === entry.move);
    }
    return line;
  }

  /** The value of `move` from `s` for the player who makes it. */
  private child(s: S, move: M, depth: number, ply: number, alpha: number, beta: number): number {
    const { rules, topology, options } = this;
    const next = rules.cloneState(s);
    const mover = rules.toMove(s);
    rules.apply(topology, next, move, options);
    const flip = (rules.toMove(next) !== mover) !== (rules.swapsSeats?.(move) ?? false);
    return flip ? -this.negamax(next, depth, ply, -beta, -alpha) : this.negamax(next, depth, ply, alpha, beta);
  }

  private leaf(s: S, ply: number): number {
    const { rules, topology, options } = this;
    const outcome = rules.outcome(topology, s, options);
    let p1: number;
    if (outcome) {
      const margin = Math.trunc(rules.margin(topology, s) * 100);
      p1 = outcome.winner === 1 ? WIN + margin - ply : outcome.winner === 2 ? -WIN + margin + ply : this.drawP1;
    } else {
      p1 = rules.evaluate(topology, s, this.weights);
    }
    return rules.toMove(s) === 1 ? p1 : -p1;
  }

  private negamax(s: S, depth: number, ply: number, alpha: number, beta: number): number {
    const { rules, topology, options } = this;
    if (++this.nodes >= this.limit) throw new Aborted();
    if (depth <= 0 || ply >= MAX_PLY || rules.outcome(topology, s, options)) return this.leaf(s, ply);
    if (this.horizon !== 0 && rules.toMove(s) !== this.horizon) return this.leaf(s, ply);
    const alpha0 = alpha;
    const key = stateKey(s);
    const stored = this.table.get(key);
    if (stored && stored.depth === depth) {
      if (stored.bound === 'exact') return stored.value;
      if (stored.bound === 'lower' && stored.value >= beta) return stored.value;
      if (stored.bound === 'upper' && stored.value <= alpha) return stored.value;
    }
    const legal = rules.legalMoves(topology, s, options);
    if (legal.length === 0) return this.leaf(s, ply);
    const [k0, k1] = this.killers[ply]!;
    const order = (m: M): number => {
      const p = rules.pack(m);
      if (stored && p === stored.move) return 3;
      if (p === k0) return 2;
      if (p === k1) return 1;
      return 0;
    };
    const ranked = legal
      .map((m, i) => ({ m, i, o: order(m), h: this.history.get(rules.pack(m)) ?? 0 }))
      .sort((a, b) => b.o - a.o || b.h - a.h || a.i - b.i);
    let best = -INF;
    let bestMove = -1;
    for (const { m } of ranked) {
      const v = this.child(s, m, depth - 1, ply + 1, alpha, beta);
      if (v > best) {
        best = v;
        bestMove = rules.pack(m);
      }
      if (v > alpha) alpha = v;
      if (alpha >= beta) {
        const p = rules.pack(m);
        if (p !== k0) this.killers[ply] = [p, k0!];
        this.history.set(p, Math.min((this.history.get(p) ?? 0) + depth * depth, 0x1000000));
        break;
      }
    }
    const bound: Bound = best <= alpha0 ? 'upper' : best >= beta ? 'lower' : 'exact';
    this.table.set(key, { depth, value: best, bound, move: bestMove });
    return best;
  }
}
