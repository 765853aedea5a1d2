/**
 * The strength ladder: real matches between random, greedy, the reference search (mcts-ref) and the
 * wasm search (mcts) at 200 ms and 1 s a move, and the AI levels against each other, for every
 * game of the registry on the board and with the matches of its bench plan
 * (bindings/games/<id>/bench.ts), each game's level steps last. Each match's result is saved in bench/ladder.json after every game (so a long run can be
 * resumed: finished matches are skipped, a match saved with fewer games than asked is topped up
 * with the games it lacks), and the table in docs/ladder.md is rebuilt from the file.
 *
 *   npm run ladder [-- --games 100] [-- --threads 2] [-- --game refugia] [-- --only "mcts:1000ms vs greedy"] [-- --board throngs93]
 *
 * At 100 games a match the whole ladder takes several hours on two cores.
 */
import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { mergeSummary, runMatch, summarise, type GameResult, type MatchSummary } from '../bindings/agents/match.js';
import type { LadderMatch } from '../bindings/engine/game-entry.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, type GameId } from '../bindings/games/registry.js';

/** Imported (test/readme.test.ts checks docs/ladder.md against `table`), the file runs no match. */
const isMain = process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url);
const { values } = parseArgs({
  args: isMain ? undefined : [],
  options: { games: { type: 'string' }, threads: { type: 'string' }, only: { type: 'string' }, game: { type: 'string' }, board: { type: 'string' }, 'table-only': { type: 'boolean' } },
});
const games = Number(values.games ?? 100);
const threads = Number(values.threads ?? 2);

/**
 * Each level against the one below, the steps every game's ladder ends with; alpha-beta's two
 * levels search alike from the same position, so their games open with random plies.
 */
const LEVEL_STEPS: readonly LadderMatch[] = [
  ['level:2', 'level:1'],
  ['level:3', 'level:2'],
  ['level:4', 'level:3'],
  ['level:5', 'level:4'],
  ['level:6', 'level:5'],
  ['level:7', 'level:6'],
  ['level:8', 'level:7', 2],
];

const rowsOf = (game: GameId): ReadonlyArray<readonly [string, string, string, number, string]> => {
  const { board, matches } = gameEntry(game).bench.ladder;
  return [...matches, ...LEVEL_STEPS].map(([a, b, o, on]) => [game, a, b, o ?? 0, on ?? board] as const);
};
/** [game, A, B, opening plies, board] of every match, in the order they run: each game's own (bindings/games/<id>/bench.ts), then its level steps. */
export const LADDER: ReadonlyArray<readonly [string, string, string, number, string]> = GAME_IDS.flatMap(rowsOf);

interface Entry extends MatchSummary {
  /** Absent in entries saved before the ladder had games: those are the default game's. */
  game?: string;
  a: string;
  b: string;
  board: string;
  date: string;
  seconds: number;
  machine: string;
}

const file = new URL('./ladder.json', import.meta.url);
const doc = new URL('../docs/ladder.md', import.meta.url);
const load = (): Entry[] => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Entry[]) : []);
const same = (e: Entry, game: string, a: string, b: string, board: string): boolean =>
  (e.game ?? DEFAULT_GAME) === game && e.a === a && e.b === b && e.board === board;

export function table(entries: Entry[]): string {
  const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;
  const rows = LADDER.map(([game, a, b, , board]) => entries.find((e) => same(e, game, a, b, board)))
    .filter((e): e is Entry => !!e)
    .map(
      (e) =>
        `| ${e.game ?? DEFAULT_GAME} ${e.board} | \`${e.a}\` | \`${e.b}\` | ${e.games} | ${e.winsA}–${e.winsB}${e.draws ? `–${e.draws}` : ''} | **${pct(e.winRateA)}** (${pct(e.interval95[0])}–${pct(e.interval95[1])}) | ${e.eloDiff > 0 ? '+' : ''}${e.eloDiff.toFixed(0)} | ${e.averagePlies.toFixed(0)} |`,
    );
  const missing = LADDER.filter(([game, a, b, , board]) => !entries.some((e) => same(e, game, a, b, board))).map(
    ([game, a, b, , board]) => `${game} ${board} \`${a}\` vs \`${b}\``,
  );
  return [
    '| game, board | A | B | games | A wins–B wins(–draws) | A scores (95% interval) | Elo A−B | moves a game |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    ...(missing.length ? ['', `Not yet measured: ${missing.join(', ')}.`] : []),
  ].join('\n');
}

function writeTable(entries: Entry[]): void {
  const text = readFileSync(doc, 'utf8');
  const start = '<!-- ladder:start -->';
  const end = '<!-- ladder:end -->';
  if (!text.includes(start)) return;
  writeFileSync(doc, text.slice(0, text.indexOf(start) + start.length) + '\n' + table(entries) + '\n' + text.slice(text.indexOf(end)));
}

/** Games first, first+1, … that have all finished (with threads, games finish out of order). */
function finishedPrefix(results: readonly GameResult[], first: number): GameResult[] {
  const byIndex = new Map(results.map((r) => [r.index, r]));
  const prefix: GameResult[] = [];
  for (let i = first; byIndex.has(i); i++) prefix.push(byIndex.get(i)!);
  return prefix;
}

/** Saves a match's entry: the saved one, if any, with `done` added; rewrites docs/ladder.md's table. */
function save(game: string, a: string, b: string, board: string, saved: Entry | undefined, done: readonly GameResult[], seconds: number): Entry {
  const summary = saved ? mergeSummary(saved, done) : summarise(done);
  const entry: Entry = { game, a, b, board, date: new Date().toISOString(), seconds: seconds + (saved?.seconds ?? 0), machine: `${cpus()[0]?.model ?? '?'} x${cpus().length}`, ...summary };
  const entries = load().filter((e) => !same(e, game, a, b, board));
  entries.push(entry);
  writeFileSync(file, JSON.stringify(entries, null, 2) + '\n');
  writeTable(entries);
  return entry;
}

if (!isMain) {
  // imported for `table`
} else if (values['table-only']) {
  writeTable(load());
} else {
  for (const [game, a, b, openingPlies, board] of LADDER) {
    if (values.game && values.game !== game) continue;
    if (values.only && values.only !== `${a} vs ${b}`) continue;
    if (values.board && values.board !== board) continue;
    const saved = load().find((e) => same(e, game, a, b, board));
    if (saved && saved.games >= games) continue;
    const started = performance.now();
    const first = saved?.games ?? 0;
    // Saved after every game, so a match killed part way (a Populace level game takes minutes)
    // keeps what it played: only games first, first+1, … with none missing, since the next
    // top-up starts after them.
    let kept = 0;
    let entry: Entry | undefined;
    const checkpoint = (results: readonly GameResult[]): void => {
      const done = finishedPrefix(results, first);
      if (done.length === kept) return;
      kept = done.length;
      entry = save(game, a, b, board, saved, done, Math.round((performance.now() - started) / 1000));
    };
    await runMatch({ a, b, games, threads, game: { game, board }, seed: 1, openingPlies, firstGame: first, onGame: (_, results) => checkpoint(results) });
    const summary = entry!;
    console.log(`${game} ${a} vs ${b}: ${summary.winsA}-${summary.winsB}-${summary.draws}, ${(summary.winRateA * 100).toFixed(1)}%, Elo ${summary.eloDiff} (${summary.seconds} s)`);
  }
}
