/**
 * Throngs' plain data: move kinds and moves, how a game ends, the rule options of THRONGS.md §14
 * and the set-ups. Nothing here knows about boards or rules.
 */
import type { Player } from '../../core/types.js';

/**
 * `add` covers Place-only, Place-and-travel and the three pie placements; `to === at` means the
 * stone stays where it was placed. `move` is Travel. `accept`/`swap` answer the pie offer.
 */
export type MoveKind = 'add' | 'capture' | 'move' | 'pass' | 'accept' | 'swap';

export interface Move {
  readonly kind: MoveKind;
  /** Origin site (canonical index); absent for pass, accept and swap. */
  readonly at?: number;
  /** Destination site; equals `at` when the stone stays. */
  readonly to?: number;
}

export type EndReason = 'allPassed' | 'scoreThreshold' | 'fullScore';

export interface Outcome {
  /** 0 for a draw. */
  readonly winner: 0 | Player;
  readonly reason: EndReason;
  readonly scores: readonly [number, number];
}

/** The rule options of THRONGS.md §14. Every default is Ludii parity. */
export type RuleOptions = {
  readonly endOnPasses: 'ludii' | 'fullRound';
  readonly endOnFullScore: boolean;
  readonly thresholdChecksBoth: boolean;
  readonly forcedPassConsumesSlot: boolean;
  readonly obligationRelaxesToTravel: boolean;
};

export const LUDII_RULES: RuleOptions = Object.freeze({
  endOnPasses: 'ludii',
  endOnFullScore: false,
  thresholdChecksBoth: false,
  forcedPassConsumesSlot: false,
  obligationRelaxesToTravel: false,
});

/** How a new game starts: the standard stones of the board, or the three-stone pie (§4). */
export type Setup = 'standard' | 'pie';
