/**
 * The exact searches side by side (bench/solvers.ts --write): what is measured, from each game's
 * bench plan (`solvers`), the rows saved in bench/solvers.json, and the tables of
 * docs/benchmarks.md between the solvers markers.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { SolvedBoard } from '../bindings/engine/game-entry.js';
import { GAME_IDS, gameEntry, isGameId } from '../bindings/games/registry.js';
import type { SolveMethod } from '../bindings/solver/method.js';

export const METHODS: readonly SolveMethod[] = ['alphabeta', 'dfpn'];

export type PlanBoard = SolvedBoard & { readonly game: string; readonly resultOnly?: boolean };

/** Every game's boards both searches solve from the start. */
export const SOLVED_BOARDS: readonly PlanBoard[] = GAME_IDS.flatMap((game) => (gameEntry(game).bench.solvers?.boards ?? []).map((b) => ({ game, ...b })));
/** Every game's boards where positions near the ends of seeded games are proved. */
export const NEAR_END_BOARDS: readonly PlanBoard[] = GAME_IDS.flatMap((game) => (gameEntry(game).bench.solvers?.nearEnd ?? []).map((b) => ({ game, ...b })));

/** One method's solve of a board from the start; null figures when it ran out of time. */
export interface Solve {
  readonly method: SolveMethod;
  readonly value: string | null;
  readonly nodes: number | null;
  readonly entries: number | null;
  readonly seconds: number | null;
}

export interface BoardRow {
  readonly board: PlanBoard;
  /** Whether the margin was proven (else the result only). */
  readonly margin: boolean;
  readonly solves: readonly Solve[];
  /** The load average over a minute before the board's solves. */
  readonly load: number;
}

export interface NearEndRow {
  readonly board: PlanBoard;
  readonly seed: number;
  /** Plies the seeded game lasted. */
  readonly length: number;
  /** Per method: the most plies before the end at which it proved the value within the time, and how long each took. */
  readonly reach: ReadonlyArray<{ readonly method: SolveMethod; readonly plies: number; readonly seconds: readonly number[] }>;
}

export interface SolversRun {
  readonly date: string;
  readonly machine: string;
  readonly uptime: { readonly start: string; readonly end: string };
  readonly limitSeconds: number;
  readonly positionSeconds: number;
  readonly step: number;
  readonly boards: readonly BoardRow[];
  readonly nearEnd: readonly NearEndRow[];
}

export const SOLVERS_FILE = new URL('./solvers.json', import.meta.url);
const doc = new URL('../docs/benchmarks.md', import.meta.url);

export const loadSolvers = (): SolversRun | null => (existsSync(SOLVERS_FILE) ? (JSON.parse(readFileSync(SOLVERS_FILE, 'utf8')) as SolversRun) : null);

export function boardLabel(b: PlanBoard): string {
  const title = isGameId(b.game) ? gameEntry(b.game).rules.title : b.game;
  const options = b.options ? Object.entries(b.options).map(([k, v]) => `${k}=${String(v)}`).join(',') : '';
  return `${title} \`${b.board}\`${b.setup ? ` ${b.setup}` : ''}${options ? ` ${options}` : ''}`;
}

const f = (x: number): string => x.toLocaleString('en-US');
const secs = (x: number): string => (x < 10 ? x.toFixed(2) : x.toFixed(1));

function cell(s: Solve | undefined, limit: number): string {
  if (!s) return '—';
  if (s.seconds === null) return `not within ${limit} s`;
  return `${f(s.nodes!)} nodes, ${f(s.entries!)} entries, **${secs(s.seconds)} s**`;
}

/** The generated tables, with what they were measured on. */
export function solversTables(run: SolversRun): string {
  const boards = [
    '| game, board, rules | asked | value | alpha-beta | df-pn | time df-pn / alpha-beta |',
    '|---|---|---|---|---|---|',
    ...run.boards.map((r) => {
      const [ab, dfpn] = METHODS.map((m) => r.solves.find((s) => s.method === m));
      const value = ab?.value ?? dfpn?.value ?? '?';
      const same = ab?.value && dfpn?.value && ab.value !== dfpn.value ? ' (**values differ**)' : '';
      const ratio = ab?.seconds && dfpn?.seconds ? `${(dfpn.seconds / ab.seconds).toFixed(2)}` : '—';
      return `| ${boardLabel(r.board)} | ${r.margin ? 'value' : 'result'} | ${value}${same} | ${cell(ab, run.limitSeconds)} | ${cell(dfpn, run.limitSeconds)} | ${ratio} |`;
    }),
  ];
  const near = [
    `| game, board, rules | seed | game's length | alpha-beta: plies from the end proved | df-pn: plies from the end proved |`,
    '|---|---|---|---|---|',
    ...run.nearEnd.map((r) => {
      const reach = (m: SolveMethod): string => {
        const x = r.reach.find((q) => q.method === m);
        if (!x) return '—';
        return x.plies === 0 ? '**0** (none)' : `**${x.plies}** (${x.seconds.map(secs).join(', ')} s)`;
      };
      return `| ${boardLabel(r.board)} | ${r.seed} | ${r.length} | ${reach('alphabeta')} | ${reach('dfpn')} |`;
    }),
  ];
  return [
    boards.join('\n'),
    '',
    `Each board solved from the start by each method with a fresh 256 MB table, one thread, at most ${run.limitSeconds} s a solve ("value": the result and margin of every move that keeps the result, as \`throngs solve\` proves them; "result": \`--result-only\`). Nodes count each search's own visits (df-pn's include its re-visits), so compare times.`,
    '',
    near.join('\n'),
    '',
    `Near the ends of seeded random games (seeds ${[...new Set(run.nearEnd.map((r) => r.seed))].join(' and ')}, random moves to the end): positions ${run.step}, ${2 * run.step}, ${3 * run.step}, ... plies before the end, the position's value (result and margin) proved with a fresh table, at most ${run.positionSeconds} s each; a method's reach is the last position it proved before the first it did not (the times of those it proved in brackets).`,
    '',
    `Measured ${run.date.slice(0, 10)} on ${run.machine}, \`nice -n 10\`, on a machine shared with other work: load average ${run.uptime.start} at the start, ${run.uptime.end} at the end (uptime), and ${run.boards.map((r) => r.load).join(', ')} before each board of the first table.`,
  ].join('\n');
}

/** Rewrites the tables between their markers in docs/benchmarks.md. */
export function writeSolversTables(run: SolversRun): void {
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- solvers:start -->';
  const end = '<!-- solvers:end -->';
  if (!text.includes(start)) throw new Error(`docs/benchmarks.md has no ${start} marker`);
  writeFileSync(doc, text.slice(0, text.indexOf(start) + start.length) + '\n' + solversTables(run) + '\n' + text.slice(text.indexOf(end)));
}
