/**
 * The strength ladder's plan and table: every game of the registry, on the board and with the
 * matches of its bench plan (bindings/games/<id>/bench.ts), each game's level steps last; the
 * results saved in bench/ladder.json; the table docs/ladder.md shows. bench/ladder.ts runs it.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Adjudication } from '../bindings/agents/adjudication.js';
import type { MatchSummary } from '../bindings/agents/match.js';
import { eloOf, sprt, type Pentanomial, type SprtBounds } from '../bindings/agents/sprt.js';
import { describeElo, scoreEloRange } from '../bindings/agents/interval.js';
import type { LadderMatch } from '../bindings/engine/game-entry.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, type GameId } from '../bindings/games/registry.js';
import { accuracyCell, loadAccuracy, type AccuracyEntry } from './accuracy-plan.js';

/**
 * Each level against the one below, the steps every game's ladder ends with, then the top level on
 * two cores against itself on one, and with four times its time against itself (what more search
 * buys: how much strength is left to find); alpha-beta's levels search alike from the same
 * position, so their games open with random plies.
 */
const LEVEL_STEPS: readonly LadderMatch[] = [
  ['level:2', 'level:1'],
  ['level:3', 'level:2'],
  ['level:4', 'level:3'],
  ['level:5', 'level:4'],
  ['level:6', 'level:5'],
  ['level:7', 'level:6'],
  ['level:8', 'level:7', 2],
  ['level:8,workers=2', 'level:8', 2],
  ['level:8,ms=8000', 'level:8', 2],
];

const rowsOf = (game: GameId): ReadonlyArray<readonly [string, string, string, number, string]> => {
  const { board, matches } = gameEntry(game).bench.ladder;
  return [...matches, ...LEVEL_STEPS].map(([a, b, o, on]) => [game, a, b, o ?? 0, on ?? board] as const);
};
/** [game, A, B, opening plies, board] of every match, in the order they run. */
export const LADDER: ReadonlyArray<readonly [string, string, string, number, string]> = GAME_IDS.flatMap(rowsOf);

/** A game as an entry keeps it: [index, A's score, plies, end reason]; the record is left out, to keep the file small. */
export type KeptGame = readonly [index: number, scoreA: number, plies: number, reason: string];

/** How a step's games were played, kept so that a stopped step resumes the same way. */
export interface HowPlayed {
  /** The SPRT's bounds; null: a fixed number of games. */
  readonly sprt: SprtBounds | null;
  /** The opening suite the pairs started from, as a path from the project's root; null: none. */
  readonly suite: string | null;
  /** Random plies (seeded by the pair) from the suite's position or the set-up before the agents play. */
  readonly openingPlies: number;
  /** Games ended once both searches agree on the winner (adjudication.ts); absent: played out. */
  readonly adjudication?: Adjudication;
}

/** The SPRT's state as an entry keeps it, for people: a resumed step recomputes it from the games. */
export interface KeptSprt {
  readonly llr: number;
  readonly limits: readonly [number, number];
  readonly decision: 'H0' | 'H1' | null;
  readonly pairs: number;
  readonly pentanomial: Pentanomial;
  readonly elo: number;
  readonly eloInterval95: readonly [number, number];
}

export interface Entry extends MatchSummary {
  /** Absent in entries saved before the ladder had games: those are the default game's. */
  game?: string;
  a: string;
  b: string;
  board: string;
  date: string;
  /** Wall seconds, over every run that played the step's games. */
  seconds: number;
  /** CPU seconds of those runs' processes (every thread); absent where a part was not measured. */
  cpuSeconds?: number;
  /** The threads the last run played on: what the wall time is read against. */
  threads?: number;
  machine: string;
  /**
   * Absent in entries saved before the ladder kept each game: fixed-length matches from the
   * plan's opening plies, which no SPRT can resume.
   */
  played?: HowPlayed;
  /** Games 0, 1, … in order, none missing; present whenever `played` is. */
  results?: KeptGame[];
  /** With `played.sprt`. */
  sprt?: KeptSprt;
}

export const file = new URL('./ladder.json', import.meta.url);
export const doc = new URL('../docs/ladder.md', import.meta.url);
/** The project's root, where the opening suites' paths start. */
export const root = new URL('../', import.meta.url);

export const load = (path: string | URL = file): Entry[] => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Entry[]) : []);

/** The entries as JSON, each entry's games on one line: a step of 200 games adds a line, not a thousand. */
export function formatEntries(entries: readonly Entry[]): string {
  // The games go into the text as a marked string, which is then replaced by its unquoted content.
  const mark = '\u0000';
  const text = JSON.stringify(entries, (key, value: unknown) => (key === 'results' && Array.isArray(value) ? mark + JSON.stringify(value) : value), 2);
  return text.replace(/"\\u0000(?:[^"\\]|\\.)*"/g, (quoted) => (JSON.parse(quoted) as string).slice(1)) + '\n';
}

export const same = (e: Entry, game: string, a: string, b: string, board: string): boolean =>
  (e.game ?? DEFAULT_GAME) === game && e.a === a && e.b === b && e.board === board;

/** The bounds the ladder tests by default: elo0 0, elo1 the Elo of a 60% score (about 70). */
export const DEFAULT_SPRT: SprtBounds = { elo0: 0, elo1: eloOf(0.6), alpha: 0.05, beta: 0.05 };

export const sameBounds = (x: SprtBounds | null, y: SprtBounds | null): boolean =>
  x === y || (!!x && !!y && x.elo0 === y.elo0 && x.elo1 === y.elo1 && x.alpha === y.alpha && x.beta === y.beta);

/** The SPRT cell: its verdict and LLR, the bounds when not the default; a dash for a fixed length. */
/**
 * The SPRT cell: the verdict and LLR of the exact test on the pairs kept. Where the step was
 * decided otherwise when played (by the normal approximation the test used before it was exact),
 * that verdict is given too, since it is why the step stopped.
 */
export function sprtCell(e: Entry): string {
  if (!e.played?.sprt || !e.sprt) return '—';
  const b = e.played.sprt;
  const bounds = sameBounds(b, DEFAULT_SPRT) ? '' : `; elo0=${b.elo0}, elo1=${Number(b.elo1.toFixed(1))}${b.alpha !== 0.05 || b.beta !== 0.05 ? `, alpha=${b.alpha}, beta=${b.beta}` : ''}`;
  const exact = sprt(b, e.sprt.pentanomial);
  const then = exact.decision === e.sprt.decision ? '' : `; ${e.sprt.decision ?? 'undecided'} at LLR ${e.sprt.llr.toFixed(2)} by the approximate test it was played under`;
  return `${exact.decision ?? 'undecided'} (LLR ${exact.llr.toFixed(2)}${bounds}${then})`;
}

/** The Elo cell: the estimate, or in words where A or B scored every point (it has no bound then). */
export function eloCell(e: Entry): string {
  const r = scoreEloRange(e);
  if (r.elo === Infinity) return `≥ +${r.lower.toFixed(0)}`;
  if (r.elo === -Infinity) return `≤ ${r.upper.toFixed(0)}`;
  return `${r.elo > 0 ? '+' : ''}${r.elo.toFixed(0)}`;
}

/** The openings cell: the suite's file, or the random plies (entries without `played`: the plan's). */
export function openingsCell(e: Entry, planPlies: number): string {
  const suite = e.played?.suite;
  const plies = e.played ? e.played.openingPlies : planPlies;
  const random = plies ? `${plies} random plies` : '';
  if (suite) return `suite \`${suite.replace(/^.*\//, '')}\`${random ? ` + ${random}` : ''}`;
  return random || 'start';
}

/** The moves a game, with the adjudication that ended games early when there was one. */
export function movesCell(e: Entry): string {
  const a = e.played?.adjudication;
  return `${e.averagePlies.toFixed(0)}${a ? ` (adjudicated at ${a.threshold} over ${a.plies})` : ''}`;
}

/**
 * The table; `accuracy` adds each A's share of positions where it kept the solved value
 * (accuracy-plan.ts); `games`, where given, keeps only those games' steps.
 */
export function table(entries: Entry[], accuracy: readonly AccuracyEntry[] = [], games?: ReadonlySet<string>): string {
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  const steps = games ? LADDER.filter(([game]) => games.has(game)) : LADDER;
  const rows = steps.flatMap(([game, a, b, plies, board]) => {
    const e = entries.find((x) => same(x, game, a, b, board));
    return e
      ? [
          `| ${e.game ?? DEFAULT_GAME} ${e.board} | \`${e.a}\` | \`${e.b}\` | ${e.games} | ${e.winsA}–${e.winsB}${e.draws ? `–${e.draws}` : ''} | **${pct(e.winRateA)}** (${pct(e.interval95[0])}–${pct(e.interval95[1])}) | ${eloCell(e)} | ${sprtCell(e)} | ${openingsCell(e, plies)} | ${movesCell(e)} | ${accuracyCell(accuracy, e.game ?? DEFAULT_GAME, e.a)} |`,
        ]
      : [];
  });
  const missing = steps.filter(([game, a, b, , board]) => !entries.some((e) => same(e, game, a, b, board))).map(
    ([game, a, b, , board]) => `${game} ${board} \`${a}\` vs \`${b}\``,
  );
  return [
    '| game, board | A | B | games | A wins–B wins(–draws) | A scores (95% interval) | Elo A−B | SPRT | openings | moves a game | A keeps the solved value |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(missing.length ? ['', `Not yet measured: ${missing.join(', ')}.`] : []),
  ].join('\n');
}

/**
 * The table docs/ladder.md shows: the steps of the games the ladder has measured, so that a game
 * added to the registry comes onto the page with its first saved match, not before.
 */
export function pageTable(entries: Entry[], accuracy: readonly AccuracyEntry[] = loadAccuracy()): string {
  return table(entries, accuracy, new Set(entries.map((e) => e.game ?? DEFAULT_GAME)));
}

/** Rewrites the table between the markers of the page at `path` (a page without them is left alone). */
export function writeTable(path: string | URL, entries: Entry[], accuracy: readonly AccuracyEntry[] = loadAccuracy()): void {
  const text = readFileSync(path, 'utf8');
  const start = '<!-- ladder:start -->';
  const end = '<!-- ladder:end -->';
  if (!text.includes(start)) return;
  writeFileSync(path, text.slice(0, text.indexOf(start) + start.length) + '\n' + pageTable(entries, accuracy) + '\n' + text.slice(text.indexOf(end)));
}
