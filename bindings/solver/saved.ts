/**
 * A solve's save file (Node): JSON lines, the first naming the solve (game, board, rule options,
 * position), each further one a root move's proven bounds. A restarted solve reads what is
 * proven and skips it; a file of another solve is refused rather than mixed in.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SolveError } from '../../reference/core/errors.js';
import type { ValueBounds } from './value.js';

export interface SolveIdentity {
  readonly game: string;
  readonly board: string;
  readonly options: Readonly<Record<string, unknown>>;
  readonly position: string;
}

function same(a: SolveIdentity, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** What `path` holds of the solve `id` (move → bounds); starts the file when there is none. */
export function openSaved(path: string, id: SolveIdentity): Map<string, ValueBounds> {
  const known = new Map<string, ValueBounds>();
  if (!existsSync(path)) {
    writeFileSync(path, JSON.stringify({ solve: id }) + '\n');
    return known;
  }
  const lines = readFileSync(path, 'utf8').split('\n').filter((l) => l.trim() !== '');
  let head: unknown;
  try {
    head = (JSON.parse(lines[0] ?? '{}') as { solve?: unknown }).solve;
  } catch {
    head = undefined;
  }
  if (!same(id, head)) throw new SolveError(`${path} is not a save file of this solve (${id.game} ${id.board} ${id.position}): name another file or remove it`);
  for (const [n, line] of lines.slice(1).entries()) {
    let r: { move?: unknown; lower?: unknown; upper?: unknown };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      // A line cut off by the interruption: what follows it was never written.
      if (n === lines.length - 2) break;
      throw new SolveError(`${path}, line ${n + 2}: not JSON`);
    }
    if (typeof r.move !== 'string' || !Number.isInteger(r.lower) || !Number.isInteger(r.upper) || (r.lower as number) > (r.upper as number)) {
      throw new SolveError(`${path}, line ${n + 2}: not a move's bounds`);
    }
    known.set(r.move, { lower: r.lower as number, upper: r.upper as number });
  }
  return known;
}

export function saveMove(path: string, move: string, b: ValueBounds): void {
  appendFileSync(path, JSON.stringify({ move, lower: b.lower, upper: b.upper }) + '\n');
}
