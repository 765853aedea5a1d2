/**
 * The sequential probability ratio test over game pairs, as fishtest runs it: games are played in
 * pairs (one opening, colours swapped), each pair scores 0, ½, 1, 1½ or 2 for A (the pentanomial
 * counts), and after each pair the log-likelihood ratio of "A is elo1 stronger" against "A is
 * elo0 stronger" is compared with the bounds ln(β/(1-α)) and ln((1-β)/α). Pairs rather than
 * games, because the two games of a pair share their opening: their results are not independent,
 * and counting pairs takes that into account (the spread is measured, not assumed).
 *
 * The LLR is fishtest's `LLR_logistic`, computed exactly: elo0 and elo1 are logistic Elo per game,
 * so the hypotheses are mean pair scores (as a share of the pair's 2 points) of s0 and s1 =
 * 1 / (1 + 10^(-elo/400)); under each, the pair-score distribution is the one most likely to give
 * the counts with that mean (likelihood.ts), and the LLR is Σ nᵢ ln(p1ᵢ / p0ᵢ). An empty bucket
 * counts as 0.001 of a pair, as in fishtest: otherwise the first pairs, all in one bucket, would
 * leave no other outcome possible and the LLR would leap. The normal approximation
 * N (s1 - s0)(2 mean - s0 - s1) / (2 variance) agrees on many balanced pairs but not on lopsided
 * ones, where it decides too early (7 pairs all won 2-0, elo1=100: 3.60 with a prior of half a
 * pair a bucket, 1,575 with fishtest's 0.001, against the exact 1.73); so it is not used.
 */
import { UsageError } from '../../reference/core/errors.js';
import { describeElo, eloOf, expectedScore, storedElo, type EloRange } from './interval.js';
import { likelihoodInterval, logLikelihoodOfMean } from './likelihood.js';

export { eloOf, expectedScore } from './interval.js';

export interface SprtBounds {
  /** Elo of the null hypothesis (A is no better than this). */
  readonly elo0: number;
  /** Elo of the alternative (A is at least this much better). */
  readonly elo1: number;
  /** The chance of accepting elo1 when elo0 holds. */
  readonly alpha: number;
  /** The chance of accepting elo0 when elo1 holds. */
  readonly beta: number;
}

/** Pairs by A's score in the pair: [0, ½, 1, 1½, 2]. */
export type Pentanomial = [number, number, number, number, number];

export interface SprtState {
  readonly bounds: SprtBounds;
  readonly pentanomial: Pentanomial;
  readonly pairs: number;
  readonly llr: number;
  /** [lower, upper]: below the lower bound elo0 is accepted, above the upper elo1. */
  readonly limits: readonly [number, number];
  /** 'H0' (no better than elo0), 'H1' (at least elo1), or null while undecided. */
  readonly decision: 'H0' | 'H1' | null;
  /**
   * A's Elo over B from the pairs' mean score, with its 95% likelihood-ratio interval. When every
   * pair was won 2-0 (or lost) the estimate and one end have no bound and hold a stand-in
   * (storedElo); sprtEloRange gives them as ±Infinity. With no pairs: 0 and [0, 0].
   */
  readonly elo: number;
  readonly eloInterval95: readonly [number, number];
  /**
   * Set by a match runner: games that were under way when the test decided and finished after it.
   * They are in the match's score, not in the test (its pairs are the ones it decided on).
   */
  readonly gamesAfterDecision?: number;
}

const KEYS = ['elo0', 'elo1', 'alpha', 'beta'] as const;

/** `elo0=0,elo1=10,alpha=0.05,beta=0.05` (alpha and beta default to 0.05). */
export function parseSprt(text: string): SprtBounds {
  const values: Record<string, number> = { alpha: 0.05, beta: 0.05 };
  const shown = String(text).slice(0, 80);
  for (const part of String(text).split(',')) {
    const [key = '', value, extra] = part.split('=').map((s) => s.trim());
    if (!(KEYS as readonly string[]).includes(key) || value === undefined || extra !== undefined || value === '' || !Number.isFinite(Number(value))) {
      throw new UsageError(`--sprt '${shown}': write elo0=E0,elo1=E1[,alpha=A][,beta=B] with numbers, e.g. elo0=0,elo1=10,alpha=0.05,beta=0.05`);
    }
    values[key] = Number(value);
  }
  const bounds = values as unknown as SprtBounds;
  if (values.elo0 === undefined || values.elo1 === undefined) throw new UsageError(`--sprt '${shown}': both elo0 and elo1 are needed`);
  checkBounds(bounds);
  return bounds;
}

/** Refuses bounds the test cannot run with. */
export function checkBounds(b: SprtBounds): void {
  if (!(b.elo1 > b.elo0)) throw new UsageError(`SPRT: elo1 (${b.elo1}) must be greater than elo0 (${b.elo0})`);
  if (Math.abs(b.elo0) > 1000 || Math.abs(b.elo1) > 1000) throw new UsageError('SPRT: elo0 and elo1 lie within -1000..1000');
  for (const k of ['alpha', 'beta'] as const) if (!(b[k] > 0 && b[k] < 0.5)) throw new UsageError(`SPRT: ${k} must be between 0 and 0.5, not ${b[k]}`);
}

/**
 * The pentanomial counts of A's scores from games in pairs: game 2k and 2k+1 (`index`) share an
 * opening with colours swapped; a pair counts once both its games are in. `scoreA` is 1, ½ or 0.
 */
export function pentanomial(games: ReadonlyArray<{ readonly index: number; readonly scoreA: number }>): Pentanomial {
  const byPair = new Map<number, number[]>();
  for (const g of games) {
    const pair = g.index >> 1;
    byPair.set(pair, [...(byPair.get(pair) ?? []), g.scoreA]);
  }
  const counts: Pentanomial = [0, 0, 0, 0, 0];
  for (const scores of byPair.values()) {
    if (scores.length !== 2) continue;
    counts[Math.round((scores[0]! + scores[1]!) * 2)]!++;
  }
  return counts;
}

/** Pair scores as a share of the pair's 2 points. */
const PAIR_SCORES = [0, 0.25, 0.5, 0.75, 1];
/** What an empty bucket counts as in the LLR: fishtest's regularisation. */
const EMPTY_BUCKET = 1e-3;

/** The exact log-likelihood ratio of mean pair score s1 against s0 given the counts (fishtest's `LLR_logistic`). */
export function pentanomialLlr(penta: Pentanomial, s0: number, s1: number): number {
  const counts = penta.map((c) => (c > 0 ? c : EMPTY_BUCKET));
  return logLikelihoodOfMean(PAIR_SCORES, counts, s1) - logLikelihoodOfMean(PAIR_SCORES, counts, s0);
}

/** The LLR against its limits and the verdict alone: what a simulation of many runs needs. */
export function sprtVerdict(bounds: SprtBounds, penta: Pentanomial): Pick<SprtState, 'llr' | 'limits' | 'decision'> {
  const pairs = penta.reduce((a, b) => a + b, 0);
  const limits = [Math.log(bounds.beta / (1 - bounds.alpha)), Math.log((1 - bounds.beta) / bounds.alpha)] as const;
  // No pairs, no evidence (fishtest's 0.001 in every bucket would give a few hundred-thousandths).
  const llr = pairs === 0 ? 0 : pentanomialLlr(penta, expectedScore(bounds.elo0), expectedScore(bounds.elo1));
  return { llr, limits, decision: llr >= limits[1] ? 'H1' : llr <= limits[0] ? 'H0' : null };
}

/** The SPRT's state after the pairs counted in `penta`. */
export function sprt(bounds: SprtBounds, penta: Pentanomial): SprtState {
  const pairs = penta.reduce((a, b) => a + b, 0);
  const elo = pairs === 0 ? { elo: 0, lower: 0, upper: 0 } : storedElo(eloRange(penta), 2 * pairs);
  return { bounds, pentanomial: penta, pairs, ...sprtVerdict(bounds, penta), elo: elo.elo, eloInterval95: [elo.lower, elo.upper] };
}

/** The Elo of the pairs' mean score and its likelihood-ratio interval, ±Infinity where unbounded. */
function eloRange(penta: Pentanomial): EloRange {
  const pairs = penta.reduce((a, b) => a + b, 0);
  const mean = penta.reduce((sum, c, i) => sum + c * PAIR_SCORES[i]!, 0) / pairs;
  const [lo, hi] = likelihoodInterval(PAIR_SCORES, penta);
  return { elo: eloOf(mean), lower: eloOf(lo), upper: eloOf(hi) };
}

/** The state's Elo and interval with ±Infinity where they have no bound (every pair won, or lost, 2-0). */
export function sprtEloRange(s: SprtState): EloRange {
  if (s.pairs === 0) return { elo: NaN, lower: -Infinity, upper: Infinity };
  const all = (i: number): boolean => s.pentanomial[i] === s.pairs;
  return { elo: all(4) ? Infinity : all(0) ? -Infinity : s.elo, lower: all(0) ? -Infinity : s.eloInterval95[0], upper: all(4) ? Infinity : s.eloInterval95[1] };
}

/**
 * Lines for people: the LLR against its bounds and the verdict; the Elo with its interval (in words
 * where it has no bound) over the pairs, with their counts; and the games the test did not count.
 */
export function describeSprt(s: SprtState): string {
  const b = s.bounds;
  const verdict = s.decision === 'H1' ? `accepted elo1: A is at least ${b.elo1} Elo better` : s.decision === 'H0' ? `accepted elo0: A is no more than ${b.elo0} Elo better` : 'undecided';
  const after = s.gamesAfterDecision ?? 0;
  return [
    `SPRT elo0=${b.elo0} elo1=${b.elo1} alpha=${b.alpha} beta=${b.beta}: LLR ${s.llr.toFixed(2)} (bounds ${s.limits[0].toFixed(2)}, ${s.limits[1].toFixed(2)}), ${verdict}`,
    s.pairs === 0 ? 'No pairs yet' : `${describeElo(sprtEloRange(s))} over ${s.pairs} pairs; pentanomial [${s.pentanomial.join(', ')}] (pairs scoring 0, 1/2, 1, 3/2, 2 for A)`,
    ...(after > 0 ? [`${after} ${after === 1 ? 'game was' : 'games were'} under way when the test decided: in the score, not in the test`] : []),
  ].join('\n');
}
