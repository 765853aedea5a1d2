/**
 * Implicit minimax backups (SearchSettings.implicit): after a search, every node of the reference
 * tree holds the minimax value of the evaluations below it (a leaf its own evaluation, an
 * expanded node the best of its tried edges for their mover), and selection mixes it in. The
 * wasm core builds the same trees (search.test.ts and each game's wasm test compare them).
 */
import { describe, expect, it } from 'vitest';
import { unwrap } from '../../reference/core/errors.js';
import { throngs } from '../../reference/games/throngs/index.js';
import type { ThrongsState } from '../../reference/games/throngs/state.js';
import type { LegalMove } from '../../reference/games/throngs/moves.js';
import { ReferenceMcts } from '../../reference/search/mcts.js';
import { DEFAULT_SEARCH_SETTINGS } from '../../reference/search/settings.js';

interface Edge {
  move: LegalMove;
  mover: 1 | 2;
  child: Node | null;
}
interface Node {
  edges: Edge[] | null;
  tried: number;
  minimax: number;
}
/** The tree and the evaluation, which the search keeps to itself. */
interface Inside {
  root: Node;
  evaluate(state: ThrongsState): number;
}

const t = unwrap(throngs.board('ragged63'));

function searched(implicit: number, seed: number, iterations: number): Inside & { state: ThrongsState } {
  const mcts = new ReferenceMcts(throngs, t, {});
  mcts.settings = { ...DEFAULT_SEARCH_SETTINGS, implicit, expandAfter: 2 };
  const state = throngs.initial(t, 'standard', {});
  mcts.begin(state, seed);
  mcts.run(iterations);
  return Object.assign(mcts as unknown as Inside, { state });
}

/** Every node with its state, depth first. */
function* walk(node: Node, state: ThrongsState): Generator<[Node, ThrongsState]> {
  yield [node, state];
  for (const e of node.edges ?? []) {
    if (!e.child) continue;
    const next = throngs.cloneState(state);
    throngs.apply(t, next, e.move, {});
    yield* walk(e.child, next);
  }
}

describe('implicit minimax backups', () => {
  it('leave every node the minimax value of the evaluations below it', () => {
    for (const seed of [1, 2, 3]) {
      const s = searched(0.5, seed, 1500);
      let leaves = 0;
      let inner = 0;
      for (const [node, state] of walk(s.root, s.state)) {
        if (node === s.root) continue;
        const tried = (node.edges ?? []).slice(0, node.tried).filter((e) => e.child);
        if (tried.length === 0) {
          expect(node.minimax).toBe(s.evaluate(state));
          leaves++;
          continue;
        }
        const forMover = (e: Edge): number => (e.mover === 2 ? 1 - e.child!.minimax : e.child!.minimax);
        const best = tried.reduce((a, b) => (forMover(b) > forMover(a) ? b : a));
        expect(node.minimax).toBe(best.child!.minimax);
        inner++;
      }
      expect(leaves).toBeGreaterThan(100);
      expect(inner).toBeGreaterThan(20);
    }
  });

  it('change the search, and weight 0 leaves the values untouched', () => {
    const on = searched(0.5, 4, 1500);
    const off = searched(0, 4, 1500);
    const visits = (s: Inside): number[] => (s.root.edges ?? []).map((e) => (e as unknown as { visits: number }).visits);
    expect(visits(on)).not.toEqual(visits(off));
    for (const [node] of walk(off.root, off.state)) expect(node.minimax).toBe(0.5);
  });
});
