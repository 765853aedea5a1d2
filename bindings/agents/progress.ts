/**
 * A match's live line, shared by `throngs match` and the strength ladder so that both show a
 * running match alike: games done of the cap, the score, the Elo with its interval (in words where
 * it has no bound), the SPRT's LLR against its bounds, the time so far and left.
 */
import { summarise, type GameFacts } from './match.js';
import { pentanomial, sprt, type SprtBounds, type SprtState } from './sprt.js';
import { describeElo, scoreEloRange } from './interval.js';

/**
 * The line after `done` of at most `games` games: `results` are the games so far (a resumed
 * match's earlier ones too), `seconds` the time they took. The time left is at the pace so far
 * (at most that, with an SPRT that may stop sooner).
 */
export function progressLine(
  done: number,
  games: number,
  results: readonly GameFacts[],
  test: SprtState | null,
  seconds: number,
): string {
  const s = summarise(results);
  const width = 20;
  const filled = Math.round((done / games) * width);
  const elo = describeElo(scoreEloRange(s), 'short');
  const llr = test ? `  LLR ${test.llr.toFixed(2)} (${test.limits[0].toFixed(2)}, ${test.limits[1].toFixed(2)})${test.decision ? ` accepted ${test.decision === 'H1' ? 'elo1' : 'elo0'}` : ''}` : '';
  const left = done < games && !test?.decision ? `, ETA ${test ? '≤ ' : ''}${Math.round((seconds / done) * (games - done))} s` : '';
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${games}  A ${s.winsA}  B ${s.winsB}  draws ${s.draws}  ${elo}${llr}  ${seconds.toFixed(0)} s${left}`;
}

/**
 * The SPRT state a live line shows, given the games so far: the test over them until it decides,
 * then the state it decided on for good. Games under way at the decision finish after it and
 * count in the score, not in the test (as the match's result says), so a later pair cannot move
 * the line's LLR or turn its verdict. Null without bounds.
 */
export function liveTest(bounds: SprtBounds | null | undefined): (games: ReadonlyArray<{ readonly index: number; readonly scoreA: number }>) => SprtState | null {
  let decided: SprtState | null = null;
  return (games) => {
    if (!bounds) return null;
    if (decided) return decided;
    const now = sprt(bounds, pentanomial(games));
    if (now.decision) decided = now;
    return now;
  };
}

export interface LiveLine {
  /** Shows the line for `done` games of the cap; `decided`: the SPRT has decided. */
  show(done: number, line: string, decided: boolean): void;
  /** Ends the line (on a terminal it is rewritten in place until then). */
  end(): void;
}

/**
 * On a terminal the line is rewritten in place after every game; in a log (not a terminal) a
 * line a game would swamp it, so one is written each tenth of the cap, at the cap and once the
 * SPRT has decided.
 */
export function liveLine(games: number, stream: { readonly isTTY?: boolean; write(text: string): unknown } = process.stderr): LiveLine {
  const tty = stream.isTTY === true;
  let lastShown = -1;
  let shown = false;
  return {
    show(done, line, decided) {
      const step = Math.floor((done * 10) / games);
      if (tty) stream.write(`\r${line}`);
      else if (step !== lastShown || done === games || decided) stream.write(`${line}\n`);
      lastShown = step;
      shown = true;
    },
    end() {
      if (tty && shown) stream.write('\n');
    },
  };
}
