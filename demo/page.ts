/**
 * What every panel of the demo shares: the page's elements by id, the board, the notice line,
 * the games the engine plays (asked once at start-up), and errors as the page shows them.
 */
import { GameBoard } from '../bindings/ui/element.js';
import type { GameInfo } from '../bindings/worker/client.js';

// The element module defines <game-board> when loaded; defining it here as well keeps the page
// working where a bundler drops modules imported only for their side effects (package.json's
// `sideEffects` lists the published files, not these sources).
if (!customElements.get('game-board')) customElements.define('game-board', GameBoard);

export const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
export const board = $<GameBoard>('board');
const notice = $<HTMLParagraphElement>('notice');

/**
 * Says what just happened on the notice line. `kind` marks a notice that something else may
 * take back (the game-over notice, cleared when the game is no longer over).
 */
export function say(text: string, kind?: string): void {
  notice.textContent = text;
  if (kind) notice.dataset.kind = kind;
  else delete notice.dataset.kind;
}

/** Says `text` with a link to copy by hand (where the clipboard is refused), selected. */
export function offerLink(text: string, url: string): void {
  say(text);
  const field = Object.assign(document.createElement('input'), { type: 'text', readOnly: true, value: url, className: 'link-field' });
  field.setAttribute('aria-label', 'Link');
  notice.append(' ', field);
  field.select();
}

/** Clears the notice of the last action; notices of a kind (the game over, a game kept apart) stay. */
export function clearNotice(): void {
  if (!notice.dataset.kind) say('');
}

/** The notice on show, and its kind. */
export const noticeNow = (): { text: string; kind: string | undefined } => ({ text: notice.textContent ?? '', kind: notice.dataset.kind });

let known: readonly GameInfo[] = [];

/** The games the engine plays, the default first (empty until the page has started). */
export const games = (): readonly GameInfo[] => known;
export function setGames(list: readonly GameInfo[]): void {
  known = list;
}
export const defaultGame = (): GameInfo => known[0]!;

/** A game by id or title (any case), else null. */
export function gameInfo(value: string | null | undefined): GameInfo | null {
  const key = value?.trim().toLowerCase();
  return known.find((g) => g.id === key || g.title.toLowerCase() === key) ?? null;
}

/** Longest run of characters without a space an error shows, and longest error shown. */
const MAX_RUN = 48;
const MAX_ERROR = 240;

/**
 * An error as the page shows it: the typed error's message (the engine's errors quote only the
 * part of a record around the fault), with any long run of characters without a space cut short
 * and the whole kept to a couple of lines, so that a pasted record is never echoed back whole.
 */
export function errorText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const runs = message.replace(new RegExp(`\\S{${MAX_RUN + 1},}`, 'g'), (run) => `${run.slice(0, MAX_RUN - 8)}…${run.slice(-4)}`);
  return runs.length > MAX_ERROR ? `${runs.slice(0, MAX_ERROR - 1)}…` : runs;
}

export function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}
