// The key a solver's table files a position under. The exact solvers (solver.ts and any other
// proof search) take their table keys from here. With the board's symmetries loaded
// (symmetry.ts) the key is the least hash of the position's images, so a position and its images,
// whose values the symmetries keep equal, share one entry and are proved once; without them, or
// where the game cannot map the position (symmetricKey -1), it is the plain stateHash. A line's
// repetition checks keep the plain stateHash: an image of an earlier position is not that
// position.
import { stateHash, hashAt } from './hash';
import { symmetryCount } from './layout';
import { keyScratch, symmetryImage } from './symmetry';

/**
 * Which symmetry gave the last tableKey (0 for a plain key): a move a table keeps is one of the
 * position that recorded it, so it fits another position of its class only seen the same way.
 */
export let keyOrientation: i32 = 0;

/** The table key of STATE's position. */
export function tableKey<G>(game: G): u64 {
  return tableKeyBeside<G>(game, symmetryCount == 0 ? stateHash(game.keyBytes()) : 0);
}

/** tableKey, given the plain stateHash the caller has already (read only without symmetries). */
@inline export function tableKeyBeside<G>(game: G, plain: u64): u64 {
  if (symmetryCount != 0) return symmetricTableKey<G>(game);
  keyOrientation = 0;
  return plain;
}

function symmetricTableKey<G>(game: G): u64 {
  keyOrientation = 0;
  const out = keyScratch();
  let best: u64 = 0;
  for (let k = 0; k < symmetryCount; k++) {
    const bytes = game.symmetricKey(symmetryImage(k), out);
    if (bytes < 0) {
      keyOrientation = 0;
      return stateHash(game.keyBytes());
    }
    const h = hashAt(out, bytes);
    if (k == 0 || h < best) {
      best = h;
      keyOrientation = k;
    }
  }
  return best;
}
