/**
 * The contract suite's view of the games: every game of the registry, with the configurations its
 * own rules describe (its boards, the board shapes it accepts, each set-up and each value of each
 * rule option), engines on both backends, and seeded random play. Nothing here names a game, so a
 * game added to the registry is checked by every contract test without a line of its own; its
 * folder test/games/<id>/ adds only data the contract cannot derive (perft pins).
 */
import { readFileSync } from 'node:fs';
import { createEngine } from '../../bindings/index.js';
import type { Backend, Engine, EngineConfig } from '../../bindings/engine/engine.js';
import { GAME_IDS, gameEntry, type GameId } from '../../bindings/games/registry.js';
import type { AnyGameRules, GameMove } from '../../reference/core/game.js';
import { Rng } from '../../reference/core/rng.js';

export const BACKENDS: readonly Backend[] = ['reference', 'wasm'];
export { GAME_IDS };
export type { GameId };

export type AnyEngine = Engine<unknown, GameMove>;

/** One way to play a game: its board, set-up and rule options. */
export interface Config {
  readonly board: string;
  readonly setup: string;
  readonly options: Readonly<Record<string, unknown>>;
}

export const describeConfig = (c: Config): string =>
  `${c.board}${c.setup ? ` ${c.setup}` : ''}${Object.keys(c.options).length ? ` ${JSON.stringify(c.options)}` : ''}`;

/** Shapes of the shared board layer, small enough for many games; each game plays those it accepts. */
const SHAPES = ['hexhex(4)', 'althex(3,4)', 'torus(6,5)', 'perforated(hexhex(5),c3,e5,g7)', 'custom(0:0,1:0,2:0,0:1,1:1,2:1,3:1,1:2,2:2,3:2)'];

/** The largest board the contract plays many games on (cells); bigger named boards get fewer. */
const SMALL = 100;

export function rulesOf(game: GameId): AnyGameRules {
  return gameEntry(game).rules;
}

/**
 * The configurations a game's rules describe: the default board with each set-up; each named
 * board; each shape it accepts; the smallest of its named boards with each value of each rule
 * option that is not the default. Each appears once.
 */
export function configsOf(game: GameId): Config[] {
  const r = rulesOf(game);
  const [setup] = r.setups;
  const size = (b: string): number => (r.board(b).ok ? (r.board(b) as { value: { size: number } }).value.size : Infinity);
  const smallest = [r.defaultBoard, ...r.namedBoards].reduce((a, b) => (size(b) < size(a) ? b : a));
  const out: Config[] = [];
  const add = (c: Config): void => {
    if (!out.some((o) => describeConfig(o) === describeConfig(c))) out.push(c);
  };
  for (const s of r.setups) add({ board: r.defaultBoard, setup: s, options: {} });
  for (const board of r.namedBoards) add({ board, setup: setup!, options: {} });
  for (const board of SHAPES) if (r.board(board).ok) add({ board, setup: setup!, options: {} });
  for (const [name, spec] of Object.entries(r.options)) {
    for (const value of spec.values.slice(1)) add({ board: smallest, setup: setup!, options: { [name]: value } });
  }
  return out;
}

/** Cells of a configuration's board. */
export function cellsOf(game: GameId, c: Config): number {
  const t = rulesOf(game).board(c.board);
  if (!t.ok) throw t.error;
  return t.value.size;
}

/** The configurations on boards small enough for many games (a game whose boards are all larger: its smallest). */
export function smallConfigs(game: GameId): Config[] {
  const configs = configsOf(game);
  const limit = Math.max(SMALL, Math.min(...configs.map((c) => cellsOf(game, c))));
  return configs.filter((c) => cellsOf(game, c) <= limit);
}

export function engineOf(game: GameId, backend: Backend, config: Partial<Config> & Omit<EngineConfig, 'game' | 'backend'> = {}): Promise<AnyEngine> {
  return createEngine({ ...config, game, backend }) as Promise<AnyEngine>;
}

/** A reference and a wasm engine of the same game and configuration. */
export async function pair(game: GameId, config: Partial<Config> = {}): Promise<{ ref: AnyEngine; wasm: AnyEngine }> {
  return { ref: await engineOf(game, 'reference', config), wasm: await engineOf(game, 'wasm', config) };
}

/** Plays up to `plies` seeded random legal moves on every engine (the first one's list), stopping at the end. */
export function randomMoves(engines: readonly AnyEngine[], rng: Rng, plies: number): void {
  for (let i = 0; i < plies && !engines[0]!.outcome(); i++) {
    const legal = engines[0]!.legalMoves();
    if (legal.length === 0) return;
    const move = legal[rng.below(legal.length)]!;
    for (const e of engines) e.play(move);
  }
}

/** A move being built a step at a time (a push path) is unfinished: the game's view says so. */
export function midMove(e: AnyEngine): boolean {
  return (gameEntry(e.rules.id).describe(e).path?.length ?? 0) > 1;
}

/** A game's own contract data in test/games/<id>/ (perft pins), or null. */
export function gameData<T>(game: GameId, file: string): T | null {
  try {
    return JSON.parse(readFileSync(new URL(`../games/${game}/${file}`, import.meta.url), 'utf8')) as T;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
}

export { Rng };
