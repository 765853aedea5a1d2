/**
 * Checks an engine against conformance data (JSON lines of positions with their complete legal
 * move sets, and whole games, as recorded from Ludii), for any game: the generic part reads the
 * records and keeps the tally; each game's conformance reader (games/<id>/conformance.ts) compares one record (a position with its complete legal-move set and
 * what follows each move, or a whole game) with the engine. Differences are reported in move
 * notation.
 */
import { gunzipSync } from 'node:zlib';
import { basename } from 'node:path';
import { UsageError, excerpt } from '../../reference/core/errors.js';
import { MB, readBounded } from '../node/files.js';
import type { Engine } from '../engine/engine.js';
import type { ConformanceNotes, ConformanceReader } from '../engine/game-entry.js';
import { gameEntry, gameOfBoard, isGameId, type GameId } from '../games/registry.js';

export interface ConformanceReport {
  passed: number;
  failed: number;
  /** Readable descriptions of the first differences found. */
  differences: string[];
}

/** Checks one record of either kind with the game's checker; returns the record's name. */
export function checkRecord(checker: ConformanceReader, c: ConformanceNotes, engine: Engine, record: Readonly<Record<string, unknown>>): string {
  if (Array.isArray(record.legal)) return checker.position(c, engine, record);
  if (Array.isArray(record.moves)) return checker.game(c, engine, record);
  throw new Error('neither a position (legal) nor a game (moves)');
}

/** The most a data file may hold, read or inflated (the oracle's largest inflates to about 14 MB). */
export const MAX_DATA_FILE = 256 * MB;
const MAX_INFLATED = MAX_DATA_FILE;

/** Reads a JSON-lines file, gzipped or not. */
export function readJsonLines(path: string): unknown[] {
  let bytes = readBounded(path, 'the data file', MAX_DATA_FILE);
  try {
    // Inflated no further than a data file can be: a small file that inflates to gigabytes stops here.
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = gunzipSync(bytes, { maxOutputLength: MAX_INFLATED });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new UsageError(`${excerpt(basename(path))} inflates to more than ${MAX_INFLATED / MB} MB: not a conformance file this command reads`);
    }
    throw new UsageError(`${excerpt(basename(path))} is not a readable gzip file: ${excerpt((e as Error).message)}`);
  }
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, i) => {
      try {
        return JSON.parse(line) as unknown;
      } catch (e) {
        throw new UsageError(`${excerpt(basename(path))} line ${i + 1} is not JSON: ${excerpt((e as Error).message)}`);
      }
    });
}

/**
 * The game a record belongs to: its `game` field when that names a game, else its board's game,
 * looked up first in the game asked for, since a board name belongs to its game (a name alone
 * that several games have is refused, by gameOfBoard).
 */
export function gameOfRecord(record: Readonly<Record<string, unknown>>, asked?: GameId): GameId | null {
  if (isGameId(record.game)) return record.game;
  if (typeof record.board !== 'string') return null;
  return asked !== undefined && gameEntry(asked).rules.namedBoards.includes(record.board) ? asked : gameOfBoard(record.board);
}

/** The game of a conformance file, from its first record (its board looked up in `asked` first). */
export function gameOfFile(path: string, asked?: GameId): GameId | null {
  const first = readJsonLines(path)[0];
  return first && typeof first === 'object' ? gameOfRecord(first as Record<string, unknown>, asked) : null;
}

class Tally implements ConformanceNotes {
  readonly report: ConformanceReport = { passed: 0, failed: 0, differences: [] };
  private problems: string[] = [];

  constructor(private readonly maxDifferences: number) {}

  note(problem: string): void {
    this.problems.push(problem);
  }

  finish(where: string): void {
    if (this.problems.length === 0) {
      this.report.passed++;
    } else {
      this.report.failed++;
      for (const p of this.problems) {
        if (this.report.differences.length < this.maxDifferences) this.report.differences.push(`${where}: ${p}`);
      }
    }
    this.problems = [];
  }
}

/** Checks every record of `path` on `engine`, which must play the records' game. */
export async function checkConformance(engine: Engine, path: string, maxDifferences = 20): Promise<ConformanceReport> {
  const tally = new Tally(maxDifferences);
  const file = excerpt(basename(path));
  const checker = await gameEntry(engine.rules.id).conformance();
  for (const [i, entry] of readJsonLines(path).entries()) {
    const record = entry as Record<string, unknown>;
    if (typeof record !== 'object' || record === null) throw new UsageError(`${file} line ${i + 1}: not a record`);
    const game = gameOfRecord(record, engine.rules.id as GameId);
    if (game !== null && game !== engine.rules.id) {
      throw new UsageError(`${file} line ${i + 1} is a ${gameEntry(game).rules.title} record; this engine plays ${engine.rules.title}`);
    }
    // A game with a single board (Tholian Go) writes none: its records are on the default board.
    const board = typeof record.board === 'string' ? record.board : game !== null ? engine.rules.defaultBoard : null;
    if (board === null) throw new UsageError(`${file} line ${i + 1}: not a record with a board or a game`);
    if (engine.topology.spec !== board) engine.reset({ board });
    let where: string;
    try {
      where = checkRecord(checker, tally, engine, record);
    } catch (e) {
      // A record the checker cannot read is a failed check, not a crash of the run.
      tally.note(`cannot check this record: ${(e as Error).message}`);
      where = `line ${i + 1}`;
    }
    tally.finish(`${file} ${where}`);
  }
  return tally.report;
}
