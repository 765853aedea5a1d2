// Alpha-beta over several workers, each depth's root moves split between them: the value of a
// depth is the one-core search's (in this thread, with answers out of order, and over worker
// threads), a time budget stops every worker, bad specs and jobs are refused, and the threads
// are let go however a game ends.
import { describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { OPEN, type RootJob } from '../../bindings/engine/alphabeta-roots.js';
import { localSearcher, parallelAlphaBeta, type RootSearcher } from '../../bindings/engine/parallel-alphabeta.js';
import { RootParallelSearch } from '../../bindings/agents/root-parallel.js';
import { createAgent, formatAgent, parseAgent } from '../../bindings/agents/agents.js';
import { playGame } from '../../bindings/agents/match.js';
import { UsageError } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';

/** A position `plies` seeded random moves into a game, as notation (so that threads can replay it). */
async function midGame(game: string, board: string, plies: number, seed: number): Promise<string[]> {
  const e = await createEngine({ game, board });
  const rng = new Rng(seed);
  const played: string[] = [];
  for (let i = 0; i < plies && !e.outcome(); i++) {
    const legal = e.legalMoves();
    const move = legal[rng.below(legal.length)]!;
    played.push(e.formatMove(move));
    e.play(move);
  }
  return played;
}

async function at(game: string, board: string, moves: readonly string[]): Promise<Engine> {
  const e = await createEngine({ game, board });
  for (const m of moves) e.play(m);
  return e;
}

/** The exact value of root move `move` at `depth`, searched alone with the full window. */
async function exactValue(game: string, board: string, moves: readonly string[], move: string, depth: number): Promise<number> {
  const e = await at(game, board, moves);
  const roots = e.alphaBetaRoots();
  const index = roots.moves.findIndex((m) => e.formatMove(m) === move);
  return roots.search({ index, depth, alpha: -OPEN, beta: OPEN, budget: 2 ** 31 - 1 }).value;
}

const POSITIONS = [
  { game: 'throngs', board: 'ragged63', plies: 14, seed: 3, depth: 4 },
  { game: 'throngs', board: 'ragged63', plies: 21, seed: 8, depth: 3 },
  { game: 'refugia', board: 'hex3-4', plies: 6, seed: 5, depth: 6 },
  { game: 'refugia', board: 'hex3-4', plies: 3, seed: 9, depth: 5 },
  { game: 'populace', board: 'hexhex(4)', plies: 10, seed: 2, depth: 3 },
];

describe('parallel alpha-beta', () => {
  it('finds the one-core value at a fixed depth on any number of workers, with a move of that value', async () => {
    for (const p of POSITIONS) {
      const moves = await midGame(p.game, p.board, p.plies, p.seed);
      const one = await (await at(p.game, p.board, moves)).search({ algorithm: 'alphabeta', depth: p.depth });
      for (const workers of [1, 2, 3]) {
        const engines = await Promise.all(Array.from({ length: workers }, () => at(p.game, p.board, moves)));
        const r = await parallelAlphaBeta(engines.map(localSearcher), { depth: p.depth });
        const name = `${p.game} ${p.plies} plies, ${workers} workers`;
        expect([r.score, r.depth, r.stopped], name).toEqual([one.score, p.depth, 'depth']);
        expect(r.workerNodes.reduce((a, b) => a + b), name).toBe(r.iterations);
        // The move may differ from the one-core search's only among moves of the same value.
        const move = engines[0]!.formatMove(r.move);
        expect(await exactValue(p.game, p.board, moves, move, p.depth), name).toBe(Math.round(one.score! * 100));
        expect(r.principalVariation[0], name).toEqual(r.move);
      }
    }
  });

  it('runs on the reference backend too, with its one-core value', async () => {
    const moves = await midGame('refugia', 'hex3-4', 4, 1);
    const ref = async (): Promise<Engine> => {
      const e = await createEngine({ game: 'refugia', board: 'hex3-4', backend: 'reference' });
      for (const m of moves) e.play(m);
      return e;
    };
    const one = await (await ref()).search({ algorithm: 'alphabeta', depth: 4 });
    const r = await parallelAlphaBeta([await ref(), await ref()].map(localSearcher), { depth: 4 });
    expect([r.score, r.depth]).toEqual([one.score, 4]);
    expect(r.score).toBe((await (await at('refugia', 'hex3-4', moves)).search({ algorithm: 'alphabeta', depth: 4 })).score);
  });

  it('keeps a node budget across the workers', async () => {
    const moves = await midGame('throngs', 'ragged63', 14, 3);
    const engines = await Promise.all([1, 2].map(() => at('throngs', 'ragged63', moves)));
    const r = await parallelAlphaBeta(engines.map(localSearcher), { iterations: 100_000 });
    expect(r.stopped).toBe('iterations');
    expect(r.iterations).toBeLessThanOrEqual(100_000);
    expect(r.iterations).toBeGreaterThan(50_000);
    expect(r.depth).toBeGreaterThanOrEqual(2);
    expect(engines[0]!.isLegal(r.move)).toBe(true);
  });

  it('finds the maximum whatever order the answers come back in', async () => {
    // Workers that answer as a search would (fail-soft bounds of known values) after random delays;
    // some jobs cost more than a try at the guess may spend, and are cut short.
    const rng = new Rng(11);
    for (let trial = 0; trial < 40; trial++) {
      const values = Array.from({ length: 2 + rng.below(12) }, () => rng.below(9) * 25 - 100);
      const fake = (): RootSearcher<number> => ({
        begin: async () => values.map((_, i) => i),
        search: async (job: RootJob) => {
          await new Promise((r) => setTimeout(r, rng.below(3)));
          const v = values[job.index]!;
          // A bound anywhere between the true value and the window's edge, as fail-soft allows.
          const value = v <= job.alpha ? v + rng.below(job.alpha - v + 1) : v >= job.beta ? job.beta + rng.below(v - job.beta + 1) : v;
          const cost = 1 + rng.below(4000);
          return cost > job.budget ? { completed: false, nodes: job.budget, value: 0 } : { completed: true, nodes: cost, value };
        },
        principalVariation: async (index) => [index],
      });
      const r = await parallelAlphaBeta([fake(), fake(), fake()].slice(0, 1 + rng.below(3)), { depth: 1 + rng.below(4) });
      const max = Math.max(...values);
      expect(r.score! * 100).toBe(max);
      expect(values[r.move]).toBe(max);
    }
  });

  it('splits over worker threads with the same value, and stops every worker at a time budget', async () => {
    for (const p of [POSITIONS[0]!, POSITIONS[2]!]) {
      const moves = await midGame(p.game, p.board, p.plies, p.seed);
      const one = await (await at(p.game, p.board, moves)).search({ algorithm: 'alphabeta', depth: p.depth });
      const pool = await RootParallelSearch.start({ game: p.game, board: p.board }, 2);
      try {
        for (const m of moves) await pool.play(m);
        const r = await pool.alphaBeta({ depth: p.depth });
        expect([r.score, r.depth], p.game).toEqual([one.score, p.depth]);
        expect(r.workerNodes.every((n) => n > 0), p.game).toBe(true);
        // Unbounded in depth, a Throngs mid-game runs for minutes: the deadline ends it.
        const started = performance.now();
        const timed = await pool.alphaBeta({ timeMs: 250 });
        const took = performance.now() - started;
        expect(timed.stopped === 'time' || (timed.stopped === 'depth' && Math.abs(timed.score!) >= 5000), p.game).toBe(true);
        expect(timed.depth!, p.game).toBeGreaterThanOrEqual(1);
        expect(took, p.game).toBeLessThan(1500);
        const e = await at(p.game, p.board, moves);
        expect(e.isLegal(timed.move), p.game).toBe(true);
      } finally {
        await pool.close();
      }
    }
  });

  it('refuses bad jobs and a root search the engine has moved on from, changing nothing', async () => {
    const e = await createEngine({ game: 'refugia', board: 'hex3-4' });
    const roots = e.alphaBetaRoots();
    const good = { index: 0, depth: 2, alpha: -OPEN, beta: OPEN, budget: 10_000 };
    const first = roots.search(good);
    for (const bad of [
      { ...good, index: roots.moves.length },
      { ...good, index: -1 },
      { ...good, depth: 0 },
      { ...good, alpha: 5, beta: 5 },
      { ...good, beta: OPEN + 1 },
      { ...good, budget: 0 },
      { ...good, index: 0.5 },
      { ...good, share: -1 },
      { ...good, entries: new Int32Array(7) },
      { ...good, entries: [1, 2, 3, 4, 5] as unknown as Int32Array },
    ]) {
      expect(() => roots.search(bad), JSON.stringify(bad)).toThrow(UsageError);
    }
    expect(roots.search(good)).toEqual({ ...first, nodes: expect.any(Number) });
    expect(() => e.alphaBetaRoots({ weights: [1] })).toThrow(/weights must be/);
    e.play(e.legalMoves()[0]!);
    expect(() => roots.search(good)).toThrow(/root search has ended/);
    expect(() => roots.principalVariation(0, 4)).toThrow(/root search has ended/);
    await expect(parallelAlphaBeta([], { depth: 2 })).rejects.toThrow(RangeError);
    await expect(parallelAlphaBeta([localSearcher(e)], {})).rejects.toThrow(/needs an iteration or time budget/);
  });
});

describe('table entries shared between workers', () => {
  it('spare another worker the search of what it shares, with the same value', async () => {
    const moves = await midGame('throngs', 'ragged63', 14, 3);
    const a = (await at('throngs', 'ragged63', moves)).alphaBetaRoots();
    const job = { index: 3, depth: 4, alpha: -OPEN, beta: OPEN, budget: 2 ** 31 - 1 };
    const first = a.search({ ...job, share: 1 });
    expect(first.entries!.length).toBeGreaterThan(0);
    expect(first.entries!.length % 5).toBe(0);
    expect(a.search({ ...job, share: 0 }).entries!.length).toBe(0);
    const fresh = (await at('throngs', 'ragged63', moves)).alphaBetaRoots();
    const alone = fresh.search(job);
    const helped = (await at('throngs', 'ragged63', moves)).alphaBetaRoots().search({ ...job, entries: first.entries });
    expect(helped.value).toBe(alone.value);
    expect(helped.value).toBe(first.value);
    expect(helped.nodes).toBeLessThan(alone.nodes / 2);
  });
});

describe('parallel alpha-beta agents', () => {
  it('parse and print alphabeta:<budget>,workers=N and level:<7-8>,workers=N', () => {
    for (const text of ['alphabeta:6d,workers=2', 'alphabeta:2000ms,workers=3', 'alphabeta:200ms,w=100/6/2/10/300/0,workers=2', 'level:8,workers=2', 'level:7,workers=4']) {
      expect(formatAgent(parseAgent(text))).toBe(text);
    }
    expect(parseAgent('level:8,workers=2')).toEqual({ kind: 'level', level: 8, workers: 2 });
    const refused: Array<[string, RegExp]> = [
      ['alphabeta:200ms,workers=0', /workers runs the wasm search on 1 to 64 threads/],
      ['alphabeta:200ms,workers=65', /workers runs the wasm search on 1 to 64 threads/],
      ['alphabeta-ref:200ms,workers=2', /workers runs the wasm search/],
      ['level:8,workers=0', /workers runs the wasm search/],
      ['level:6,workers=2', /only the alpha-beta levels \(7, 8\) take workers/],
      ['level:9,workers=2', /the AI levels run from 1 to 8/],
      ['level:8,workers=two', /unknown agent/],
      ['alphabeta:65d,workers=2', /the depth must be at most 64/],
    ];
    for (const [text, why] of refused) {
      expect(() => parseAgent(text), text).toThrow(UsageError);
      expect(() => parseAgent(text), text).toThrow(why);
    }
  });

  it('level 7 on two workers moves in any game and lets its threads go', async () => {
    for (const game of [{ game: 'refugia', board: 'hex3-4' }, { game: 'throngs', board: 'ragged63' }]) {
      const agent = await createAgent(parseAgent('level:7,workers=2'), game, 1);
      try {
        const { move } = await agent.choose();
        await agent.observe(move);
        expect((await agent.choose()).move).toBeDefined();
      } finally {
        await agent.close!();
      }
    }
    await vi.waitFor(() => expect(RootParallelSearch.running).toBe(0));
  });

  it('lets the threads go when a game ends and when it fails', async () => {
    const game = { game: 'refugia', board: 'hex2-3' };
    const task = { index: 0, a: 'alphabeta:2d,workers=2', b: 'random', aIsBlack: true, game, seed: 1 };
    const result = await playGame(task);
    expect(result.plies).toBeGreaterThan(0);
    await vi.waitFor(() => expect(RootParallelSearch.running).toBe(0));
    // The other agent's search fails at its first move (its weights do not fit the game).
    await expect(playGame({ ...task, b: 'alphabeta:2d,w=1' })).rejects.toThrow(/weights must be/);
    await vi.waitFor(() => expect(RootParallelSearch.running).toBe(0));
  });
});
