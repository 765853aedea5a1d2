/**
 * The SPRT over game pairs: its arithmetic against hand-computed cases, the pentanomial counting,
 * and its error rates on simulated matches of known Elo differences (the published behaviour of
 * the test: accepting elo1 when elo0 holds about alpha of the time or less, and elo0 when elo1
 * holds about beta of the time or less).
 */
import { describe, expect, it } from 'vitest';
import { describeSprt, eloOf, expectedScore, parseSprt, pentanomial, sprt, type Pentanomial, type SprtBounds } from '../../bindings/agents/sprt.js';
import { UsageError } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';

describe('SPRT arithmetic', () => {
  it('reads its bounds, with alpha and beta 0.05 by default, and refuses bad ones', () => {
    expect(parseSprt('elo0=0,elo1=10,alpha=0.05,beta=0.1')).toEqual({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.1 });
    expect(parseSprt('elo1=70, elo0=-5')).toEqual({ elo0: -5, elo1: 70, alpha: 0.05, beta: 0.05 });
    for (const bad of ['', 'elo0=0', 'elo0=10,elo1=10', 'elo0=0,elo1=10,alpha=0.6', 'elo0=0,elo1=10,beta=0', 'elo0=x,elo1=10', 'elo0=0,elo1=10,gamma=1', 'elo0=0=1,elo1=2', 'elo0=0,elo1=5000']) {
      expect(() => parseSprt(bad), bad).toThrow(UsageError);
    }
  });

  it('counts pairs by A’s score in the pair, leaving out a pair with one game in', () => {
    const games = [
      { index: 0, scoreA: 1 }, { index: 1, scoreA: 1 }, // 2
      { index: 2, scoreA: 0.5 }, { index: 3, scoreA: 0 }, // 1/2
      { index: 5, scoreA: 1 }, { index: 4, scoreA: 0 }, // 1
      { index: 6, scoreA: 0.5 }, { index: 7, scoreA: 1 }, // 3/2
      { index: 8, scoreA: 0 }, { index: 9, scoreA: 0 }, // 0
      { index: 10, scoreA: 1 }, // its pair is not finished
    ];
    expect(pentanomial(games)).toEqual([1, 1, 1, 1, 1]);
  });

  it('matches a hand-computed case: LLR, bounds, Elo and its interval', () => {
    // [1, 2, 5, 8, 4] with half a pair of prior in each bucket: mean pair score 0.6333 of the pair's
    // points, variance 0.07944 (by hand); LLR = 20 (s1 - s0)(2 mean - s0 - s1) / (2 variance).
    const s = sprt({ elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 }, [1, 2, 5, 8, 4]);
    expect(s.pairs).toBe(20);
    expect(s.llr).toBeCloseTo(0.4569, 3);
    expect(s.limits[0]).toBeCloseTo(-2.9444, 4);
    expect(s.limits[1]).toBeCloseTo(2.9444, 4);
    expect(s.decision).toBeNull();
    expect(s.elo).toBeCloseTo(94.94, 1);
    expect(s.eloInterval95[0]).toBeCloseTo(6.81, 0);
    expect(s.eloInterval95[1]).toBeCloseTo(197.26, 0);
    expect(describeSprt(s)).toMatch(/LLR 0\.46 \(bounds -2\.94, 2\.94\), undecided/);
  });

  it('decides when the LLR crosses a bound, either way', () => {
    const b: SprtBounds = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05 };
    expect(sprt(b, [0, 10, 100, 200, 60]).decision).toBe('H1');
    expect(sprt(b, [60, 200, 100, 10, 0]).decision).toBe('H0');
    expect(sprt(b, [0, 0, 0, 0, 0]).llr).toBe(0);
    expect(expectedScore(0)).toBe(0.5);
    expect(eloOf(expectedScore(70))).toBeCloseTo(70, 6);
  });
});

/** One simulated SPRT: games between players `elo` apart with 30% draws, played in pairs until a decision (or 20,000 pairs). */
function simulate(bounds: SprtBounds, elo: number, rng: Rng): { decision: 'H0' | 'H1' | null; pairs: number } {
  const score = expectedScore(elo);
  const draw = 0.3;
  const win = score - draw / 2;
  const game = (): number => {
    const u = rng.below(1_000_000) / 1_000_000;
    return u < win ? 1 : u < win + draw ? 0.5 : 0;
  };
  const penta: Pentanomial = [0, 0, 0, 0, 0];
  for (let pairs = 1; pairs <= 20_000; pairs++) {
    penta[Math.round((game() + game()) * 2)]!++;
    const s = sprt(bounds, penta);
    if (s.decision) return { decision: s.decision, pairs };
  }
  return { decision: null, pairs: 20_000 };
}

describe('SPRT error rates on simulated matches', () => {
  const bounds: SprtBounds = { elo0: 0, elo1: 30, alpha: 0.05, beta: 0.05 };
  const RUNS = 400;
  // Three standard deviations of a rate of 0.05 over 400 runs.
  const slack = 3 * Math.sqrt((0.05 * 0.95) / RUNS);

  it('accepts elo1 when elo0 holds no more often than alpha, and elo0 when elo1 holds no more often than beta', () => {
    const rng = new Rng(2024);
    const atElo0 = Array.from({ length: RUNS }, () => simulate(bounds, bounds.elo0, rng));
    const atElo1 = Array.from({ length: RUNS }, () => simulate(bounds, bounds.elo1, rng));
    const falseH1 = atElo0.filter((r) => r.decision === 'H1').length / RUNS;
    const falseH0 = atElo1.filter((r) => r.decision === 'H0').length / RUNS;
    expect(falseH1).toBeLessThanOrEqual(bounds.alpha + slack);
    expect(falseH0).toBeLessThanOrEqual(bounds.beta + slack);
    // Every run decided, and a clear difference is decided sooner than a borderline one.
    expect([...atElo0, ...atElo1].every((r) => r.decision !== null)).toBe(true);
    const clear = Array.from({ length: 100 }, () => simulate(bounds, 150, rng));
    expect(clear.every((r) => r.decision === 'H1')).toBe(true);
    const mean = (rs: Array<{ pairs: number }>): number => rs.reduce((s, r) => s + r.pairs, 0) / rs.length;
    expect(mean(clear)).toBeLessThan(mean(atElo1) / 3);
  });
});
