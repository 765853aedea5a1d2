/**
 * The likelihood of a mean, for outcomes counted in buckets (the pentanomial's pair scores): of
 * all distributions over the buckets' values with mean `s`, the one under which the counts are
 * most likely, and that likelihood (the profile likelihood of the mean). The SPRT's exact LLR is
 * the difference of two of these (fishtest's `MLE_expected`), and its Elo interval is where this
 * likelihood stays within a χ² quantile of its maximum.
 */

/**
 * The maximum-likelihood distribution over `values` (ascending, at least two) with mean `s`,
 * strictly between the first and the last value, given the bucket `counts`.
 *
 * With shares f (the counts over their total), maximising Σ fᵢ ln qᵢ subject to Σ qᵢ = 1 and
 * Σ qᵢ aᵢ = s gives qᵢ = fᵢ / (1 + x (aᵢ - s)) for the Lagrange multiplier x that solves
 * Σ fᵢ (aᵢ - s) / (1 + x (aᵢ - s)) = 0, a decreasing function of x on the interval where every
 * 1 + x (aᵢ - s) is positive. An empty bucket gets nothing, unless the counts lie all on one side
 * of s: then no root lies in that interval, x sits at its end, and the mass that is missing goes
 * to the end value on the other side (all pairs won 2-0 and s = 0.8: 0.8 on 2-0, 0.2 on 0-2).
 */
export function mostLikelyWithMean(values: readonly number[], counts: readonly number[], s: number): number[] {
  const total = counts.reduce((a, b) => a + b, 0);
  const first = values[0]!;
  const last = values[values.length - 1]!;
  if (!(total > 0) || !(s > first && s < last)) throw new RangeError(`a mean of ${s} needs counts and must lie strictly between ${first} and ${last}`);
  const d = values.map((a) => a - s);
  const f = counts.map((c) => c / total);
  const h = (x: number): number => f.reduce((sum, fi, i) => (fi > 0 ? sum + (fi * d[i]!) / (1 + x * d[i]!) : sum), 0);
  const slope = (x: number): number => f.reduce((sum, fi, i) => (fi > 0 ? sum - (fi * d[i]! ** 2) / (1 + x * d[i]!) ** 2 : sum), 0);
  // Every 1 + x (aᵢ - s) > 0: x above -1/(last - s) and below 1/(s - first).
  let lo = -1 / (last - s);
  let hi = 1 / (s - first);
  let x: number;
  let boundary: 'first' | 'last' | null = null;
  if (counts[counts.length - 1]! <= 0 && h(lo) <= 0) [x, boundary] = [lo, 'last'];
  else if (counts[0]! <= 0 && h(hi) >= 0) [x, boundary] = [hi, 'first'];
  else {
    // Newton's method inside a bracket [lo, hi] with h(lo) > 0 > h(hi). A step is measured by how
    // much it changes the weights fᵢ / (1 + x dᵢ): a Newton step that would change one by half or
    // more (near a pole, where h is steep and its steps tiny but not converging) is a bisection instead.
    const change = (dx: number, at: number): number => f.reduce((m, fi, i) => (fi > 0 ? Math.max(m, Math.abs((dx * d[i]!) / (1 + at * d[i]!))) : m), 0);
    x = 0;
    for (let step = 0; step < 500; step++) {
      const hx = h(x);
      if (hx === 0) break;
      if (hx > 0) lo = x;
      else hi = x;
      const newton = x - hx / slope(x);
      if (newton > lo && newton < hi && change(newton - x, x) < 0.5) {
        const done = change(newton - x, x) <= 1e-14;
        x = newton;
        if (done) break;
      } else {
        x = (lo + hi) / 2;
        if (change(hi - lo, x) <= 1e-14 || x === lo || x === hi) break;
      }
    }
  }
  const q = f.map((fi, i) => (fi > 0 ? fi / (1 + x * d[i]!) : 0));
  // At an end of x's interval the missing mass belongs to the end value whose factor is 0.
  if (boundary) q[boundary === 'last' ? q.length - 1 : 0] = Math.max(0, 1 - q.reduce((a, b) => a + b, 0));
  return q;
}

/** Σ cᵢ ln qᵢ for the most likely distribution with mean `s` (the log of the profile likelihood). */
export function logLikelihoodOfMean(values: readonly number[], counts: readonly number[], s: number): number {
  const q = mostLikelyWithMean(values, counts, s);
  return counts.reduce((sum, c, i) => (c > 0 ? sum + c * Math.log(q[i]!) : sum), 0);
}

/** The 95% quantile of χ² with one degree of freedom. */
export const CHI2_95 = 3.841458820694124;

/**
 * The means whose likelihood is within `quantile`/2 (in log) of the best, the counts' own mean:
 * the likelihood-ratio interval (95% for the default quantile). An end is the first or last
 * value itself when the counts all lie there (every pair won 2-0: no upper end short of 1).
 */
export function likelihoodInterval(values: readonly number[], counts: readonly number[], quantile = CHI2_95): [number, number] {
  const total = counts.reduce((a, b) => a + b, 0);
  const mean = counts.reduce((sum, c, i) => sum + c * values[i]!, 0) / total;
  const best = counts.reduce((sum, c) => (c > 0 ? sum + c * Math.log(c / total) : sum), 0);
  const first = values[0]!;
  const last = values[values.length - 1]!;
  // Outside where the profile falls by quantile/2; it is concave in s, so each side has one crossing.
  const outside = (s: number): boolean => 2 * (best - logLikelihoodOfMean(values, counts, s)) > quantile;
  // Searched on the log-odds of (s - first) / (last - first), where the Elo scale is linear.
  const toS = (t: number): number => first + (last - first) / (1 + Math.exp(-t));
  const end = (towards: 1 | -1): number => {
    if ((towards === 1 && mean >= last) || (towards === -1 && mean <= first)) return towards === 1 ? last : first;
    // ±36 in log-odds leaves s a few ulps from the ends, where the likelihood has long fallen.
    const clamp = (t: number): number => Math.min(36, Math.max(-36, t));
    const t0 = clamp(Math.log((mean - first) / (last - mean)));
    let inside = t0;
    let out = t0;
    for (let step = 1; ; step *= 2) {
      out = clamp(t0 + towards * step);
      if (outside(toS(out))) break;
      if (Math.abs(out) >= 36) return towards === 1 ? last : first;
      inside = out;
    }
    for (let i = 0; i < 100 && Math.abs(out - inside) > 1e-10; i++) {
      const mid = (inside + out) / 2;
      if (outside(toS(mid))) out = mid;
      else inside = mid;
    }
    return toS((inside + out) / 2);
  };
  return [end(-1), end(1)];
}
