/**
 * A match's games as JSON Lines, one game a line, with everything needed to replay it: the
 * agents, the seats, the game and the position it started from, the seed, and its record. The
 * file is written as games are counted, so a match stopped part way keeps what it played.
 */
import { appendWhole, writeWhole } from '../node/files.js';
import type { GameResult, GameTask } from './match.js';

const WHAT = 'the results file';

export interface ResultLine {
  readonly match?: string;
  readonly index: number;
  /** Games 2k and 2k+1 are pair k: one opening, colours swapped. */
  readonly pair: number;
  readonly a: string;
  readonly b: string;
  readonly aIsBlack: boolean;
  readonly game: GameTask['game'];
  readonly seed: number;
  readonly openingPlies: number;
  readonly scoreA: number;
  readonly plies: number;
  readonly reason: string;
  readonly scores: readonly [number, number];
  readonly record?: string;
}

export function resultLine(task: GameTask, r: GameResult, match?: string): ResultLine {
  return {
    ...(match ? { match } : {}),
    index: r.index,
    pair: r.index >> 1,
    a: task.a,
    b: task.b,
    aIsBlack: task.aIsBlack,
    game: task.game,
    seed: task.seed,
    openingPlies: task.openingPlies ?? 0,
    scoreA: r.scoreA,
    plies: r.plies,
    reason: r.reason,
    scores: r.scores,
    ...(r.record !== undefined ? { record: r.record } : {}),
  };
}

/**
 * Writes games to `file` as they are reported (in the order they were counted); the file is
 * started afresh by the first game, so a match refused before it plays leaves no file behind.
 */
export class ResultsLog {
  private written = 0;
  private readonly tasks: ReadonlyMap<number, GameTask>;

  constructor(
    private readonly file: string,
    tasks: readonly GameTask[],
    private readonly match?: string,
  ) {
    this.tasks = new Map(tasks.map((t) => [t.index, t]));
  }

  /**
   * Appends the games of `results` not written yet (`results` only grows), in whole lines. The
   * first games replace the file whole, so a failure leaves what was there; a file that cannot
   * be written is a FileProblem naming it.
   */
  add(results: readonly GameResult[]): void {
    const lines = results.slice(this.written).map((r) => JSON.stringify(resultLine(this.tasks.get(r.index)!, r, this.match)) + '\n');
    if (lines.length === 0) return;
    if (this.written === 0) {
      writeWhole(this.file, lines.join(''), WHAT);
    } else {
      appendWhole(this.file, lines.join(''), WHAT);
    }
    this.written = results.length;
  }
}
