/**
 * The save file of a solve over a queue (Node), as saved.ts keeps a one-process solve's: JSON
 * lines, the first naming the solve, each further one what a job proved of one subtree (its
 * line of moves from the root and its bounds, for its player to move). A restarted coordinator
 * reads them back into its tree and proves only what they leave open, whatever split depth it
 * uses now. The file grows by whole lines: a line an interruption cut off is dropped first.
 */
import { existsSync } from 'node:fs';
import { SolveError, excerpt } from '../../reference/core/errors.js';
import { appendWhole, checkWritable, dropCutLine, named, readBounded, writeWhole } from '../node/files.js';
import { MAX_SAVE_FILE, possibleBounds, type SolveIdentity } from './saved.js';
import { pathKey } from './tree.js';
import type { ValueBounds } from './value.js';

const WHAT = 'the save file';

export interface SavedTree {
  /** Bounds by line of moves (tree.ts pathKey), every line's proofs of it taken together. */
  readonly known: Map<string, ValueBounds>;
  readonly warnings: readonly string[];
}

/** What `path` holds of the split solve `id`; starts the file when there is none. */
export function openSavedTree(path: string, id: SolveIdentity, maxMargin: number): SavedTree {
  checkWritable(path, WHAT, true);
  const known = new Map<string, ValueBounds>();
  const warnings: string[] = [];
  if (!existsSync(path)) {
    writeWhole(path, JSON.stringify({ splitSolve: id }) + '\n', WHAT);
    return { known, warnings };
  }
  const text = readBounded(path, WHAT, MAX_SAVE_FILE).toString('utf8');
  const lines = text.split('\n');
  let head: { splitSolve?: unknown; solve?: unknown } = {};
  try {
    head = JSON.parse(lines[0] ?? '{}') as typeof head;
  } catch {
    // Not a save file at all: refused below.
  }
  if (JSON.stringify(head.solve) === JSON.stringify(id)) {
    throw new SolveError(`${named(path)} is the save file of a solve in one process (throngs solve without --queue) of this position: name another file for the solve over the queue`);
  }
  if (JSON.stringify(head.splitSolve) !== JSON.stringify(id)) throw new SolveError(`${named(path)} is not a save file of this solve (${excerpt(id.position)}): name another file or remove it`);
  const cut = dropCutLine(path, text);
  if (cut > 0) warnings.push(`${named(path)}: its last line was cut off by an interruption (${cut} characters): dropped`);
  let impossible = 0;
  for (const [n, line] of (cut > 0 ? lines.slice(0, -1) : lines).entries()) {
    if (n === 0 || line.trim() === '') continue;
    let r: { path?: unknown; lower?: unknown; upper?: unknown };
    try {
      r = JSON.parse(line) as typeof r;
    } catch {
      throw new SolveError(`${named(path)}, line ${n + 1}: not JSON`);
    }
    const ok = typeof r === 'object' && r !== null && Array.isArray(r.path) && r.path.every((m) => typeof m === 'string') && Number.isInteger(r.lower) && Number.isInteger(r.upper);
    if (!ok || (r.lower as number) > (r.upper as number)) throw new SolveError(`${named(path)}, line ${n + 1}: not a subtree's bounds`);
    const bounds = { lower: r.lower as number, upper: r.upper as number };
    const key = pathKey(r.path as string[]);
    const before = known.get(key);
    const both = before ? { lower: Math.max(before.lower, bounds.lower), upper: Math.min(before.upper, bounds.upper) } : bounds;
    if (!possibleBounds(bounds, maxMargin) || !possibleBounds(both, maxMargin)) {
      impossible++;
      continue;
    }
    known.set(key, both);
  }
  if (impossible > 0) {
    warnings.push(`${named(path)}: ${impossible} ${impossible === 1 ? 'entry has' : 'entries have'} bounds no game on this board can end with (a margin beyond ${maxMargin / 2} points): left out, to be proven again`);
  }
  return { known, warnings };
}

export function saveSubtree(path: string, line: readonly string[], b: ValueBounds): void {
  appendWhole(path, JSON.stringify({ path: line, lower: b.lower, upper: b.upper }) + '\n', WHAT);
}
