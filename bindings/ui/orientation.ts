/**
 * Which way up the board is drawn: the orientation attribute, else the first player at the
 * bottom of every board.
 */
import type { GameView } from '../engine/view.js';
import { parseOrientation } from './board-logic.js';
import { firstPlayerHigh } from './geometry.js';

export class Orientation {
  /**
   * Each board's way up when no orientation is asked for: turned half way round where the first
   * player's set-up stones sit above the second's (Ludii's throngs93 and ragged87 start Black
   * high). Decided from the first position seen on the board and kept, so that it never turns
   * mid-game.
   */
  private readonly autoFlip = new Map<string, 1 | -1>();

  /** Learns a board's way up the first time it is shown; a position made up for a diagram says nothing of it. */
  learn(v: GameView, fromPosition: boolean): void {
    if (this.autoFlip.has(v.board.spec) || fromPosition) return;
    this.autoFlip.set(v.board.spec, firstPlayerHigh(v) ? -1 : 1);
  }

  /** -1 when the board is turned half way round (the second player at the bottom), else 1. */
  flip(v: GameView | null, attribute: string | null): 1 | -1 {
    const base = v ? (this.autoFlip.get(v.board.spec) ?? 1) : 1;
    return parseOrientation(attribute, v?.players ?? []) === 2 ? (-base as 1 | -1) : base;
  }

  /** Why an orientation attribute is not used, or null when it is fine. */
  static problem(attribute: string | null, players: readonly string[]): string | null {
    if (parseOrientation(attribute, players) !== null) return null;
    const names = [...new Set(['black', 'white', ...players.map((p) => p.toLowerCase())])].join(', ');
    return `bad orientation "${attribute}" (${names}); using ${players[0]?.toLowerCase() ?? 'black'}`;
  }
}
