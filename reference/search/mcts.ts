/**
 * Monte Carlo tree search (UCT) in plain TypeScript: the same algorithm as assembly/mcts.ts,
 * operation for operation (edge order, random choices, float arithmetic), so that a seeded
 * search builds the same tree in both engines and the benchmark can show what wasm buys.
 *
 * Each node's edges are its legal moves in canonical order; an edge's value is kept for the
 * player who made its move, so the two moves of a turn are simply consecutive edges. A leaf is
 * evaluated by a playout each time it is reached until it has been reached `expandAfter` times;
 * then it gets its edges.
 */
import { applyMove } from '../games/throngs/apply.js';
import { generateMoves } from '../games/throngs/movegen.js';
import { packMove, type LegalMove } from '../games/throngs/moves.js';
import { scores } from '../games/throngs/scoring.js';
import { cloneState, statesEqual, type ThrongsState } from '../games/throngs/state.js';
import { Rng } from '../rng.js';
import type { Topology } from '../topology/topology.js';
import type { RuleOptions } from '../types.js';

export interface SearchSettings {
  /** UCT exploration constant c in Q + c·sqrt(ln N / n). */
  readonly exploration: number;
  /** Playout length before the score margin decides (0: play to the end). */
  readonly cutoff: number;
  /** k in the margin value 0.5 + d / (2(|d| + k)). */
  readonly evalScale: number;
  /** Percent of playout moves chosen among placements and captures only. */
  readonly biasPercent: number;
  /** A node other than the root gets its edges once a search has reached it this many times. */
  readonly expandAfter: number;
}

/**
 * The settings that won the tuning matches (README, "How the settings were chosen"): short
 * playouts judged by the score margin beat long random ones by a wide margin.
 */
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = Object.freeze({ exploration: 0.3, cutoff: 2, evalScale: 4, biasPercent: 0, expandAfter: 8 });

/** Longest path the tree holds; deeper selection stops there and plays out. */
const MAX_DEPTH = 512;

/** ln(x) for x ≥ 1 using only +, ×, ÷, so that JavaScript and wasm agree to the last bit. */
export function lnDeterministic(x: number): number {
  let e = 0;
  while (x >= 2) {
    x /= 2;
    e++;
  }
  const z = (x - 1) / (x + 1);
  const z2 = z * z;
  let term = z;
  let sum = 0;
  for (let k = 1; k < 40; k += 2) {
    sum += term / k;
    term *= z2;
  }
  return e * 0.6931471805599453 + 2 * sum;
}

interface Edge {
  move: LegalMove;
  mover: 1 | 2;
  visits: number;
  child: TreeNode | null;
  /** Sum of values for the mover, accumulated in single precision as in wasm. */
  valueSum: number;
}

interface TreeNode {
  edges: Edge[] | null;
  tried: number;
  visits: number;
}

export interface RootChild {
  readonly move: LegalMove;
  readonly visits: number;
  readonly valueSum: number;
}

export class ReferenceMcts {
  private root: TreeNode | null = null;
  private rootState: ThrongsState | null = null;
  private rng = new Rng(0);
  settings: SearchSettings = DEFAULT_SEARCH_SETTINGS;

  constructor(
    private readonly topology: Topology,
    private readonly options: RuleOptions,
  ) {}

  /** Makes `state` the root, keeping the tree if it is already for this state. */
  begin(state: ThrongsState, seed: number): void {
    this.rng = new Rng(seed);
    if (this.root && this.rootState && statesEqual(this.rootState, state)) return;
    this.rootState = cloneState(state);
    this.root = { edges: null, tried: 0, visits: 0 };
  }

  reset(): void {
    this.root = null;
    this.rootState = null;
  }

  /** After `move` was played: its subtree becomes the tree, or the tree starts afresh. */
  advance(move: LegalMove, state: ThrongsState): void {
    const key = packMove(move);
    const edge = this.root?.edges?.find((e) => packMove(e.move) === key);
    if (!edge?.child) {
      this.reset();
      return;
    }
    this.root = edge.child;
    this.rootState = cloneState(state);
  }

  run(iterations: number): number {
    const root = this.root;
    if (!root || !this.rootState) return 0;
    for (let done = 0; done < iterations; done++) {
      const state = cloneState(this.rootState);
      const path: Edge[] = [];
      let node: TreeNode = root;
      let value: number | null = null;
      for (;;) {
        node.visits++;
        if (state.ended) {
          value = this.evaluate(state);
          break;
        }
        if (!node.edges) {
          if (node !== root && node.visits < this.settings.expandAfter) break;
          node.edges = this.expand(state);
        }
        if (node.edges.length === 0 || path.length >= MAX_DEPTH) break;
        const edge = this.select(node);
        path.push(edge);
        applyMove(this.topology, state, edge.move, this.options);
        if (edge.child) {
          node = edge.child;
          continue;
        }
        edge.child = { edges: null, tried: 0, visits: 1 };
        break;
      }
      value ??= this.rollout(state);
      for (const edge of path) {
        edge.visits++;
        edge.valueSum = Math.fround(edge.valueSum + Math.fround(edge.mover === 2 ? 1 - value : value));
      }
    }
    return iterations;
  }

  children(): RootChild[] {
    return (this.root?.edges ?? []).map((e) => ({ move: e.move, visits: e.visits, valueSum: e.valueSum }));
  }

  rootVisits(): number {
    return this.root?.visits ?? 0;
  }

  principalVariation(max: number): LegalMove[] {
    const pv: LegalMove[] = [];
    let node = this.root;
    while (node?.edges && pv.length < max) {
      let best: Edge | null = null;
      for (const e of node.edges) if (e.visits > (best?.visits ?? 0)) best = e;
      if (!best) break;
      pv.push(best.move);
      node = best.child;
    }
    return pv;
  }

  private expand(state: ThrongsState): Edge[] {
    const mover = state.toMove;
    return generateMoves(this.topology, state, this.options).map((move) => ({ move, mover, visits: 0, child: null, valueSum: 0 }));
  }

  private select(node: TreeNode): Edge {
    const edges = node.edges!;
    if (node.tried < edges.length) {
      const j = node.tried + this.rng.below(edges.length - node.tried);
      const chosen = edges[j]!;
      edges[j] = edges[node.tried]!;
      edges[node.tried] = chosen;
      node.tried++;
      return chosen;
    }
    const logN = lnDeterministic(node.visits);
    const c = this.settings.exploration;
    let best = edges[0]!;
    let bestValue = -Infinity;
    for (const e of edges) {
      const value = e.valueSum / e.visits + c * Math.sqrt(logN / e.visits);
      if (value > bestValue) {
        bestValue = value;
        best = e;
      }
    }
    return best;
  }

  private rollout(state: ThrongsState): number {
    const { cutoff, biasPercent } = this.settings;
    for (let moves = 0; !state.ended && (cutoff === 0 || moves < cutoff) && moves < 10_000; moves++) {
      const legal = generateMoves(this.topology, state, this.options);
      let placements = 0;
      while (placements < legal.length && (legal[placements]!.kind === 'add' || legal[placements]!.kind === 'capture')) placements++;
      const biased = biasPercent > 0 && placements > 0 && placements < legal.length && this.rng.below(100) < biasPercent;
      const i = biased ? this.rng.below(placements) : this.rng.below(legal.length);
      applyMove(this.topology, state, legal[i]!, this.options);
    }
    return this.evaluate(state);
  }

  /** P1's value of a state: the result when the game is over, else the score margin. */
  private evaluate(state: ThrongsState): number {
    const [s1, s2] = scores(this.topology, state.cells);
    const d = s1 - s2;
    if (state.ended) return d > 0 ? 1 : d < 0 ? 0 : 0.5;
    return 0.5 + d / (2 * (Math.abs(d) + this.settings.evalScale));
  }
}
