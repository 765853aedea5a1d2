/**
 * The sequential probability ratio test over game pairs, as fishtest runs it: games are played in
 * pairs (one opening, colours swapped), each pair scores 0, ½, 1, 1½ or 2 for A (the pentanomial
 * counts), and after each pair the log-likelihood ratio of "A is elo1 stronger" against "A is
 * elo0 stronger" is compared with the bounds ln(β/(1-α)) and ln((1-β)/α). Pairs rather than
 * games, because the two games of a pair share their opening: their results are not independent,
 * and counting pairs takes that into account (the variance is measured, not assumed).
 *
 * The LLR is the generalised SPRT's normal approximation (fishtest's LLR of the pair score):
 * N (s1 - s0) (2 mean - s0 - s1) / (2 variance), with s0, s1 the expected scores at elo0 and elo1
 * (logistic Elo) and the mean and variance of the pair scores measured so far (with a small prior).
 */
import { UsageError } from '../../reference/core/errors.js';

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
  /** A's Elo over B measured from the pairs, with its 95% interval. */
  readonly elo: number;
  readonly eloInterval95: readonly [number, number];
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

/** The expected score of a player `elo` stronger (logistic Elo). */
export const expectedScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));
/** The Elo difference that expects `score` (clamped away from 0 and 1). */
export function eloOf(score: number): number {
  const s = Math.min(1 - 1e-6, Math.max(1e-6, score));
  return -400 * Math.log10(1 / s - 1);
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

/**
 * Half a pair in each bucket: without it a run's first pairs, all in one bucket, have no variance
 * and the LLR leaps past a bound (on simulated matches the error rates then reach a third). With
 * it they hold at alpha and beta (test/layers/sprt.test.ts), and it fades as pairs come in.
 */
const PRIOR = 0.5;

/** The SPRT's state after the pairs counted in `penta`. */
export function sprt(bounds: SprtBounds, penta: Pentanomial): SprtState {
  const pairs = penta.reduce((a, b) => a + b, 0);
  const limits = [Math.log(bounds.beta / (1 - bounds.alpha)), Math.log((1 - bounds.beta) / bounds.alpha)] as const;
  const n = penta.map((c) => c + PRIOR);
  const total = n.reduce((a, b) => a + b, 0);
  // Pair scores as a share of the pair's 2 points: 0, ¼, ½, ¾, 1.
  const mean = n.reduce((s, c, i) => s + (c / total) * (i / 4), 0);
  const variance = n.reduce((s, c, i) => s + (c / total) * (i / 4 - mean) ** 2, 0);
  const [s0, s1] = [expectedScore(bounds.elo0), expectedScore(bounds.elo1)];
  const llr = pairs === 0 || variance <= 0 ? 0 : (pairs * (s1 - s0) * (2 * mean - s0 - s1)) / (2 * variance);
  const decision = llr >= limits[1] ? 'H1' : llr <= limits[0] ? 'H0' : null;
  const spread = pairs === 0 ? 0.5 : 1.959964 * Math.sqrt(variance / pairs);
  return {
    bounds,
    pentanomial: penta,
    pairs,
    llr,
    limits,
    decision,
    elo: eloOf(mean),
    eloInterval95: [eloOf(mean - spread), eloOf(mean + spread)],
  };
}

/** One line for people: the LLR against its bounds, the Elo with its interval, the pair counts. */
export function describeSprt(s: SprtState): string {
  const b = s.bounds;
  const verdict = s.decision === 'H1' ? `accepted elo1: A is at least ${b.elo1} Elo better` : s.decision === 'H0' ? `accepted elo0: A is no more than ${b.elo0} Elo better` : 'undecided';
  const elo = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;
  return [
    `SPRT elo0=${b.elo0} elo1=${b.elo1} alpha=${b.alpha} beta=${b.beta}: LLR ${s.llr.toFixed(2)} (bounds ${s.limits[0].toFixed(2)}, ${s.limits[1].toFixed(2)}), ${verdict}`,
    `Elo ${elo(s.elo)} (95% interval ${elo(s.eloInterval95[0])} to ${elo(s.eloInterval95[1])}) over ${s.pairs} pairs; pentanomial [${s.pentanomial.join(', ')}] (pairs scoring 0, 1/2, 1, 3/2, 2 for A)`,
  ].join('\n');
}
