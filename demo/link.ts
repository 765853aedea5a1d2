/**
 * The page's address: `#id=<id>`, a game of this browser's store (the tab's own game), or a link
 * that brings a game: `#game=refugia&record=<record>&move=4&black=human&white=3`,
 * `#game=…&position=<position>` from the position editor, `#game=populace&board=hexhex(5)`.
 * Any part may be left out. Reading and writing only: what a link does is the tab's (tab.ts).
 */
import type { GameInfo } from '../bindings/worker/client.js';
import { parseSeat, type Players } from './seats.js';

export const toBase64Url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

/** Longest link read: a record of any real game fits many times over; a giant one is refused at once. */
const MAX_LINK = 200_000;

export interface Link {
  /** A game of this browser's store. */
  id: string | null;
  game: string | null;
  /** A board for a new game of the link's game. */
  board: string | null;
  record: string | null;
  /** The move the link opens at (moves played), when it names one. */
  move: number | null;
  /** A position to start from (a link from the position editor). */
  position: string | null;
  players: Players | null;
  /** What could not be read, in words (the rest of the link still counts). */
  problem: string | null;
}

/**
 * Reads a link's hash. Links made before the demo played several games carry the record itself
 * in `game`. The sides may also be called by the game's player names (`#dark=human&light=6`).
 * Null when the hash says nothing the page can use.
 */
export function readLink(hash: string, find: (name: string | null) => GameInfo | null, fallback: GameInfo): Link | null {
  if (!hash.startsWith('#') || hash.length < 2) return null;
  if (hash.length > MAX_LINK) {
    return { id: null, game: null, board: null, record: null, move: null, position: null, players: null, problem: `The link is too long to be a game (over ${MAX_LINK.toLocaleString('en-US')} characters); it was not opened.` };
  }
  const params = new URLSearchParams(hash.slice(1));
  let problem: string | null = null;
  const gameParam = params.get('game');
  const game = find(gameParam)?.id ?? null;
  let record: string | null = null;
  try {
    const encoded = params.get('record') ?? (game === null ? gameParam : null);
    record = encoded ? fromBase64Url(encoded) : null;
  } catch {
    problem = 'The link’s game could not be read.';
  }
  const [first, second] = (find(game) ?? fallback).players.map((n) => n.toLowerCase());
  const black = parseSeat(params.get('black') ?? params.get(first!));
  const white = parseSeat(params.get('white') ?? params.get(second!));
  const players = black !== null || white !== null ? { black: black ?? 'human', white: white ?? 'human' } : null;
  const moveParam = params.get('move');
  let move: number | null = null;
  if (moveParam !== null) {
    move = /^\d{1,6}$/.test(moveParam) ? Number(moveParam) : null;
    if (move === null) problem = `The link’s move “${moveParam.slice(0, 20)}” is not a move number; the game opens at its last move.`;
  }
  let position: string | null = null;
  try {
    const encoded = params.get('position');
    position = encoded ? fromBase64Url(encoded) : null;
  } catch {
    problem = 'The link’s position could not be read.';
  }
  const id = /^[a-z0-9]{1,40}$/.test(params.get('id') ?? '') ? params.get('id') : null;
  if (params.has('id') && id === null) problem = 'The link’s game id cannot be a game of this page.';
  const board = params.get('board')?.trim().slice(0, 200) || null;
  if (id === null && record === null && position === null && players === null && game === null && board === null && problem === null) return null;
  return { id, game, board, record, move, position, players, problem };
}

const here = (params: URLSearchParams): string => `${location.origin}${location.pathname}#${params}`;

/** A link to a whole game line, open at `move` (moves played). */
export function gameLink(game: string, record: string, move: number, players: Players): string {
  return here(new URLSearchParams({ game, record: toBase64Url(record), move: String(move), black: String(players.black), white: String(players.white) }));
}

/** The address of a game of this browser's store. */
export const storedLink = (id: string): string => `${location.origin}${location.pathname}#id=${id}`;

/** A link that opens a position (the editor's). */
export function positionLink(game: string, position: string, players: Players): string {
  return here(new URLSearchParams({ game, position: toBase64Url(position), black: String(players.black), white: String(players.white) }));
}
