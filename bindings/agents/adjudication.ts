/**
 * Match adjudication: a game whose winner both agents' own searches have agreed on for a while
 * ends there, as tournament software resigns hopeless games, so a long match spends its time on
 * games still open. The score must agree too, since a search's value is only its own estimate.
 */
import { UsageError, excerpt } from '../../reference/core/errors.js';

export interface Adjudication {
  /** A side counts as lost while its search gives it at most this win probability, and the other's gives that side at least 1 − this. */
  readonly threshold: number;
  /** For this many decisions in a row, both sides' among them, with the score leader the same side throughout. */
  readonly plies: number;
}

/** `0.05,12` (threshold, plies) → an adjudication rule. */
export function parseAdjudication(text: string): Adjudication {
  const m = /^\s*(0?\.[0-9]+)\s*,\s*([0-9]+)\s*$/.exec(text);
  const threshold = m ? Number(m[1]) : NaN;
  const plies = m ? Number(m[2]) : NaN;
  if (!(threshold > 0 && threshold < 0.5) || !(plies >= 2 && plies <= 1000)) {
    throw new UsageError(`adjudication '${excerpt(text)}': give a win probability below 0.5 and a number of decisions from 2 to 1000, e.g. 0.05,12`);
  }
  return { threshold, plies };
}

/** Follows one game's decisions; says when the game is decided. */
export class Adjudicator {
  private leader = 0;
  private streak = 0;
  private seats = 0;

  constructor(private readonly rule: Adjudication) {}

  /**
   * After a decision by `seat` that its search valued at `value` (its win probability; undefined
   * for agents that do not search), with `scoreLeader` the seat ahead on points (0: level).
   * Returns the seat the game is adjudicated to, or 0 while it goes on.
   */
  decided(seat: 1 | 2, value: number | undefined, scoreLeader: 0 | 1 | 2): 0 | 1 | 2 {
    const other = seat === 1 ? 2 : 1;
    const t = this.rule.threshold;
    const leader = value === undefined ? 0 : value >= 1 - t ? seat : value <= t ? other : 0;
    if (leader === 0 || leader !== scoreLeader) {
      this.leader = this.streak = this.seats = 0;
      return 0;
    }
    if (leader !== this.leader) {
      this.leader = leader;
      this.streak = this.seats = 0;
    }
    this.streak++;
    this.seats |= seat;
    return this.streak >= this.rule.plies && this.seats === 3 ? leader : 0;
  }
}
