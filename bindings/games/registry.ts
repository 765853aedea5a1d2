/**
 * The games this engine plays: one entry per game (its import and its line in GAMES), and the
 * default. The only file outside a game's own folders that names them; everything generic
 * (engine, worker, element, CLI, agents, bench) finds a game here by its id. Adding a game is its
 * folders and one entry here (docs/architecture.md, "Adding a game"; npm run check:new-game).
 */
import { UsageError, describeValue } from '../../reference/core/errors.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { GameEntry } from '../engine/game-entry.js';
import { throngsEntry } from './throngs/index.js';
import { refugiaEntry } from './refugia/index.js';
import { populaceEntry } from './populace/index.js';
import { tholianEntry } from './tholian/index.js';

const GAMES = {
  throngs: throngsEntry,
  refugia: refugiaEntry,
  populace: populaceEntry,
  tholian: tholianEntry,
} as const;

export type GameId = keyof typeof GAMES;
/** The engine type of a game, what createEngine returns for it. */
export type EngineOf<G extends GameId> = (typeof GAMES)[G] extends GameEntry<infer E> ? E : never;

/** The game an engine, a board page or a command plays when none is named. */
export const DEFAULT_GAME = 'throngs' satisfies GameId;

/** Every game id, the default first. */
export const GAME_IDS: readonly GameId[] = [DEFAULT_GAME, ...(Object.keys(GAMES) as GameId[]).filter((id) => id !== DEFAULT_GAME)];

export function isGameId(id: unknown): id is GameId {
  return typeof id === 'string' && Object.hasOwn(GAMES, id);
}

export function gameEntry(id: string): GameEntry {
  if (!isGameId(id)) throw new UsageError(`unknown game ${describeValue(id)}; this engine plays ${GAME_IDS.join(', ')}`);
  return GAMES[id] as GameEntry;
}

export function gameRules(id: string): AnyGameRules {
  return gameEntry(id).rules;
}

/**
 * The games whose named boards include `name`. A board name belongs to its game: two games may
 * each name a board alike, and a name is looked up in the game asked for.
 */
export function gamesOfBoard(name: string): GameId[] {
  return GAME_IDS.filter((id) => GAMES[id].rules.namedBoards.includes(name));
}

/**
 * The game a board name alone points to, where no game is asked for (e.g. `hex3-4` is Refugia's):
 * null when no game has the name; a name several games have is refused, naming them, since
 * guessing one would play a game nobody asked for.
 */
export function gameOfBoard(name: string): GameId | null {
  return soleOwner(name, gamesOfBoard(name));
}

/** The one of `owners` (the games that have the board `name`), null for none; several are refused, named. */
export function soleOwner<G extends string>(name: string, owners: readonly G[]): G | null {
  if (owners.length > 1) throw new UsageError(`the board ${describeValue(name)} is a board of ${owners.join(', ')}: say which game`);
  return owners[0] ?? null;
}
