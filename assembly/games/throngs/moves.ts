// Moves as packed u32 values, the same packing as reference/games/throngs/moves.ts: the kind in
// the top bits, then origin and destination in 13 bits each. Ascending value = canonical order.
// The codes and shifts are those of abi/throngs.ts, which the JavaScript side reads too.
import { FLAG_FORCED, FLAG_TWO_DECISIONS, MOVE_ACCEPT, MOVE_ADD, MOVE_AT_SHIFT, MOVE_CAPTURE, MOVE_KIND_SHIFT, MOVE_MOVE, MOVE_PASS, MOVE_SITE_MASK, MOVE_SWAP } from './abi';

export const ADD: u32 = MOVE_ADD;
export const CAPTURE: u32 = MOVE_CAPTURE;
export const MOVE: u32 = MOVE_MOVE;
export const PASS: u32 = MOVE_PASS;
export const ACCEPT: u32 = MOVE_ACCEPT;
export const SWAP: u32 = MOVE_SWAP;

/** Move flags: the move takes two Ludii decisions; the pass is forced. */
export const TWO_DECISIONS: u8 = <u8>FLAG_TWO_DECISIONS;
export const FORCED: u8 = <u8>FLAG_FORCED;

@inline export function pack(kind: u32, at: i32, to: i32): u32 {
  return (kind << MOVE_KIND_SHIFT) | (<u32>at << MOVE_AT_SHIFT) | <u32>to;
}

@inline export function kindOf(packed: u32): u32 {
  return packed >>> MOVE_KIND_SHIFT;
}

@inline export function atOf(packed: u32): i32 {
  return <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
}

@inline export function toOf(packed: u32): i32 {
  return <i32>(packed & MOVE_SITE_MASK);
}
