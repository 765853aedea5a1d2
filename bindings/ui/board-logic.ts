/**
 * The board element's decisions, kept apart from the DOM so that they can be tested anywhere:
 * what the `ai` and `orientation` attributes mean, what a click on a cell does, which buttons
 * the legal moves call for, and which game a record belongs to. Nothing here knows a game's
 * rules: it only reads the legal moves (plain `{ kind, at?, to? }` data) the engine sends.
 */
import type { GameMove } from '../../reference/core/game.js';
import type { ClickKinds } from '../engine/view.js';

export interface AiSides {
  readonly 1?: number;
  readonly 2?: number;
}

/** Side names every game accepts: black and white stand for the first and second player. */
const GENERIC_SIDES: Readonly<Record<string, 1 | 2>> = { black: 1, white: 2, first: 1, second: 2, p1: 1, p2: 2 };

/** The player a side name means (black, white, first, second, p1, p2 or one of `players`), else null. */
export function sideOf(name: string, players: readonly string[] = []): 1 | 2 | null {
  const key = name.trim().toLowerCase();
  const own = players.findIndex((p) => p.toLowerCase() === key);
  if (own === 0 || own === 1) return (own + 1) as 1 | 2;
  return GENERIC_SIDES[key] ?? null;
}

function sideList(players: readonly string[]): string {
  const names = [...new Set(['black', 'white', ...players.map((p) => p.toLowerCase())])];
  return [...names, 'both'].join(', ');
}

/**
 * Reads the `ai` attribute: "white:3", "black:5,white:2", "both:4", "none" or empty. Black and
 * white mean the first and second player of any game; the game's own names (`players`, e.g.
 * Dark and Light) are accepted too.
 */
export function parseAiAttribute(value: string | null, players: readonly string[] = []): AiSides | string {
  if (value === null || value.trim() === '' || value.trim() === 'none') return {};
  const sides: { 1?: number; 2?: number } = {};
  for (const part of value.split(',')) {
    const m = /^\s*([a-z0-9]+):([1-8])\s*$/i.exec(part);
    const side = m ? m[1]!.toLowerCase() : '';
    const player = side === 'both' ? 0 : sideOf(side, players);
    if (!m || player === null) {
      return `expected side:level such as "white:3" (sides ${sideList(players)}; levels 1-8), got "${value}"`;
    }
    const level = Number(m[2]);
    if (player !== 2) sides[1] = level;
    if (player !== 1) sides[2] = level;
  }
  return sides;
}

/** The seat (the player who began with that colour) now playing `colour`, from GameView.seats. */
export function seatOf(seats: readonly [1 | 2, 1 | 2] | undefined, colour: 1 | 2): 1 | 2 {
  return seats?.[colour - 1] ?? colour;
}

/**
 * The AI level that plays `colour` now, or undefined when a person does. The `ai` attribute
 * names seats, so after a swap of seats (Populace's pie) "white:3" plays Black.
 */
export function aiLevelFor(ai: AiSides, seats: readonly [1 | 2, 1 | 2] | undefined, colour: 1 | 2): number | undefined {
  return ai[seatOf(seats, colour)];
}

/** Reads the `orientation` attribute: which player sits at the bottom; null when it means nothing. */
export function parseOrientation(value: string | null, players: readonly string[] = []): 1 | 2 | null {
  if (value === null || value.trim() === '') return 1;
  return sideOf(value, players);
}

/** Where a move ends: its destination, or its only cell (a placement). */
export function moveEnd(m: GameMove): number | undefined {
  return m.to ?? m.at;
}

/** The cells the legal moves starting at `origin` end on (the board's highlights), in order. */
export function destinationsOf(legal: readonly GameMove[], origin: number | null): number[] {
  if (origin === null) return [];
  const ends = new Set<number>();
  for (const m of legal) if (m.at === origin && moveEnd(m) !== undefined) ends.add(moveEnd(m)!);
  return [...ends].sort((a, b) => a - b);
}

/**
 * The kinds of the legal moves that have no cell (pass, and Throngs' accept and swap of the pie),
 * in the order they first appear: the buttons a board shows beside the cells.
 */
export function buttonKinds(legal: readonly GameMove[]): string[] {
  const kinds: string[] = [];
  for (const m of legal) if (m.at === undefined && !kinds.includes(m.kind)) kinds.push(m.kind);
  return kinds;
}

/**
 * The buttons on show: one per kind of legal move without a cell; when there is none (the AI's
 * turn, a move being built, the end), those shown last stay, disabled, so that the controls do
 * not jump about. A game that has offered none yet shows none.
 */
export function visibleButtons(kinds: readonly string[], shownBefore: readonly string[]): string[] {
  return kinds.length > 0 ? [...kinds] : [...shownBefore];
}

/**
 * Where the last whole move began and ended, for the last-move marks: a move played a step at
 * a time (history entries that `continue` the one before) began at its first step's origin.
 * Null when no move has been played or the last one has no cell.
 */
export function lastMoveSpan(history: ReadonlyArray<{ readonly move: GameMove; readonly continues?: boolean }>): { from?: number; to: number } | null {
  const last = history.at(-1);
  if (!last) return null;
  const to = moveEnd(last.move);
  if (to === undefined) return null;
  let first = history.length - 1;
  while (first > 0 && history[first]!.continues) first--;
  const from = history[first]!.move.at;
  return from === undefined || from === to ? { to } : { from, to };
}

export type ClickAction<M extends GameMove = GameMove> = { readonly play: M } | { readonly select: number } | { readonly clear: true };

/**
 * What a click on `cell` does, given the legal moves and the selected origin: complete a move to
 * a highlighted destination; play at once the only move of a cell that ends where it starts (a
 * placement, Throngs' add without travel); select an origin with several moves or one that goes
 * elsewhere (its destinations are then highlighted, the origin itself when a move stays put);
 * or clear the selection.
 */
export function boardClick<M extends GameMove>(legal: readonly M[], selected: number | null, cell: number): ClickAction<M> {
  const completing = selected !== null ? legal.find((m) => m.at === selected && moveEnd(m) === cell) : undefined;
  if (completing) return { play: completing };
  const starting = legal.filter((m) => m.at === cell);
  if (starting.length === 0) return { clear: true };
  if (starting.length === 1 && moveEnd(starting[0]!) === cell) return { play: starting[0]! };
  return { select: cell };
}

/**
 * What a selection offers, in words for the explanation line, where a click does not say it by
 * itself: a site whose move may stay where it starts or go on from there (Throngs' placement or
 * capture with travel) takes a second click to stay, which nobody guesses. '' otherwise.
 */
export function selectionNote(legal: readonly GameMove[], cells: ArrayLike<number>, toMove: number, site: number, label: string): string {
  const moves = legal.filter((m) => m.at === site);
  if (!moves.some((m) => moveEnd(m) === site) || !moves.some((m) => moveEnd(m) !== site)) return '';
  const content = cells[site];
  if (content === toMove) return '';
  const [here, on] = content === 0 ? ['place a stone here', 'place it and move it on'] : ['take the stone here', 'take it and move your stone on'];
  return `${label} selected: click it again to ${here}, or click a blue dot to ${on} to that site.`;
}

/** What a board knows of the position to work out a click: GameView's parts. */
export interface ClickContext {
  /** The game's kinds of move by what a cell holds (GameView.clicks). */
  readonly kinds: ClickKinds | null;
  readonly cells: ArrayLike<number>;
  readonly toMove: 1 | 2;
  /** Pairs of neighbouring cells (GameView.board.links). */
  readonly links: ReadonlyArray<readonly [number, number]>;
}

function neighboursOf(links: ClickContext['links'], cell: number): number[] {
  const out: number[] = [];
  for (const [a, b] of links) {
    if (a === cell) out.push(b);
    else if (b === cell) out.push(a);
  }
  return out.sort((x, y) => x - y);
}

/**
 * The move a click meant when it makes no legal move (boardClick answered `clear`), so that the
 * engine can say why it is illegal: with a selected origin, the move from there to `cell` (a
 * placement and travel from an empty origin in Throngs, a capture from an enemy one); without,
 * a placement on an empty cell, a capture or replace of an enemy piece, and for one of the
 * mover's stones a travel to a neighbour (an empty one if any). Null without the game's kinds.
 */
export function clickedMove(ctx: ClickContext, selected: number | null, cell: number): GameMove | null {
  const kinds = ctx.kinds;
  if (!kinds) return null;
  const holder = (c: number): 'empty' | 'own' | 'enemy' => (ctx.cells[c] === 0 ? 'empty' : ctx.cells[c] === ctx.toMove ? 'own' : 'enemy');
  const near = (a: number, b: number): boolean => neighboursOf(ctx.links, a).includes(b);
  if (selected !== null && selected !== cell) {
    const from = holder(selected);
    const kind = from === 'own' && kinds.far && !near(selected, cell) ? kinds.far : from === 'own' || !kinds.fromAnyCell ? kinds.own : kinds[from];
    return { kind, at: selected, to: cell };
  }
  const what = holder(cell);
  if (what === 'own' || (what === 'enemy' && kinds.enemy === kinds.own)) {
    const around = neighboursOf(ctx.links, cell);
    const to = around.find((n) => ctx.cells[n] === 0) ?? around[0] ?? cell;
    return { kind: kinds.own, at: cell, to };
  }
  return kinds.withTo ? { kind: kinds[what], at: cell, to: cell } : { kind: kinds[what], at: cell };
}

/**
 * The sites a sentence names by their labels ("D2.1 and D2.2 are not joined", "the path
 * L4.1–L4.2"), in order of first mention: the board names them beside their sites, since not
 * every board letters its rows and columns.
 */
export function sitesNamedIn(text: string, labels: readonly string[]): number[] {
  const index = new Map(labels.map((l, i) => [l, i]));
  const sites: number[] = [];
  for (const word of text.split(/[^\p{L}\p{N}.]+/u)) {
    const site = index.get(word.replace(/\.+$/, ''));
    if (site !== undefined && !sites.includes(site)) sites.push(site);
  }
  return sites;
}
