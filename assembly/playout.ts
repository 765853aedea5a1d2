// Seeded random playouts: uniform among the legal moves in canonical order, with the shared
// PRNG, until the game ends. Runs on the live state and restores it afterwards with one copy.
import { applyMove } from './apply';
import { BACKUP, MOVE_FLAGS, MOVES, RECORD, RECORD_CAPACITY, RESULT, STATE } from './layout';
import { generate, invalidateList } from './movegen';
import { below, seedRng } from './rng';
import { score } from './scoring';
import { copyState, ended } from './state';

/** Plays from the current state until the end or `maxMoves`; fills RESULT; keeps the state. */
export function playout(seed: u32, maxMoves: i32, record: bool): i32 {
  copyState(BACKUP, STATE);
  seedRng(seed);
  let length = 0;
  while (length < maxMoves && ended() == 0) {
    const n = generate();
    const i = <i32>below(<u32>n);
    const packed = load<u32>(MOVES + (i << 2));
    applyMove(packed, load<u8>(MOVE_FLAGS + i), false);
    if (record && length < RECORD_CAPACITY) store<u32>(RECORD + (length << 2), packed);
    length++;
  }
  store<i32>(RESULT, length);
  store<i32>(RESULT + 4, ended());
  store<i32>(RESULT + 8, score(1));
  store<i32>(RESULT + 12, score(2));
  copyState(STATE, BACKUP);
  invalidateList();
  return length;
}
