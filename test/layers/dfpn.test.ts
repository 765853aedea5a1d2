// The depth-first proof-number search (assembly/core/dfpn.ts, bindings/solver/dfpn.ts) against
// the alpha-beta solver, value for value and move by move: on the small boards docs/solved.md
// lists, on positions a few plies before the end of seeded random games of every game whose games
// end, and against the reference's proof-number search; in slices as in one run, with a table far
// smaller than its proofs, and on positions without an exact value.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { atLeast, dfpnAtLeast, wasmDfpnCore } from '../../bindings/solver/dfpn.js';
import { Prover, type ProverProgress } from '../../bindings/solver/prover.js';
import { solvePosition, solveWithin, type PositionSolve } from '../../bindings/solver/solver.js';
import { UNKNOWN, describeAtLeast, resultOfBounds } from '../../bindings/solver/value.js';
import { DFPN_INF, SOLVE_BUDGET, SOLVE_CLASS, SOLVE_DONE } from '../../assembly/core/abi.js';
import { SolveError, UsageError } from '../../reference/core/errors.js';
import { referenceProvedValue } from '../../reference/search/proof-number.js';
import { GAME_IDS, Rng, cellsOf, describeConfig, smallConfigs, type Config, type GameId } from '../contract/games.js';
import { runCli as run } from '../support/cli.js';

interface Board {
  readonly game: GameId;
  readonly board: string;
  readonly setup?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

const engineOf = (b: Board, arenaMB = 64): Promise<Engine> =>
  createEngine({ game: b.game, board: b.board, arenaMB, ...(b.setup ? { setup: b.setup } : {}), ...(b.options ? { options: b.options } : {}) });

/** The same answers: the value, the moves that keep it, every move's result and every exact value either proved. */
function expectSame(dfpn: PositionSolve, ab: PositionSolve, label: string): void {
  expect(dfpn.value, label).toEqual(ab.value);
  expect(dfpn.best, label).toEqual(ab.best);
  expect(dfpn.moves.map((m) => m.move), label).toEqual(ab.moves.map((m) => m.move));
  expect(dfpn.moves.map((m) => resultOfBounds(m.bounds)), label).toEqual(ab.moves.map((m) => resultOfBounds(m.bounds)));
  for (const [i, m] of dfpn.moves.entries()) {
    const other = ab.moves[i]!.bounds;
    // Bounds of one value: they overlap, and where both are exact they are equal.
    expect(m.bounds.lower <= other.upper && other.lower <= m.bounds.upper, `${label}: ${m.move}`).toBe(true);
  }
}

describe('df-pn against the alpha-beta solver on the solved boards', () => {
  // The rows of docs/solved.md that solve in a second or two.
  const SOLVED: readonly Board[] = [
    { game: 'refugia', board: 'hexhex(2)' },
    { game: 'refugia', board: 'hex2-3' },
    { game: 'throngs', board: 'hexhex(2)', setup: 'pie' },
    { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 6 } },
  ];
  for (const b of SOLVED) {
    it(`the same value and moves: ${b.game} ${b.board}${b.setup ? ` ${b.setup}` : ''}${b.options ? ` ${JSON.stringify(b.options)}` : ''}`, async () => {
      const e = await engineOf(b);
      const before = e.position('machine');
      const ab = await solvePosition(e);
      const dfpn = await solvePosition(e, { method: 'dfpn' });
      expectSame(dfpn, ab, b.board);
      expect(dfpn.nodes).toBeGreaterThan(0);
      expect(dfpn.entries).toBeGreaterThan(0);
      expect(e.position('machine')).toBe(before);
    });
  }

  // Larger rows, their results (the margins take seconds each; althex(2,3) with the pie, whose
  // result takes df-pn 15-20 s, is measured by bench/solvers.ts).
  const RESULTS: readonly Board[] = [
    { game: 'throngs', board: 'althex(2,3)' },
    { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 8 } },
  ];
  for (const b of RESULTS) {
    it(`the same result and moves: ${b.game} ${b.board}${b.setup ? ` ${b.setup}` : ''}${b.options ? ` ${JSON.stringify(b.options)}` : ''}`, async () => {
      const e = await engineOf(b, 128);
      const ab = await solvePosition(e, { margin: false });
      const dfpn = await solvePosition(e, { method: 'dfpn', margin: false });
      expectSame(dfpn, ab, b.board);
    });
  }
});

/** Positions `backs` plies before the end of `games` seeded random games of `c` (games that end within 400 plies). */
async function nearEnds(game: GameId, c: Config, seed: number, games: number, backs: readonly number[]): Promise<Array<[Engine, string]>> {
  const rng = new Rng(seed);
  const out: Array<[Engine, string]> = [];
  for (let g = 0; g < games; g++) {
    const e = await engineOf({ game, board: c.board, setup: c.setup, options: c.options }, 16);
    const line: string[] = [];
    while (!e.outcome() && line.length < 400) {
      const legal = e.legalMoves();
      const m = legal[rng.below(legal.length)]!;
      line.push(e.formatMove(m));
      e.play(m);
    }
    if (!e.outcome()) continue;
    for (const back of backs) {
      if (line.length < back) continue;
      const p = await engineOf({ game, board: c.board, setup: c.setup, options: c.options }, 16);
      for (const m of line.slice(0, line.length - back)) p.play(m);
      out.push([p, `${describeConfig(c)}, game ${g}, ${back} plies before the end`]);
    }
  }
  return out;
}

const smallest = (game: GameId): Config => smallConfigs(game).reduce((a, b) => (cellsOf(game, b) < cellsOf(game, a) ? b : a));

describe('df-pn near the ends of seeded random games', () => {
  for (const game of GAME_IDS) {
    it(`${game}: every position's value and every move's, as alpha-beta proves them (where games end)`, async () => {
      let compared = 0;
      let ended = 0;
      for (const [e, label] of await nearEnds(game, smallest(game), 71, 6, [2, 4, 7])) {
        ended++;
        let ab: PositionSolve;
        try {
          ab = await solvePosition(e);
        } catch (err) {
          // Lines that repeat or run long have no exact value: the next position.
          if (err instanceof SolveError) continue;
          throw err;
        }
        expectSame(await solvePosition(e, { method: 'dfpn' }), ab, label);
        compared++;
      }
      // A game whose random games run past 400 plies on its smallest board has none to compare.
      if (ended > 0) expect(compared, game).toBeGreaterThan(2);
    });
  }

  it('compares on at least three games', async () => {
    let games = 0;
    for (const game of GAME_IDS) if ((await nearEnds(game, smallest(game), 71, 2, [1])).length > 0) games++;
    expect(games).toBeGreaterThanOrEqual(3);
  });
});

describe('df-pn against the reference proof-number search', () => {
  it('the exact value by bisection, and "at least the value" proved, "more" disproved', async () => {
    const c = smallest('refugia');
    let compared = 0;
    for (const [e, label] of await nearEnds('refugia', c, 5, 3, [3, 5])) {
      const reference = referenceProvedValue(e.rules, e.topology, e.rules.cloneState(e.state()), e.options, { maxNodes: 50_000 }).value;
      const { core } = wasmDfpnCore(e);
      const value = new Prover(core, 10_000).prove(-1, UNKNOWN, true);
      expect(value, label).toEqual({ lower: reference, upper: reference });
      expect(atLeast(core, reference).proved, label).toBe(true);
      expect(dfpnAtLeast(e, reference + 1).proved, label).toBe(false);
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });
});

describe('df-pn in slices and with entries replaced', () => {
  it('a question cut into slices of 50 nodes has the answer of one run, and so does every value', async () => {
    const b: Board = { game: 'refugia', board: 'hex2-3' };
    const whole = await solvePosition(await engineOf(b), { method: 'dfpn' });
    const sliced = await solvePosition(await engineOf(b), { method: 'dfpn', slice: 50 });
    expect(sliced.value).toEqual(whole.value);
    expect(sliced.best).toEqual(whole.best);
    expect(sliced.moves).toEqual(whole.moves);
    const one = atLeast(wasmDfpnCore(await engineOf(b)).core, whole.value.lower);
    const many = atLeast(wasmDfpnCore(await engineOf(b)).core, whole.value.lower, { slice: 50 });
    expect([one.proved, many.proved]).toEqual([true, true]);
    expect(one.slices).toBe(1);
    expect(many.slices).toBeGreaterThan(10);
  });

  it("a stopped slice leaves the question's numbers at its root: the mover's after a move, 0 and infinite once decided, in the prover's progress", async () => {
    const b: Board = { game: 'refugia', board: 'hex2-3' };
    const K = SOLVE_CLASS / 2;
    const e = await engineOf(b);
    const { core } = wasmDfpnCore(e);
    const a = core.prove(0, K, 300);
    expect(a.status).toBe(SOLVE_BUDGET);
    for (const n of [a.proof, a.disproof]) expect(n > 0 && n < DFPN_INF).toBe(true);
    // The same search from the position after the move, asked of its own player to move: the
    // numbers swap (proving the opponent's question disproves the mover's).
    const after = await engineOf(b);
    after.loadRecord(e.record());
    const code = Array.from(after.legalCodes())[0]!;
    after.play(after.moveOf(code));
    const flipped = wasmDfpnCore(after).core.prove(-1, 1 - K, 300);
    expect([flipped.status, flipped.nodes]).toEqual([SOLVE_BUDGET, a.nodes]);
    expect([flipped.proof, flipped.disproof]).toEqual([a.disproof, a.proof]);
    // Sliced on to the answer: the numbers of a decided question.
    let last = a;
    while (last.status === SOLVE_BUDGET) last = core.prove(0, K, 300);
    expect(last.status).toBe(SOLVE_DONE);
    expect([last.proof, last.disproof]).toEqual(last.lower >= K ? [0, DFPN_INF] : [DFPN_INF, 0]);
    // The prover passes each stopped slice's numbers on, with the move and the question.
    const seen: ProverProgress[] = [];
    new Prover(wasmDfpnCore(await engineOf(b)).core, 300, (p) => seen.push(p)).prove(0, UNKNOWN, false);
    expect(seen.length).toBeGreaterThan(2);
    for (const p of seen) {
      expect(p.question?.move).toBe(0);
      expect([K, -K + 1]).toContain(p.question?.atLeast);
      expect(p.question!.proof > 0 && p.question!.disproof > 0).toBe(true);
    }
    expect(describeAtLeast(K)).toBe('a win');
    expect(describeAtLeast(-K + 1)).toBe('a draw or better');
    expect(describeAtLeast(SOLVE_CLASS + 4)).toBe('a win by at least 2');
    expect(describeAtLeast(-SOLVE_CLASS - 2)).toBe('a loss by at most 1');
  });

  // A table about the size of the search: its buckets overflow and positions push each other
  // out (before a node kept its children's answers, such a table kept the search going for ever).
  it('a table whose entries are replaced proves the same values', async () => {
    const b: Board = { game: 'refugia', board: 'hex2-3' };
    // Positions keyed as they are: the symmetries would shrink the search below the small table.
    const big = await solvePosition(await engineOf(b), { method: 'dfpn', symmetry: false });
    const small = await solvePosition(await engineOf(b, 2), { method: 'dfpn', symmetry: false });
    expect(small.capacity).toBeLessThan(1.5 * big.entries);
    expect(small.entries).toBeLessThan(big.entries);
    expect(small.value).toEqual(big.value);
    expect(small.best).toEqual(big.best);
    expect(small.moves.map((m) => resultOfBounds(m.bounds))).toEqual(big.moves.map((m) => resultOfBounds(m.bounds)));
  });
});

describe('df-pn on positions without an exact value, and bad input', () => {
  it('refuses a game with chance and the reference backend, stops at a deadline on endless lines', async () => {
    const chance = await createEngine({ game: 'tholian', board: 'main', options: { variant: 'oracle' }, arenaMB: 16 });
    await expect(solvePosition(chance, { method: 'dfpn' })).rejects.toThrow(/chance/);
    // Endless lines (Populace without a move limit): alpha-beta dives down one at once and
    // refuses it past 1000 moves; df-pn widens before it deepens, so a deadline stops it.
    const endless = await createEngine({ game: 'populace', board: 'hexhex(3)', arenaMB: 16 });
    const before = endless.position('machine');
    expect(await solveWithin(endless, 300, 2048, { method: 'dfpn', margin: false })).toBeNull();
    expect(endless.position('machine')).toBe(before);
    endless.play(endless.legalMoves()[0]!);
    expect(endless.history()).toHaveLength(1);
    await expect(solvePosition(await createEngine({ game: 'refugia', board: 'hexhex(2)', backend: 'reference' }), { method: 'dfpn' })).rejects.toThrow(UsageError);
    const e = await engineOf({ game: 'refugia', board: 'hexhex(2)' }, 16);
    expect(() => dfpnAtLeast(e, 1.5)).toThrow(/whole number/);
    expect(() => dfpnAtLeast(e, 0, { slice: 1 })).toThrow(/slice must be/);
    expect(() => wasmDfpnCore(e).core.window(-1, 0, 5, 100)).toThrow(/null windows/);
  });

  it('throngs solve --method dfpn prints the values --method alphabeta does, and refuses another method', async () => {
    const args = ['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16'];
    const ab = await run(args);
    const dfpn = await run([...args, '--method', 'dfpn']);
    expect([ab.code, dfpn.code]).toEqual([0, 0]);
    expect(dfpn.out.split('\n').slice(0, 4)).toEqual(ab.out.split('\n').slice(0, 4));
    expect(dfpn.out).toMatch(/; method: dfpn\n/);
    const bad = await run([...args, '--method', 'pns']);
    expect([bad.code, bad.err]).toEqual([2, expect.stringMatching(/--method must be alphabeta or dfpn, not 'pns'/)]);
  });
});
