/**
 * Transpositions in the MCTS (SearchSettings.transpositions): a new leaf whose position the tree
 * already holds links to that node, so the two orders of a Throngs turn's moves share one
 * subtree. The reference tree is checked from inside; the wasm core must build the same graph,
 * node for node, also after re-rooting (which copies a shared node once).
 */
import { describe, expect, it } from 'vitest';
import { RESULT_NODES } from '../../assembly/core/abi.js';
import { formatAgent, parseAgent } from '../../bindings/agents/agents.js';
import { createThrongsWasmEngine } from '../../bindings/games/throngs/wasm-engine.js';
import { unwrap } from '../../reference/core/errors.js';
import { throngs } from '../../reference/games/throngs/index.js';
import type { LegalMove } from '../../reference/games/throngs/moves.js';
import type { ThrongsState } from '../../reference/games/throngs/state.js';
import { ReferenceMcts } from '../../reference/search/mcts.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../../reference/search/settings.js';
import type { GameMove } from '../../reference/core/game.js';
import type { SearchResult } from '../../bindings/engine/search.js';
import { engine } from '../games/throngs/helpers.js';

interface Edge {
  move: LegalMove;
  visits: number;
  child: Node | null;
}
interface Node {
  edges: Edge[] | null;
}
/** The tree, which the search keeps to itself. */
interface Inside {
  root: Node;
}

const t = unwrap(throngs.board('ragged63'));
const SETTINGS: SearchSettings = { ...DEFAULT_SEARCH_SETTINGS, expandAfter: 2, transpositions: 1 };

/** Every node once, with the state of the first path that reached it, and how many edges lead to it. */
function graph(root: Node, state: ThrongsState): Map<Node, { state: ThrongsState; parents: number }> {
  const seen = new Map<Node, { state: ThrongsState; parents: number }>([[root, { state, parents: 0 }]]);
  const queue: Node[] = [root];
  for (let q = 0; q < queue.length; q++) {
    const node = queue[q]!;
    for (const e of node.edges ?? []) {
      if (!e.child) continue;
      const next = throngs.cloneState(seen.get(node)!.state);
      throngs.apply(t, next, e.move, {});
      const known = seen.get(e.child);
      if (known) {
        // A shared node stands for one position, whichever path reaches it.
        expect(throngs.statesEqual(known.state, next)).toBe(true);
        known.parents++;
      } else {
        seen.set(e.child, { state: next, parents: 1 });
        queue.push(e.child);
      }
    }
  }
  return seen;
}

function searched(settings: SearchSettings, seed: number, iterations: number): { mcts: ReferenceMcts<ThrongsState, LegalMove>; state: ThrongsState } {
  const mcts = new ReferenceMcts(throngs, t, {});
  mcts.settings = settings;
  const state = throngs.initial(t, 'standard', {});
  mcts.begin(state, seed);
  mcts.run(iterations);
  return { mcts, state };
}

describe('transpositions in the MCTS', () => {
  it('give each position in the tree one node, reached by every order of moves that leads there', () => {
    const { mcts, state } = searched(SETTINGS, 3, 3000);
    const nodes = graph((mcts as unknown as Inside).root, state);
    const shared = [...nodes.values()].filter((n) => n.parents > 1).length;
    // Throngs' double move reaches most positions two moves deep in two orders.
    expect(shared).toBeGreaterThan(20);
    // No two nodes stand for the same position: every pair differs (the machine form of a
    // position is the whole state).
    const positions = new Set([...nodes.values()].map((n) => throngs.formatPosition(t, n.state, 'machine')));
    expect(positions.size).toBe(nodes.size);
  });

  it('are off by default: the tree stays a tree', () => {
    const { mcts, state } = searched({ ...DEFAULT_SEARCH_SETTINGS, expandAfter: 2 }, 3, 3000);
    const nodes = graph((mcts as unknown as Inside).root, state);
    expect([...nodes.values()].filter((n) => n.parents > 1)).toHaveLength(0);
  });

  it('build the same graph in wasm, node for node, before and after re-rooting', async () => {
    const wasm = await createThrongsWasmEngine({ board: 'ragged63', arenaMB: 16 });
    const ref = await engine('reference', { board: 'ragged63' });
    const nodesOf = (): number => new Int32Array(wasm.core.memory.buffer, wasm.core.resultPtr(), 8)[RESULT_NODES]!;
    const inside = (): Inside & { rootState: ThrongsState } => (ref as unknown as { mcts: Inside & { rootState: ThrongsState } }).mcts;
    const fingerprint = (r: SearchResult<GameMove>): string => JSON.stringify(r.children.map((c) => [throngs.pack(c.move), c.visits, c.value]));
    let shared = 0;
    // Two moves (a whole turn) and the reply's first: the kept subtree holds shared nodes, which
    // the wasm copy must not duplicate.
    for (let ply = 0; ply < 4; ply++) {
      const [a, b] = [await ref.search({ iterations: 3000, seed: 5 + ply, settings: SETTINGS }), await wasm.search({ iterations: 3000, seed: 5 + ply, settings: SETTINGS })];
      expect(fingerprint(b)).toBe(fingerprint(a));
      const nodes = graph(inside().root, inside().rootState);
      expect(nodesOf()).toBe(nodes.size);
      shared += [...nodes.values()].filter((n) => n.parents > 1).length;
      ref.play(a.move);
      wasm.play(b.move);
    }
    expect(shared).toBeGreaterThan(20);
  });

  it('are a setting of the mcts agent and checked like the others', async () => {
    expect(parseAgent('mcts:200ms,tt=1')).toMatchObject({ settings: { transpositions: 1 } });
    expect(parseAgent('mcts:200ms,ct=0.1')).toMatchObject({ settings: { contempt: 0.1 } });
    const weighted = parseAgent('mcts:300it,c=0.5,w=100/-2/0,workers=2');
    expect(weighted).toMatchObject({ settings: { exploration: 0.5 }, weights: [100, -2, 0], workers: 2 });
    expect(parseAgent(formatAgent(weighted))).toEqual(weighted);
    const e = await engine('wasm');
    await expect(e.search({ iterations: 10, settings: { transpositions: 2 as 1 } })).rejects.toThrow(/transpositions must be 0 or 1/);
    await expect(e.search({ iterations: 10, settings: { transpositions: 1 } })).resolves.toMatchObject({ iterations: 10 });
  });
});
