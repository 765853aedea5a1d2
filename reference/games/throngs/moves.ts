/**
 * Moves as numbers. A move packs into one u32: kind code in the top bits, then origin and
 * destination (13 bits each). Ascending packed value is the canonical move order of both engines,
 * which equals the oracle's (kind, at, to) order: add < capture < move < pass < accept < swap.
 */
import type { Move, MoveKind } from './types.js';

export const KIND_CODES: Readonly<Record<MoveKind, number>> = {
  add: 1,
  capture: 2,
  move: 3,
  pass: 4,
  accept: 5,
  swap: 6,
};

const KINDS_BY_CODE: readonly (MoveKind | undefined)[] = [undefined, 'add', 'capture', 'move', 'pass', 'accept', 'swap'];

const SITE_BITS = 13;
const SITE_MASK = (1 << SITE_BITS) - 1;

export function hasSites(kind: MoveKind): boolean {
  return kind === 'add' || kind === 'capture' || kind === 'move';
}

export function packMove(move: Move): number {
  const code = KIND_CODES[move.kind];
  if (!hasSites(move.kind)) return (code << (2 * SITE_BITS)) >>> 0;
  return ((code << (2 * SITE_BITS)) | ((move.at ?? 0) << SITE_BITS) | (move.to ?? move.at ?? 0)) >>> 0;
}

export function unpackMove(packed: number): Move {
  const kind = KINDS_BY_CODE[packed >>> (2 * SITE_BITS)];
  if (kind === undefined) throw new RangeError(`not a packed move: ${packed}`);
  if (!hasSites(kind)) return { kind };
  return { kind, at: (packed >>> SITE_BITS) & SITE_MASK, to: packed & SITE_MASK };
}

/** A move in canonical shape: `to` filled in (stay = at) and no stray fields. */
export function normalizeMove(move: Move): Move {
  if (!hasSites(move.kind)) return { kind: move.kind };
  return { kind: move.kind, at: move.at, to: move.to ?? move.at };
}

export function sameMove(a: Move, b: Move): boolean {
  return packMove(a) === packMove(b);
}

/** A legal move together with what the rules derive from it in its position. */
export interface LegalMove extends Move {
  /** Ludii decisions the move takes: its weight in the "all passed" rule (§12.1). */
  readonly dec: 1 | 2;
  /** A pass that is the only legal move under the add-or-capture duty (§7.6). */
  readonly forced?: true;
}
