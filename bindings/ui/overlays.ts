/**
 * How the board shows a game's per-cell overlays (GameView.overlays, values from the engine) and
 * marks (GameDetails.marks): owners as small squares (points) or tinted cells (cells), numbers,
 * and badges on pieces. Unknown names are shown as plain numbers or lettered badges, so a new
 * game's overlay or mark works without a line here; a line only makes it read better. A game
 * that calls an overlay otherwise says so in its own words (GameView.words), which win.
 */
import type { Drawing } from '../../reference/core/game.js';
import type { GameWords } from '../engine/view.js';

export interface OverlayStyle {
  /** `owner`: 0 nobody, 1 or 2 a player (their colour's tint); `number`: the value. */
  readonly kind: 'owner' | 'number';
  /** Numbers with a sign (+2, -1, 0). */
  readonly signed: boolean;
  /** Short name in the hover tip ("AP +2"); absent: not in the tip. */
  readonly tip?: string;
  /** For a toggle: "Show action potential". */
  readonly label: string;
  /**
   * Numbers are written on empty cells; with `pieces`, also on the pieces of a board drawn as
   * cells (where a disc leaves room for them).
   */
  readonly pieces?: boolean;
  /** What the overlay shows, for the board's legend; `{1}` and `{2}` stand for the players' names. */
  readonly legend: string;
}

const STYLES: Readonly<Record<string, OverlayStyle>> = {
  potential: { kind: 'number', signed: true, tip: 'AP', label: 'action potential', pieces: true, legend: 'numbers: action potential' },
  territory: { kind: 'owner', signed: false, label: 'territory', legend: 'square: the site counts for {1} (dark) or {2} (light)' },
  control: { kind: 'owner', signed: false, label: 'control', legend: 'tinted cell: controlled by {1} (dark) or {2} (light)' },
  enemies: { kind: 'number', signed: false, tip: 'enemies', label: 'enemy neighbours', legend: 'numbers: how many enemies touch the cell' },
};

/** How overlay `name` is shown, in the words of `game` (a GameView) where it has its own. */
export function overlayStyle(name: string, game?: { readonly words?: GameWords }): OverlayStyle {
  const style = Object.hasOwn(STYLES, name) ? STYLES[name]! : { kind: 'number' as const, signed: false, tip: name, label: name, legend: `numbers: ${name}` };
  const own = game?.words?.overlays;
  return own && Object.hasOwn(own, name) ? { ...style, ...own[name] } : style;
}

export function formatOverlayValue(style: OverlayStyle, value: number): string {
  return style.signed && value > 0 ? `+${value}` : String(value);
}

/**
 * The legend line of an overlay, with the players' names filled in; on a board of cells, whose
 * pieces carry the numbers too, it says what a piece's number means.
 */
export function overlayLegend(name: string, players: readonly string[], drawing: Drawing = 'points', game?: { readonly words?: GameWords }): string {
  const style = overlayStyle(name, game);
  const text = style.legend.replace(/\{([12])\}/g, (_, n: string) => players[Number(n) - 1] ?? `player ${n}`);
  return style.kind === 'number' && style.pieces && drawing === 'cells' ? `${text} (on a piece: how far it may move)` : text;
}

export interface MarkStyle {
  /** The badge's text. */
  readonly symbol: string;
  /** What the mark means, for the legend. */
  readonly legend: string;
  /**
   * How it is drawn: a lettered badge at the piece's upper right (the default), or rings around
   * the site: one (`ring`, `dashed-ring`) or two (`double-ring`).
   */
  readonly shape?: 'badge' | 'ring' | 'double-ring' | 'dashed-ring';
  /** Rings in this player's colour; without it, the highlight colour. */
  readonly player?: 1 | 2;
  /** A few words for the hover tip; the mark's name when absent. */
  readonly tip?: string;
}

const MARKS: Readonly<Record<string, MarkStyle>> = {
  threatened: { symbol: '!', legend: 'threatened piece: the opponent may replace it' },
  // Tholian Go (THOLIAN-GO.md §2.5, §6, §8): the string a push moves, the targets and the entry nodes.
  push: { symbol: 'P', shape: 'ring', tip: 'in the push', legend: 'blue ring: a token the push being built will move (the line is its path)' },
  'target-red': { symbol: 'T', shape: 'double-ring', player: 1, tip: 'Red’s target', legend: 'red double ring: Red’s target node (a Red light token there transforms, or scores a touchdown)' },
  'target-blue': { symbol: 'T', shape: 'double-ring', player: 2, tip: 'Blue’s target', legend: 'blue double ring: Blue’s target node' },
  'entry-red': { symbol: 'E', shape: 'dashed-ring', player: 1, tip: 'Red’s entry', legend: 'red dashed ring: where a transformed Red token enters the dark web' },
  'entry-blue': { symbol: 'E', shape: 'dashed-ring', player: 2, tip: 'Blue’s entry', legend: 'blue dashed ring: where a transformed Blue token enters the dark web' },
};

/** How a mark of GameDetails.marks is drawn (part `mark-<name>`) and explained. */
export function markStyle(name: string): MarkStyle {
  return Object.hasOwn(MARKS, name) ? MARKS[name]! : { symbol: (name.charAt(0) || '?').toUpperCase(), legend: name };
}

/** A score as people write it: whole, or with a half (7½, ½). */
export function formatScore(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const whole = Math.trunc(value);
  if (Math.abs(value - whole) === 0.5) return `${whole === 0 ? (value < 0 ? '-' : '') : whole}½`;
  return String(value);
}
