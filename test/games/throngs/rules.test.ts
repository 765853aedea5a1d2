/**
 * Throngs' rules through the Engine API on both backends: every worked example of THRONGS.md §13
 * (all verified against Ludii by the spec's authors; ragged63, Black to move, add counters -1
 * unless stated), and the rule options of §14, each changing exactly what the spec says.
 */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../../reference/core/errors.js';
import { Rng } from '../../../reference/core/rng.js';
import { BACKENDS, byCost, engine, firstDecisions, labels, moveNames, position, site, words, type Engine } from './helpers.js';

describe.each(BACKENDS)('spec §13 worked examples (%s)', (backend) => {
  it('13.1 a single stone: AP map, 8 first decisions, 13 moves', async () => {
    const e = await engine(backend, { position: position('e5', '') });
    expect(e.actionPotential(site(e, 'e5'))).toBe(1);
    const ap = e.actionPotentials();
    const ones = labels(e, [...ap.keys()].filter((s) => ap[s] === 1));
    expect(ones).toEqual(words('e5 d4 d5 e4 e6 f5 f6'));
    expect([...ap].filter((v) => v !== 0 && v !== 1)).toEqual([]);
    expect(firstDecisions(e)).toEqual(words('e5 d4 d5 e4 e6 f5 f6 pass'));
    expect(moveNames(e)).toEqual(words('e5-d4 e5-d5 e5-e4 e5-e6 e5-f5 e5-f6 d4 d5 e4 e6 f5 f6 pass'));
    expect(labels(e, e.destinations(site(e, 'e5')))).toEqual(words('d4 d5 e4 e6 f5 f6'));
  });

  it('13.2 triangle: potentials, 13 first decisions, the 34 travel destinations by cost', async () => {
    const e = await engine(backend, { position: position('e5 f5 f6', '') });
    for (const s of words('e5 f5 f6')) expect(e.actionPotential(site(e, s))).toBe(3);
    for (const s of words('e4 e6 g6')) expect(e.actionPotential(site(e, s))).toBe(2);
    for (const s of words('d4 d5 f4 f7 g5 g7')) expect(e.actionPotential(site(e, s))).toBe(1);
    expect(firstDecisions(e)).toEqual(words('e5 f5 f6 e4 e6 g6 d4 d5 f4 f7 g5 g7 pass'));
    for (const s of words('e5 f5 f6')) expect(e.destinations(site(e, s))).toHaveLength(34);
    expect(labels(e, e.destinations(site(e, 'e6')))).toEqual(words('e6 d5 d6 e7 f7'));
    expect(byCost(e, 'e5', 3)).toEqual([
      words('d4 d5 e4 e6'),
      words('c3 c4 c5 d3 d6 e3 e7 f4 f7 g5 g7'),
      words('b2 b3 b4 b5 c2 c6 d2 d7 e2 e8 f3 f8 g4 g6 g8 h5 h6 h7 h8'),
    ]);
  });

  it('13.3 capture: AP 4 on the white stone, 10 capture choices, 19 first decisions', async () => {
    const e = await engine(backend, { position: position('d4 e4 d5 f5 f6', 'e5') });
    expect(e.actionPotential(site(e, 'e5'))).toBe(4);
    const captures = e
      .legalMoves()
      .filter((m) => m.kind === 'capture')
      .map((m) => e.formatMove(m))
      .sort();
    expect(captures).toEqual(words('xe5 xe5-e6 xe5-c3 xe5-c5 xe5-d6 xe5-e3 xe5-e7 xe5-f7 xe5-g5 xe5-g7'));
    expect(firstDecisions(e)).toHaveLength(19);
    expect(firstDecisions(e)).toEqual(words('e5 d4 d5 e4 f5 f6 c4 d3 f4 g6 c3 c5 d6 e3 e6 f7 g5 g7 pass'));
    expect(e.destinations(site(e, 'd4'))).toHaveLength(12);
    expect(labels(e, e.destinations(site(e, 'd5')))).toEqual(words('c4 c5 d6 e6'));
    expect(e.destinations(site(e, 'e4'))).toHaveLength(13);
    expect(e.destinations(site(e, 'f5'))).toHaveLength(12);
    expect(e.destinations(site(e, 'f6'))).toHaveLength(4);
    for (const s of words('c4 d3 f4 g6')) expect(e.actionPotential(site(e, s))).toBe(2);
  });

  it('13.4 negative AP and the waiver: e5 placeable at AP 0, no captures, 10 first decisions', async () => {
    const e = await engine(backend, { position: position('d4 e4 f5', 'd5 e6 f6') });
    expect(e.actionPotential(site(e, 'e5'))).toBe(0);
    expect(e.isLegal('e5')).toBe(true);
    expect(e.actionPotential(site(e, 'b4'))).toBe(0);
    expect(e.isLegal('b4')).toBe(false);
    expect(e.actionPotential(site(e, 'd5'))).toBe(-1);
    expect(e.actionPotential(site(e, 'e6'))).toBe(-3);
    expect(e.actionPotential(site(e, 'f6'))).toBe(-1);
    expect(e.legalMoves().filter((m) => m.kind === 'capture')).toEqual([]);
    expect(firstDecisions(e)).toEqual(words('d4 e4 f5 d3 f4 c3 e3 e5 g5 pass'));
    expect(labels(e, e.destinations(site(e, 'd4')))).toEqual(words('c3 c4 d3 e5'));
    expect(e.destinations(site(e, 'e4'))).toHaveLength(28);
    expect(labels(e, e.destinations(site(e, 'f5')))).toEqual(words('e5 f4 g5 g6'));
    expect(labels(e, e.destinations(site(e, 'd3')))).toEqual(words('d3 c2 c3 d2 e3'));
  });

  it('13.5 jumping a line: travel d5 reaches g5 in one jump over e5 and f5', async () => {
    const e = await engine(backend, { position: position('c4 d5 e5 f5', '') });
    expect(e.actionPotential(site(e, 'd5'))).toBe(3);
    expect(e.destinations(site(e, 'd5'))).toHaveLength(31);
    expect(byCost(e, 'd5', 3)).toEqual([
      words('c5 d4 d6 e6'),
      words('b3 b4 b5 c3 c6 d3 d7 e4 e7 f6 f7'),
      words('a3 a4 b2 b6 c2 c7 d2 d8 e3 e8 f4 f8 g5 g6 g7 g8'),
    ]);
    expect(e.actionPotential(site(e, 'd4'))).toBe(3);
    expect(labels(e, e.destinations(site(e, 'd4')))).toEqual(words('d4 c3 d3 e4 b2 b3 b4 c2 d2 d6 e3 f4 f6'));
    expect(byCost(e, 'd4', 2)).toEqual([words('c3 d3 e4'), words('b2 b3 b4 c2 d2 d6 e3 f4 f6')]);
  });

  it('13.6 board edge and holes: travel c1 has 13 destinations, 8 first decisions', async () => {
    const e = await engine(backend, { position: position('c1 c2 d2', 'e2') });
    expect(e.actionPotential(site(e, 'c1'))).toBe(3);
    expect(byCost(e, 'c1', 3)).toEqual([words('d1'), words('c3 e3 e1'), words('b2 b3 c4 d3 d4 e4 f2 f3 f4')]);
    expect(e.destinations(site(e, 'c1'))).toHaveLength(13);
    const t = e.topology;
    expect(labels(e, t.ray(site(e, 'c1'), 0, 10))).toEqual(words('d1 e1'));
    expect(e.actionPotential(site(e, 'd2'))).toBe(2);
    expect(byCost(e, 'd2', 2)).toEqual([words('d1 d3 e3'), words('b2 c3 d4 e1 e4 f2 f3 f4')]);
    expect(e.actionPotential(site(e, 'c2'))).toBe(3);
    expect(e.destinations(site(e, 'c2'))).toHaveLength(18);
    expect(firstDecisions(e)).toEqual(words('c1 d2 c2 d3 b2 c3 d1 pass'));
  });

  it('13.7 the obligation: no travel, no pass, g6 placeable but not g7', async () => {
    const e = await engine(backend, { position: position('e5 f5 f6', 'h7', { counters: [4, -1] }) });
    expect(firstDecisions(e)).toEqual(words('e4 e6 d4 d5 f4 f7 g5 g6'));
    expect(e.legalMoves().some((m) => m.kind === 'move' || m.kind === 'pass')).toBe(false);
    expect(e.actionPotential(site(e, 'g6'))).toBe(1);
    expect(e.isLegal('g7')).toBe(false);
    expect(labels(e, e.destinations(site(e, 'e4'))).length).toBeGreaterThan(1);
  });

  it('13.8 forced pass (counter 4) keeps the counter and the move index', async () => {
    for (const moveIndex of [1, 2]) {
      const e = await engine(backend, { position: position('e5', 'd4 e4 d5 f5 e6 f6', { counters: [4, -1], moveIndex }) });
      expect(e.actionPotential(site(e, 'e5'))).toBe(-5);
      const legal = e.legalMoves();
      expect(legal).toHaveLength(1);
      expect(legal[0]).toMatchObject({ kind: 'pass', forced: true });
      e.play('pass');
      expect(e.counters()).toEqual([4, -1]);
      expect(e.toMove()).toBe(2);
      expect(e.moveIndex()).toBe(moveIndex);
    }
  });

  it('13.8 voluntary pass (counter 3) raises the counter and advances the turn', async () => {
    const e = await engine(backend, { position: position('e5', 'd4 e4 d5 f5 e6 f6', { counters: [3, -1] }) });
    const legal = e.legalMoves();
    expect(legal).toHaveLength(1);
    expect(legal[0]!.kind).toBe('pass');
    expect(legal[0]!.forced).toBeUndefined();
    e.play('pass');
    expect(e.counters()).toEqual([4, -1]);
    expect(e.toMove()).toBe(1);
    expect(e.moveIndex()).toBe(2);
  });

  it('13.9 scoring: Black 10 (7 stones, d3 and c4, e5), White 3 (c1, g6, h7)', async () => {
    const e = await engine(backend, { position: position('c3 d4 e4 d5 f5 e6 f6', 'c1 e5 g6 h7') });
    expect(e.scores()).toEqual([10, 3]);
    expect(e.scoreBreakdown(1)).toEqual({ stones: 7, empty: 2, capturable: 1, total: 10 });
    expect(e.scoreBreakdown(2)).toEqual({ stones: 3, empty: 0, capturable: 0, total: 3 });
    const owner = e.territory();
    const of = (p: number): string[] => labels(e, [...owner.keys()].filter((s) => owner[s] === p));
    expect(of(1)).toEqual(words('c3 d4 e4 d5 f5 e6 f6 d3 c4 e5'));
    expect(of(2)).toEqual(words('c1 g6 h7'));
  });

  describe('13.10 end by passes from the standard start', () => {
    const cases: Array<[string, string[], 0 | 1 | 2, [number, number]]> = [
      ['pass pass | pass', ['pass', 'pass', 'pass'], 2, [1, 2]],
      ['pass d3 | pass', ['pass', 'd3', 'pass'], 0, [2, 2]],
      ['d3 pass | pass pass | pass', ['d3', 'pass', 'pass', 'pass', 'pass'], 0, [2, 2]],
      ['pass e3-f4 | pass pass | pass', ['pass', 'e3-f4', 'pass', 'pass', 'pass'], 2, [1, 2]],
    ];
    it.each(cases)('%s', async (_name, moves, winner, scores) => {
      const e = await engine(backend, { board: 'ragged63' });
      moves.forEach((m, i) => {
        expect(e.outcome()).toBeNull();
        e.play(m);
        if (i < moves.length - 1) expect(e.outcome(), `ended early after move ${i + 1}`).toBeNull();
      });
      expect(e.outcome()).toEqual({ winner, reason: 'allPassed', scores });
    });
  });

  it('13.11 pie: e3 d6 h7 then accept (White moves) or swap (colours flip, Black moves)', async () => {
    const e = await engine(backend, { board: 'ragged63', setup: 'pie' });
    expect(e.pieStep()).toBe(0);
    for (const m of ['e3', 'd6', 'h7']) {
      expect(e.toMove()).toBe(1);
      e.play(m);
    }
    expect(firstDecisions(e)).toEqual(['accept', 'swap']);
    const stones = (p: number): string[] => labels(e, [...e.state().cells.keys()].filter((s) => e.state().cells[s] === p));
    expect(stones(1)).toEqual(words('e3 h7'));
    expect(stones(2)).toEqual(['d6']);
    expect(e.toMove()).toBe(2);

    e.play('accept');
    expect([e.toMove(), e.moveIndex(), e.pieStep()]).toEqual([2, 1, null]);
    expect(stones(1)).toEqual(words('e3 h7'));
    e.undo();

    e.play('swap');
    expect([e.toMove(), e.moveIndex(), e.pieStep()]).toEqual([1, 1, null]);
    expect(stones(1)).toEqual(['d6']);
    expect(stones(2)).toEqual(words('e3 h7'));
    expect(e.counters()).toEqual([-1, -1]);
  });
});

/** Plays seeded random games and calls `check` after every move with the scores and who is next. */
function eachRandomMove(e: Engine, games: number, check: (e: Engine) => void): void {
  for (let g = 0; g < games; g++) {
    e.reset({});
    const rng = new Rng(1000 + g);
    while (!e.outcome()) {
      const legal = e.legalMoves();
      e.play(legal[rng.below(legal.length)]!);
      check(e);
    }
  }
}

describe.each(BACKENDS)('rule options (%s)', (backend) => {
  it('endOnPasses "fullRound": two whole turns of passes end the game, Ludii\'s artefact does not', async () => {
    const e = await engine(backend, { options: { endOnPasses: 'fullRound' } });
    for (const m of ['pass', 'd3', 'pass', 'pass']) e.play(m);
    expect(e.outcome()).toBeNull();
    e.reset({});
    for (const m of ['pass', 'pass', 'pass']) e.play(m);
    expect(e.outcome()).toBeNull();
    e.play('pass');
    expect(e.outcome()).toMatchObject({ reason: 'allPassed', winner: 2 });
  });

  it('endOnFullScore: the game ends exactly when the scores add up to N', async () => {
    let fullScoreEndings = 0;
    for (const board of ['hexhex(2)', 'hexhex(3)']) {
      const on = await engine(backend, { board, options: { endOnFullScore: true } });
      eachRandomMove(on, 30, (e) => {
        const [s1, s2] = e.scores();
        const o = e.outcome();
        if (s1 + s2 === e.topology.size) expect(o).not.toBeNull();
        if (o?.reason === 'fullScore') {
          fullScoreEndings++;
          expect(s1 + s2).toBe(e.topology.size);
        }
      });
      const off = await engine(backend, { board });
      eachRandomMove(off, 30, (e) => expect(e.outcome()?.reason).not.toBe('fullScore'));
    }
    expect(fullScoreEndings).toBeGreaterThan(0);
  });

  it('thresholdChecksBoth: either score over half the board plus 3 ends the game', async () => {
    const over = (e: Engine, s: number): boolean => 2 * (s - 3) > e.topology.size;
    let differs = 0;
    const both = await engine(backend, { board: 'hexhex(3)', options: { thresholdChecksBoth: true } });
    eachRandomMove(both, 40, (e) => {
      const [s1, s2] = e.scores();
      const next = e.toMove() === 1 ? s1 : s2;
      if (over(e, s1) || over(e, s2)) expect(e.outcome()).not.toBeNull();
      if (e.outcome()?.reason === 'scoreThreshold') {
        expect(over(e, s1) || over(e, s2)).toBe(true);
        if (!over(e, next)) differs++;
      }
    });
    expect(differs).toBeGreaterThan(0);
    const ludii = await engine(backend, { board: 'hexhex(3)' });
    eachRandomMove(ludii, 40, (e) => {
      const [s1, s2] = e.scores();
      if (e.outcome()?.reason === 'scoreThreshold') expect(over(e, e.toMove() === 1 ? s1 : s2)).toBe(true);
    });
  });

  it('forcedPassConsumesSlot: a forced pass on move 1 leaves the player a second (forced) move', async () => {
    const start = position('e5', 'd4 e4 d5 f5 e6 f6', { counters: [4, -1] });
    const e = await engine(backend, { position: start, options: { forcedPassConsumesSlot: true } });
    e.play('pass');
    expect([e.toMove(), e.moveIndex()]).toEqual([1, 2]);
    expect(e.legalMoves()).toEqual([{ kind: 'pass', dec: 1, forced: true }]);
    e.play('pass');
    expect([e.toMove(), e.moveIndex()]).toEqual([2, 1]);
    expect(e.counters()).toEqual([4, -1]);
  });

  it('obligationRelaxesToTravel: travel instead of a forced pass when nothing can be added', async () => {
    // Black e5 alone; White at distance 2 in every direction cancels every placement.
    const start = position('e5', 'c3 c5 e3 e7 g5 g7', { counters: [4, -1] });
    const strict = await engine(backend, { position: start });
    expect(strict.legalMoves()).toEqual([{ kind: 'pass', dec: 1, forced: true }]);
    const relaxed = await engine(backend, { position: start, options: { obligationRelaxesToTravel: true } });
    expect(firstDecisions(relaxed)).toEqual(['e5']);
    expect(relaxed.legalMoves().map((m) => relaxed.formatMove(m)).sort()).toEqual(words('e5-d4 e5-d5 e5-e4 e5-e6 e5-f5 e5-f6'));
    relaxed.play('e5-e4');
    expect(relaxed.counters()).toEqual([5, -1]);
  });

  it('unknown options and bad values are refused', async () => {
    await expect(engine(backend, { options: { endOnPasses: 'never' as 'ludii' } })).rejects.toThrow(UsageError);
    await expect(engine(backend, { options: { fastGame: true } as never })).rejects.toThrow(/unknown rule option 'fastGame'/);
  });
});
