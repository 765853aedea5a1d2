// Perfect play where the solver reaches (bindings/solver/solve-first.ts): a timed search that
// gives the solver a share first answers a proven position with a move that keeps its value, and
// says the value; elsewhere it is the search it was. Through the AI levels and `throngs analyse`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { createAgent, parseAgent } from '../../bindings/agents/agents.js';
import { LEVELS, SOLVE_SHARE } from '../../bindings/agents/levels.js';
import { searchSolvingFirst, trySolve } from '../../bindings/solver/solve-first.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { marginOf, resultOfBounds, solvedInWords } from '../../bindings/solver/value.js';
import { runCli as run } from '../support/cli.js';

afterEach(() => vi.restoreAllMocks());

const HEX23 = { game: 'refugia', board: 'hex2-3' } as const;
const OPENING = ['b2'];

describe('the solver before the search', () => {
  it('answers a position it proves with a move that keeps the value, and the value', async () => {
    const engine = await createEngine(HEX23);
    for (const m of OPENING) engine.play(m);
    const r = await searchSolvingFirst(engine, { algorithm: 'alphabeta', timeMs: 20_000, solveFirst: 0.5 });
    const exact = await solvePosition(await createEngine({ ...HEX23, arenaMB: 32 }).then((e) => (OPENING.forEach((m) => e.play(m)), e)));
    expect(r.stopped).toBe('solved');
    expect(r.solved).toEqual({ result: resultOfBounds(exact.value), margin: marginOf(exact.value.lower), best: exact.best });
    expect(exact.best).toContain(engine.formatMove(r.move));
    expect(r.value).toBe({ win: 1, draw: 0.5, loss: 0 }[r.solved!.result]);
    // Every move is there with its proven result, the keepers first.
    expect(r.children.map((c) => engine.formatMove(c.move)).sort()).toEqual(exact.moves.map((m) => m.move).sort());
    expect(r.children.slice(0, exact.best.length).map((c) => engine.formatMove(c.move)).sort()).toEqual([...exact.best].sort());
    for (const c of r.children) expect(c.proven).toBe(resultOfBounds(exact.moves.find((m) => m.move === engine.formatMove(c.move))!.bounds));
    // The engine is where it was.
    expect(engine.history().map((m) => engine.formatMove(m))).toEqual(OPENING);
  });

  it('leaves a position it cannot prove in its share to the search, in the time left', async () => {
    const engine = await createEngine({ game: 'throngs', board: 'ragged63' });
    const r = await searchSolvingFirst(engine, { algorithm: 'alphabeta', timeMs: 1000, solveFirst: 0.1 });
    expect(r.solved).toBeUndefined();
    expect(r.stopped).not.toBe('solved');
    expect(r.depth).toBeGreaterThan(0);
    expect(await trySolve(engine, 50, 1)).toBeNull();
  });

  it('does not solve unless asked, on the reference backend, or where the solver refuses', async () => {
    const engine = await createEngine(HEX23);
    for (const m of OPENING) engine.play(m);
    expect((await searchSolvingFirst(engine, { algorithm: 'alphabeta', timeMs: 100 })).solved).toBeUndefined();
    const reference = await createEngine({ ...HEX23, backend: 'reference' });
    for (const m of OPENING) reference.play(m);
    expect((await searchSolvingFirst(reference, { algorithm: 'alphabeta', timeMs: 100, solveFirst: 0.5 })).solved).toBeUndefined();
    // Populace without a move limit has endless lines: the solver refuses, the search answers.
    const endless = await createEngine({ game: 'populace', board: 'hexhex(3)' });
    expect((await searchSolvingFirst(endless, { algorithm: 'alphabeta', timeMs: 200, solveFirst: 0.5 })).stopped).not.toBe('solved');
    await expect(searchSolvingFirst(engine, { timeMs: 100, solveFirst: 1.5 })).rejects.toThrow(/solveFirst must be a share/);
  });

  it('proves a position with a single legal move when asked for its value (evaluateForced); a search for a move just plays it', async () => {
    // Throngs on hexhex(2): the only move, a pass, ends the game in a draw.
    const engine = await createEngine({ game: 'throngs', board: 'hexhex(2)' });
    expect(engine.legalMoves().map((m) => engine.formatMove(m))).toEqual(['pass']);
    const forced = await searchSolvingFirst(engine, { timeMs: 1000, solveFirst: 0.25 });
    expect([forced.stopped, forced.iterations, forced.solved]).toEqual(['single move', 0, undefined]);
    const valued = await searchSolvingFirst(engine, { timeMs: 1000, solveFirst: 0.25, evaluateForced: true });
    expect([valued.stopped, valued.value, valued.solved]).toEqual(['solved', 0.5, { result: 'draw', margin: 0, best: ['pass'] }]);
    // Without the solver, the tree search and alpha-beta search the forced move and prove it too.
    const mcts = await engine.search({ iterations: 50, evaluateForced: true });
    expect([mcts.stopped, mcts.iterations, mcts.children[0]?.proven]).toEqual(['iterations', 50, 'draw']);
    const ab = await engine.search({ algorithm: 'alphabeta', depth: 2, evaluateForced: true });
    expect([ab.stopped, ab.score]).toEqual(['depth', 0]);
    await expect(engine.search({ iterations: 5, evaluateForced: 'yes' as never })).rejects.toThrow(/evaluateForced must be true or false/);
  });

  it('is how levels 7 and 8 play: where alpha-beta alone takes the quickest win, they keep the margin', async () => {
    expect(LEVELS[7]!.solveFirst).toBe(SOLVE_SHARE);
    expect(LEVELS[8]!.solveFirst).toBe(SOLVE_SHARE);
    // Throngs on hexhex(2) with the pie: alpha-beta stops deepening at the first decided win.
    const game = { game: 'throngs', board: 'hexhex(2)', setup: 'pie' } as const;
    const line = ['b1', 'a1', 'b2', 'swap', 'pass', 'pass', 'b3', 'b1-c2', 'pass', 'pass', 'b1', 'c3', 'pass', 'pass'];
    const at = async (): Promise<Engine> => {
      const e = await createEngine({ ...game, arenaMB: 16 });
      for (const m of line) e.play(m);
      return e;
    };
    const exact = await solvePosition(await at());
    const alone = await at();
    expect(exact.best).not.toContain(alone.formatMove((await alone.search({ algorithm: 'alphabeta', timeMs: 400 })).move));
    for (const spec of ['level:8', 'level:8,workers=2']) {
      const agent = await createAgent(parseAgent(spec), game, 1);
      try {
        const engine = await createEngine(game);
        for (const m of line) {
          await agent.observe(engine.parseMove(m));
          engine.play(m);
        }
        const choice = await agent.choose();
        expect(exact.best, spec).toContain(engine.formatMove(choice.move));
        expect(choice.value).toBe(resultOfBounds(exact.value) === 'win' ? 1 : resultOfBounds(exact.value) === 'draw' ? 0.5 : 0);
      } finally {
        await agent.close?.();
      }
    }
  });
});

describe('throngs analyse --solve', () => {
  it('says the proven value and the moves that keep it, in text and JSON', async () => {
    const engine = await createEngine({ ...HEX23, arenaMB: 32 });
    engine.play('b2');
    const exact = await solvePosition(engine);
    const words = solvedInWords({ result: resultOfBounds(exact.value)!, margin: marginOf(exact.value.lower) }, 'Light');
    const text = await run(['analyse', '--game', 'refugia', '--board', 'hex2-3', '--moves', 'b2', '--ms', '8000', '--solve']);
    expect(text.code).toBe(0);
    expect(text.out).toContain(`solved: ${words} with perfect play`);
    expect(text.out).toContain(`moves that keep it: ${exact.best.join(' ')}\n`);
    const json = await run(['analyse', '--game', 'refugia', '--board', 'hex2-3', '--moves', 'b2', '--ms', '8000', '--solve', '--json']);
    expect(JSON.parse(json.out).solved).toEqual({ result: resultOfBounds(exact.value), margin: marginOf(exact.value.lower), best: exact.best });
    const noTime = await run(['analyse', '--game', 'refugia', '--board', 'hex2-3', '--solve']);
    expect(noTime.code).toBe(2);
    expect(noTime.err).toMatch(/--solve shares the time of --ms/);
  });

  it('words values for people', () => {
    expect(solvedInWords({ result: 'win', margin: 2 }, 'Black')).toBe('Black wins by 2');
    expect(solvedInWords({ result: 'loss', margin: -1.5 }, 'White')).toBe('White loses by 1.5');
    expect(solvedInWords({ result: 'loss', margin: 0 }, 'Light')).toBe('Light loses on the tie-break');
    expect(solvedInWords({ result: 'draw', margin: 0 }, 'Dark')).toBe('a draw');
  });
});
