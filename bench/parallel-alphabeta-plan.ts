/**
 * The parallel alpha-beta's measured speed-ups (bench/parallel-alphabeta.ts --write): the plan,
 * from each game's bench plan, the rows saved in bench/parallel-alphabeta.json, and the table
 * docs/benchmarks.md shows.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { GAME_IDS, gameEntry, isGameId } from '../bindings/games/registry.js';

export interface Row {
  readonly game: string;
  readonly board: string;
  readonly plies: number;
  readonly depth: number;
  readonly oneCoreNodes: number;
  /** Per worker count: the nodes of all workers, the most on one, the critical path, jobs, entries shared, and whether the value was the one-core value. */
  readonly workers: ReadonlyArray<{ n: number; nodes: number; most: number; path: number; jobs: number; entries: number; sameValue: boolean }>;
}

/** What --write measures: [game, board, plies in, depths], on each game's ladder board. */
export const PLAN: ReadonlyArray<readonly [string, string, number, readonly number[]]> = GAME_IDS.flatMap((g) => {
  const { ladder, parallelAlphaBeta } = gameEntry(g).bench;
  return (parallelAlphaBeta ?? []).map(([plies, depths]) => [g, ladder.board, plies, depths] as const);
});

export const PARALLEL_FILE = new URL('./parallel-alphabeta.json', import.meta.url);
const doc = new URL('../docs/benchmarks.md', import.meta.url);

export const loadParallel = (): Row[] => (existsSync(PARALLEL_FILE) ? (JSON.parse(readFileSync(PARALLEL_FILE, 'utf8')) as Row[]) : []);

export function table(rows: readonly Row[]): string {
  const f = (x: number): string => x.toLocaleString('en-US');
  const speed = (r: Row, n: number): string => {
    const w = r.workers.find((x) => x.n === n);
    return w ? `${(r.oneCoreNodes / w.path).toFixed(2)}x` : '—';
  };
  return [
    '| game, board | plies in | depth | one core: nodes | 2 workers: nodes | critical path | speed-up | 3 workers: speed-up | the one-core value |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const two = r.workers.find((x) => x.n === 2)!;
      const title = isGameId(r.game) ? gameEntry(r.game).rules.title : r.game;
      return `| ${title} ${r.board} | ${r.plies} | ${r.depth} | ${f(r.oneCoreNodes)} | ${f(two.nodes)} | ${f(two.path)} | **${speed(r, 2)}** | ${speed(r, 3)} | ${r.workers.every((w) => w.sameValue) ? 'yes' : 'no'} |`;
    }),
  ].join('\n');
}

/** Rewrites the table between its markers in docs/benchmarks.md. */
export function writeParallelTable(rows: readonly Row[]): void {
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- parallel-alphabeta:start -->';
  const end = '<!-- parallel-alphabeta:end -->';
  if (!text.includes(start)) return;
  writeFileSync(doc, text.slice(0, text.indexOf(start) + start.length) + '\n' + table(rows) + '\n' + text.slice(text.indexOf(end)));
}
