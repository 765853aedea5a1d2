/**
 * A solve's frontier: what its table proved of the positions near the root. It is found by
 * walking down from the root through the positions the table holds, a position whose value is
 * exact ending its line, and kept in the save file beside the proven root moves, so that a solve
 * too long for one run (or one machine) goes on from it: a resumed solve puts it back into its
 * fresh table before it searches, and does not prove those positions again.
 */
import { SolveError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import type { SolveCore, TableEntry } from './prover.js';
import { VALUE_LIMIT } from './value.js';

/** A position's proven bounds (its player to move's) and the nodes spent proving them, by its line from the root. */
export interface FrontierEntry extends TableEntry {
  readonly line: readonly string[];
}

export interface FrontierOptions {
  /** The longest line walked (moves from the root). */
  readonly depth: number;
  /** Positions proven with fewer nodes are left out: proving them again costs little. */
  readonly minWork: number;
  /** At most this many entries, the costliest. */
  readonly limit: number;
}

export const FRONTIER: FrontierOptions = { depth: 6, minWork: 10_000, limit: 20_000 };

/** What `core`'s table proved of the positions within `depth` moves of `engine`'s position; the engine is left as it was. */
export function frontierOf(engine: Engine, core: SolveCore, options: FrontierOptions = FRONTIER): FrontierEntry[] {
  if (!core.peek) return [];
  const peek = core.peek.bind(core);
  const record = engine.record();
  const found: FrontierEntry[] = [];
  const line: string[] = [];
  const keep = (e: TableEntry): void => {
    if ((e.lower > -VALUE_LIMIT || e.upper < VALUE_LIMIT) && e.work >= options.minWork) found.push({ line: [...line], lower: e.lower, upper: e.upper, work: e.work });
  };
  const walk = (left: number): void => {
    if (left === 0 || engine.outcome() !== null) return;
    for (const code of Array.from(engine.legalCodes())) {
      line.push(engine.formatMove(engine.moveOf(code)));
      engine.playCode(code);
      try {
        const e = peek();
        if (e) keep(e);
        // An exact position needs nothing below it; one the table has not seen has nothing
        // proven below it that the search kept in reach, but for a root move: the question a
        // search is asking of it is recorded only once answered.
        if (e ? e.lower < e.upper : line.length === 1) walk(left - 1);
      } finally {
        engine.undoCode();
        line.pop();
      }
    }
  };
  try {
    const root = peek();
    if (root) keep(root);
    walk(options.depth);
  } finally {
    // Each step was taken back; replaying the record also lists the root's moves afresh.
    engine.loadRecord(record);
  }
  return found.sort((a, b) => b.work - a.work).slice(0, options.limit);
}

/**
 * Puts `entries` into `core`'s table, each at the end of its line from `engine`'s position; the
 * engine is left as it was. Returns how many were put; a line that is not legal here is refused.
 */
export function seedFrontier(engine: Engine, core: SolveCore, entries: readonly FrontierEntry[]): number {
  if (!core.seed || entries.length === 0) return 0;
  const record = engine.record();
  let seeded = 0;
  try {
    for (const e of entries) {
      engine.loadRecord(record);
      for (const move of e.line) {
        if (engine.outcome() !== null || !engine.isLegal(move)) throw new SolveError(`the save file's frontier line ${e.line.join(' ')} is not a line of play from this position (${move})`);
        engine.play(move);
      }
      core.seed(e, e.work);
      seeded++;
    }
  } finally {
    engine.loadRecord(record);
  }
  return seeded;
}
