/**
 * Opening suites: positions a match starts its game pairs from, one a line in the game's
 * position notation (the engine's EPD), so that agents which search alike still meet varied
 * games and every run (on any machine) plays the same starts. A suite is made by random plies
 * from the set-up, each position kept when a short search judges it balanced (the side to move's
 * win probability within a window) and not already kept; positions in the middle of a move built
 * a step at a time are passed over, since a game cannot be handed over there.
 */
import { MB, readBounded } from '../node/files.js';
import { createEngine } from '../games/create.js';
import type { Engine, GameSetup } from '../engine/engine.js';
import { ThrongsError, UsageError, excerpt } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';

export interface SuiteOptions {
  readonly game: GameSetup;
  readonly count: number;
  /** Random plies from the set-up before a position is judged: a range, each line drawing its own. */
  readonly plies: readonly [number, number];
  readonly seed: number;
  /** The side to move's win probability a kept position lies within (the search's root value). */
  readonly window: readonly [number, number];
  /** The judging search's iterations. */
  readonly iterations: number;
  /** Give up after this many tries per line asked for (a window nothing falls in). */
  readonly triesPerLine?: number;
}

export interface Suite {
  readonly lines: string[];
  /** Positions tried, and why the others were passed over. */
  readonly tried: number;
  readonly unbalanced: number;
  readonly duplicates: number;
  readonly unfinished: number;
}

/** Whether the position is in the middle of a move built a step at a time (a push not yet ended). */
function midMove(e: Engine): boolean {
  const continues = e.rules.continuesMove;
  return !!continues && e.legalMoves().some((m) => continues(m));
}

/** Makes a suite (see the module comment); fewer lines than asked when the tries run out. */
export async function makeSuite(o: SuiteOptions): Promise<Suite> {
  checkSuiteOptions(o);
  const engine = await createEngine({ ...o.game, backend: 'wasm' });
  const rng = new Rng(o.seed);
  const seen = new Set<string>();
  const lines: string[] = [];
  let [tried, unbalanced, duplicates, unfinished] = [0, 0, 0, 0];
  const limit = o.count * (o.triesPerLine ?? 20);
  while (lines.length < o.count && tried < limit) {
    tried++;
    engine.reset(o.game);
    const plies = o.plies[0] + rng.below(o.plies[1] - o.plies[0] + 1);
    for (let i = 0; i < plies && !engine.outcome(); i++) {
      const legal = engine.legalMoves();
      engine.play(legal[rng.below(legal.length)]!);
    }
    if (engine.outcome() || midMove(engine)) {
      unfinished++;
      continue;
    }
    const position = engine.position('machine');
    if (seen.has(position)) {
      duplicates++;
      continue;
    }
    const { value } = await engine.search({ iterations: o.iterations, seed: rng.nextU32(), fresh: true });
    if (value < o.window[0] || value > o.window[1]) {
      unbalanced++;
      continue;
    }
    seen.add(position);
    lines.push(position);
  }
  return { lines, tried, unbalanced, duplicates, unfinished };
}

function checkSuiteOptions(o: SuiteOptions): void {
  if (!(Number.isInteger(o.count) && o.count >= 1 && o.count <= 100_000)) throw new UsageError(`--count must be a whole number from 1 to 100,000, not ${o.count}`);
  const [lo, hi] = o.plies;
  if (!(Number.isInteger(lo) && Number.isInteger(hi) && lo >= 0 && hi >= lo && hi <= 1000)) throw new UsageError(`--plies must be MIN-MAX with 0 ≤ MIN ≤ MAX ≤ 1000, not ${lo}-${hi}`);
  const [a, b] = o.window;
  if (!(a >= 0 && b <= 1 && a <= b)) throw new UsageError(`--balance must be LOW,HIGH with 0 ≤ LOW ≤ HIGH ≤ 1, not ${a},${b}`);
  if (!(Number.isInteger(o.iterations) && o.iterations >= 1 && o.iterations <= 10_000_000)) throw new UsageError(`--iterations must be a whole number from 1 to 10,000,000, not ${o.iterations}`);
}

/**
 * The lines of a suite file for `game`: one position a line, blank lines and `#` comments left
 * out, duplicates refused. Every line is checked by the game's engine; the first bad one is
 * reported with its line number.
 */
/** Largest opening file read: a suite of 100,000 long positions. */
export const MAX_SUITE_FILE = 64 * MB;

export async function readSuite(file: string, game: GameSetup): Promise<string[]> {
  const text = readBounded(file, 'the opening file', MAX_SUITE_FILE).toString('utf8');
  const engine = await createEngine({ ...game, backend: 'reference' });
  // The board's canonical spelling, as positions name it.
  const board = engine.topology.spec;
  const lines: string[] = [];
  const seen = new Map<string, number>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    try {
      engine.load(line);
    } catch (e) {
      if (!(e instanceof ThrongsError)) throw e;
      throw new UsageError(`${excerpt(file)} line ${i + 1} is not a ${engine.rules.title} position: ${e.message}`);
    }
    if (engine.outcome()) throw new UsageError(`${excerpt(file)} line ${i + 1}: the game is already over there`);
    if (engine.topology.spec !== board) throw new UsageError(`${excerpt(file)} line ${i + 1} is on ${engine.topology.spec}, the match on ${board}`);
    const key = engine.position('machine');
    const before = seen.get(key);
    if (before !== undefined) throw new UsageError(`${excerpt(file)} line ${i + 1} repeats line ${before}`);
    seen.set(key, i + 1);
    lines.push(line);
  });
  if (lines.length === 0) throw new UsageError(`${excerpt(file)} holds no opening`);
  return lines;
}

/** The order a match plays a suite's lines in: shuffled with the match's seed, or as written. */
export function suiteOrder(count: number, order: 'random' | 'sequential', seed: number): number[] {
  const indices = Array.from({ length: count }, (_, i) => i);
  if (order === 'sequential') return indices;
  const rng = new Rng(seed);
  for (let i = count - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [indices[i], indices[j]] = [indices[j]!, indices[i]!];
  }
  return indices;
}

/**
 * Where the suite shipped for a game's board lies, from the project's root: in the game's own
 * folder, bindings/games/<game>/openings/<game>-<board>.txt (board letters and digits only; the
 * file's name says its game too, since it is passed around and shown on its own).
 */
export const suitePath = (game: string, board: string): string => `bindings/games/${game}/openings/${game}-${board.replace(/[^a-z0-9-]+/gi, '')}.txt`;
