/**
 * Populace's actions as data and as numbers. Packing is Refugia's and Throngs': kind code in the
 * top bits, then origin and destination, 13 bits each (`code << 26 | at << 13 | to`), so that
 * ascending packed value is the canonical order of both engines: place < replace < move < pass <
 * swap. A placement and a replacement pack with `to = at`.
 */
import type { GameMove } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';

export type PopulaceMoveKind = 'place' | 'replace' | 'move' | 'pass' | 'swap';

export type PlaceMove = { readonly kind: 'place'; readonly at: number };
export type ReplaceMove = { readonly kind: 'replace'; readonly at: number };
export type MoveMove = { readonly kind: 'move'; readonly at: number; readonly to: number };
export type PassMove = { readonly kind: 'pass' };
export type SwapMove = { readonly kind: 'swap' };

export type PopulaceMove = PlaceMove | ReplaceMove | MoveMove | PassMove | SwapMove;

export const KIND_CODES: Readonly<Record<PopulaceMoveKind, number>> = Object.freeze({ place: 1, replace: 2, move: 3, pass: 4, swap: 5 });

const KINDS_BY_CODE: readonly (PopulaceMoveKind | undefined)[] = [undefined, 'place', 'replace', 'move', 'pass', 'swap'];

const SITE_BITS = 13;
const SITE_MASK = (1 << SITE_BITS) - 1;

export function isPopulaceKind(kind: unknown): kind is PopulaceMoveKind {
  return kind === 'place' || kind === 'replace' || kind === 'move' || kind === 'pass' || kind === 'swap';
}

/** Kinds that name no cell. */
export const hasCells = (kind: PopulaceMoveKind): boolean => kind !== 'pass' && kind !== 'swap';

export function packMove(m: GameMove): number {
  const code = KIND_CODES[m.kind as PopulaceMoveKind];
  if (!hasCells(m.kind as PopulaceMoveKind)) return (code << (2 * SITE_BITS)) >>> 0;
  const at = m.at ?? 0;
  const to = m.kind === 'move' ? (m.to ?? 0) : at;
  return ((code << (2 * SITE_BITS)) | (at << SITE_BITS) | to) >>> 0;
}

export function unpackMove(packed: number): PopulaceMove {
  const kind = KINDS_BY_CODE[packed >>> (2 * SITE_BITS)];
  if (kind === undefined) throw new RangeError(`not a packed Populace move: ${packed}`);
  if (kind === 'pass' || kind === 'swap') return { kind };
  const at = (packed >>> SITE_BITS) & SITE_MASK;
  if (kind === 'move') return { kind, at, to: packed & SITE_MASK };
  return { kind, at };
}

/**
 * Structurally a Populace move on `t`, whatever the position: a known kind with the cells it
 * needs, on the board. A placement or replacement may repeat its cell as `to`.
 */
export function isMoveShaped(m: unknown, t: Topology): m is GameMove {
  if (typeof m !== 'object' || m === null) return false;
  const { kind, at, to } = m as GameMove;
  if (!isPopulaceKind(kind)) return false;
  if (!hasCells(kind)) return true;
  if (!t.isCell(at)) return false;
  if (kind === 'move') return t.isCell(to);
  return to === undefined || to === at;
}
