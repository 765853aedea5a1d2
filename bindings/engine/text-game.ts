/**
 * Which game a text belongs to, read before any engine is made for it (a record's Game tag, a
 * position's first word), and a record's moves: what the worker and a page ask of text alone.
 */
import { parseRecord } from '../../reference/core/record.js';

/** A game as a page needs to know it before any game is started (what the worker's games() lists). */
export interface GameSummary {
  readonly id: string;
  readonly title: string;
}

/**
 * The game a record belongs to, from its `[Game "..."]` tag (the game's title or id, in any
 * case): the game's id; null when the record has no such tag or cannot be read at all (the
 * engine that loads it then says what is wrong); or a message when it names a game not among
 * `games`.
 */
export function gameOfRecord(text: string, games: readonly GameSummary[]): { game: string | null } | { error: string } {
  const parsed = typeof text === 'string' ? parseRecord(text) : null;
  const tag = parsed?.ok ? parsed.value.tags.get('Game') : undefined;
  if (tag === undefined) return { game: null };
  const name = tag.trim().toLowerCase();
  const found = games.find((g) => g.id.toLowerCase() === name || g.title.toLowerCase() === name);
  // The tag is quoted as written (not escaped), but never at length (a record may be anything).
  const named = tag.length > 40 ? `"${tag.slice(0, 40)}"…` : `"${tag}"`;
  if (!found) return { error: `this engine does not play ${named} (it plays ${games.map((g) => g.title).join(', ')})` };
  return { game: found.id };
}

/** The game a position belongs to: its first word, when that is one of `games`. */
export function gameOfPosition(text: string, games: readonly GameSummary[]): string | null {
  const first = text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';
  return games.find((g) => g.id.toLowerCase() === first)?.id ?? null;
}

/** The move tokens of a record in order, or null when it cannot be read (the engine then says why). */
export function recordMoves(text: string): string[] | null {
  const parsed = parseRecord(text);
  return parsed.ok ? [...parsed.value.moves] : null;
}
