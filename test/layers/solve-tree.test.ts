// A solve split into subtrees (bindings/solver/tree.ts, split.ts, subtree.ts), its leaves proven
// here one goal at a time as workers would prove them: the same value and the same value of every
// root move as the one-process solve, with and without margins, on boards with double moves, a pie
// that swaps seats and move limits; and the jobs a worker refuses.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { autoSplit, splitTree } from '../../bindings/solver/split.js';
import { proveSubtree, whyRefused, type SolveMethod, type SubtreeJob } from '../../bindings/solver/subtree.js';
import { demands, isLeaf, nodesOf, rootValueOf, type TreeNode } from '../../bindings/solver/tree.js';
import { UNKNOWN, describeBounds } from '../../bindings/solver/value.js';

type Setup = { game: string; board: string; setup?: string; options?: Record<string, unknown>; moves?: string[]; method?: SolveMethod };

async function engineOf(s: Setup): Promise<Engine> {
  const e = await createEngine({ game: s.game as never, board: s.board, backend: 'wasm', arenaMB: 64, ...(s.setup ? { setup: s.setup } : {}), ...(s.options ? { options: s.options } : {}) });
  for (const m of s.moves ?? []) e.play(m);
  return e;
}

/** Proves the tree's leaves until nothing is asked, in the order asked; returns the jobs run. */
async function proveTree(s: Setup, tree: TreeNode, margin: boolean, root: Engine): Promise<number> {
  let jobs = 0;
  for (let asked = demands(tree, margin); asked.size > 0; asked = demands(tree, margin)) {
    for (const [leaf, goal] of asked) {
      const job: SubtreeJob = { kind: 'subtree', solveId: 't', game: s.game, setup: { board: s.board, ...(s.setup ? { setup: s.setup } : {}), ...(s.options ? { options: s.options } : {}), position: root.position('machine') }, path: leaf.path, goal, known: leaf.facts, method: s.method ?? 'alphabeta', arenaMB: 64 };
      const { bounds } = await proveSubtree(job);
      leaf.facts = bounds;
      jobs++;
    }
  }
  return jobs;
}

const printed = (r: { value: { lower: number; upper: number }; moves: readonly { move: string; bounds: { lower: number; upper: number } }[]; best: readonly string[] }): string[] => [
  describeBounds(r.value),
  r.best.join(' '),
  ...r.moves.map((m) => `${m.move} ${describeBounds(m.bounds)}`),
];

describe('a solve split into subtrees', () => {
  const cases: Array<[string, Setup, number]> = [
    ['Refugia hexhex(2), two moves deep', { game: 'refugia', board: 'hexhex(2)' }, 2],
    ['Refugia hex2-3 after two moves, three deep, the jobs proven by df-pn', { game: 'refugia', board: 'hex2-3', moves: ['b2', 'c3'], method: 'dfpn' }, 3],
    ['Throngs hexhex(2) with the pie (a swap of seats), two deep, by df-pn', { game: 'throngs', board: 'hexhex(2)', setup: 'pie', method: 'dfpn' }, 2],
    ['Populace hexhex(3), move limit 4 (pie and button), two deep', { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 4 } }, 2],
  ];
  for (const [name, s, depth] of cases) {
    it(`${name}: the root's value and every root move's, as the one-process solve prints them`, async () => {
      const root = await engineOf(s);
      const one = await solvePosition(await engineOf(s));
      const tree = splitTree(root, depth);
      expect(nodesOf(tree).filter(isLeaf).length).toBeGreaterThan(tree.children.length);
      const jobs = await proveTree(s, tree, true, root);
      expect(jobs).toBeGreaterThan(0);
      expect(printed(rootValueOf(tree, true))).toEqual(printed(one));
      const resultOnly = await solvePosition(await engineOf(s), { margin: false });
      const again = splitTree(root, depth);
      await proveTree(s, again, false, root);
      expect(printed(rootValueOf(again, false))).toEqual(printed(resultOnly));
    }, 60_000);
  }

  it('once a reply wins for the side that plays it, its siblings are asked nothing more', async () => {
    const s: Setup = { game: 'refugia', board: 'hexhex(2)' };
    const tree = splitTree(await engineOf(s), 2);
    const parent = tree.children.find((e) => e.node.children.length > 1)!.node;
    const [first, ...rest] = parent.children;
    // The reply wins for its mover's opponent, the parent's mover: the parent's result is a win.
    first!.node.facts = first!.flip ? { lower: -UNKNOWN.upper, upper: -8192 } : { lower: 8192, upper: 8192 };
    const asked = demands(tree, false);
    for (const e of rest) expect(asked.has(e.node)).toBe(false);
    expect([...asked.keys()].some((n) => n.path[0] !== parent.path[0])).toBe(true);
  });

  it('splits deeper where the root has few moves; a game already over is one leaf', async () => {
    const few = await engineOf({ game: 'throngs', board: 'althex(2,3)' });
    const auto = autoSplit(few);
    expect(few.legalCodes().length).toBeLessThan(16);
    expect(auto.depth).toBeGreaterThan(1);
    expect(nodesOf(auto.tree).filter(isLeaf).length).toBeGreaterThanOrEqual(16);
    const over = await engineOf({ game: 'throngs', board: 'hexhex(2)' });
    while (over.outcome() === null) over.play(over.legalMoves()[0]!);
    expect(over.outcome()).not.toBeNull();
    expect(isLeaf(autoSplit(over).tree)).toBe(true);
    expect(() => splitTree(few, 0)).toThrow(/split depth is a whole number from 1 to 4/);
  });

  it('a worker refuses a job it cannot prove, with the reason in one line', async () => {
    const job: SubtreeJob = { kind: 'subtree', solveId: 't', game: 'refugia', setup: { board: 'hexhex(2)' }, path: ['b2'], goal: { kind: 'result' }, known: UNKNOWN, method: 'alphabeta', arenaMB: 16 };
    expect(whyRefused(job)).toBeNull();
    expect(whyRefused({ ...job, method: 'dfpn' })).toBeNull();
    expect(whyRefused({ ...job, method: 'guesswork' })).toMatch(/proving method 'guesswork'.*knows alphabeta, dfpn/);
    expect(whyRefused({ ...job, goal: { kind: 'test', g: 0.5 } })).toMatch(/goal/);
    expect(whyRefused({ ...job, known: { lower: 3, upper: 2 } })).toMatch(/bounds/);
    expect(whyRefused({ ...job, arenaMB: 4096 })).toMatch(/table size/);
    await expect(proveSubtree({ ...job, path: ['b2', 'b2'] })).rejects.toThrow(/^the job is refused: its line b2 b2 is not legal from the solve's root \(.+\)$/);
    // The thread's engine is back at the root: the next job proves as if nothing had happened.
    const { bounds } = await proveSubtree(job);
    expect(describeBounds(bounds)).toMatch(/^(win|draw|loss)/);
  });
});
