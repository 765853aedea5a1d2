// Seeded random playouts: uniform among the legal moves in canonical order, with the shared
// PRNG, until the game ends. Runs on the live state and restores it afterwards with one copy.
import { applyMove } from './apply';
import { BACKUP, RECORD, RECORD_CAPACITY, RESULT, STATE } from './layout';
import { invalidateList, randomMove, randomMoveFlags } from './movegen';
import { seedRng } from './rng';
import { score } from './scoring';
import { copyState, ended } from './state';

/** Plays from the current state until the end or `maxMoves`; fills RESULT; keeps the state. */
export function playout(seed: u32, maxMoves: i32, record: bool): i32 {
  copyState(BACKUP, STATE);
  seedRng(seed);
  let length = 0;
  while (length < maxMoves && ended() == 0) {
    const packed = randomMove();
    applyMove(packed, randomMoveFlags(), false);
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

/** Runs `count` playouts with seeds seed, seed+1, ...; returns the total number of moves. */
export function playouts(seed: u32, count: i32, maxMoves: i32): f64 {
  let moves: f64 = 0;
  for (let i = 0; i < count; i++) moves += <f64>playout(seed + <u32>i, maxMoves, false);
  return moves;
}
