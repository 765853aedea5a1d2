// The key a solver's table files a position under. The exact solvers (solver.ts and any other
// proof search) take their table keys from here, so that a key that identifies positions up to
// the board's symmetries changes one place. A line's repetition checks keep the plain stateHash:
// an image of an earlier position is not that position.
import { stateHash } from './hash';

/** The table key of STATE's position. */
export function tableKey<G>(game: G): u64 {
  return stateHash(game.keyBytes());
}
