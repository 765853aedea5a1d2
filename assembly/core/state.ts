// The state block as every game keeps it: i32 scalars at byte offsets its abi.ts names, the
// player to move first (S_TO_MOVE), then whatever the game lays out after them.
import { S_TO_MOVE } from './abi';
import { STATE } from './layout';

@inline export function getI(offset: i32): i32 {
  return load<i32>(STATE + offset);
}

@inline export function setI(offset: i32, value: i32): void {
  store<i32>(STATE + offset, value);
}

/** 1 or 2. */
@inline export function toMove(): i32 {
  return getI(S_TO_MOVE);
}
