/**
 * Populace's rule options (POPULACE.md §4, §6, [I-2], [I-4], [I-5]). The defaults are the spec's:
 * the one-stone pie and the half-point button on, no repetition rule, no move limit.
 */
import type { OptionSpec } from '../../core/game.js';
import { UsageError, describeValue, excerpt } from '../../core/errors.js';

export type Superko = 'none' | 'positional';

/** A type, not an interface, so that it is also a plain record of options (GameRules.resolveOptions). */
export type PopulaceOptions = {
  readonly pie: boolean;
  readonly button: boolean;
  readonly superko: Superko;
  /** Plies after which a harness stops the game; 0 for none. */
  readonly moveLimit: number;
};

export const DEFAULT_OPTIONS: PopulaceOptions = Object.freeze({ pie: true, button: true, superko: 'none', moveLimit: 0 });

export const OPTION_SPECS: Readonly<Record<keyof PopulaceOptions, OptionSpec>> = Object.freeze({
  pie: {
    values: [true, false],
    description: "one-stone pie: the game's first action must be a Black placement, and on the second White's player may swap seats instead of moving",
    rule: '§4',
  },
  button: {
    values: [true, false],
    description: 'the button: the first player of the game to pass gets half a point, so no game is drawn',
    rule: '§6',
  },
  superko: {
    values: ['none', 'positional'],
    description: "repetition: 'positional' forbids a placement, replacement or move that recreates a position (cells and colour to move) seen earlier in the game; passes and the swap are exempt",
    rule: '§6, [I-5]',
  },
  moveLimit: {
    values: [0, 200, 400, 1000],
    description: 'a move limit: after this many actions the game stops and the higher score wins (equal scores draw); 0 for none',
    rule: '§6, [I-5]',
    range: [0, Number.MAX_SAFE_INTEGER],
  },
});

const KEYS = Object.keys(OPTION_SPECS) as (keyof PopulaceOptions)[];

/** A whole number of plies, also as text (a record's `Rules` tag carries it as text). */
function plies(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : null;
}

/** Fills in defaults; refuses unknown options and values with a UsageError. */
export function resolveOptions(options: Readonly<Record<string, unknown>> = {}): PopulaceOptions {
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(options)) {
    if (!(KEYS as string[]).includes(key)) throw new UsageError(`unknown rule option '${excerpt(key)}' (known: ${KEYS.join(', ')})`);
    if (value === undefined) continue;
    if (key === 'moveLimit') {
      const n = plies(value);
      if (n === null) throw new UsageError(`rule option moveLimit must be a whole number of plies ≥ 0 (0 for none), not ${describeValue(value)}`);
      out[key] = n;
      continue;
    }
    const allowed = OPTION_SPECS[key as keyof PopulaceOptions].values;
    if (!allowed.includes(value as string | boolean)) {
      throw new UsageError(`rule option ${key} cannot be ${describeValue(value)} (allowed: ${allowed.map((v) => JSON.stringify(v)).join(', ')})`);
    }
    out[key] = value;
  }
  return Object.freeze(out as unknown as PopulaceOptions);
}

const resolved = new WeakMap<object, PopulaceOptions>();

/**
 * The options the rule functions read. The contract hands them resolved; anything else (a bare
 * `{}` from a tool) is resolved here, once per object.
 */
export function readOptions(options: Readonly<Record<string, unknown>>): PopulaceOptions {
  let o = resolved.get(options);
  if (!o) {
    o = resolveOptions(options);
    resolved.set(options, o);
  }
  return o;
}
