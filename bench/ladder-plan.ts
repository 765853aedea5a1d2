/**
 * The strength ladder's plan and table: every game of the registry, on the board and with the
 * matches of its bench plan (bindings/games/<id>/bench.ts), each game's level steps last; the
 * results saved in bench/ladder.json; the table docs/ladder.md shows. bench/ladder.ts runs it.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { MatchSummary } from '../bindings/agents/match.js';
import type { LadderMatch } from '../bindings/engine/game-entry.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, type GameId } from '../bindings/games/registry.js';

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
/** [game, A, B, opening plies, board] of every match, in the order they run. */
export const LADDER: ReadonlyArray<readonly [string, string, string, number, string]> = GAME_IDS.flatMap(rowsOf);

export interface Entry extends MatchSummary {
  /** Absent in entries saved before the ladder had games: those are the default game's. */
  game?: string;
  a: string;
  b: string;
  board: string;
  date: string;
  seconds: number;
  machine: string;
}

export const file = new URL('./ladder.json', import.meta.url);
export const doc = new URL('../docs/ladder.md', import.meta.url);
export const load = (): Entry[] => (existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Entry[]) : []);
export const same = (e: Entry, game: string, a: string, b: string, board: string): boolean =>
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
