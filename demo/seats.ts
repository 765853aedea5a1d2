/**
 * Players are seats: the one who began as the first side and the one who began as the second,
 * whatever colour a pie's swap (Populace) later gives them.
 */
import type { GameView } from '../bindings/engine/view.js';

export type Seat = 'human' | number;

/** Who plays the first and the second seat (black and white in Throngs, dark and light in Refugia). */
export interface Players {
  black: Seat;
  white: Seat;
}

export function seatLabel(seat: Seat): string {
  return seat === 'human' ? 'Human' : `AI level ${seat}`;
}

export function parseSeat(value: string | null | undefined): Seat | null {
  if (value === 'human') return 'human';
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : null;
}

/** The board's ai attribute: black and white are the first and second side of any game. */
export function aiAttribute(p: Players): string {
  const parts: string[] = [];
  if (p.black !== 'human') parts.push(`black:${p.black}`);
  if (p.white !== 'human') parts.push(`white:${p.white}`);
  return parts.join(',') || 'none';
}

export const anyAi = (p: Players): boolean => p.black !== 'human' || p.white !== 'human';
export const anyHuman = (p: Players): boolean => p.black === 'human' || p.white === 'human';

/** The seat now playing `colour` (1 or 2): the colour itself unless a swap exchanged seats. */
export function seatOf(v: GameView | null, colour: 1 | 2): 1 | 2 {
  return v?.seats?.[colour - 1] ?? colour;
}

/** Who plays a colour now: the choice of the seat that plays it. */
export function choiceFor(p: Players, v: GameView | null, colour: 1 | 2): Seat {
  return seatOf(v, colour) === 1 ? p.black : p.white;
}
