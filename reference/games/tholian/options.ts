/**
 * Tholian Go's rule options (THOLIAN-GO.md §6, §7, §10): the variant, and the spec's named
 * alternatives. Each variant is a set of features the rule modules read, so none of them asks
 * which variant is being played.
 */
import type { OptionSpec } from '../../core/game.js';
import { UsageError, describeValue, excerpt } from '../../core/errors.js';

export const VARIANTS = ['main', 'ultimate', 'chain', 'football', 'lucky', 'oracle', 'scrimmage', 'lucky-scrimmage'] as const;
export type Variant = (typeof VARIANTS)[number];

export type Sequestration = 'largest' | 'full' | 'ends-open';

export type TholianOptions = {
  readonly variant: Variant;
  /** §6 String Push Limit. */
  readonly pushLimit: boolean;
  /** §7: which cut-off components are sequestered (Q-G4). */
  readonly sequestration: Sequestration;
  /** §10 Tholi Go Lucky: the transformation is a pre-game option there (on by default). */
  readonly transformation: boolean;
  /** Seeds the random start (Lucky) and the movement dice (Oracle, Lucky Scrimmage). */
  readonly seed: number;
};

export const DEFAULT_OPTIONS: TholianOptions = Object.freeze({
  variant: 'main',
  pushLimit: false,
  sequestration: 'largest',
  transformation: true,
  seed: 1,
});

export const OPTION_SPECS: Readonly<Record<keyof TholianOptions, OptionSpec>> = Object.freeze({
  variant: {
    values: [...VARIANTS],
    description: 'the game: main, ultimate (placement phase), chain (connection win), football (touchdown), lucky (random start), oracle (movement dice), scrimmage, lucky-scrimmage (scrimmage with dice)',
    rule: '§10',
  },
  pushLimit: {
    values: [false, true],
    description: 'String Push Limit: a string with m ≥ 2 opposing tokens needs at least m of the pusher’s own, the pusher counted',
    rule: '§6, [A-23]',
  },
  sequestration: {
    values: ['largest', 'full', 'ends-open'],
    description: "what a cut-off area loses: 'largest' every part but the largest; 'full' only parts without an empty node; 'ends-open' never a part that touches an end row",
    rule: '§7, Q-G4',
  },
  transformation: {
    values: [true, false],
    description: 'in Tholi Go Lucky, a light token that reaches its target becomes a dark token (the other variants fix it: on in main and oracle, off elsewhere)',
    rule: '§8, §10',
  },
  seed: {
    values: [1, 2, 3],
    description: 'the seed of the random start (lucky) and of the movement dice (oracle, lucky-scrimmage)',
    range: [0, 2 ** 32 - 1],
  },
});

const KEYS = Object.keys(OPTION_SPECS) as (keyof TholianOptions)[];

/** What a variant changes, read by the rule modules (§10). */
export interface Features {
  readonly captures: boolean;
  readonly transformation: boolean;
  readonly win: 'count' | 'chain' | 'touchdown';
  readonly start: 'standard' | 'empty' | 'random' | 'scrimmage';
  readonly dice: boolean;
}

export function features(variant: Variant, o: TholianOptions): Features {
  switch (variant) {
    case 'main':
      return { captures: true, transformation: true, win: 'count', start: 'standard', dice: false };
    case 'oracle':
      return { captures: true, transformation: true, win: 'count', start: 'standard', dice: true };
    case 'lucky':
      return { captures: true, transformation: o.transformation, win: 'count', start: 'random', dice: false };
    case 'ultimate':
      return { captures: true, transformation: false, win: 'count', start: 'empty', dice: false };
    case 'chain':
      return { captures: false, transformation: false, win: 'chain', start: 'standard', dice: false };
    case 'football':
      return { captures: true, transformation: false, win: 'touchdown', start: 'standard', dice: false };
    case 'scrimmage':
      return { captures: false, transformation: false, win: 'touchdown', start: 'scrimmage', dice: false };
    case 'lucky-scrimmage':
      return { captures: false, transformation: false, win: 'touchdown', start: 'scrimmage', dice: true };
  }
}

function wholeSeed(value: unknown): number | null {
  const n = typeof value === 'string' && /^\s*[0-9]+\s*$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 && n <= 0xffffffff ? n : null;
}

function flag(value: unknown): boolean | null {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return null;
}

/** Fills in defaults; refuses unknown options and values with a UsageError. */
export function resolveOptions(options: Readonly<Record<string, unknown>> = {}): TholianOptions {
  const out: Record<string, unknown> = { ...DEFAULT_OPTIONS };
  for (const [key, value] of Object.entries(options)) {
    if (!(KEYS as string[]).includes(key)) throw new UsageError(`unknown rule option '${excerpt(key)}' (known: ${KEYS.join(', ')})`);
    if (value === undefined) continue;
    let v: unknown = value;
    if (key === 'seed') v = wholeSeed(value);
    else if (key === 'pushLimit' || key === 'transformation') v = flag(value);
    const allowed = OPTION_SPECS[key as keyof TholianOptions].values;
    if (v === null || (key !== 'seed' && !allowed.includes(v as string | boolean))) {
      const hint = key === 'seed' ? 'a whole number 0..4294967295' : allowed.map((a) => JSON.stringify(a)).join(', ');
      throw new UsageError(`rule option ${key} cannot be ${describeValue(value)} (allowed: ${hint})`);
    }
    out[key] = v;
  }
  return Object.freeze(out as unknown as TholianOptions);
}

const resolved = new WeakMap<object, TholianOptions>();

/** The options the rule functions read, resolved once per object. */
export function readOptions(options: Readonly<Record<string, unknown>>): TholianOptions {
  let o = resolved.get(options);
  if (!o) {
    o = resolveOptions(options);
    resolved.set(options, o);
  }
  return o;
}
