// The board's symmetries as an exact solve sees them: permutations of the cells that JavaScript
// computes from the board's topology (reference/boards/symmetry.ts) and loads here when a solve
// begins, and what a game's symmetricKey (game.ts) builds its image of a position from. Only the
// solvers' table keys (solve-key.ts) read them: the rules, playouts and searches never do.
import { KEY_SCRATCH, N, STATE, SYMMETRIES, setSymmetryCount, symmetryRoom } from './layout';

/** How many symmetries fit (0 or 1: a solve keys positions as they are). */
export function symmetryCapacity(): i32 {
  return symmetryRoom;
}

/**
 * Takes `count` symmetries (0: none, the plain key) and returns where JavaScript writes them:
 * `count` tables of N i32, each cell's image.
 */
export function loadSymmetries(count: i32): usize {
  if (count < 0 || count > symmetryRoom) unreachable();
  setSymmetryCount(count);
  return SYMMETRIES;
}

/** Symmetry k's table: what stands on cell c goes to cell image[c]. */
@inline export function symmetryImage(k: i32): usize {
  return SYMMETRIES + (<usize>(k * N) << 2);
}

/** Where a game writes a position's image (at most the state block's size). */
@inline export function keyScratch(): usize {
  return KEY_SCRATCH;
}

/**
 * The common image of a position's key: the first `scalars` bytes of the state block as they
 * are (counts, flags and the player to move, which no symmetry changes), then the N cell bytes
 * at `cells`, each moved to its cell's image. Returns the bytes written at `out`.
 */
export function mapScalarsAndCells(scalars: i32, cells: i32, image: usize, out: usize): i32 {
  memory.copy(out, STATE, <usize>scalars);
  const from = STATE + <usize>cells;
  const to = out + <usize>scalars;
  for (let c = 0; c < N; c++) store<u8>(to + <usize>load<i32>(image + (<usize>c << 2)), load<u8>(from + <usize>c));
  return scalars + N;
}
