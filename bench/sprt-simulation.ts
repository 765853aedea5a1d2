/**
 * Simulated SPRT runs, for the test's error rates (bench/sprt-errors.ts writes the table in
 * docs/cli.md; test/layers/sprt.test.ts runs a smaller seeded version).
 *
 * The model: the games of a match are independent, each scoring 1, ½ or 0 for A with
 * probabilities s - d/2, d and 1 - s - d/2, where d is the draw rate and s = 1 / (1 + 10^(-elo/400))
 * A's expected score at the true Elo difference (the SPRT's logistic Elo). Games come in pairs,
 * and a pair's score, the sum of its two games, is what the SPRT counts (the pentanomial).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { expectedScore, sprtVerdict, type Pentanomial, type SprtBounds } from '../bindings/agents/sprt.js';
import { Rng } from '../reference/core/rng.js';

/** One game's result for A (1, ½ or 0) as a number of half points: 2, 1 or 0. */
function gameSampler(elo: number, drawRate: number, rng: Rng): () => number {
  const s = expectedScore(elo);
  const win = s - drawRate / 2;
  if (win < 0 || 1 - s - drawRate / 2 < 0) throw new RangeError(`a draw rate of ${drawRate} leaves no room for an expected score of ${s.toFixed(3)} (Elo ${elo})`);
  return () => {
    const u = rng.nextU32() / 2 ** 32;
    return u < win ? 2 : u < win + drawRate ? 1 : 0;
  };
}

export interface SimulatedRun {
  readonly decision: 'H0' | 'H1' | null;
  readonly pairs: number;
}

/** Where an undecided run is given up. */
export const MAX_PAIRS = 100_000;

/** One SPRT run on games `elo` apart with draw rate `drawRate`: pairs until it decides, or `maxPairs`. */
export function simulateRun(bounds: SprtBounds, elo: number, drawRate: number, rng: Rng, maxPairs = MAX_PAIRS): SimulatedRun {
  const game = gameSampler(elo, drawRate, rng);
  const penta: Pentanomial = [0, 0, 0, 0, 0];
  for (let pairs = 1; pairs <= maxPairs; pairs++) {
    penta[game() + game()]!++;
    const { decision } = sprtVerdict(bounds, penta);
    if (decision) return { decision, pairs };
  }
  return { decision: null, pairs: maxPairs };
}

/** A cell of the error-rate table: bounds and a draw rate. */
export interface Cell {
  readonly bounds: SprtBounds;
  readonly drawRate: number;
}

export interface CellRates {
  readonly cell: Cell;
  readonly runs: number;
  /** Runs with the true Elo at elo0 that accepted elo1 (the type I error, to be held at alpha). */
  readonly falseH1: number;
  /** Runs with the true Elo at elo1 that accepted elo0 (the type II error, to be held at beta). */
  readonly falseH0: number;
  /** Runs that had not decided at the cap of pairs, at elo0 and at elo1. */
  readonly undecided: number;
  readonly meanPairsAtElo0: number;
  readonly meanPairsAtElo1: number;
}

/** `runs` runs at elo0 and `runs` at elo1, from `seed`. */
export function cellRates(cell: Cell, runs: number, seed: number, maxPairs?: number): CellRates {
  const rng = new Rng(seed);
  const at = (elo: number): SimulatedRun[] => Array.from({ length: runs }, () => simulateRun(cell.bounds, elo, cell.drawRate, rng, maxPairs));
  const atElo0 = at(cell.bounds.elo0);
  const atElo1 = at(cell.bounds.elo1);
  const mean = (rs: SimulatedRun[]): number => rs.reduce((s, r) => s + r.pairs, 0) / rs.length;
  return {
    cell,
    runs,
    falseH1: atElo0.filter((r) => r.decision === 'H1').length,
    falseH0: atElo1.filter((r) => r.decision === 'H0').length,
    undecided: [...atElo0, ...atElo1].filter((r) => r.decision === null).length,
    meanPairsAtElo0: mean(atElo0),
    meanPairsAtElo1: mean(atElo1),
  };
}

/** The most a rate of `nominal` may show over `runs` runs: nominal plus three standard errors. */
export const rateLimit = (nominal: number, runs: number): number => nominal + 3 * Math.sqrt((nominal * (1 - nominal)) / runs);

/** The table's cells: two sets of bounds, each at 0%, 30% and 80% draws, alpha = beta = 0.05. */
export const CELLS: readonly Cell[] = [
  [0, 30],
  [40, 70],
].flatMap(([elo0, elo1]) => [0, 0.3, 0.8].map((drawRate) => ({ bounds: { elo0: elo0!, elo1: elo1!, alpha: 0.05, beta: 0.05 }, drawRate })));

export function errorTable(rows: readonly CellRates[], seed: number): string {
  const pct = (k: number, n: number): string => `${((100 * k) / n).toFixed(2)}%`;
  const ok = (r: CellRates): string => (r.falseH1 / r.runs <= rateLimit(r.cell.bounds.alpha, r.runs) && r.falseH0 / r.runs <= rateLimit(r.cell.bounds.beta, r.runs) ? 'yes' : '**no**');
  return [
    '| elo0, elo1 | draws | runs each | false H1 at elo0 | false H0 at elo1 | limit (5% + 3 s.e.) | within | undecided | mean pairs at elo0 / elo1 |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) =>
      [
        `${r.cell.bounds.elo0}, ${r.cell.bounds.elo1}`,
        `${Math.round(r.cell.drawRate * 100)}%`,
        r.runs.toLocaleString('en-US'),
        pct(r.falseH1, r.runs),
        pct(r.falseH0, r.runs),
        `${(100 * rateLimit(r.cell.bounds.alpha, r.runs)).toFixed(2)}%`,
        ok(r),
        String(r.undecided),
        `${r.meanPairsAtElo0.toFixed(0)} / ${r.meanPairsAtElo1.toFixed(0)}`,
      ]
        .join(' | ')
        .replace(/^(.*)$/, '| $1 |'),
    ),
    '',
    `Seed ${seed}; alpha = beta = 0.05; a run still undecided at ${MAX_PAIRS.toLocaleString('en-US')} pairs is stopped there.`,
  ].join('\n');
}

/** Rewrites the table between its markers on the page at `path`. */
export function writeErrorTable(path: string | URL, table: string): void {
  const text = readFileSync(path, 'utf8');
  const start = '<!-- sprt-errors:start -->';
  const end = '<!-- sprt-errors:end -->';
  if (!text.includes(start) || !text.includes(end)) throw new Error(`${String(path)} has no ${start} … ${end} markers`);
  writeFileSync(path, text.slice(0, text.indexOf(start) + start.length) + '\n' + table + '\n' + text.slice(text.indexOf(end)));
}
