// Moves as packed u32 values, the same packing as reference/games/throngs/moves.ts: the kind in
// the top bits, then origin and destination in 13 bits each. Ascending value = canonical order.
export const ADD: u32 = 1;
export const CAPTURE: u32 = 2;
export const MOVE: u32 = 3;
export const PASS: u32 = 4;
export const ACCEPT: u32 = 5;
export const SWAP: u32 = 6;

/** Move flags: the move takes two Ludii decisions; the pass is forced. */
export const TWO_DECISIONS: u8 = 1;
export const FORCED: u8 = 2;

@inline export function pack(kind: u32, at: i32, to: i32): u32 {
  return (kind << 26) | (<u32>at << 13) | <u32>to;
}

@inline export function kindOf(packed: u32): u32 {
  return packed >>> 26;
}

@inline export function atOf(packed: u32): i32 {
  return <i32>((packed >>> 13) & 0x1fff);
}

@inline export function toOf(packed: u32): i32 {
  return <i32>(packed & 0x1fff);
}
