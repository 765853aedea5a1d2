// Seeded random playouts for any game: the game's random legal move (uniform among the legal
// moves in canonical order, with the shared PRNG) until the game ends. Runs on the live state and
// restores it afterwards with one copy. The game class contract is in game.ts.
import { RESULT_END, RESULT_LENGTH, RESULT_SCORE1, RESULT_SCORE2, RESULT_WINNER } from './abi';
import { BACKUP, RECORD, RECORD_CAPACITY, RESULT, STATE, copyState } from './layout';
import { seedRng } from './rng';

/** Plays from the current state until the end or `maxMoves`; fills RESULT; keeps the state. */
export function playout<G>(game: G, seed: u32, maxMoves: i32, record: bool): i32 {
  if (offsetof<G>() != 0) ERROR('a game class holds no fields (its state lives in memory)');
  copyState(BACKUP, STATE);
  seedRng(seed);
  let length = 0;
  while (length < maxMoves && game.ended() == 0) {
    const move = game.randomMove(0);
    game.play(move);
    if (record && length < RECORD_CAPACITY) store<u32>(RECORD + (length << 2), game.packedOf(move));
    length++;
  }
  const end = game.ended();
  store<i32>(RESULT + (RESULT_LENGTH << 2), length);
  store<i32>(RESULT + (RESULT_END << 2), end);
  store<i32>(RESULT + (RESULT_SCORE1 << 2), game.score(1));
  store<i32>(RESULT + (RESULT_SCORE2 << 2), game.score(2));
  store<i32>(RESULT + (RESULT_WINNER << 2), end != 0 ? game.winner() : 0);
  copyState(STATE, BACKUP);
  game.invalidate();
  return length;
}

/** Runs `count` playouts with seeds seed, seed+1, ...; returns the total number of moves. */
export function playouts<G>(game: G, seed: u32, count: i32, maxMoves: i32): f64 {
  let moves: f64 = 0;
  for (let i = 0; i < count; i++) moves += <f64>playout<G>(game, seed + <u32>i, maxMoves, false);
  return moves;
}
