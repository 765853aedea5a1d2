// Alpha-beta and the games' evaluations: the same integers in both backends, exact depth-limited
// minimax values, decided games seen as such, deterministic budgets, and bad options refused.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { formatAgent, parseAgent } from '../../bindings/agents/agents.js';
import { winProbability } from '../../bindings/engine/alphabeta.js';
import { gameEntry } from '../../bindings/games/registry.js';
import { UsageError } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';
import { WIN } from '../../reference/search/alphabeta.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Topology } from '../../reference/boards/topology.js';

const GAMES = [
  { game: 'throngs', board: 'ragged63' },
  { game: 'refugia', board: 'hex3-4' },
  { game: 'populace', board: 'hexhex(4)' },
] as const;

/** Plays `n` seeded random moves on both engines (stopping at the end). */
function randomWalk(engines: Engine[], rng: Rng, n: number): void {
  for (let i = 0; i < n && !engines[0]!.outcome(); i++) {
    const legal = engines[0]!.legalMoves();
    const text = engines[0]!.formatMove(legal[rng.below(legal.length)]!);
    for (const e of engines) e.play(text);
  }
}

/** Plain negamax without pruning or tables: what alpha-beta's value must equal. */
function minimax(rules: AnyGameRules, t: Topology, options: Readonly<Record<string, unknown>>, s: unknown, depth: number, ply: number, weights: readonly number[]): number {
  const outcome = rules.outcome(t, s, options);
  const me = rules.toMove(s);
  if (outcome || depth === 0) {
    let p1: number;
    if (outcome) {
      const margin = Math.trunc(rules.margin(t, s) * 100);
      p1 = outcome.winner === 1 ? WIN + margin - ply : outcome.winner === 2 ? -WIN + margin + ply : margin;
    } else {
      p1 = rules.evaluate(t, s, weights);
    }
    return me === 1 ? p1 : -p1;
  }
  let best = -Infinity;
  for (const m of rules.legalMoves(t, s, options)) {
    const next = rules.cloneState(s);
    rules.apply(t, next, m, options);
    const v = minimax(rules, t, options, next, depth - 1, ply + 1, weights);
    const flip = (rules.toMove(next) !== me) !== (rules.swapsSeats?.(m) ?? false);
    best = Math.max(best, flip ? -v : v);
  }
  return best;
}

describe.each(GAMES)('$game: evaluation and alpha-beta', ({ game, board }) => {
  const rules = gameEntry(game).rules as AnyGameRules;
  const defaults = rules.evaluation.terms.map((t) => t.weight);

  it('evaluates every position alike in both backends, with default and other weights', async () => {
    const wasm = await createEngine({ game, board, backend: 'wasm' });
    const ref = await createEngine({ game, board, backend: 'reference' });
    const rng = new Rng(5);
    const other = defaults.map((_, i) => 7 * i - 3);
    let compared = 0;
    for (let g = 0; g < 12; g++) {
      wasm.reset({ game, board });
      ref.reset({ game, board });
      for (let i = 0; i < 60 && !wasm.outcome(); i++) {
        randomWalk([wasm, ref], rng, 1);
        expect(wasm.evaluate()).toBe(ref.evaluate());
        expect(wasm.evaluate(other)).toBe(ref.evaluate(other));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(200);
  });

  it('finds the exact depth-limited minimax value in both backends', async () => {
    const wasm = await createEngine({ game, board, backend: 'wasm' });
    const ref = await createEngine({ game, board, backend: 'reference' });
    const rng = new Rng(17);
    for (let trial = 0; trial < 6; trial++) {
      wasm.reset({ game, board });
      ref.reset({ game, board });
      randomWalk([wasm, ref], rng, 4 + trial * 3);
      if (wasm.outcome()) continue;
      const depth = game === 'refugia' ? 3 : 2;
      const want = minimax(rules, ref.topology, ref.options, ref.state(), depth, 0, defaults);
      const a = await wasm.search({ algorithm: 'alphabeta', depth });
      const b = await ref.search({ algorithm: 'alphabeta', depth });
      expect(Math.round(a.score! * 100)).toBe(want);
      expect(Math.round(b.score! * 100)).toBe(want);
      expect(a.depth).toBe(depth);
      // The chosen move has the best value among the root's children.
      expect(a.children[0]!.move).toEqual(a.move);
      expect(a.children[0]!.score).toBe(a.score);
      expect(wasm.isLegal(a.move)).toBe(true);
      expect(ref.isLegal(b.move)).toBe(true);
    }
  });

  it('is deterministic with a node budget, and leaves the position as it was', async () => {
    const wasm = await createEngine({ game, board, backend: 'wasm' });
    randomWalk([wasm], new Rng(3), 6);
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

  it('refuses bad options and changes nothing', async () => {
    const wasm = await createEngine({ game, board, backend: 'wasm' });
    const before = wasm.record();
    await expect(wasm.search({ algorithm: 'alphabeta', depth: 0 })).rejects.toThrow(UsageError);
    await expect(wasm.search({ algorithm: 'alphabeta', depth: 2, weights: [1] })).rejects.toThrow(/weights must be/);
    await expect(wasm.search({ algorithm: 'alphabeta' })).rejects.toThrow(/budget/);
    await expect(wasm.search({ algorithm: 'minimax' as 'mcts', iterations: 5 })).rejects.toThrow(/algorithm/);
    expect(() => wasm.evaluate([1, 2, 3, 4, 5, 6, 7, 8, 9])).toThrow(/weights must be/);
    expect(wasm.record()).toBe(before);
  });
});

describe('alpha-beta on a small arena', () => {
  it('says the arena is too small for a huge board, and the game goes on', async () => {
    const e = await createEngine({ board: 'hexhex(20)', arenaMB: 1 });
    await expect(e.search({ algorithm: 'alphabeta', depth: 2 })).rejects.toThrow(/alpha-beta needs more than the 1 MB search arena on hexhex\(20\)/);
    const first = e.legalMoves()[0]!;
    e.play(first);
    expect(e.history()).toHaveLength(1);
    const small = await createEngine({ board: 'hexhex(12)', arenaMB: 1 });
    expect((await small.search({ algorithm: 'alphabeta', depth: 2 })).depth).toBe(2);
  });
});

describe('the searches see how games end', () => {
  it('pass to end a Throngs game they lead (the "all passed" rule)', async () => {
    // Black's block began with a pass and weighed 1: White's pass now ends the game, 2-1 for White.
    const position = 'throngs ragged63 b:e3 w:d6,h7 w1 ac:-1,-1 pb:1p cb:0';
    for (const backend of ['wasm', 'reference'] as const) {
      const e = await createEngine({ backend, position });
      const r = await e.search({ algorithm: 'alphabeta', depth: 2 });
      expect(r.move.kind).toBe('pass');
      expect(r.score).toBeGreaterThan(WIN / 200);
      expect(r.value).toBe(1);
      // The tree search sees the same ending, at the lowest levels too.
      for (const iterations of [30, 600, 5000]) {
        const m = await e.search({ iterations, seed: iterations });
        expect(m.move.kind).toBe('pass');
      }
    }
  });

  it('maps values to win probabilities', () => {
    expect(winProbability(0)).toBe(0.5);
    expect(winProbability(400)).toBeCloseTo(0.75);
    expect(winProbability(-400)).toBeCloseTo(0.25);
    expect(winProbability(WIN + 300)).toBe(1);
    expect(winProbability(-WIN)).toBe(0);
  });
});

describe('alpha-beta agents', () => {
  it('parses and prints budgets and weights', () => {
    for (const text of ['alphabeta:1000ms', 'alphabeta:50000it', 'alphabeta:3d', 'alphabeta-ref:200ms', 'alphabeta:200ms,w=100/6/2/10/300/0']) {
      expect(formatAgent(parseAgent(text))).toBe(text);
    }
    expect(() => parseAgent('alphabeta:0ms')).toThrow(UsageError);
    expect(() => parseAgent('alphabeta:fast')).toThrow(/unknown agent/);
  });
});
