/**
 * The board element's decisions, kept apart from the DOM so that they can be tested anywhere:
 * what the `ai` attribute means, and what a click on a site does.
 */
import type { LegalMove } from '../reference/games/throngs/moves.js';

export interface AiSides {
  readonly 1?: number;
  readonly 2?: number;
}

/** Reads the `ai` attribute: "white:3", "black:5,white:2", "both:4", "none" or empty. */
export function parseAiAttribute(value: string | null): AiSides | string {
  if (value === null || value.trim() === '' || value.trim() === 'none') return {};
  const sides: { 1?: number; 2?: number } = {};
  for (const part of value.split(',')) {
    const m = /^\s*(black|white|both):([1-8])\s*$/i.exec(part);
    if (!m) return `expected side:level such as "white:3" (sides black, white, both; levels 1-8), got "${value}"`;
    const level = Number(m[2]);
    const side = m[1]!.toLowerCase();
    if (side !== 'white') sides[1] = level;
    if (side !== 'black') sides[2] = level;
  }
  return sides;
}

export type ClickAction = { readonly play: LegalMove } | { readonly select: number } | { readonly clear: true };

/**
 * What a click on `site` does, given the legal moves and the selected origin: complete a move to
 * a highlighted destination, play a placement that has nowhere else to go, select an origin, or
 * clear the selection.
 */
export function boardClick(legal: readonly LegalMove[], selected: number | null, site: number): ClickAction {
  const completing = selected !== null ? legal.find((m) => m.at === selected && m.to === site) : undefined;
  if (completing) return { play: completing };
  const starting = legal.filter((m) => m.at === site);
  if (starting.length === 0) return { clear: true };
  if (starting.length === 1 && starting[0]!.to === site) return { play: starting[0]! };
  return { select: site };
}

