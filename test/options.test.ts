/** The rule options of THRONGS.md §14: each changes exactly what the spec says it changes. */
import { describe, expect, it } from 'vitest';
import { UsageError } from '../reference/core/errors.js';
import { Rng } from '../reference/core/rng.js';
import { BACKENDS, engine, firstDecisions, position, words } from './helpers.js';
import type { ThrongsEngine as Engine } from '../bindings/games/throngs/index.js';

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
