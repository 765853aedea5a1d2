/**
 * The SPRT over game pairs: its bounds and pentanomial counting; the exact LLR against values
 * found another way (a generic constrained optimiser, and a brute-force search in this file) and
 * against fishtest's on lopsided and drawish counts; the Elo and its interval, in words where it
 * has no bound; a match's games after the decision kept apart; and its error rates on simulated
 * matches (seeded; the large version is bench/sprt-errors.ts, its table in docs/cli.md).
 */
import { describe, expect, it } from 'vitest';
import { describeSprt, eloOf, expectedScore, parseSprt, pentanomial, pentanomialLlr, sprt, sprtEloRange, sprtVerdict, type Pentanomial, type SprtBounds } from '../../bindings/agents/sprt.js';
import { describeElo, scoreEloRange, wilsonInterval } from '../../bindings/agents/interval.js';
import { CHI2_95, likelihoodInterval, mostLikelyWithMean } from '../../bindings/agents/likelihood.js';
import { runMatch, summariseCounts, type GameResult } from '../../bindings/agents/match.js';
import { progressLine } from '../../bindings/agents/progress.js';
import { UsageError } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';
import { cellRates, rateLimit, simulateRun } from '../../bench/sprt-simulation.js';

const bounds = (elo0: number, elo1: number): SprtBounds => ({ elo0, elo1, alpha: 0.05, beta: 0.05 });
const SCORES = [0, 0.25, 0.5, 0.75, 1];

describe('SPRT bounds and counting', () => {
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

  it('takes elo0 and elo1 as logistic Elo per game, as fishtest does', () => {
    expect(expectedScore(0)).toBe(0.5);
    expect(expectedScore(400)).toBeCloseTo(10 / 11, 12);
    expect(eloOf(expectedScore(70))).toBeCloseTo(70, 6);
    expect([eloOf(1), eloOf(0)]).toEqual([Infinity, -Infinity]);
  });
});

/**
 * The largest Σ cᵢ ln qᵢ over distributions q on the pair scores with mean s, by brute force: a
 * golden-section search over q1, inside it over q2, inside that over q3 (q0 and q4 then follow
 * from the total and the mean). The objective is concave, so each nested search finds its maximum.
 */
function bruteForceLogLikelihood(counts: readonly number[], s: number): number {
  const golden = (lo: number, hi: number, f: (x: number) => number): number => {
    const r = (Math.sqrt(5) - 1) / 2;
    let [a, b] = [lo, hi];
    let [x1, x2] = [b - r * (b - a), a + r * (b - a)];
    let [f1, f2] = [f(x1), f(x2)];
    for (let i = 0; i < 60; i++) {
      if (f1 < f2) {
        [a, x1, f1] = [x1, x2, f2];
        x2 = a + r * (b - a);
        f2 = f(x2);
      } else {
        [b, x2, f2] = [x2, x1, f1];
        x1 = b - r * (b - a);
        f1 = f(x1);
      }
    }
    return Math.max(f1, f2);
  };
  const [c0, c1, c2, c3, c4] = counts as [number, number, number, number, number];
  return golden(0, Math.min(4 * s, (1 - s) / 0.75), (q1) =>
    golden(0, Math.min((s - q1 / 4) / 0.5, (1 - s - 0.75 * q1) / 0.5), (q2) =>
      golden(0, Math.min((s - q1 / 4 - q2 / 2) / 0.75, (1 - s - 0.75 * q1 - 0.5 * q2) / 0.25), (q3) => {
        const q4 = s - q1 / 4 - q2 / 2 - 0.75 * q3;
        return c0 * Math.log(1 - q1 - q2 - q3 - q4) + c1 * Math.log(q1) + c2 * Math.log(q2) + c3 * Math.log(q3) + c4 * Math.log(q4);
      }),
    ),
  );
}

/** fishtest's empty bucket: a thousandth of a pair. */
const regularised = (penta: readonly number[]): number[] => penta.map((c) => (c > 0 ? c : 1e-3));

describe('the exact LLR (fishtest’s LLR_logistic)', () => {
  // Found by a generic constrained optimiser (SLSQP) maximising Σ nᵢ ln qᵢ under the total and the
  // mean, with fishtest's 0.001 in empty buckets: another method than the secular equation here.
  const FISHTEST: ReadonlyArray<[Pentanomial, number, number, number]> = [
    [[0, 0, 0, 0, 7], 0, 100, 1.729143],
    [[7, 0, 0, 0, 0], 0, 100, -2.301531],
    [[1, 2, 5, 8, 4], 0, 10, 0.404697],
    [[2, 0, 1, 0, 5], 0, 30, 0.262716],
    [[1, 1, 10, 11, 7], 0, 30, 2.052073],
    [[0, 3, 40, 9, 0], 40, 70, -5.080933],
    [[0, 0, 12, 3, 0], 40, 70, -1.201658],
    // The pentanomial of fishtest's own example in its stat_util.py.
    [[10789, 19328, 33806, 19402, 10543], -3, 1, 2.131068],
  ];

  it('gives the values found by a generic optimiser, lopsided and drawish counts included', () => {
    for (const [penta, elo0, elo1, llr] of FISHTEST) expect(sprt(bounds(elo0, elo1), penta).llr, `${penta}`).toBeCloseTo(llr, 5);
  });

  it('is the difference of the largest log-likelihoods under the two means, found by brute force', () => {
    for (const [penta, elo0, elo1] of FISHTEST.slice(0, 7)) {
      const counts = regularised(penta);
      const brute = bruteForceLogLikelihood(counts, expectedScore(elo1)) - bruteForceLogLikelihood(counts, expectedScore(elo0));
      expect(pentanomialLlr(penta, expectedScore(elo0), expectedScore(elo1)), `${penta}`).toBeCloseTo(brute, 6);
    }
  });

  it('finds the distribution with the given mean that the counts make most likely', () => {
    const q = mostLikelyWithMean(SCORES, [1, 2, 5, 8, 4], 0.55);
    expect(q.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(q.reduce((sum, p, i) => sum + p * SCORES[i]!, 0)).toBeCloseTo(0.55, 12);
    // Newton's first step from x = 0 lands on the pole of the 0 bucket (x = 2) exactly here.
    const pole = mostLikelyWithMean(SCORES, [1, 1, 10, 11, 7], 0.5);
    expect(pole.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    expect(pole.reduce((sum, p, i) => sum + p * SCORES[i]!, 0)).toBeCloseTo(0.5, 12);
    // Counts all on one side of the mean: the rest of the mass goes to the far end.
    expect(mostLikelyWithMean(SCORES, [0, 0, 0, 0, 7], 0.8).map((p) => Number(p.toFixed(12)))).toEqual([0.2, 0, 0, 0, 0.8]);
    expect(mostLikelyWithMean(SCORES, [0, 0, 3, 0, 0], 0.3).map((p) => Number(p.toFixed(12)))).toEqual([0.4, 0, 0.6, 0, 0]);
    expect(() => mostLikelyWithMean(SCORES, [1, 1, 1, 1, 1], 1)).toThrow(/strictly between 0 and 1/);
  });

  it('gives a distribution with the mean asked for, whatever the counts (seeded random cases)', () => {
    const rng = new Rng(11);
    for (let i = 0; i < 3000; i++) {
      // Counts from 0 to 40 (a third of the buckets empty), or fishtest's thousandth for an empty one.
      const counts = SCORES.map(() => (rng.below(3) === 0 ? 0 : rng.below(40)));
      if (counts.every((c) => c === 0)) continue;
      const used = i % 2 === 0 ? counts : regularised(counts);
      const s = (1 + rng.below(998)) / 1000;
      const q = mostLikelyWithMean(SCORES, used, s);
      const what = `${used} at ${s}`;
      expect(q.every((p) => p >= 0 && p <= 1 + 1e-12), what).toBe(true);
      expect(q.reduce((a, b) => a + b, 0), what).toBeCloseTo(1, 9);
      expect(q.reduce((sum, p, k) => sum + p * SCORES[k]!, 0), what).toBeCloseTo(s, 9);
    }
  });

  it('does not decide on 7 pairs all won 2-0 at elo1 = 100 (the normal approximation with a prior would, at 3.60); 12 do', () => {
    const b = bounds(0, 100);
    expect(sprt(b, [0, 0, 0, 0, 7]).llr).toBeCloseTo(1.729, 3);
    expect(sprt(b, [0, 0, 0, 0, 7]).decision).toBeNull();
    expect(sprt(b, [0, 0, 0, 0, 11]).decision).toBeNull();
    expect(sprt(b, [0, 0, 0, 0, 12]).decision).toBe('H1');
    expect(sprt(b, [12, 0, 0, 0, 0]).decision).toBe('H0');
  });

  it('agrees with the normal approximation on many balanced pairs, to a thousandth', () => {
    const penta: Pentanomial = [10789, 19328, 33806, 19402, 10543];
    const n = penta.reduce((a, b) => a + b, 0);
    const mean = penta.reduce((s, c, i) => s + c * SCORES[i]!, 0) / n;
    const variance = penta.reduce((s, c, i) => s + c * (SCORES[i]! - mean) ** 2, 0) / n;
    const [s0, s1] = [expectedScore(-3), expectedScore(1)];
    const normal = (n * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
    expect(Math.abs(sprt(bounds(-3, 1), penta).llr - normal)).toBeLessThan(1e-3);
  });

  it('with 80% draws and bounds away from 0, weighs counts in proportion to the pairs (no prior pulls toward 0)', () => {
    // Pairs in the proportions the simulation's model gives at an Elo with 80% draws (wins s - 0.4).
    const expected = (elo: number, pairs: number): Pentanomial => {
      const s = expectedScore(elo);
      const [w, d, l] = [s - 0.4, 0.8, 1 - s - 0.4];
      return [l * l, 2 * l * d, d * d + 2 * w * l, 2 * w * d, w * w].map((p) => pairs * p) as Pentanomial;
    };
    const b = bounds(40, 70);
    expect(sprt(b, expected(70, 100)).decision).toBe('H1');
    expect(sprt(b, expected(40, 100)).decision).toBe('H0');
    // The same proportions over 30 and 100 pairs: the LLR scales by 10/3. A prior of half a pair a
    // bucket (0.5 pairs scoring 0, where the model expects 0.05) would give 0.59 and 3.43 at elo1.
    for (const elo of [40, 70]) expect(sprt(b, expected(elo, 30)).llr * (10 / 3)).toBeCloseTo(sprt(b, expected(elo, 100)).llr, 9);
    expect(sprt(b, expected(70, 30)).llr).toBeCloseTo(1.432, 3);
  });

  it('is 0 with no pairs, and decides either way once the LLR leaves its bounds', () => {
    const b = bounds(0, 10);
    expect(sprt(b, [0, 0, 0, 0, 0]).llr).toBe(0);
    expect(sprt(b, [0, 0, 0, 0, 0]).decision).toBeNull();
    expect(sprt(b, [0, 10, 100, 200, 60]).decision).toBe('H1');
    expect(sprt(b, [60, 200, 100, 10, 0]).decision).toBe('H0');
    const s = sprt(b, [1, 2, 5, 8, 4]);
    expect(s.limits[0]).toBeCloseTo(-2.9444, 4);
    expect(s.limits[1]).toBeCloseTo(2.9444, 4);
    expect(sprtVerdict(b, [1, 2, 5, 8, 4])).toEqual({ llr: s.llr, limits: s.limits, decision: null });
  });
});

describe('the Elo and its interval', () => {
  it('is the Elo of the pairs’ mean score, within the likelihood-ratio interval', () => {
    const s = sprt(bounds(0, 10), [1, 2, 5, 8, 4]);
    // 13 of the 20 pairs' 40 points, by hand: a score of 0.65.
    expect(s.elo).toBeCloseTo(eloOf(0.65), 9);
    expect(s.elo).toBeCloseTo(107.54, 2);
    // The ends as the generic optimiser found them.
    expect(s.eloInterval95[0]).toBeCloseTo(13.607, 2);
    expect(s.eloInterval95[1]).toBeCloseTo(198.972, 2);
    expect(describeSprt(s)).toMatch(/LLR 0\.40 \(bounds -2\.94, 2\.94\), undecided\nElo \+107\.5 \(95% interval \+13\.6 to \+199\.0\) over 20 pairs;/);
  });

  it('has no upper bound when every pair was won 2-0: said in words, with the lower end by hand', () => {
    const s = sprt(bounds(0, 100), [0, 0, 0, 0, 7]);
    const range = sprtEloRange(s);
    expect([range.elo, range.upper]).toEqual([Infinity, Infinity]);
    // The likelihood of a mean s is then s^7: the end is where 2 * 7 * -ln s reaches the χ² quantile.
    expect(range.lower).toBeCloseTo(eloOf(Math.exp(-CHI2_95 / 14)), 6);
    // As data (JSON has no Infinity) the state holds finite stand-ins: half a game short of 14 of 14.
    expect(s.elo).toBeCloseTo(eloOf(1 - 0.5 / 14), 9);
    expect(s.eloInterval95).toEqual([range.lower, s.elo]);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
    const text = describeSprt(s);
    expect(text).toContain('Elo with no upper bound (A scored every point): at least +200.3 at 95% confidence over 7 pairs;');
    expect(text).not.toMatch(/575|2400|Infinity/);
    const lost = sprt(bounds(0, 100), [7, 0, 0, 0, 0]);
    expect([sprtEloRange(lost).elo, sprtEloRange(lost).lower]).toEqual([-Infinity, -Infinity]);
    expect(describeSprt(lost)).toContain('Elo with no lower bound (B scored every point): at most -200.3 at 95% confidence');
    expect(describeSprt(sprt(bounds(0, 100), [0, 0, 0, 0, 0]))).toMatch(/undecided\nNo pairs yet$/);
  });

  it('is bounded as soon as one pair is not 2-0, and close to the normal interval on many pairs', () => {
    const one = sprt(bounds(0, 100), [0, 0, 0, 1, 6]);
    const [lo, hi] = one.eloInterval95;
    expect(sprtEloRange(one)).toEqual({ elo: one.elo, lower: lo, upper: hi });
    expect(Number.isFinite(lo) && Number.isFinite(hi)).toBe(true);
    expect(hi).toBeGreaterThan(eloOf(0.5 + 6.75 / 14));
    const penta: Pentanomial = [10789, 19328, 33806, 19402, 10543];
    const n = penta.reduce((a, b) => a + b, 0);
    const mean = penta.reduce((s, c, i) => s + c * SCORES[i]!, 0) / n;
    const sd = Math.sqrt(penta.reduce((s, c, i) => s + c * (SCORES[i]! - mean) ** 2, 0) / n / n);
    const [a, b] = likelihoodInterval(SCORES, penta);
    expect(a).toBeCloseTo(mean - 1.959964 * sd, 5);
    expect(b).toBeCloseTo(mean + 1.959964 * sd, 5);
  });

  it('of a match’s games: a 2-0 has no upper bound, so no figure stands in for it', () => {
    const twoNil = scoreEloRange({ winsA: 2, winsB: 0, draws: 0 });
    expect(twoNil.elo).toBe(Infinity);
    expect(twoNil.upper).toBe(Infinity);
    expect(twoNil.lower).toBeCloseTo(eloOf(wilsonInterval(1, 2)[0]), 9);
    expect(describeElo(twoNil)).toBe('Elo with no upper bound (A scored every point): at least -113.4 at 95% confidence');
    // The summary stores the stand-ins it always had; its counts say they are stand-ins.
    const summary = summariseCounts({ winsA: 2, winsB: 0, draws: 0, plies: 20 });
    expect([summary.eloDiff, summary.eloInterval95]).toEqual([190.8, [-113.4, 190.8]]);
    expect(describeElo(scoreEloRange(summary))).not.toContain('190.8');
    // One win, one loss: the lower end is Wilson's, no longer clamped to the stand-in's -190.8.
    expect(summariseCounts({ winsA: 1, winsB: 1, draws: 0, plies: 20 }).eloInterval95[0]).toBeCloseTo(eloOf(wilsonInterval(0.5, 2)[0]), 1);
    // A win and a draw: a finite estimate, and an upper end above it (the old clamp made them equal).
    const winDraw = scoreEloRange({ winsA: 1, winsB: 0, draws: 1 });
    expect(winDraw.elo).toBeCloseTo(190.85, 2);
    expect(winDraw.upper).toBeGreaterThan(winDraw.elo + 100);
    expect(describeElo(winDraw)).toMatch(/^Elo \+190\.8 \(95% interval -\d+\.\d to \+\d+\.\d\)$/);
    // Three losses: no lower bound, and an upper end (Wilson's 0.56) still above 0.
    const nil3 = scoreEloRange({ winsA: 0, winsB: 3, draws: 0 });
    expect([nil3.elo, nil3.lower]).toEqual([-Infinity, -Infinity]);
    expect(nil3.upper).toBeCloseTo(eloOf(wilsonInterval(0, 3)[1]), 9);
    expect(describeElo(nil3, 'short')).toBe("Elo ≤ +43.0 (every point B's)");
    expect(describeElo({ elo: 12.34, lower: -Infinity, upper: 50 })).toBe('Elo +12.3 (95% interval no lower bound to +50.0)');
    expect(describeElo(scoreEloRange({ winsA: 0, winsB: 0, draws: 0 }))).toBe('Elo: no games yet');
  });

  it('on the live line, in words when A has won every game', () => {
    const games = [0, 1].map((index) => ({ index, scoreA: 1, plies: 10, reason: 'score' }));
    const line = progressLine(2, 10, games, sprt(bounds(0, 100), pentanomial(games)), 3);
    expect(line).toContain("A 2  B 0  draws 0  Elo ≥ -113.4 (every point A's)  LLR 0.25 (-2.94, 2.94)");
    expect(line).not.toContain('190.8');
  });
});

describe('a match’s SPRT', () => {
  it('keeps its state as it decided; games finished after it are listed apart, not added', async () => {
    const b = bounds(0, 100);
    const finished: GameResult[] = [];
    const run = await runMatch({ a: 'greedy', b: 'random', games: 200, game: { board: 'hexhex(4)' }, seed: 5, threads: 2, sprt: b, onGame: (_, rs) => void finished.push(rs[rs.length - 1]!) });
    // The test over the games in the order they finished, up to the first that made it decide.
    const decidedBy = finished.findIndex((_, i) => sprt(b, pentanomial(finished.slice(0, i + 1))).decision !== null);
    const atDecision = sprt(b, pentanomial(finished.slice(0, decidedBy + 1)));
    expect(atDecision.decision).toBe('H1');
    const after = run.results.length - 2 * atDecision.pairs;
    expect(run.sprt).toEqual(after > 0 ? { ...atDecision, gamesAfterDecision: after } : atDecision);
    expect(finished.length).toBe(run.results.length);
    expect(describeSprt({ ...atDecision, gamesAfterDecision: 1 })).toMatch(/\n1 game was under way when the test decided: in the score, not in the test$/);
    expect(describeSprt({ ...atDecision, gamesAfterDecision: 3 })).toMatch(/\n3 games were under way when/);
    expect(describeSprt(atDecision)).not.toMatch(/under way/);
  });
});

describe('SPRT error rates on simulated matches', () => {
  // Seeded and small: the 10,000-run table is bench/sprt-errors.ts's (npm run sprt:errors).
  const RUNS = 400;

  it('accepts elo1 at elo0, and elo0 at elo1, no more than 5% of the time plus three standard errors', () => {
    for (const cell of [{ bounds: bounds(0, 30), drawRate: 0.3 }, { bounds: bounds(40, 70), drawRate: 0.8 }]) {
      const r = cellRates(cell, RUNS, 2024);
      const what = `elo0=${cell.bounds.elo0} elo1=${cell.bounds.elo1} draws ${cell.drawRate}`;
      expect(r.falseH1 / RUNS, what).toBeLessThanOrEqual(rateLimit(0.05, RUNS));
      expect(r.falseH0 / RUNS, what).toBeLessThanOrEqual(rateLimit(0.05, RUNS));
      expect(r.undecided, what).toBe(0);
    }
  });

  it('decides a clear difference sooner than a borderline one, and for it', () => {
    const rng = new Rng(7);
    const b = bounds(0, 30);
    const clear = Array.from({ length: 100 }, () => simulateRun(b, 150, 0.3, rng));
    const borderline = Array.from({ length: 100 }, () => simulateRun(b, 30, 0.3, rng));
    expect(clear.every((r) => r.decision === 'H1')).toBe(true);
    const mean = (rs: Array<{ pairs: number }>): number => rs.reduce((s, r) => s + r.pairs, 0) / rs.length;
    expect(mean(clear)).toBeLessThan(mean(borderline) / 3);
  });

  it('refuses a draw rate that leaves no room for the expected score', () => {
    expect(() => simulateRun(bounds(0, 30), 400, 0.8, new Rng(1))).toThrow(/no room/);
  });
});
