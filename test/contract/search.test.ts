/**
 * Every game of the registry: the searches are written once and compiled per game, so both
 * backends must search alike. The MCTS builds the same tree from the same seed (visits, values and
 * principal variation), before and after it follows a move; alpha-beta finds the exact
 * depth-limited minimax value (checked against plain negamax over the rules) in both backends, is
 * deterministic with a node budget, and leaves the game as it was; bad options change nothing.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../reference/core/errors.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Topology } from '../../reference/boards/topology.js';
import { WIN } from '../../reference/search/alphabeta.js';
import { DEFAULT_SEARCH_SETTINGS } from '../../reference/search/settings.js';
import { drawScore } from '../../bindings/engine/alphabeta.js';
import { GAME_IDS, pair, randomMoves, Rng, rulesOf, smallConfigs, type AnyEngine } from './games.js';

/**
 * Plain negamax without pruning or tables: what alpha-beta's value must equal. A drawn end is
 * worth `drawP1` to P1: the game's contempt for draws, counted against the root's player.
 */
function minimax(rules: AnyGameRules, t: Topology, options: Readonly<Record<string, unknown>>, s: unknown, depth: number, ply: number, weights: readonly number[], drawP1: number): number {
  const outcome = rules.outcome(t, s, options);
  const me = rules.toMove(s);
  if (outcome || depth === 0) {
    let p1: number;
    if (outcome) {
      const margin = Math.trunc(rules.margin(t, s) * 100);
      p1 = outcome.winner === 1 ? WIN + margin - ply : outcome.winner === 2 ? -WIN + margin + ply : drawP1;
    } else {
      p1 = rules.evaluate(t, s, weights);
    }
    return me === 1 ? p1 : -p1;
  }
  let best = -Infinity;
  for (const m of rules.legalMoves(t, s, options)) {
    const next = rules.cloneState(s);
    rules.apply(t, next, m, options);
    const v = minimax(rules, t, options, next, depth - 1, ply + 1, weights, drawP1);
    const flip = (rules.toMove(next) !== me) !== (rules.swapsSeats?.(m) ?? false);
    best = Math.max(best, flip ? -v : v);
  }
  return best;
}

const tree = (e: AnyEngine, r: Awaited<ReturnType<AnyEngine['search']>>): unknown => ({
  children: r.children.map((c) => [e.formatMove(c.move), c.visits, c.value.toFixed(5)]),
  pv: r.principalVariation.map((m) => e.formatMove(m)),
});

describe.each(GAME_IDS)('%s: the searches in both backends', (game) => {
  const rules = rulesOf(game);
  const defaults = rules.evaluation.terms.map((t) => t.weight);
  const board = smallConfigs(game)[0]?.board ?? rules.defaultBoard;

  it('the MCTS builds the same tree from the same seed, from the start and mid-game, and after following a move', async () => {
    const rng = new Rng(31);
    for (let trial = 0; trial < 3; trial++) {
      const { ref, wasm } = await pair(game, { board });
      randomMoves([ref, wasm], rng, trial * 9);
      if (ref.outcome()) continue;
      const a = await ref.search({ iterations: 500, seed: 3 });
      const b = await wasm.search({ iterations: 500, seed: 3 });
      expect(tree(ref, b), `trial ${trial}`).toEqual(tree(ref, a));
      expect(ref.formatMove(b.move)).toBe(ref.formatMove(a.move));
      // The kept tree follows the move played, and a further search grows it alike.
      ref.play(a.move);
      wasm.play(a.move);
      if (ref.outcome()) continue;
      const c = await ref.search({ iterations: 300, seed: 4 });
      const d = await wasm.search({ iterations: 300, seed: 4 });
      expect(tree(ref, d), `trial ${trial} after ${ref.formatMove(a.move)}`).toEqual(tree(ref, c));
    }
  });

  it('alpha-beta finds the exact depth-limited minimax value in both backends', async () => {
    const rng = new Rng(17);
    let checked = 0;
    for (let trial = 0; trial < 8; trial++) {
      const { ref, wasm } = await pair(game, { board });
      randomMoves([ref, wasm], rng, 4 + trial * 3);
      // A turn that begins with chance (dice) is searched no further than its end: plain negamax
      // over every step would look past it.
      // A single legal move is answered at once, without a search.
      if (ref.outcome() || rules.chance?.(ref.state(), ref.options) || ref.legalMoves().length < 2) continue;
      const depth = ref.legalMoves().length <= 40 ? 3 : 2;
      const draw = drawScore(rules.contempt ?? 0, DEFAULT_SEARCH_SETTINGS.evalScale);
      const want = minimax(rules, ref.topology, ref.options, ref.state(), depth, 0, defaults, ref.toMove() === 1 ? draw : -draw) + 0;
      const a = await wasm.search({ algorithm: 'alphabeta', depth });
      const b = await ref.search({ algorithm: 'alphabeta', depth });
      expect(Math.round(a.score! * 100) + 0, `trial ${trial}`).toBe(want);
      expect(Math.round(b.score! * 100) + 0, `trial ${trial}`).toBe(want);
      expect(a.depth).toBe(depth);
      // The chosen move has the best value among the root's children.
      expect(a.children[0]!.move).toEqual(a.move);
      expect(a.children[0]!.score).toBe(a.score);
      expect(wasm.isLegal(a.move)).toBe(true);
      expect(ref.isLegal(b.move)).toBe(true);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(3);
  });

  it('alpha-beta is deterministic with a node budget, and leaves the position as it was', async () => {
    const { wasm } = await pair(game, { board });
    randomMoves([wasm], new Rng(3), 6);
    const before = wasm.position('machine');
    const legal = wasm.legalMoves().length;
    const a = await wasm.search({ algorithm: 'alphabeta', iterations: 20_000 });
    const b = await wasm.search({ algorithm: 'alphabeta', iterations: 20_000 });
    expect(wasm.formatMove(b.move)).toBe(wasm.formatMove(a.move));
    expect(b.score).toBe(a.score);
    expect(a.iterations).toBeLessThanOrEqual(20_000);
    expect(a.principalVariation.length).toBeGreaterThan(0);
    expect(wasm.formatMove(a.principalVariation[0]!)).toBe(wasm.formatMove(a.move));
    expect(wasm.position('machine')).toBe(before);
    expect(wasm.legalMoves().length).toBe(legal);
    // The MCTS still works after alpha-beta borrowed its arena.
    const m = await wasm.search({ iterations: 300, seed: 1 });
    expect(wasm.isLegal(m.move)).toBe(true);
  });

  it('refuses bad search options and changes nothing', async () => {
    const { ref, wasm } = await pair(game, { board });
    for (const e of [ref, wasm]) {
      const before = e.record();
      await expect(e.search({ algorithm: 'alphabeta', depth: 0 })).rejects.toThrow(UsageError);
      await expect(e.search({ algorithm: 'alphabeta', depth: 2, weights: [1, 2, 3, 4, 5, 6, 7, 8, 9] })).rejects.toThrow(/weights must be/);
      await expect(e.search({ algorithm: 'alphabeta' })).rejects.toThrow(/budget/);
      await expect(e.search({ algorithm: 'minimax' as 'mcts', iterations: 5 })).rejects.toThrow(/algorithm/);
      await expect(e.search({ iterations: -1 })).rejects.toThrow(UsageError);
      expect(() => e.evaluate([1, 2, 3, 4, 5, 6, 7, 8, 9])).toThrow(/weights must be/);
      expect(e.record()).toBe(before);
    }
  });
});
