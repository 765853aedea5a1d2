/**
 * Proof-number search (Allis), plainly: the whole tree in memory, each step expanding the most
 * proving node and updating its ancestors, no table, no thresholds. It answers one yes-or-no
 * question, "does the player to move score at least k?", in the values of reference/search/solver.ts
 * (SOLVE_CLASS × result plus the margin in half points, for the player to move), and the exact value
 * follows from such questions by bisection. The oracle of a faster depth-first search: it must
 * agree with the alpha-beta solver on every position both can answer.
 *
 * Perspective: a node's value for the root's player is its own value (for its player to move)
 * times its sign, +1 at the root, flipped along an edge where the colour to move changes, and once
 * more after a move whose player then plays the other colour (`swapsSeats`), as in solver.ts. A
 * node whose player has sign +1 is an OR node (one proved child proves it), the others AND nodes.
 */
import type { GameMove, GameRules } from '../core/game.js';
import type { Topology } from '../boards/topology.js';
import { SolveError } from '../core/errors.js';
import { stateKey } from './state-key.js';
import { MAX_MARGIN, SOLVE_CLASS, finishedValue } from './solver.js';

/** The least and greatest value a position can have. */
export const LEAST_VALUE = -SOLVE_CLASS - MAX_MARGIN;
export const GREATEST_VALUE = SOLVE_CLASS + MAX_MARGIN;

export interface ProofLimits {
  /** Nodes to expand at most (default 1 million): beyond it, a SolveError. */
  readonly maxNodes?: number;
  /** Longest line followed (default 1000 moves). */
  readonly maxPly?: number;
}

export interface Proof {
  /** Whether the player to move scores at least the value asked about. */
  readonly proved: boolean;
  /** Nodes expanded. */
  readonly nodes: number;
}

interface PnNode<S> {
  readonly state: S;
  readonly sign: 1 | -1;
  readonly ply: number;
  readonly parent: PnNode<S> | null;
  /** The keys of the positions on the line from the root, this one included. */
  readonly line: ReadonlySet<string>;
  children: PnNode<S>[] | null;
  proof: number;
  disproof: number;
}

/** Does the player to move in `state` score at least `k` (solver.ts values)? */
export function referenceProve<S, M extends GameMove>(
  rules: GameRules<S, M>,
  t: Topology,
  state: S,
  options: Readonly<Record<string, unknown>>,
  k: number,
  limits: ProofLimits = {},
): Proof {
  const maxNodes = limits.maxNodes ?? 1_000_000;
  const maxPly = limits.maxPly ?? 1000;
  let nodes = 0;

  /** A new node: a finished position is proved or disproved at once, others start at 1 and 1. */
  const make = (s: S, sign: 1 | -1, ply: number, parent: PnNode<S> | null): PnNode<S> => {
    const key = stateKey(s);
    if (parent?.line.has(key)) throw new SolveError(`a line of play repeats a position (at ply ${ply}): the rules give an endless game no value`);
    const line = new Set(parent?.line ?? []);
    line.add(key);
    const node: PnNode<S> = { state: s, sign, ply, parent, line, children: null, proof: 1, disproof: 1 };
    const outcome = rules.outcome(t, s, options);
    if (outcome) {
      const holds = sign * finishedValue(rules, t, s, outcome.winner) >= k;
      node.proof = holds ? 0 : Infinity;
      node.disproof = holds ? Infinity : 0;
      node.children = [];
    }
    return node;
  };

  const isOr = (n: PnNode<unknown>): boolean => n.sign === 1;

  const expand = (n: PnNode<S>): void => {
    if (++nodes > maxNodes) throw new SolveError(`the proof-number search expanded more than ${maxNodes} positions`);
    if (rules.chance?.(n.state, options)) throw new SolveError('the game has chance (dice): the solver only solves games without chance');
    if (n.ply >= maxPly) throw new SolveError(`a line of play goes on past ${maxPly} moves without ending`);
    n.children = rules.legalMoves(t, n.state, options).map((m) => {
      const child = rules.cloneState(n.state);
      rules.apply(t, child, m, options);
      const flip = (rules.toMove(child) !== rules.toMove(n.state)) !== (rules.swapsSeats?.(m) ?? false);
      return make(child, flip ? (-n.sign as 1 | -1) : n.sign, n.ply + 1, n);
    });
    if (n.children.length === 0) throw new SolveError('a position that has not ended has no legal move');
  };

  const update = (n: PnNode<S>): void => {
    const kids = n.children!;
    if (isOr(n)) {
      n.proof = Math.min(...kids.map((c) => c.proof));
      n.disproof = kids.reduce((sum, c) => sum + c.disproof, 0);
    } else {
      n.proof = kids.reduce((sum, c) => sum + c.proof, 0);
      n.disproof = Math.min(...kids.map((c) => c.disproof));
    }
  };

  const root = make(rules.cloneState(state), 1, 0, null);
  while (root.proof !== 0 && root.disproof !== 0) {
    // Down to the most proving node: at an OR node the child with the least proof number, at
    // an AND node the one with the least disproof number.
    let n = root;
    while (n.children !== null && n.children.length > 0) {
      const kids = n.children;
      n = isOr(n) ? kids.reduce((a, b) => (b.proof < a.proof ? b : a)) : kids.reduce((a, b) => (b.disproof < a.disproof ? b : a));
    }
    expand(n);
    for (let up: PnNode<S> | null = n; up !== null; up = up.parent) update(up);
  }
  return { proved: root.proof === 0, nodes };
}

export interface ProvedValue {
  /** The position's exact value for its player to move (solver.ts values). */
  readonly value: number;
  /** The questions asked, and the nodes they expanded in all. */
  readonly proofs: number;
  readonly nodes: number;
}

/**
 * The exact value as the greatest k the player to move is proved to score: bisection over the
 * values a position can take, each step one proof-number search.
 */
export function referenceProvedValue<S, M extends GameMove>(
  rules: GameRules<S, M>,
  t: Topology,
  state: S,
  options: Readonly<Record<string, unknown>>,
  limits: ProofLimits = {},
): ProvedValue {
  // Invariant: at least `low` is proved, at least `high + 1` is disproved.
  let low = LEAST_VALUE;
  let high = GREATEST_VALUE;
  let proofs = 0;
  let nodes = 0;
  while (low < high) {
    const k = Math.floor((low + high + 1) / 2);
    const { proved, nodes: used } = referenceProve(rules, t, state, options, k, limits);
    proofs++;
    nodes += used;
    if (proved) low = k;
    else high = k - 1;
  }
  return { value: low, proofs, nodes };
}
