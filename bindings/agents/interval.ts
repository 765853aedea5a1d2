/**
 * Scores, Elo differences and their 95% intervals, and how they are written for people: an
 * estimate or an interval end with no bound (A or B scored every point) is said in words, never
 * printed as the figure a stand-in or a clamp happened to give.
 */

/** The 95% Wilson score interval of a share `p` observed over `n` trials. */
export function wilsonInterval(p: number, n: number): [number, number] {
  const z = 1.96;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / (1 + (z * z) / n);
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The expected score of a player `elo` stronger: logistic Elo, 1 / (1 + 10^(-elo/400)), per game
 * (fishtest's `L` and the meaning of its "logistic" SPRT bounds).
 */
export const expectedScore = (elo: number): number => 1 / (1 + 10 ** (-elo / 400));

/** The Elo difference that expects `score`: +Infinity at 1 and -Infinity at 0 (no bound). */
export const eloOf = (score: number): number => -400 * Math.log10(1 / score - 1);

/** An Elo estimate with its 95% interval; ±Infinity where there is no bound. */
export interface EloRange {
  readonly elo: number;
  readonly lower: number;
  readonly upper: number;
}

/**
 * The Elo of A's score over games (draws half), with the Wilson interval: the estimate and the
 * upper end have no bound when A won every game, the estimate and the lower end when A lost them all.
 */
export function scoreEloRange(c: { readonly winsA: number; readonly winsB: number; readonly draws: number }): EloRange {
  const n = c.winsA + c.winsB + c.draws;
  if (n === 0) return { elo: NaN, lower: -Infinity, upper: Infinity };
  const p = (c.winsA + c.draws / 2) / n;
  const [lo, hi] = wilsonInterval(p, n);
  // Wilson's end is 1 (or 0) exactly when p is, though rounding may leave it a hair short.
  return { elo: eloOf(p), lower: p === 0 ? -Infinity : eloOf(lo), upper: p === 1 ? Infinity : eloOf(hi) };
}

/**
 * The range as data (JSON has no Infinity): an estimate or end with no bound becomes the Elo of a
 * score half a game short of perfect over `games` games, the stand-in of a match's summary. Only
 * for storing: to print, take the range from the counts (scoreEloRange, sprtEloRange).
 */
export function storedElo(r: EloRange, games: number): EloRange {
  const cap = eloOf(1 - 0.5 / games);
  const finite = (x: number): number => (x === Infinity ? cap : x === -Infinity ? -cap : x);
  return { elo: finite(r.elo), lower: finite(r.lower), upper: finite(r.upper) };
}

const signed = (x: number): string => `${x >= 0 ? '+' : ''}${x.toFixed(1)}`;

/**
 * The range for people: `Elo +107.5 (95% interval +6.8 to +210.3)`; with every point A's,
 * `Elo with no upper bound (A scored every point): at least +200.2 at 95% confidence`.
 * `short` is the live line's form: `Elo +107.5 [+6.8, +210.3]`, `Elo ≥ +200.2 (every point A's)`.
 */
export function describeElo(r: EloRange, form: 'long' | 'short' = 'long'): string {
  if (Number.isNaN(r.elo)) return 'Elo: no games yet';
  const short = form === 'short';
  if (r.elo === Infinity) {
    return short ? `Elo ≥ ${signed(r.lower)} (every point A's)` : `Elo with no upper bound (A scored every point): at least ${signed(r.lower)} at 95% confidence`;
  }
  if (r.elo === -Infinity) {
    return short ? `Elo ≤ ${signed(r.upper)} (every point B's)` : `Elo with no lower bound (B scored every point): at most ${signed(r.upper)} at 95% confidence`;
  }
  const lower = r.lower === -Infinity ? 'no lower bound' : signed(r.lower);
  const upper = r.upper === Infinity ? 'no upper bound' : signed(r.upper);
  return short ? `Elo ${signed(r.elo)} [${lower}, ${upper}]` : `Elo ${signed(r.elo)} (95% interval ${lower} to ${upper})`;
}
