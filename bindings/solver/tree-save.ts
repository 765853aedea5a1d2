/**
 * The save file of a solve over a queue (Node), as saved.ts keeps a one-process solve's: JSON
 * lines, the first naming the solve, each further one what a job proved of one subtree (its
 * line of moves from the root and its bounds, for its player to move). A restarted coordinator
 * reads them back into its tree and proves only what they leave open, whatever split depth it
 * uses now. The file grows by whole lines: a line an interruption cut off is dropped first.
 */
import { appendWhole } from '../node/files.js';
import { openBoundsFile, type Saved, type SaveFormat, type SolveIdentity } from './saved.js';
import { pathKey } from './tree.js';
import type { ValueBounds } from './value.js';

const WHAT = 'the save file';

const SUBTREES: SaveFormat = {
  head: 'splitSolve',
  key: (r) => (Array.isArray(r.path) && r.path.every((m) => typeof m === 'string') ? pathKey(r.path as string[]) : null),
  entry: "a subtree's bounds",
  other: { head: 'solve', advice: 'is the save file of a solve in one process (throngs solve without --queue) of this position: name another file for the solve over the queue' },
};

/** What `path` holds of the split solve `id` (line of moves, tree.ts pathKey → bounds); starts the file when there is none. */
export function openSavedTree(path: string, id: SolveIdentity, maxMargin: number): Saved {
  return openBoundsFile(path, id, maxMargin, SUBTREES);
}

export function saveSubtree(path: string, line: readonly string[], b: ValueBounds): void {
  appendWhole(path, JSON.stringify({ path: line, lower: b.lower, upper: b.upper }) + '\n', WHAT);
}
