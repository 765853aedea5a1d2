/**
 * The games this engine plays, each as its rules and its two backends. The only place that names
 * them: adding a game is one line here (and its folders).
 */
import { UsageError } from '../../reference/core/errors.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Engine, EngineConfig } from '../engine/engine.js';
import type { GameDetails, Weave } from '../engine/view.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { OracleChecker } from '../cli/conformance.js';
import { throngsEntry, type ThrongsEngine } from './throngs/index.js';
import { refugiaEntry, type RefugiaEngine } from './refugia/index.js';
import { populaceEntry, type PopulaceEngine } from './populace/index.js';
import { tholianEntry, type TholianEngine } from './tholian/index.js';

export interface GameEntry {
  readonly rules: AnyGameRules;
  /** How the two sides are called on a board page: Black and White, ... */
  readonly players: readonly [string, string];
  /** The boards `throngs bench` and `npm run bench` measure by default. */
  readonly benchBoards: readonly string[];
  reference(config: EngineConfig): Engine;
  wasm(config: EngineConfig): Promise<Engine>;
  /** The game's own part of a board page's view (turn text, duty, score parts). */
  describe(engine: Engine): GameDetails;
  /** For a game drawn as woven webs: each site's web and which links cross (the board draws barriers from them). */
  weave?(topology: Topology): Weave;
  /** Per-cell numbers a board page can show over the cells, by name. */
  readonly overlays: Readonly<Record<string, (engine: Engine) => Int8Array>>;
  /** The game's reader of conformance data (Node only: loaded on demand). */
  oracle(): Promise<OracleChecker>;
}

/** The engine type of each game, for typed createEngine calls. */
export interface EngineTypes {
  throngs: ThrongsEngine;
  refugia: RefugiaEngine;
  populace: PopulaceEngine;
  tholian: TholianEngine;
}

export type GameId = keyof EngineTypes;
export type EngineOf<G extends GameId> = EngineTypes[G];

export const DEFAULT_GAME = 'throngs' as const satisfies GameId;

const ENTRIES: Readonly<Record<GameId, GameEntry>> = {
  throngs: throngsEntry,
  refugia: refugiaEntry,
  populace: populaceEntry,
  tholian: tholianEntry,
};

export const GAME_IDS = Object.keys(ENTRIES) as GameId[];

export function isGameId(id: unknown): id is GameId {
  return typeof id === 'string' && Object.hasOwn(ENTRIES, id);
}

export function gameEntry(id: string): GameEntry {
  if (!isGameId(id)) throw new UsageError(`unknown game ${JSON.stringify(id)}; this engine plays ${GAME_IDS.join(', ')}`);
  return ENTRIES[id];
}

export function gameRules(id: string): AnyGameRules {
  return gameEntry(id).rules;
}

/** The game whose named boards include `name` (e.g. `hex3-4` is Refugia's), else null. */
export function gameOfBoard(name: string): GameId | null {
  return GAME_IDS.find((id) => ENTRIES[id].rules.namedBoards.includes(name)) ?? null;
}
