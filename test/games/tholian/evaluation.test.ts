/**
 * Tholian Go's evaluation (reference/games/tholian/eval.ts), which alpha-beta reads at its leaves
 * and the MCTS at its cut-off: what a transformation is worth, with and without dice; the way to
 * the target where reaching it wins; and in Chain the chain's cost and the spares drawn to its
 * gaps. The contract suite compares the evaluation of both backends; these pin its values.
 */
import { describe, expect, it } from 'vitest';
import { tholian } from '../../../reference/games/tholian/index.js';
import { DARK } from '../../../reference/games/tholian/board.js';
import { chainCost, gapSteps, totalDistance } from '../../../reference/games/tholian/eval.js';
import { countTokens } from '../../../reference/games/tholian/state.js';
import { chainFrom, load, MAIN, opts, play, position, tokensOf } from './helpers.js';

describe("the evaluation at alpha-beta's leaves and the MCTS cut-off", () => {
  const weights = tholian.evaluation.terms.map((t) => t.weight);
  const only = (...names: string[]) => tholian.evaluation.terms.map((t) => (names.includes(t.name) ? t.weight : 0));
  // Red's start less L4.2, with a light token a step from its target L7.7; Blue has one dark token.
  const red = tokensOf(MAIN, tholian.initial(MAIN, 'standard', opts()), 1).filter((l) => l !== 'L4.2');

  it('counts a transformation as a dark token gained for a light one, and with dice the step it took', () => {
    for (const variant of ['main', 'lucky']) {
      const o = opts({ variant });
      const { b, s } = position([...red, 'L8.7'], ['D1.6'], 'R', variant);
      expect(tholian.evaluate(b, s, only('light', 'dark', 'goal'))).toBe(100 * 14 + 150 * (6 - 1));
      const before = tholian.evaluate(b, s, weights);
      play(b, s, 'L8.7>L7.7', o);
      expect(countTokens(b, s.cells, 1, DARK)).toBe(7);
      // Without dice tokens alone count (the contempt for draws moves the search on).
      expect(tholian.evaluate(b, s, weights)).toBe(before - 100 + 150);
    }
    // With dice the transformed token's last step also leaves the sum of the steps to go.
    const o = opts({ variant: 'oracle' });
    const { b, s } = load(`tholian oracle R:${[...red, 'L8.7'].join(',')} B:D1.6 R d1l2 e0 t1 ra/xz`);
    const before = tholian.evaluate(b, s, weights);
    play(b, s, 'L8.7>L7.7', o);
    expect(countTokens(b, s.cells, 1, DARK)).toBe(7);
    expect(tholian.evaluate(b, s, weights)).toBe(before - 100 + 150 + 2 * 1);
  });

  it("counts the nearest token's way to the target only where reaching it wins (Football, Scrimmage), and every token's steps there and with dice", () => {
    for (const variant of ['main', 'ultimate', 'lucky', 'chain', 'football', 'scrimmage', 'oracle']) {
      const { b, s } = load(`tholian ${variant} R:${[...red, 'L8.7'].join(',')} B:D1.6 R d1l2 e0${variant === 'oracle' ? ' t1 ra/xz' : ''}`);
      const touchdown = variant === 'football' || variant === 'scrimmage';
      // Blue has no light token (30 steps at most, none to add up); Red's nearest is a step away.
      expect(tholian.evaluate(b, s, only('goal')), variant).toBe(touchdown ? 20 * (30 - 1) : 0);
      expect(totalDistance(b, s.cells, 1)).toBeGreaterThan(14);
      expect(tholian.evaluate(b, s, only('advance')), variant).toBe(touchdown || variant === 'oracle' ? -2 * totalDistance(b, s.cells, 1) : 0);
    }
  });

  it("the evaluation draws a spare token towards the chain's gap, a step at a time", () => {
    const chain = chainFrom(MAIN, 'L1.1');
    // The gap L1.5 (level 8) is walled in by the chain: the spare on L4.6 is 4 steps from it,
    // round either side of L3.5 or L3.6.
    expect(chain).toContain('L1.5');
    const red = [...chain.filter((l) => l !== 'L1.5'), 'L4.6', 'D6.1'];
    const { b, s } = position(red, ['D6.6'], 'R', 'chain');
    expect(chainCost(b, s.cells, 1)).toBe(1);
    expect(gapSteps(b, s.cells, 1)).toBe(4);
    // Blue has no light token: each of the 14 gaps of its chain lacks a spare.
    expect(gapSteps(b, s.cells, 2)).toBe(14 * 30);
    const weights = tholian.evaluation.terms.map((t) => t.weight);
    const term = tholian.evaluation.terms.findIndex((t) => t.name === 'spares');
    const without = weights.map((w, i) => (i === term ? 0 : w));
    // Light tokens 14 to 0, Blue's 14 missing against Red's 1, 13 levels held, 420 steps against 4.
    expect(tholian.evaluate(b, s, weights)).toBe(100 * 14 + 100 * 13 + 40 * 13 + 15 * (420 - 4));
    const before = tholian.evaluate(b, s, weights);
    const beforeWithout = tholian.evaluate(b, s, without);
    // A step to L4.5 is one closer; levels 10 and 9 stay held by the chain, so nothing else changes.
    play(b, s, 'L4.6>L4.5', opts({ variant: 'chain' }));
    expect(gapSteps(b, s.cells, 1)).toBe(3);
    expect(tholian.evaluate(b, s, weights)).toBe(before + 15);
    expect(tholian.evaluate(b, s, without)).toBe(beforeWithout);
    // A spare a gap: L3.1 is the nearest to both gaps (2 steps to L2.2, 4 to L1.3), but only one
    // gets it and L6.1 fills the other (5 steps to L2.2, 7 to L1.3): 2 + 7 = 4 + 5 = 9 steps.
    const two = position([...chain.filter((l) => l !== 'L2.2' && l !== 'L1.3'), 'L3.1', 'L6.1', 'D6.1'], ['D6.6'], 'R', 'chain');
    expect(chainCost(two.b, two.s.cells, 1)).toBe(2);
    expect(gapSteps(two.b, two.s.cells, 1)).toBe(9);
  });
});
