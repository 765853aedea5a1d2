/**
 * A solve's save file (Node): JSON lines, the first naming the solve (game, board, rule options,
 * position), each further one proven bounds: of a root move or of a position near the root
 * (the frontier its table proved) here, of a subtree in a solve over a queue (tree-save.ts),
 * all read by openBoundsFile. A restarted solve reads what is proven
 * and skips it; a file of another solve is refused rather than mixed in. The file grows by
 * whole lines only: a line an interruption cut off is dropped before the next is added.
 */
import { existsSync } from 'node:fs';
import { SolveError, excerpt } from '../../reference/core/errors.js';
import { SOLVE_CLASS } from '../../assembly/core/abi.js';
import { appendWhole, checkWritable, dropCutLine, MB, named, readBounded, writeWhole } from '../node/files.js';
import type { FrontierEntry } from './frontier.js';
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
  /** The nodes an entry says its proof took, where it says (a frontier's entries do). */
  readonly work: ReadonlyMap<string, number>;
  /** One line each: a cut last line dropped, entries whose bounds no game on the board can have. */
  readonly warnings: readonly string[];
}

/**
 * Largest save file read: two short lines a root move, and a frontier of at most 4 × 20,000
 * short lines before the file is written afresh with 20,000 (parallel.ts).
 */
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

/** What one kind of save file names its solve by, and what each further line holds. */
export interface SaveFormat {
  /** The first line's field that names the solve. */
  readonly head: string;
  /** An entry's key (what its bounds are of), or null when the line is not an entry. */
  readonly key: (line: Record<string, unknown>) => string | null;
  /** What an entry is, for the message on a line that is not one. */
  readonly entry: string;
  /** The field another kind of file names the same solve by, refused with its own advice. */
  readonly other?: { readonly head: string; readonly advice: string };
}

/**
 * What `path` holds of the solve `id` in `format` (key → bounds, every line's proofs of a key
 * taken together); starts the file when there is none. `maxMargin` is the largest margin, in
 * half points, a game on the board can end with: entries beyond it cannot be true and are left
 * out (with a warning), to be proven again.
 */
export function openBoundsFile(path: string, id: SolveIdentity, maxMargin: number, format: SaveFormat): Saved {
  checkWritable(path, WHAT, true);
  const known = new Map<string, ValueBounds>();
  const work = new Map<string, number>();
  const warnings: string[] = [];
  if (!existsSync(path)) {
    writeWhole(path, JSON.stringify({ [format.head]: id }) + '\n', WHAT);
    return { known, work, warnings };
  }
  const text = readBounded(path, WHAT, MAX_SAVE_FILE).toString('utf8');
  const lines = text.split('\n');
  let head: Record<string, unknown> = {};
  try {
    head = JSON.parse(lines[0] ?? '{}') as typeof head;
  } catch {
    // Not a save file at all: refused below.
  }
  if (format.other && same(id, head?.[format.other.head])) throw new SolveError(`${named(path)} ${format.other.advice}`);
  // The position names the game and the board already.
  if (!same(id, head?.[format.head])) throw new SolveError(`${named(path)} is not a save file of this solve (${excerpt(id.position)}): name another file or remove it`);
  const cut = dropCutLine(path, text);
  if (cut > 0) warnings.push(`${named(path)}: its last line was cut off by an interruption (${cut} characters): dropped`);
  let impossible = 0;
  for (const [n, line] of (cut > 0 ? lines.slice(0, -1) : lines).entries()) {
    if (n === 0 || line.trim() === '') continue;
    let r: Record<string, unknown>;
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      throw new SolveError(`${named(path)}, line ${n + 1}: not JSON`);
    }
    const key = typeof r === 'object' && r !== null ? format.key(r) : null;
    if (key === null || !Number.isInteger(r.lower) || !Number.isInteger(r.upper) || (r.lower as number) > (r.upper as number)) {
      throw new SolveError(`${named(path)}, line ${n + 1}: not ${format.entry}`);
    }
    const bounds = { lower: r.lower as number, upper: r.upper as number };
    const before = known.get(key);
    const both = before ? { lower: Math.max(before.lower, bounds.lower), upper: Math.min(before.upper, bounds.upper) } : bounds;
    if (!possibleBounds(bounds, maxMargin) || !possibleBounds(both, maxMargin)) {
      // Left out: the key keeps what earlier lines proved of it, or is proven again.
      impossible++;
      continue;
    }
    known.set(key, both);
    if (Number.isSafeInteger(r.work) && (r.work as number) > 0) work.set(key, Math.max(work.get(key) ?? 0, r.work as number));
  }
  if (impossible > 0) {
    warnings.push(`${named(path)}: ${impossible} ${impossible === 1 ? 'entry has' : 'entries have'} bounds no game on this board can end with (a margin beyond ${maxMargin / 2} points): left out, to be proven again`);
  }
  return { known, work, warnings };
}

// A root move's entry is keyed by its notation, a frontier position's by its line as JSON (a
// notation never starts with '[').
const ROOT_MOVES: SaveFormat = {
  head: 'solve',
  key: (r) => (typeof r.move === 'string' ? r.move : Array.isArray(r.line) && r.line.every((m) => typeof m === 'string') ? JSON.stringify(r.line) : null),
  entry: "a move's bounds or a frontier position's",
};

export interface SavedSolve {
  /** Proven bounds by root move. */
  readonly known: Map<string, ValueBounds>;
  /** What the last run's table proved near the root (frontier.ts). */
  readonly frontier: readonly FrontierEntry[];
  readonly warnings: readonly string[];
}

/** What `path` holds of the one-process solve `id`; starts the file when there is none. */
export function openSaved(path: string, id: SolveIdentity, maxMargin: number = SOLVE_CLASS / 2 - 1): SavedSolve {
  const { known, work, warnings } = openBoundsFile(path, id, maxMargin, ROOT_MOVES);
  const moves = new Map<string, ValueBounds>();
  const frontier: FrontierEntry[] = [];
  for (const [key, b] of known) {
    if (key.startsWith('[')) frontier.push({ line: JSON.parse(key) as string[], lower: b.lower, upper: b.upper, work: work.get(key) ?? 1 });
    else moves.set(key, b);
  }
  return { known: moves, frontier, warnings };
}

/** Writes the file afresh with `moves`' bounds and the `frontier`, and nothing else. */
export function rewriteSaved(path: string, id: SolveIdentity, moves: ReadonlyMap<string, ValueBounds>, frontier: readonly FrontierEntry[]): void {
  const lines = [JSON.stringify({ solve: id })];
  for (const [move, b] of moves) lines.push(JSON.stringify({ move, lower: b.lower, upper: b.upper }));
  for (const e of frontier) lines.push(JSON.stringify({ line: e.line, lower: e.lower, upper: e.upper, work: e.work }));
  writeWhole(path, lines.join('\n') + '\n', WHAT);
}

/** Adds what a table proved of a position near the root (frontier.ts) to the file. */
export function saveFrontier(path: string, e: FrontierEntry): void {
  appendWhole(path, JSON.stringify({ line: e.line, lower: e.lower, upper: e.upper, work: e.work }) + '\n', WHAT);
}

export function saveMove(path: string, move: string, b: ValueBounds): void {
  appendWhole(path, JSON.stringify({ move, lower: b.lower, upper: b.upper }) + '\n', WHAT);
}
