/**
 * Monte Carlo tree search (UCT) in plain TypeScript: the same algorithm as assembly/core/mcts.ts,
 * operation for operation (edge order, random choices, float arithmetic), so that a seeded
 * search builds the same tree in both engines and the benchmark can show what wasm buys.
 *
 * Each node's edges are its legal moves in canonical order; an edge's value is kept for the
 * player who made its move, so the two moves of a turn are simply consecutive edges. A leaf is
 * evaluated by a playout each time it is reached until it has been reached `expandAfter` times;
 * then it gets its edges.
 *
 * In this folder (search/), each generic over GameRules: random playouts (playout.ts), this MCTS,
 * alpha-beta (alphabeta.ts), the MCTS's settings (settings.ts) and position keys for
 * transpositions (state-key.ts).
 */
import type { GameMove, GameOutcome, GameRules } from '../core/game.js';
import { Rng } from '../core/rng.js';
import type { Topology } from '../boards/topology.js';
import { stateKey } from './state-key.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from './settings.js';

/** The most edges a node orders for widening (the wasm core keeps their values in its record). */
const WIDEN_LIMIT = 8192;

/** Longest path the tree holds; deeper selection stops there and plays out. */
const MAX_DEPTH = 512;

/**
 * ln(n) of a visit count n ≥ 1 using only +, −, ×, ÷ and exact powers of two, so that JavaScript
 * and wasm agree to the last bit (Math.log need not): n = 2^e·m with m in [1, 2), m brought
 * below √2, then ln m = 2·atanh z with z = (m − 1)/(m + 1) ≤ 0.172, whose series' eleven terms
 * reach double precision (Horner's rule, the same constants in assembly/core/mcts.ts).
 */
export function lnDeterministic(n: number): number {
  const e = 31 - Math.clz32(n);
  let m = n / 2 ** e;
  let base = e * LN2;
  if (m > SQRT2) {
    m /= SQRT2;
    base += LN_SQRT2;
  }
  const z = (m - 1) / (m + 1);
  const z2 = z * z;
  let series = ATANH[ATANH.length - 1]!;
  for (let k = ATANH.length - 2; k >= 0; k--) series = series * z2 + ATANH[k]!;
  return base + 2 * z * series;
}

const LN2 = 0.6931471805599453;
const SQRT2 = 1.4142135623730951;
const LN_SQRT2 = 0.34657359027997264;
/** 1/(2k + 1) for k = 0..10: atanh z = z·Σ z^(2k)/(2k + 1). */
const ATANH = [1, 1 / 3, 1 / 5, 1 / 7, 1 / 9, 1 / 11, 1 / 13, 1 / 15, 1 / 17, 1 / 19, 1 / 21];

interface Edge<M> {
  move: M;
  mover: 1 | 2;
  visits: number;
  child: TreeNode<M> | null;
  /** Sum of values for the mover, accumulated in single precision as in wasm. */
  valueSum: number;
}

interface TreeNode<M> {
  edges: Edge<M>[] | null;
  tried: number;
  visits: number;
  /**
   * A proven result (MCTS-Solver), P1's: the game is decided from here whatever the playouts
   * say. A terminal node is proven; so is a node whose player to move has an edge to a win, or
   * whose edges all lead to proven results (it takes the best of them).
   */
  proven: Proven;
  /** The implicit minimax value, P1's (SearchSettings.implicit): a leaf's evaluation, else its best tried edge's. */
  minimax: number;
  /** With transpositions, its position's key (the table is rebuilt from these after a move). */
  key?: string;
}

/** No proof, P1 wins, P2 wins, a draw (the codes of assembly/core/mcts.ts). */
type Proven = 0 | 1 | 2 | 3;

/** A proven code as the result for an edge's mover: 1 a win, 0 a loss, 0.5 a draw. */
function provenFor<M>(e: Edge<M>, code: Proven): number {
  const p1 = code === 1 ? 1 : code === 2 ? 0 : 0.5;
  return e.mover === 2 ? 1 - p1 : p1;
}

/** The proof climbs the path while it decides the node above (a win for its mover, or every edge proven). */
function backupProof<M>(path: readonly Edge<M>[], parents: readonly TreeNode<M>[]): void {
  for (let i = path.length - 1; i >= 0; i--) {
    const e = path[i]!;
    const code = e.child?.proven ?? 0;
    if (code === 0) return;
    const p = parents[i]!;
    if (p.proven !== 0) return;
    if (provenFor(e, code) === 1) {
      p.proven = code;
      continue;
    }
    let best: Proven = 0;
    let bestResult = -1;
    for (const k of p.edges!) {
      const kc = k.child?.proven ?? 0;
      if (kc === 0) return;
      const result = provenFor(k, kc);
      if (result > bestResult) {
        bestResult = result;
        best = kc;
      }
    }
    p.proven = best;
  }
}

/** The implicit minimax value of `child` for the mover of the edge `e` that leads there. */
function minimaxFor<M>(e: Edge<M>, child: TreeNode<M>): number {
  return e.mover === 2 ? 1 - child.minimax : child.minimax;
}

/**
 * After an iteration that made a new leaf: each node on the path takes the best minimax value of
 * its tried edges for their mover, from the leaf upwards, while that changes anything.
 */
function backupMinimax<M>(parents: readonly TreeNode<M>[]): void {
  for (let i = parents.length - 1; i >= 0; i--) {
    const p = parents[i]!;
    let best = -1;
    let bestP1 = 0.5;
    for (let k = 0; k < p.tried; k++) {
      const e = p.edges![k]!;
      if (!e.child) continue;
      const v = minimaxFor(e, e.child);
      if (v > best) {
        best = v;
        bestP1 = e.child.minimax;
      }
    }
    if (best < 0 || bestP1 === p.minimax) return;
    p.minimax = bestP1;
  }
}

/**
 * The nodes under `root` (itself included) by position key, breadth first. Every node of a tree
 * built with transpositions has a key of its own, so the table doubles as the set of nodes seen.
 */
function nodesByKey<M>(root: TreeNode<M>): Map<string, TreeNode<M>> {
  const table = new Map<string, TreeNode<M>>([[root.key!, root]]);
  const queue = [root];
  for (let q = 0; q < queue.length; q++) {
    for (const e of queue[q]!.edges ?? []) {
      if (e.child && !table.has(e.child.key!)) {
        table.set(e.child.key!, e.child);
        queue.push(e.child);
      }
    }
  }
  return table;
}

function provenResult(outcome: GameOutcome): Proven {
  return outcome.winner === 1 ? 1 : outcome.winner === 2 ? 2 : 3;
}

export interface RootChild<M = GameMove> {
  readonly move: M;
  readonly visits: number;
  readonly valueSum: number;
  /** The search proved that this move wins, loses or draws for its player, whatever follows. */
  readonly proven?: 'win' | 'loss' | 'draw';
}

export class ReferenceMcts<S, M extends GameMove> {
  private root: TreeNode<M> | null = null;
  private rootState: S | null = null;
  private rng = new Rng(0);
  /** The root's player when the game has chance (searches stop at the end of their turn), else 0. */
  private horizon = 0;
  /** What a draw is worth to P1 at the current root (contempt), and whether the tree's values hold one. */
  private drawP1 = 0.5;
  private drawn = false;
  /** With transpositions: the tree's nodes by position key; null without. */
  private table: Map<string, TreeNode<M>> | null = null;
  settings: SearchSettings = DEFAULT_SEARCH_SETTINGS;
  /** The evaluation's weights at the cut-off (heuristic 1); the game's own unless set. */
  weights: readonly number[];

  constructor(
    private readonly rules: GameRules<S, M>,
    private readonly topology: Topology,
    private readonly options: Readonly<Record<string, unknown>>,
  ) {
    this.weights = rules.evaluation.terms.map((t) => t.weight);
  }

  /** Makes `state` the root, keeping the tree if it is already for this state. */
  begin(state: S, seed: number): void {
    this.rng = new Rng(seed);
    this.horizon = this.rules.chance?.(state, this.options) ? this.rules.toMove(state) : 0;
    // A kept tree that valued draws for one player at one contempt: for another it starts afresh, as in wasm.
    const { contempt } = this.settings;
    const draw = contempt === 0 ? 0.5 : this.rules.toMove(state) === 1 ? 0.5 - contempt : 0.5 + contempt;
    if (draw !== this.drawP1) {
      this.drawP1 = draw;
      if (this.drawn) this.root = null;
    }
    const transposing = this.settings.transpositions === 1;
    // A tree built with the other transposition setting is dropped, as in wasm.
    if (this.root && this.rootState && (this.table !== null) === transposing && this.rules.statesEqual(this.rootState, state)) return;
    this.rootState = this.rules.cloneState(state);
    this.root = { edges: null, tried: 0, visits: 0, proven: 0, minimax: 0.5 };
    this.drawn = false;
    this.table = null;
    if (transposing) {
      this.root.key = stateKey(state);
      this.table = new Map([[this.root.key, this.root]]);
    }
  }

  reset(): void {
    this.root = null;
    this.drawn = false;
    this.rootState = null;
    this.table = null;
  }

  /** After `move` was played: its subtree becomes the tree, or the tree starts afresh. */
  advance(move: GameMove, state: S): void {
    const key = this.rules.pack(move);
    const edge = this.root?.edges?.find((e) => this.rules.pack(e.move) === key);
    if (!edge?.child) {
      this.reset();
      return;
    }
    this.root = edge.child;
    this.rootState = this.rules.cloneState(state);
    if (this.table) this.table = nodesByKey(this.root);
  }

  run(iterations: number): number {
    const root = this.root;
    if (!root || !this.rootState) return 0;
    const { rules, topology, options } = this;
    for (let done = 0; done < iterations; done++) {
      const state = rules.cloneState(this.rootState);
      const path: Edge<M>[] = [];
      const parents: TreeNode<M>[] = [];
      let node: TreeNode<M> = root;
      let value: number | null = null;
      let proved = false;
      let grew = false;
      for (;;) {
        node.visits++;
        const outcome = rules.outcome(topology, state, options);
        if (outcome) {
          value = this.evaluate(state);
          if (node.proven === 0) {
            node.proven = provenResult(outcome);
            proved = true;
          }
          break;
        }
        if (this.pastHorizon(state)) {
          value = this.evaluate(state);
          break;
        }
        if (!node.edges) {
          if (node !== root && node.visits < this.settings.expandAfter) break;
          node.edges = this.expand(state);
        }
        if (node.edges.length === 0 || path.length >= MAX_DEPTH) break;
        const edge = this.select(node);
        parents.push(node);
        path.push(edge);
        rules.apply(topology, state, edge.move, options);
        if (edge.child) {
          node = edge.child;
          continue;
        }
        const key = this.table ? stateKey(state) : undefined;
        const known = key === undefined ? undefined : this.table!.get(key);
        if (known) {
          // Another order of moves reached this position: follow its node.
          edge.child = known;
          if (this.settings.implicit !== 0) grew = true;
          if (known.proven !== 0) proved = true;
          node = known;
          continue;
        }
        edge.child = { edges: null, tried: 0, visits: 1, proven: 0, minimax: 0.5 };
        if (key !== undefined) {
          edge.child.key = key;
          this.table!.set(key, edge.child);
        }
        const end = rules.outcome(topology, state, options);
        if (end) {
          edge.child.proven = provenResult(end);
          proved = true;
        }
        if (this.settings.implicit !== 0) {
          edge.child.minimax = this.evaluate(state);
          grew = true;
        }
        break;
      }
      value ??= this.rollout(state);
      for (const edge of path) {
        edge.visits++;
        edge.valueSum = Math.fround(edge.valueSum + Math.fround(edge.mover === 2 ? 1 - value : value));
      }
      if (grew) backupMinimax(parents);
      if (proved) backupProof(path, parents);
    }
    return iterations;
  }

  children(): RootChild<M>[] {
    return (this.root?.edges ?? []).map((e) => {
      const code = e.child?.proven ?? 0;
      const result = code === 0 ? null : provenFor(e, code);
      return { move: e.move, visits: e.visits, valueSum: e.valueSum, ...(result === null ? {} : { proven: result === 1 ? 'win' : result === 0 ? 'loss' : 'draw' }) };
    });
  }

  rootVisits(): number {
    return this.root?.visits ?? 0;
  }

  principalVariation(max: number): M[] {
    const pv: M[] = [];
    let node = this.root;
    while (node?.edges && pv.length < max) {
      let best: Edge<M> | null = null;
      for (const e of node.edges) if (e.visits > (best?.visits ?? 0)) best = e;
      if (!best) break;
      pv.push(best.move);
      node = best.child;
    }
    return pv;
  }

  private expand(state: S): Edge<M>[] {
    const { rules, topology, options } = this;
    const mover = rules.toMove(state);
    // A move after which its player plays the other colour is valued for that colour.
    const other = mover === 1 ? 2 : 1;
    const edges: Edge<M>[] = rules
      .legalMoves(topology, state, options)
      .map((move) => ({ move, mover: rules.swapsSeats?.(move) ? other : mover, visits: 0, child: null, valueSum: 0 }));
    if (!(this.settings.widen > 0 && edges.length > 1 && edges.length <= WIDEN_LIMIT)) return edges;
    // Widening: best first by the value right after each move; the sort is stable.
    const prior = edges.map((e) => {
      const next = rules.cloneState(state);
      rules.apply(topology, next, e.move, options);
      const v = this.evaluate(next);
      return e.mover === 2 ? 1 - v : v;
    });
    return edges.map((e, i) => ({ e, p: prior[i]! })).sort((a, b) => b.p - a.p).map(({ e }) => e);
  }

  private select(node: TreeNode<M>): Edge<M> {
    const edges = node.edges!;
    const widen = this.settings.widen;
    const open = widen > 0 ? Math.min(edges.length, 1 + Math.floor(widen * Math.sqrt(node.visits))) : edges.length;
    // A proven node has its answer among the tried edges.
    if (node.tried < open && node.proven === 0) {
      // Widening: the next edge in the order of the evaluation.
      if (widen > 0) return edges[node.tried++]!;
      const j = node.tried + this.rng.below(edges.length - node.tried);
      const chosen = edges[j]!;
      edges[j] = edges[node.tried]!;
      edges[node.tried] = chosen;
      node.tried++;
      return chosen;
    }
    const logN = lnDeterministic(node.visits);
    const c = this.settings.exploration;
    const w = this.settings.implicit;
    let best = edges[0]!;
    let bestValue = -Infinity;
    for (const e of edges) {
      const code = e.child?.proven ?? 0;
      if (code !== 0) {
        const result = provenFor(e, code);
        if (result === 1) return e;
        if (result === 0) continue;
      }
      if (e.visits === 0) continue;
      let mean = e.valueSum / e.visits;
      if (w !== 0 && e.child) mean = (1 - w) * mean + w * minimaxFor(e, e.child);
      const value = mean + c * Math.sqrt(logN / e.visits);
      if (value > bestValue) {
        bestValue = value;
        best = e;
      }
    }
    return best;
  }

  private rollout(state: S): number {
    const { cutoff, biasPercent } = this.settings;
    const { rules, topology, options } = this;
    // Cut-off 0 plays to the end, or with the heuristic judges the leaf itself. Counted in turns,
    // the judgement always falls at the start of a turn (Throngs' double move).
    const limit = cutoff > 0 ? cutoff : this.settings.heuristic ? 0 : 10_000;
    for (let moves = 0, steps = 0; !rules.outcome(topology, state, options) && steps < limit && moves < 10_000 && !this.pastHorizon(state); moves++) {
      const mover = rules.toMove(state);
      let move: M;
      if (rules.randomMove) move = rules.randomMove(topology, state, this.rng, options, biasPercent);
      else {
        const legal = rules.legalMoves(topology, state, options);
        const preferred = rules.preferredMoves?.(legal) ?? 0;
        const biased = biasPercent > 0 && preferred > 0 && preferred < legal.length && this.rng.below(100) < biasPercent;
        move = legal[biased ? this.rng.below(preferred) : this.rng.below(legal.length)]!;
      }
      rules.apply(topology, state, move, options);
      if (!this.settings.turns || rules.toMove(state) !== mover) steps++;
    }
    return this.evaluate(state);
  }

  /** With chance (GameRules.chance), whether `state` lies beyond the root player's turn. */
  private pastHorizon(state: S): boolean {
    return this.horizon !== 0 && this.rules.toMove(state) !== this.horizon;
  }

  /** P1's value of a state: the result when the game is over, else the margin or the evaluation in points. */
  private evaluate(state: S): number {
    const { rules, topology } = this;
    const outcome = rules.outcome(topology, state, this.options);
    if (outcome?.winner === 0) this.drawn = true;
    if (outcome) return outcome.winner === 1 ? 1 : outcome.winner === 2 ? 0 : this.drawP1;
    const d = this.settings.heuristic ? rules.evaluate(topology, state, this.weights) / 100 : rules.margin(topology, state);
    return 0.5 + d / (2 * (Math.abs(d) + this.settings.evalScale));
  }
}
