/**
 * The one game the page kept in localStorage before it had a game store (store.ts): read once at
 * start-up, when it joins the store, and then forgotten.
 */
import { parseSeat, type Players } from './seats.js';

const STORAGE_KEY = 'throngs-demo';

export interface Saved {
  /** The whole game line, the moves waiting on Redo included. */
  record: string;
  /** How many of its moves are played (the rest wait on Redo); all when absent. */
  move?: number;
  game: string | null;
  players: Players;
  /** Overlays shown, by name (show-<name> on the board). */
  overlays: string[];
  /** Whether the AI was paused (stepping through a game). */
  paused?: boolean;
}

/** Forgets the saved game, once the store holds it. */
export function forgetSaved(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage can be disabled: nothing to forget then.
  }
}

/** The saved game, or null; `gameId` maps a saved game name to a game the engine plays. */
export function readSaved(gameId: (name: string | null | undefined) => string | null): Saved | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Saved> & { showPotential?: boolean; showTerritory?: boolean };
    const black = parseSeat(String(s.players?.black));
    const white = parseSeat(String(s.players?.white));
    if (typeof s.record !== 'string' || black === null || white === null) return null;
    // Games saved before the demo played several games have no game: their record says it.
    const game = gameId(s.game);
    // Games saved before the demo played several games named their two overlays apart.
    const overlays = Array.isArray(s.overlays) ? s.overlays.filter((o): o is string => typeof o === 'string') : [];
    if (s.showPotential) overlays.push('potential');
    if (s.showTerritory) overlays.push('territory');
    const move = typeof s.move === 'number' && Number.isInteger(s.move) && s.move >= 0 ? s.move : undefined;
    return { record: s.record, move, game, players: { black, white }, overlays, paused: s.paused === true };
  } catch {
    return null;
  }
}
