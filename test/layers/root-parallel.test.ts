// Root-parallel search over worker threads: the roots of independent seeded searches add up
// move by move, the pool follows the game, and the agent plays whole matches and lets its
// workers go.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { formatAgent, parseAgent } from '../../bindings/agents/agents.js';
import { runMatch } from '../../bindings/agents/match.js';
import { RootParallelSearch } from '../../bindings/agents/root-parallel.js';
import { UsageError } from '../../reference/core/errors.js';
import { autoWorkers, mergeMoveSearches as mergeSearches } from '../../bindings/worker/client.js';
import { mergeSearches as mergeByKey } from '../../bindings/engine/search.js';
import type { SearchResult } from '../../bindings/engine/search.js';

describe('root-parallel search', () => {
  /** A worker's result as it travels between threads: moves in notation. */
  const part = (iterations: number, children: { move: string; visits: number; value: number; proven?: 'win' | 'loss' | 'draw' }[]) => ({
    move: children[0]!.move,
    visits: children[0]!.visits,
    value: children[0]!.value,
    iterations,
    elapsedMs: 1,
    stopped: 'iterations' as const,
    arenaFull: false,
    children,
    principalVariation: [children[0]!.move],
  });
  const byName = (m: string) => m;

  it('merges roots move by move and plays the most visited, proofs first', () => {
    const merged = mergeByKey(
      [
        part(10, [{ move: 'a', visits: 6, value: 0.5 }, { move: 'b', visits: 4, value: 0.75 }]),
        part(10, [{ move: 'b', visits: 5, value: 0.8 }, { move: 'a', visits: 5, value: 0.2 }]),
      ],
      byName,
    );
    expect(merged.iterations).toBe(20);
    expect(merged.move).toBe('a');
    expect(merged.visits).toBe(11);
    expect(merged.value).toBeCloseTo(4 / 11);
    // Equal visits: the better mean; a proven loss is never chosen, however visited.
    expect(mergeByKey([part(2, [{ move: 'x', visits: 1, value: 0.2 }, { move: 'y', visits: 1, value: 0.9 }])], byName).move).toBe('y');
    expect(mergeByKey([part(9, [{ move: 'x', visits: 8, value: 0.1, proven: 'loss' }, { move: 'y', visits: 1, value: 0.4 }])], byName).move).toBe('y');
  });

  it('merges searches that answered at once with the one legal move and no tree', () => {
    const single = { ...part(0, [{ move: 'pass', visits: 0, value: 0.5 }]), stopped: 'single move' as const, children: [] };
    const merged = mergeByKey([single, single], byName);
    expect([merged.move, merged.stopped, merged.iterations, merged.children]).toEqual(['pass', 'single move', 0, []]);
  });

  it('two workers give exactly the sum of two seeded searches, and follow the game', async () => {
    const game = { game: 'refugia', board: 'hex3-4' };
    const pool = await RootParallelSearch.start(game, 2);
    try {
      await pool.play('c3');
      await pool.play('d4');
      const merged = await pool.search({ iterations: 1500, seed: 40 });
      expect(merged.iterations).toBe(3000);
      const solo = await Promise.all(
        [40, 41].map(async (seed) => {
          const e = await createEngine(game);
          e.play('c3');
          e.play('d4');
          const r = await e.search({ iterations: 1500, seed });
          return { ...r, move: e.formatMove(r.move), children: r.children.map((c) => ({ ...c, move: e.formatMove(c.move) })), principalVariation: r.principalVariation.map((m) => e.formatMove(m)) };
        }),
      );
      const expected = mergeByKey(solo, byName);
      expect(merged.move).toBe(expected.move);
      const visits = (m: typeof merged): Record<string, number> => Object.fromEntries(m.children.map((c) => [c.move, c.visits]));
      expect(visits(merged)).toEqual(visits(expected));
      expect(merged.children.reduce((n, c) => n + c.visits, 0)).toBe(3000);
      // Searched again, the workers go on with their trees; fresh: true starts them all afresh.
      const again = await pool.search({ iterations: 500, seed: 50 });
      expect([again.iterations, again.children.reduce((n, c) => n + c.visits, 0)]).toEqual([1000, 4000]);
      const fresh = await pool.search({ iterations: 500, seed: 50, fresh: true });
      expect([fresh.iterations, fresh.children.reduce((n, c) => n + c.visits, 0)]).toEqual([1000, 1000]);
    } finally {
      await pool.close();
    }
    await expect(RootParallelSearch.start(game, 0)).rejects.toThrow(RangeError);
  });

  it('is an agent option, mcts:<budget>,workers=N, that plays matches and closes its workers', async () => {
    expect(formatAgent(parseAgent('mcts:200ms,h=1,workers=2'))).toBe('mcts:200ms,h=1,workers=2');
    expect(() => parseAgent('mcts-ref:200ms,workers=2')).toThrow(UsageError);
    expect(() => parseAgent('mcts:200ms,workers=0')).toThrow(UsageError);
    const { summary } = await runMatch({ a: 'mcts:300it,workers=2', b: 'random', games: 2, game: { game: 'refugia', board: 'hex2-3' }, threads: 1, seed: 5 });
    expect(summary.games).toBe(2);
    expect(summary.winsA).toBeGreaterThanOrEqual(1);
  });
});

describe('root-parallel search in the browser client', () => {
  const result = (children: SearchResult['children'], pv: SearchResult['principalVariation'] = []): SearchResult => ({
    move: children[0]!.move,
    visits: children[0]!.visits,
    value: children[0]!.value,
    iterations: children.reduce((n, c) => n + c.visits, 0),
    elapsedMs: 10,
    stopped: 'iterations',
    arenaFull: false,
    children,
    principalVariation: pv,
  });
  const a = { kind: 'place', at: 3 };
  const b = { kind: 'place', at: 5 };
  const pass = { kind: 'pass' };

  it('adds the roots move by move, keeps proofs, and takes a best line that starts with the chosen move', () => {
    const merged = mergeSearches([
      result([{ move: a, visits: 6, value: 0.5 }, { move: b, visits: 4, value: 0.75 }], [a, b]),
      result([{ move: b, visits: 5, value: 0.6 }, { move: { ...a }, visits: 2, value: 0.5 }], [b, a]),
    ]);
    expect(merged.iterations).toBe(17);
    expect(merged.move).toEqual(b);
    expect(merged.visits).toBe(9);
    expect(merged.value).toBeCloseTo((4 * 0.75 + 5 * 0.6) / 9);
    expect(merged.children.map((c) => c.visits)).toEqual([9, 8]);
    expect(merged.principalVariation).toEqual([b, a]);
    // A proven win comes first whatever its visits; a proven loss last.
    const proven = mergeSearches([result([{ move: a, visits: 50, value: 0.6 }, { move: pass, visits: 1, value: 0, proven: 'loss' }, { move: b, visits: 3, value: 1, proven: 'win' }])]);
    expect(proven.children.map((c) => c.move)).toEqual([b, a, pass]);
    expect(proven.principalVariation).toEqual([b]);
  });

  it('auto means one worker per core but the page’s, from 1 to 8', () => {
    expect(autoWorkers()).toBeGreaterThanOrEqual(1);
    expect(autoWorkers()).toBeLessThanOrEqual(8);
  });
});
