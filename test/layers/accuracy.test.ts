// Agents against perfect play (bindings/agents/accuracy.ts, `throngs accuracy`): each verdict
// re-checked by solving the position after the agent's move on its own; the counting; the same
// positions and verdicts from the same seed; the command and its bad input.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { parseAgent } from '../../bindings/agents/agents.js';
import { judge, measureAccuracy, summarise, type PositionVerdicts, type Verdict } from '../../bindings/agents/accuracy.js';
import { solvePosition, type PositionSolve } from '../../bindings/solver/solver.js';
import { EndlessLineError, unsolvedError } from '../../bindings/solver/prover.js';
import { SOLVE_CHANCE, SOLVE_CYCLE, SOLVE_NO_ROOM, SOLVE_TOO_DEEP } from '../../assembly/core/abi.js';
import { marginOf, resultOfBounds, valueOf } from '../../bindings/solver/value.js';
import { runCli as run } from '../support/cli.js';

afterEach(() => vi.restoreAllMocks());

describe('accuracy against the solved value', () => {
  it("judges each agent's move as a separate solve of the position after it does", async () => {
    const seen: PositionVerdicts[] = [];
    const game = { game: 'refugia', board: 'hex2-3' } as const;
    const r = await measureAccuracy({ game, agents: ['random', 'greedy'].map(parseAgent), positions: 8, seed: 5, arenaMB: 32, onPosition: (_, p) => seen.push(p) });
    expect(seen).toHaveLength(8);
    expect(r.reports.map((x) => x.positions)).toEqual([8, 8]);
    const engine = await createEngine({ ...game, arenaMB: 32 });
    let mistakes = 0;
    for (const p of seen) {
      for (const m of p.line) engine.play(engine.parseMove(m));
      const parent = await solvePosition(engine);
      expect(parent.best.length).toBeLessThan(parent.moves.length);
      for (const v of p.verdicts) {
        const move = engine.parseMove(v.chosen);
        const mover = engine.toMove();
        engine.play(move);
        const child = await solvePosition(engine);
        const flip = (engine.toMove() !== mover) !== (engine.rules.swapsSeats?.(move) ?? false);
        engine.undo();
        // The move's value for the mover, from the position after it.
        const value = flip ? -child.value.lower : child.value.lower;
        expect(v.kept, `${p.line.join(' ')} ${v.agent} ${v.chosen}`).toBe(value === parent.value.lower);
        expect(v.keptResult).toBe(resultOfBounds({ lower: value, upper: value }) === resultOfBounds(parent.value));
        if (v.keptResult && !v.kept) expect(v.pointsLost).toBe(marginOf(parent.value.lower) - marginOf(value));
        if (!v.kept) mistakes++;
      }
      for (let i = 0; i < p.line.length; i++) engine.undo();
    }
    // Random moves on positions chosen for having a losing move do make mistakes.
    expect(mistakes).toBeGreaterThan(0);
  });

  it('counts shares, results lost and points given away', () => {
    const solved: PositionSolve = {
      value: { lower: valueOf('win', 2), upper: valueOf('win', 2) },
      moves: [
        { move: 'a', bounds: { lower: valueOf('win', 2), upper: valueOf('win', 2) } },
        { move: 'b', bounds: { lower: valueOf('win', 0.5), upper: valueOf('win', 0.5) } },
        { move: 'c', bounds: { lower: valueOf('draw', 0), upper: valueOf('draw', 0) } },
        { move: 'd', bounds: { lower: valueOf('loss', -4), upper: valueOf('loss', -1) } },
      ],
      best: ['a'],
      nodes: 1,
      entries: 1,
      capacity: 1,
      elapsedMs: 0,
    };
    const verdicts: Verdict[] = ['a', 'b', 'c', 'd', 'b'].map((m) => judge('x', solved, m));
    expect(verdicts.map((v) => [v.kept, v.keptResult, v.resultLost, v.pointsLost])).toEqual([
      [true, true, undefined, undefined],
      [false, true, undefined, 1.5],
      [false, false, 'win→draw', undefined],
      [false, false, 'win→loss', undefined],
      [false, true, undefined, 1.5],
    ]);
    const s = summarise('x', verdicts);
    expect(s).toMatchObject({ positions: 5, kept: 1, keptShare: 0.2, keptResult: 3, resultLost: { 'win→draw': 1, 'win→loss': 1 }, marginMistakes: 2, pointsLostPerMistake: 1.5 });
    expect(s.interval95[0]).toBeLessThan(0.2);
    expect(s.interval95[1]).toBeGreaterThan(0.2);
    expect(() => judge('x', solved, 'z')).toThrow(/not a legal move/);
  });

  it('samples the same positions and verdicts from the same seed, others from another', async () => {
    const once = async (seed: number): Promise<string[]> => {
      const lines: string[] = [];
      await measureAccuracy({
        game: { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 6 } },
        agents: ['level:1', 'random'].map(parseAgent),
        positions: 6,
        seed,
        arenaMB: 32,
        onPosition: (_, p) => lines.push(`${p.line.join(' ')}: ${p.value}; ${p.verdicts.map((v) => v.chosen).join(' ')}`),
      });
      return lines;
    };
    const a = await once(3);
    expect(new Set(a).size).toBe(6);
    expect(await once(3)).toEqual(a);
    expect(await once(4)).not.toEqual(a);
  });

  it('takes positions a fixed number of plies before the end of games an agent played, on a board too large to solve', async () => {
    const game = { game: 'refugia', board: 'hex3-4' } as const;
    const seen: PositionVerdicts[] = [];
    await measureAccuracy({ game, agents: [parseAgent('random')], positions: 2, seed: 8, fromEnd: 3, playedBy: parseAgent('greedy'), solveMs: 500, method: 'dfpn', arenaMB: 16, onPosition: (_, p) => seen.push(p) });
    expect(seen).toHaveLength(2);
    const engine = await createEngine(game);
    for (const p of seen) {
      expect(p.line.length).toBe(p.gameLength - 3);
      // Every move of the line is a greedy one: none scores a better margin for its player.
      for (const m of p.line) {
        const me = engine.toMove();
        const after = (move: string): number => {
          engine.play(engine.parseMove(move));
          const [a, b] = engine.scores();
          const outcome = engine.outcome();
          engine.undo();
          const margin = me === 1 ? a - b : b - a;
          return outcome ? (outcome.winner === me ? 1e6 : outcome.winner === 0 ? 0 : -1e6) + margin : margin;
        };
        const best = Math.max(...engine.legalMoves().map((l) => after(engine.formatMove(l))));
        expect(after(m), `${p.line.join(' ')}: ${m}`).toBe(best);
        engine.play(engine.parseMove(m));
      }
      expect(engine.outcome()).toBeNull();
      for (let i = 0; i < p.line.length; i++) engine.undo();
    }
    await expect(measureAccuracy({ game, agents: [parseAgent('random')], positions: 1, seed: 1, fromEnd: 0 })).rejects.toThrow(/plies from the end must be a whole number ≥ 1/);
    await expect(measureAccuracy({ game, agents: [parseAgent('random')], positions: 1, seed: 1, solveMs: 0 })).rejects.toThrow(/time limit must be a positive number/);
  });
});

describe('positions without a value', () => {
  it('are told apart from the other reasons a solve stops, so that sampling leaves them out', () => {
    for (const status of [SOLVE_CYCLE, SOLVE_TOO_DEEP]) expect(unsolvedError(status, 3)).toBeInstanceOf(EndlessLineError);
    for (const status of [SOLVE_CHANCE, SOLVE_NO_ROOM]) expect(unsolvedError(status, 3)).not.toBeInstanceOf(EndlessLineError);
  });
});

describe('throngs accuracy', () => {
  it("prints each agent's share and mistakes, and the same reports as JSON", async () => {
    const args = ['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random level:1', '--positions', '5', '--seed', '2', '--memory', '16'];
    const text = await run(args);
    expect(text.code).toBe(0);
    const json = await run([...args, '--json']);
    const reports = (JSON.parse(json.out) as { reports: Array<{ agent: string; kept: number; positions: number }> }).reports;
    expect(reports.map((r) => r.agent)).toEqual(['random', 'level:1']);
    for (const r of reports) expect(text.out).toContain(`${r.agent}: kept the value in ${r.kept} of ${r.positions} positions`);
    expect(text.out).toMatch(/positions: 5 with a choice \(\d+ sampled where every move keeps the value, left out\)/);
  });

  it('refuses bad input with the usual statuses', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['accuracy', '--game', 'refugia', '--agent', 'random'], 2, /give the board/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)'], 2, /give the agents/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'levle:3'], 1, /unknown agent 'levle:3'/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--positions', '0'], 2, /--positions must be a whole number from 1 to 10,000, not '0'/],
      [['accuracy', '--game', 'refugia', '--board', 'nope', '--agent', 'random'], 1, /unknown board 'nope'/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--memory', '513'], 2, /--memory must be a whole number from 2 to 512 \(MB\), not '513'/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--from-end', '0'], 2, /--from-end must be a whole number from 1 to 1,000 \(plies\), not '0'/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--played-by', 'level:9'], 1, /the AI levels run from 1 to 8/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--method', 'oracle'], 2, /--method must be alphabeta or dfpn, not 'oracle'/],
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--solve-ms', '-5'], 2, /--solve-ms must be a whole number from 1 to 3,600,000 \(milliseconds\), not '-5'/],
      // No game of this small board is 40 plies long.
      [['accuracy', '--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--positions', '1', '--from-end', '40', '--memory', '16'], 1, /fewer than 1 positions with a choice/],
      // The standard set-up of Throngs' smallest board has one move, a pass: nothing to choose.
      [['accuracy', '--game', 'throngs', '--board', 'hexhex(2)', '--agent', 'random', '--positions', '1', '--memory', '16'], 1, /fewer than 1 positions with a choice/],
      [['accuracy', '--game', 'tholian', '--board', 'main', '--variant', 'oracle', '--agent', 'random', '--memory', '16'], 1, /chance/],
    ];
    for (const [args, code, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err).toMatch(message);
    }
  });
});
