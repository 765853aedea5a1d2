/**
 * Tholian Go's engine moves: one step of a push path at a time (state.ts says why).
 * - `move`: the first step of a move, from the pusher's node `at` to `to` (§6);
 * - `push`: the head of the path in progress (`at`) goes on to `to`;
 * - `free`: the first step of a transformation's free push, from the entry node `at` (§8);
 * - `place`: a placement on `at` (Ultimate, Scrimmage);
 * - `end`: the player ends the turn (§4).
 * Packed as `code << 16 | at << 8 | to`: ascending packed value is the canonical order.
 */
import type { GameMove } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';

export type TholianMoveKind = 'end' | 'place' | 'move' | 'push' | 'free';

export type TholianMove =
  | { readonly kind: 'end' }
  | { readonly kind: 'place'; readonly at: number }
  | { readonly kind: 'move' | 'push' | 'free'; readonly at: number; readonly to: number };

const KINDS: readonly TholianMoveKind[] = ['end', 'place', 'move', 'push', 'free'];

/** Nodes fit in 8 bits: a board has at most 256 nodes. */
export const MAX_NODES = 256;

export const isStep = (kind: string): kind is 'move' | 'push' | 'free' => kind === 'move' || kind === 'push' || kind === 'free';

export function packMove(m: GameMove): number {
  const code = KINDS.indexOf(m.kind as TholianMoveKind);
  if (code < 0) throw new RangeError(`not a Tholian Go move kind: ${m.kind}`);
  const at = m.kind === 'end' ? 0 : (m.at ?? 0);
  const to = isStep(m.kind) ? (m.to ?? 0) : 0;
  return ((code << 16) | (at << 8) | to) >>> 0;
}

export function unpackMove(packed: number): TholianMove {
  const kind = KINDS[packed >>> 16];
  if (kind === undefined || packed > 0x4ffff) throw new RangeError(`not a packed Tholian Go move: ${packed}`);
  if (kind === 'end') return { kind };
  const at = (packed >>> 8) & 0xff;
  if (kind === 'place') return { kind, at };
  return { kind, at, to: packed & 0xff };
}

export function isMoveShaped(m: unknown, t: Topology): m is GameMove {
  if (typeof m !== 'object' || m === null) return false;
  const { kind, at, to } = m as GameMove;
  if (!KINDS.includes(kind as TholianMoveKind)) return false;
  if (kind === 'end') return true;
  if (!t.isCell(at) || at >= MAX_NODES) return false;
  if (kind === 'place') return to === undefined || to === at;
  return t.isCell(to) && to < MAX_NODES;
}
