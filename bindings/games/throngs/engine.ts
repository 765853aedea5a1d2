/**
 * Throngs' engine: the generic Engine plus the queries a Throngs board and its tools need
 * (action potential, reachability, territory, the turn's move index, the duty counters, the pie).
 */
import type { ThrongsMove, ThrongsState } from '../../../reference/games/throngs/index.js';
import type { ScoreBreakdown } from '../../../reference/games/throngs/scoring.js';
import type { Player } from '../../../reference/core/types.js';
import type { Outcome, RuleOptions } from '../../../reference/games/throngs/types.js';
import type { Engine } from '../../engine/engine.js';

export interface ThrongsEngine extends Engine<ThrongsState, ThrongsMove> {
  readonly options: RuleOptions;
  outcome(): Outcome | null;
  moveIndex(): 1 | 2;
  counters(): [number, number];
  /** Pie placements made (0..3) while the pie is on, else null. */
  pieStep(): number | null;
  scoreBreakdown(player: Player): ScoreBreakdown;
  /** Who each site counts for in the score: 0 nobody, 1 or 2. */
  territory(): Uint8Array;
  actionPotential(site: number, player?: Player): number;
  /** AP of every site for `player` (default: the player to move). */
  actionPotentials(player?: Player): Int8Array;
  /**
   * Dest(site, power) of THRONGS.md §8 on the current board, whatever the rules allow this turn:
   * the sites a stone on `site` could reach for at most `power`.
   */
  reachable(site: number, power: number): number[];
}
