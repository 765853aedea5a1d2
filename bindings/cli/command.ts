/**
 * What every command of the `throngs` CLI shares: the shape of a command, the output line, the
 * usage problem (exit 2 with the command's usage), and the readers of common options.
 */
import type { ParseArgsConfig } from 'node:util';
import { parseRuleList } from '../../reference/core/record.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, isGameId, type GameId } from '../games/registry.js';
import type { Backend } from '../engine/engine.js';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly options: Options;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

export const out = (text: string): void => void process.stdout.write(text + '\n');

export class UsageProblem extends Error {}

export function backendOf(value: unknown): Backend {
  if (value === undefined) return 'wasm';
  if (value === 'reference' || value === 'wasm') return value;
  throw new UsageProblem(`--backend must be 'reference' or 'wasm', not '${String(value)}'`);
}

export const GAME_LIST = GAME_IDS.join('|');

export function gameOf(value: unknown): GameId {
  if (value === undefined) return DEFAULT_GAME;
  if (isGameId(value)) return value;
  throw new UsageProblem(`--game must be one of ${GAME_IDS.join(', ')}, not '${String(value)}'`);
}

/** A whole-number option from `min` up to `max` (`unit` names what it counts, for the message). */
export function integerOf(value: unknown, name: string, min: number, fallback: number, max = Infinity, unit = ''): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageProblem(`--${name} must be a whole number ≥ ${min}, not '${String(value)}'`);
  if (n > max) throw new UsageProblem(`--${name} must be at most ${max}${unit ? ` (${unit})` : ''}, not ${n}`);
  return n;
}

export function setupOf(game: GameId, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const setups = gameEntry(game).rules.setups;
  if (!setups.includes(String(value))) throw new UsageProblem(`--setup must be ${setups.map((x) => `'${x}'`).join(' or ')} for ${game}`);
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
 * The queue's module (matches on many machines). Its libraries, bullmq and ioredis, are optional
 * peers of the package, installed in a clone but not for those who only embed the board.
 */
export async function queueModule(): Promise<typeof import('../agents/queue.js')> {
  try {
    return await import('../agents/queue.js');
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' && /bullmq|ioredis/.test((e as Error).message)) {
      throw new UsageProblem('matches on a queue need bullmq and ioredis: npm install bullmq ioredis');
    }
    throw e;
  }
}
