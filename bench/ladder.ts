/**
 * The strength ladder: real matches between random, greedy, the reference search (mcts-ref) and the
 * wasm search (mcts) at 200 ms and 1 s a move, and the AI levels against each other, for every
 * game of the registry (the plan: bench/ladder-plan.ts). Each match's result is saved in
 * bench/ladder.json after every game (so a long run can be resumed: finished matches are
 * skipped, a match saved with fewer games than asked is topped up with the games it lacks), and
 * the table in docs/ladder.md is rebuilt from the file.
 *
 *   npm run ladder [-- --games 100] [-- --threads 2] [-- --game G] [-- --only "mcts:1000ms vs greedy"] [-- --board B] [-- --table-only]
 *
 * At 100 games a match the whole ladder takes several hours on two cores.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { mergeSummary, runMatch, summarise, type GameResult } from '../bindings/agents/match.js';
import { doc, file, LADDER, load, same, table, type Entry } from './ladder-plan.js';

const { values } = parseArgs({
  options: { games: { type: 'string' }, threads: { type: 'string' }, only: { type: 'string' }, game: { type: 'string' }, board: { type: 'string' }, 'table-only': { type: 'boolean' } },
});
const games = Number(values.games ?? 100);
const threads = Number(values.threads ?? 2);

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

if (values['table-only']) {
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
