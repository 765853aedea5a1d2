/**
 * A solve's save file (Node): JSON lines, the first naming the solve (game, board, rule options,
 * position), each further one a root move's proven bounds. A restarted solve reads what is
 * proven and skips it; a file of another solve is refused rather than mixed in. The file grows
 * by whole lines only: a line an interruption cut off is dropped before the next is added.
 */
import { existsSync } from 'node:fs';
import { SolveError, excerpt } from '../../reference/core/errors.js';
import { SOLVE_CLASS } from '../../assembly/core/abi.js';
import { appendWhole, checkWritable, dropCutLine, MB, named, readBounded, writeWhole } from '../node/files.js';
import { VALUE_LIMIT, type ValueBounds } from './value.js';

export interface SolveIdentity {
  readonly game: string;
  readonly board: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly position: string;
}

/** What a save file holds of a solve, and what was wrong with it but could be left out. */
export interface Saved {
  readonly known: Map<string, ValueBounds>;
  /** One line each: a cut last line dropped, entries whose bounds no game on the board can have. */
  readonly warnings: readonly string[];
}

/** Largest save file read: two short lines a root move, far below this on any board a solve finishes. */
export const MAX_SAVE_FILE = 16 * MB;

const WHAT = 'the save file';

function same(a: SolveIdentity, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Whether some value of a finished game lies within `b`: a result (win, draw or loss) with a
 * margin of at most `maxMargin` half points either way. The open ends (±VALUE_LIMIT) are what
 * is not proven yet.
 */
export function possibleBounds(b: ValueBounds, maxMargin: number): boolean {
  if (b.lower > b.upper || b.lower < -VALUE_LIMIT || b.upper > VALUE_LIMIT) return false;
  return [-1, 0, 1].some((c) => b.lower <= c * SOLVE_CLASS + maxMargin && b.upper >= c * SOLVE_CLASS - maxMargin);
}

/**
 * What `path` holds of the solve `id` (move → bounds); starts the file when there is none.
 * `maxMargin` is the largest margin, in half points, a game on the board can end with: entries
 * beyond it cannot be true and are left out (with a warning), to be proven again.
 */
export function openSaved(path: string, id: SolveIdentity, maxMargin: number = SOLVE_CLASS / 2 - 1): Saved {
  checkWritable(path, WHAT, true);
  const known = new Map<string, ValueBounds>();
  const warnings: string[] = [];
  if (!existsSync(path)) {
    writeWhole(path, JSON.stringify({ solve: id }) + '\n', WHAT);
    return { known, warnings };
  }
  const text = readBounded(path, WHAT, MAX_SAVE_FILE).toString('utf8');
  const lines = text.split('\n');
  let head: unknown;
  try {
    head = (JSON.parse(lines[0] ?? '{}') as { solve?: unknown }).solve;
  } catch {
    head = undefined;
  }
  // The position names the game and the board already.
  if (!same(id, head)) throw new SolveError(`${named(path)} is not a save file of this solve (${excerpt(id.position)}): name another file or remove it`);
  const cut = dropCutLine(path, text);
  if (cut > 0) warnings.push(`${named(path)}: its last line was cut off by an interruption (${cut} characters): dropped`);
  const whole = cut > 0 ? lines.slice(0, -1) : lines;
  let impossible = 0;
  for (const [n, line] of whole.entries()) {
    if (n === 0 || line.trim() === '') continue;
    let r: { move?: unknown; lower?: unknown; upper?: unknown };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      throw new SolveError(`${named(path)}, line ${n + 1}: not JSON`);
    }
    if (typeof r !== 'object' || r === null || typeof r.move !== 'string' || !Number.isInteger(r.lower) || !Number.isInteger(r.upper) || (r.lower as number) > (r.upper as number)) {
      throw new SolveError(`${named(path)}, line ${n + 1}: not a move's bounds`);
    }
    const bounds = { lower: r.lower as number, upper: r.upper as number };
    if (!possibleBounds(bounds, maxMargin)) {
      // Left out: the move keeps what an earlier line proved of it, or is proven again.
      impossible++;
      continue;
    }
    known.set(r.move, bounds);
  }
  if (impossible > 0) {
    warnings.push(`${named(path)}: ${impossible} ${impossible === 1 ? 'entry has' : 'entries have'} bounds no game on this board can end with (a margin beyond ${maxMargin / 2} points): left out, to be proven again`);
  }
  return { known, warnings };
}

export function saveMove(path: string, move: string, b: ValueBounds): void {
  appendWhole(path, JSON.stringify({ move, lower: b.lower, upper: b.upper }) + '\n', WHAT);
}
