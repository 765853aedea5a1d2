/**
 * A solve split into subtrees (a solve over a queue, agents/queue-solve.ts): the positions a few
 * moves from the root form a tree whose leaves are proven one by one, anywhere, and whose inner
 * values follow by negamax. What a leaf should prove next is asked of the tree (`demands`), so
 * that the root gets exactly what a one-process solve prints: every root move's result, and the
 * exact value of each move that reaches the best result when margins are asked for. A leaf is
 * asked no more than its parent needs: once a sibling decides the parent, it is asked nothing.
 */
import { SOLVE_CLASS } from '../../assembly/core/abi.js';
import { positionBounds, type RootValue } from './root.js';
import { VALUE_LIMIT, negate, resultOfBounds, type SolvedResult, type ValueBounds } from './value.js';

/** What a leaf's proof settles: its result, its exact value, or whether its value is at least g. */
export type Goal = { readonly kind: 'result' } | { readonly kind: 'exact' } | { readonly kind: 'test'; readonly g: number };

export interface TreeNode {
  /** The moves from the root, in the game's notation. */
  readonly path: readonly string[];
  /** What is proven of this position itself (a job's answer, the save file), for its player to move. */
  facts: ValueBounds;
  /** Empty for a leaf. `flip`: the value changes sign across the move (the other player moves next). */
  readonly children: readonly TreeEdge[];
}

export interface TreeEdge {
  readonly node: TreeNode;
  readonly flip: boolean;
}

export const isLeaf = (n: TreeNode): boolean => n.children.length === 0;

export const pathKey = (path: readonly string[]): string => JSON.stringify(path);

const intersect = (a: ValueBounds, b: ValueBounds): ValueBounds => ({ lower: Math.max(a.lower, b.lower), upper: Math.min(a.upper, b.upper) });

/** What is known of a node's value: its own facts, and at an inner node what its children's values give. */
export function boundsOf(n: TreeNode): ValueBounds {
  if (isLeaf(n)) return n.facts;
  return intersect(n.facts, positionBounds(n.children.map(seen)));
}

/** A child's value for the player to move at its parent. */
const seen = (e: TreeEdge): ValueBounds => (e.flip ? negate(boundsOf(e.node)) : boundsOf(e.node));

export function met(b: ValueBounds, goal: Goal): boolean {
  if (goal.kind === 'result') return resultOfBounds(b) !== null;
  if (goal.kind === 'exact') return b.lower === b.upper;
  return b.lower >= goal.g || b.upper < goal.g;
}

/** Results ordered: a loss below a draw below a win. */
const rank = (r: SolvedResult | null): number => (r === 'win' ? 1 : r === 'loss' ? -1 : 0);
const classOf = (v: number): number => rank(resultOfBounds({ lower: v, upper: v }));

/** What each leaf under `n` should prove next so that `n` meets `goal` (nothing when it does). */
function want(n: TreeNode, goal: Goal, out: Map<TreeNode, Goal>): void {
  if (met(boundsOf(n), goal)) return;
  if (isLeaf(n)) return void out.set(n, goal);
  const kids = n.children.map((e) => ({ e, b: seen(e) }));
  const best = Math.max(...kids.map((k) => k.b.lower));
  // A test's threshold for a child, in the child's own terms: "at least g" across a flip is "not at least 1 - g".
  const test = (e: TreeEdge, g: number): Goal => ({ kind: 'test', g: e.flip ? 1 - g : g });
  if (goal.kind === 'test') {
    for (const { e, b } of kids) if (b.lower < goal.g && b.upper >= goal.g) want(e.node, test(e, goal.g), out);
    return;
  }
  // Children that could still raise the value above the best proven so far; the others cannot matter.
  const open = kids.filter((k) => k.b.upper > best);
  const unsettled = open.filter((k) => resultOfBounds(k.b) === null);
  if (goal.kind === 'result' || unsettled.length > 0) {
    for (const { e } of unsettled) want(e.node, { kind: 'result' }, out);
    return;
  }
  // Every open child has the top result: the most promising is proven exactly, the others only
  // asked whether they beat the best value so far (a null window, as alpha-beta would). Not
  // before one child's value is exact: a test against a mere bound, far from every value, costs
  // as much as proving the value.
  const lead = open.reduce((a, k) => (k.b.upper > a.b.upper ? k : a));
  want(lead.e.node, { kind: 'exact' }, out);
  if (!kids.some((k) => k.b.lower === best && k.b.upper === best)) return;
  for (const k of open) if (k !== lead) want(k.e.node, test(k.e, best + 1), out);
}

/**
 * What each leaf should prove next: every root move's result, then (with `margin`) the exact value
 * of every move certain to reach the best result, as solveRoot asks them. Empty once the root's
 * value and every root move's are known as far as a one-process solve proves them.
 */
export function demands(root: TreeNode, margin: boolean): Map<TreeNode, Goal> {
  const out = new Map<TreeNode, Goal>();
  if (isLeaf(root)) {
    want(root, { kind: margin ? 'exact' : 'result' }, out);
    return out;
  }
  const kids = root.children.map((e) => ({ e, b: seen(e) }));
  for (const { e } of kids) want(e.node, { kind: 'result' }, out);
  if (!margin) return out;
  // A move whose result is proven and no other move can beat reaches the best result, whatever is still unproven.
  const top = Math.max(...kids.map((k) => classOf(k.b.upper)));
  for (const { e, b } of kids) if (resultOfBounds(b) !== null && classOf(b.lower) === top) want(e.node, { kind: 'exact' }, out);
  return out;
}

/** A result's bounds with no margin in them, as a one-process solve leaves a move proven to its result only. */
function resultBounds(r: SolvedResult): ValueBounds {
  if (r === 'win') return { lower: SOLVE_CLASS / 2, upper: VALUE_LIMIT };
  if (r === 'loss') return { lower: -VALUE_LIMIT, upper: -SOLVE_CLASS / 2 };
  return { lower: -SOLVE_CLASS / 2 + 1, upper: SOLVE_CLASS / 2 - 1 };
}

/**
 * The root's value and its moves' once `demands` is empty, read as a one-process solve prints them:
 * exact values where margins were asked for and the move reaches the best result, results elsewhere.
 */
export function rootValueOf(root: TreeNode, margin: boolean): RootValue {
  const shown = (b: ValueBounds, exact: boolean): ValueBounds => (exact && b.lower === b.upper ? b : resultBounds(resultOfBounds(b) ?? 'draw'));
  if (isLeaf(root)) return { value: shown(boundsOf(root), margin), moves: [], best: [] };
  const kids = root.children.map(seen);
  const top = Math.max(...kids.map((b) => classOf(b.lower)));
  const bounds = kids.map((b) => shown(b, margin && classOf(b.lower) === top));
  const value = positionBounds(bounds);
  const keeps = (b: ValueBounds): boolean => (margin ? b.lower === b.upper && b.lower === value.lower : classOf(b.lower) === top);
  const moves = root.children.map((e, i) => ({ move: e.node.path[e.node.path.length - 1]!, bounds: bounds[i]! }));
  return { value, moves, best: moves.filter((m) => keeps(m.bounds)).map((m) => m.move) };
}

/** Every node of the tree, the root first. */
export function nodesOf(root: TreeNode): TreeNode[] {
  const all: TreeNode[] = [];
  const visit = (n: TreeNode): void => {
    all.push(n);
    for (const e of n.children) visit(e.node);
  };
  visit(root);
  return all;
}

