/**
 * Each AI level's accuracy against perfect play: on every game's solved board (its bench plan's
 * `solved`), the share of sampled positions where the level keeps the proven value
 * (bindings/agents/accuracy.ts). Saved in bench/accuracy.json by bench/accuracy.ts; the ladder
 * table (ladder-plan.ts) shows each level's share beside its step.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { AccuracyReport } from '../bindings/agents/accuracy.js';
import type { SolvedBoard } from '../bindings/engine/game-entry.js';
import { GAME_IDS, gameEntry } from '../bindings/games/registry.js';

export interface AccuracyEntry extends AccuracyReport {
  readonly game: string;
  readonly solved: SolvedBoard;
  readonly seed: number;
  readonly date: string;
  readonly machine: string;
  /** The load average over a minute when the run started: timed levels search less on a busy machine. */
  readonly load: number;
}

export const ACCURACY_AGENTS = ['level:1', 'level:2', 'level:3', 'level:4', 'level:5', 'level:6', 'level:7', 'level:8'] as const;

/** The games with a solved board, and that board. */
export const ACCURACY_BOARDS: ReadonlyArray<readonly [game: string, solved: SolvedBoard]> = GAME_IDS.flatMap((g) => {
  const solved = gameEntry(g).bench.solved;
  return solved ? [[g, solved] as const] : [];
});

export const accuracyFile = new URL('./accuracy.json', import.meta.url);

export const loadAccuracy = (path: string | URL = accuracyFile): AccuracyEntry[] =>
  existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as AccuracyEntry[]) : [];

/** The board as the table names it: `hexhex(2)`, with its set-up and rules when not the defaults. */
export function solvedLabel(s: SolvedBoard): string {
  const rules = Object.entries(s.options ?? {}).map(([k, v]) => `${k}=${String(v)}`);
  return [s.board, ...(s.setup ? [s.setup] : []), ...rules].join(', ');
}

/** The ladder's cell for agent `a` of `game`: its share keeping the value, with the interval; a dash when not measured. */
export function accuracyCell(entries: readonly AccuracyEntry[], game: string, a: string): string {
  const e = entries.find((x) => x.game === game && x.agent === a);
  if (!e) return '—';
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  return `${pct(e.keptShare)} (${pct(e.interval95[0])}–${pct(e.interval95[1])})`;
}

/** The page's table: each agent a row, each solved board a column of shares that kept the value, with intervals and mistakes. */
export function accuracyTable(entries: readonly AccuracyEntry[]): string {
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  const boards = ACCURACY_BOARDS.filter(([g]) => entries.some((e) => e.game === g));
  if (boards.length === 0) return 'Not yet measured: `npm run accuracy`.';
  const agents = [...new Set(entries.map((e) => e.agent))];
  const cell = (game: string, agent: string): string => {
    const e = entries.find((x) => x.game === game && x.agent === agent);
    if (!e) return '—';
    const lost = Object.values(e.resultLost).reduce((a, b) => a + b, 0);
    return `**${pct(e.keptShare)}** (${pct(e.interval95[0])}–${pct(e.interval95[1])}); ${lost} results lost, ${e.marginMistakes} margins${e.pointsLostPerMistake !== null ? ` (${e.pointsLostPerMistake} points each)` : ''}`;
  };
  const first = entries.find((e) => e.game === boards[0]![0])!;
  return [
    `| agent | ${boards.map(([g, s]) => `${g} ${solvedLabel(s)}`).join(' | ')} |`,
    `|---|${boards.map(() => '---|').join('')}`,
    ...agents.map((a) => `| \`${a}\` | ${boards.map(([g]) => cell(g, a)).join(' | ')} |`),
    '',
    `Positions per board: ${boards.map(([g]) => entries.find((e) => e.game === g)!.positions).join(', ')} (seed ${first.seed}); measured ${first.date.slice(0, 10)} on ${first.machine}, load average ${boards.map(([g]) => entries.find((e) => e.game === g)!.load).join(', ')} at the start of each board's run.`,
  ].join('\n');
}

/** Rewrites the accuracy table between its markers on the page at `path`. */
export function writeAccuracyTable(path: string | URL, entries: readonly AccuracyEntry[]): void {
  const text = readFileSync(path, 'utf8');
  const start = '<!-- accuracy:start -->';
  const end = '<!-- accuracy:end -->';
  if (!text.includes(start)) return;
  writeFileSync(path, text.slice(0, text.indexOf(start) + start.length) + '\n' + accuracyTable(entries) + '\n' + text.slice(text.indexOf(end)));
}

export const solvedDoc = new URL('../docs/solved.md', import.meta.url);
