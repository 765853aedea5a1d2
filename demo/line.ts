/**
 * Game lines as the store and the session compare them: which game a record is (its tags, less
 * those that say how it ended), and how two lines of the same game stand to each other, the rule
 * by which two tabs' versions of a game are joined without losing a move of either.
 */

/** Tags that describe how a game ended rather than which game it is. */
const OUTCOME_TAGS = new Set(['Result', 'Termination', 'Score']);

/** A record's tags (game, board, set-up, options, start position) without those of its outcome. */
export function gameTags(record: string): string {
  const head = record.split(/\n\s*\n/)[0] ?? '';
  return head
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => {
      const name = /^\[(\w+)/.exec(l)?.[1];
      return name !== undefined && !OUTCOME_TAGS.has(name);
    })
    .join('\n');
}

/** Whether `prefix` is the start of `steps` (or all of it). */
export const startsWith = (steps: readonly string[], prefix: readonly string[]): boolean => prefix.length <= steps.length && prefix.every((s, i) => steps[i] === s);

/**
 * How two lines of one game stand: the same moves, one the other with more moves after, or
 * parted at some move (each then has moves the other lacks).
 */
export type Relation = 'same' | 'ours-longer' | 'theirs-longer' | 'parted';

export function relation(ours: readonly string[], theirs: readonly string[]): Relation {
  if (ours.length === theirs.length && startsWith(ours, theirs)) return 'same';
  if (startsWith(ours, theirs)) return 'ours-longer';
  if (startsWith(theirs, ours)) return 'theirs-longer';
  return 'parted';
}

/**
 * The redo line once the moves on show went from `before` to `after`: moves taken back (Undo, a
 * move being built, cancelled) join its front; a move played that is its next keeps the rest of
 * it, another move ends it.
 */
export function redoLineAfter(before: readonly string[], after: readonly string[], later: readonly string[]): string[] {
  const common = before.findIndex((n, i) => after[i] !== n);
  const shared = common < 0 ? before.length : common;
  let line = [...before.slice(shared), ...later];
  for (const played of after.slice(shared)) line = line[0] === played ? line.slice(1) : [];
  return line;
}
