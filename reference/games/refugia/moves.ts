/**
 * Refugia's moves as data and as numbers. Packing follows Throngs (reference/games/throngs/
 * moves.ts): kind code in the top bits, then origin and destination, 13 bits each, so that
 * ascending packed value is the canonical order of both engines: place < step < hop < pass.
 */
import type { GameMove } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';

export type RefugiaMoveKind = 'place' | 'step' | 'hop' | 'pass';

/** What a hop does to the jumped stone: an enemy stone turns neutral, a neutral turns the mover's. */
export type Conversion = 'enemy' | 'neutral';

export type PlaceMove = { readonly kind: 'place'; readonly at: number };
export type StepMove = { readonly kind: 'step'; readonly at: number; readonly to: number };
export type HopMove = {
  readonly kind: 'hop';
  readonly at: number;
  readonly to: number;
  /** The jumped cell: the neighbour of `at` on the line to `to`. */
  readonly over: number;
  /** What stood on `over` before the hop. */
  readonly converts: Conversion;
};
export type PassMove = { readonly kind: 'pass' };

export type RefugiaMove = PlaceMove | StepMove | HopMove | PassMove;

export const KIND_CODES: Readonly<Record<RefugiaMoveKind, number>> = Object.freeze({ place: 1, step: 2, hop: 3, pass: 4 });

const KINDS_BY_CODE: readonly (RefugiaMoveKind | undefined)[] = [undefined, 'place', 'step', 'hop', 'pass'];

const SITE_BITS = 13;
const SITE_MASK = (1 << SITE_BITS) - 1;

export function isRefugiaKind(kind: unknown): kind is RefugiaMoveKind {
  return kind === 'place' || kind === 'step' || kind === 'hop' || kind === 'pass';
}

/** A placement packs with `to = at`, as Throngs' stay does. */
export function packMove(m: GameMove): number {
  const code = KIND_CODES[m.kind as RefugiaMoveKind];
  if (m.kind === 'pass') return (code << (2 * SITE_BITS)) >>> 0;
  const at = m.at ?? 0;
  const to = m.kind === 'place' ? at : (m.to ?? 0);
  return ((code << (2 * SITE_BITS)) | (at << SITE_BITS) | to) >>> 0;
}

/** The move a packed number stands for, without the hop's derived fields. */
export function unpackMove(packed: number): GameMove {
  const kind = KINDS_BY_CODE[packed >>> (2 * SITE_BITS)];
  if (kind === undefined) throw new RangeError(`not a packed Refugia move: ${packed}`);
  if (kind === 'pass') return { kind };
  const at = (packed >>> SITE_BITS) & SITE_MASK;
  if (kind === 'place') return { kind, at };
  return { kind, at, to: packed & SITE_MASK };
}

/**
 * Structurally a Refugia move on `t`, whatever the position: a known kind with the cells it
 * needs, on the board. Whether a step or hop has the right geometry is for explainIllegal.
 */
export function isMoveShaped(m: unknown, t: Topology): m is GameMove {
  if (typeof m !== 'object' || m === null) return false;
  const { kind, at, to } = m as GameMove;
  if (!isRefugiaKind(kind)) return false;
  if (kind === 'pass') return true;
  if (!t.isCell(at)) return false;
  if (kind === 'place') return to === undefined || to === at;
  return t.isCell(to);
}
