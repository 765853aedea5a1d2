// The legal moves of the live state as the game's generate() lists them: packed in MOVES (the
// game's flags, if any, in MOVE_FLAGS), how many, and whether they are still the live state's.
// Every change of the state drops them, so that a play by JavaScript lists them once at most.
import { MOVES, MOVE_FLAGS, maxMoves } from './layout';

let count: i32 = 0;
/** The list in MOVES belongs to the current state (cleared by every change). */
export let listValid: bool = false;

@inline export function invalidateList(): void {
  listValid = false;
}

@inline export function listLength(): i32 {
  return count;
}

/** Starts the list of the live state: generate() then emits its moves, or writes them and ends it. */
@inline export function listStart(): void {
  count = 0;
  listValid = true;
}

/** Sets the list's length to `n` (moves the game wrote into MOVES itself, or kept of the emitted ones); returns it. */
@inline export function listEnd(n: i32): i32 {
  count = n;
  return n;
}

@inline export function emit(packed: u32): void {
  assert(count < maxMoves, 'generate: move list overflow');
  store<u32>(MOVES + (<usize>count << 2), packed);
  count++;
}

/** A move with the game's flags for it (MOVE_FLAGS: what the packed move does not say). */
@inline export function emitFlagged(packed: u32, flags: u8): void {
  store<u8>(MOVE_FLAGS + <usize>count, flags);
  emit(packed);
}
