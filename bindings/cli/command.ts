/**
 * What every command of the `throngs` CLI shares: the shape of a command, the output line, the
 * usage problem (exit 2 with the command's usage), and the readers of common options.
 */
import type { ParseArgsConfig } from 'node:util';
import { excerpt } from '../../reference/core/errors.js';
import { parseRuleList } from '../../reference/core/record.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, isGameId, type GameId } from '../games/registry.js';
import type { Backend } from '../engine/engine.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly options: Options;
  /** Whether the command takes arguments besides its options (files); others refuse them. */
  readonly positionals?: boolean;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

export const out = (text: string): void => void process.stdout.write(text + '\n');

export class UsageProblem extends Error {}

export function backendOf(value: unknown): Backend {
  if (value === undefined) return 'wasm';
  if (value === 'reference' || value === 'wasm') return value;
  throw new UsageProblem(`--backend must be 'reference' or 'wasm', not '${excerpt(String(value))}'`);
}

export const GAME_LIST = GAME_IDS.join('|');

export function gameOf(value: unknown): GameId {
  if (value === undefined) return DEFAULT_GAME;
  if (isGameId(value)) return value;
  throw new UsageProblem(`--game must be one of ${GAME_IDS.join(', ')}, not '${excerpt(String(value))}'`);
}

/**
 * The game a command plays: --game; else the game a --position names (its first word); else,
 * for a --board the default game does not take (another game's named board), the one game that
 * takes it, refused naming them when several do; else the default game.
 */
export function gameFor(values: Readonly<Record<string, unknown>>): GameId {
  if (values.game !== undefined) return gameOf(values.game);
  const named = typeof values.position === 'string' ? values.position.trim().split(/\s+/)[0] : undefined;
  if (isGameId(named)) return named;
  return typeof values.board === 'string' ? gameTakingBoard(values.board) : DEFAULT_GAME;
}

/** Whether `game` plays on `board`. */
const takes = (game: GameId, board: string): boolean => gameEntry(game).rules.board(board).ok;

export function gameTakingBoard(board: string, games: readonly GameId[] = GAME_IDS, playsOn: (game: GameId, board: string) => boolean = takes): GameId {
  if (games.includes(DEFAULT_GAME) && playsOn(DEFAULT_GAME, board)) return DEFAULT_GAME;
  const taking = games.filter((g) => g !== DEFAULT_GAME && playsOn(g, board));
  if (taking.length > 1) throw new UsageProblem(`the board '${excerpt(board)}' is one of ${taking.join(', ')}: say which game with --game`);
  // None: the default game's own refusal says what is wrong with the board.
  return taking[0] ?? DEFAULT_GAME;
}

/** Largest seed: the generators take 32 bits. */
export const MAX_SEED = 2 ** 32 - 1;

/** Digits, and an exponent (`1e6`): a fraction, a sign or hex is not a whole number here. */
const WHOLE = /^\d+(?:e\+?\d+)?$/i;

/**
 * A whole-number option from `min` up to `max` (`unit` names what it counts, for the message),
 * or `fallback` when it is not given. Every such option has a bound, stated in its message.
 */
export function integerOf(value: unknown, name: string, min: number, fallback: number, max: number, unit = ''): number {
  if (value === undefined) return fallback;
  const text = String(value).trim();
  const n = Number(text);
  if (!WHOLE.test(text) || !Number.isInteger(n) || n < min || n > max) {
    throw new UsageProblem(`--${name} must be a whole number from ${min.toLocaleString('en-US')} to ${max.toLocaleString('en-US')}${unit ? ` (${unit})` : ''}, not '${excerpt(String(value))}'`);
  }
  return n;
}

export const seedOf = (value: unknown): number => integerOf(value, 'seed', 0, 1, MAX_SEED);

export function setupOf(game: GameId, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const setups = gameEntry(game).rules.setups;
  if (!setups.includes(String(value))) throw new UsageProblem(`--setup must be ${setups.map((x) => `'${x}'`).join(' or ')} for ${game}, not '${excerpt(String(value))}'`);
  return String(value);
}

/**
 * The rule options of `--rules k=v,...` and `--variant V` (the `variant` option, for games that
 * have one), checked by the game's rules.
 */
export function rulesOf(game: GameId, values: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  if (values.rules !== undefined) {
    const parsed = parseRuleList(String(values.rules));
    if (!parsed.ok) throw new UsageProblem(`--rules: ${parsed.error.detail}`);
    Object.assign(options, parsed.value);
  }
  if (values.variant !== undefined) {
    if (!('variant' in gameEntry(game).rules.options)) throw new UsageProblem(`${game} has no variants`);
    options.variant = String(values.variant);
  }
  try {
    gameEntry(game).rules.resolveOptions(options);
  } catch (e) {
    throw new UsageProblem((e as Error).message);
  }
  return options;
}

export const RULE_OPTIONS = { rules: { type: 'string' }, variant: { type: 'string' } } as const;
export const RULES_USAGE = '[--rules k=v,...] [--variant V]';

export const COMMON: Options = {
  help: { type: 'boolean', short: 'h' },
};

/**
 * A module of the queue (matches on many machines), loaded by `load`. Its libraries, bullmq and
 * ioredis, are optional peers of the package, installed in a clone but not for those who only
 * embed the board.
 */
export async function queueModule<T = typeof import('../agents/queue.js')>(load: () => Promise<T> = () => import('../agents/queue.js') as Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /bullmq|ioredis/.test((e as Error).message)) {
      throw new UsageProblem('matches on a queue need bullmq and ioredis: npm install bullmq ioredis');
    }
    throw e;
  }
}
