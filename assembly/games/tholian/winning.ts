// How a Tholian Go game is won (THOLIAN-GO.md §9, §10), as reference/games/tholian/winning.ts:
// by tokens, by a chain, by a touchdown, each checked after every move, the mover first.
import { END_CHAIN, END_TOKENS, END_TOUCHDOWN, NODE_CHAIN_BOTTOM, NODE_CHAIN_TOP, S_ENDED, S_WINNER, WEB_DARK, WEB_LIGHT, WIN_CHAIN, WIN_TOUCHDOWN } from './abi';
import { N, degree } from '../../core/layout';
import { flagsOf, link, targetOf } from './board';
import { STACK } from './layout';
import { winRule } from './options';
import { blocked, newGeneration, stamp, stamped } from './paths';
import { cell, count, getI, setI } from './state';

/** §9: at most 5 light or 2 dark tokens left is fatal. */
const FATAL_LIGHT: i32 = 5;
const FATAL_DARK: i32 = 2;

/** Who won (0: a draw), once the game is over. */
@global @inline export function winner(): i32 {
  return getI(S_WINNER);
}

@inline export function beaten(p: i32): bool {
  return count(p, WEB_LIGHT) <= FATAL_LIGHT || count(p, WEB_DARK) <= FATAL_DARK;
}

/** §10 Chain: own light tokens joined by paths not blocked for their owner, bottom endpoint to top. */
export function hasChain(p: i32): bool {
  newGeneration();
  let top = 0;
  for (let n = 0; n < N; n++) {
    if ((flagsOf(n) & NODE_CHAIN_BOTTOM) != 0 && cell(n) == p) {
      stamp(n);
      store<i32>(STACK + (<usize>top << 2), n);
      top++;
    }
  }
  while (top > 0) {
    top--;
    const n = load<i32>(STACK + (<usize>top << 2));
    if ((flagsOf(n) & NODE_CHAIN_TOP) != 0) return true;
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      if (stamped(m) || cell(m) != p || blocked(n, k, p)) continue;
      stamp(m);
      store<i32>(STACK + (<usize>top << 2), m);
      top++;
    }
  }
  return false;
}

@inline function wins(p: i32, counting: bool): bool {
  if (winRule == WIN_CHAIN) return hasChain(p);
  if (winRule == WIN_TOUCHDOWN) return cell(targetOf(p)) == p;
  return counting && beaten(3 - p);
}

/** Ends the game if a player has won after a move by `mover` (the mover checked first). */
export function decideAfterMove(mover: i32, counting: bool): bool {
  const code = winRule == WIN_CHAIN ? END_CHAIN : winRule == WIN_TOUCHDOWN ? END_TOUCHDOWN : END_TOKENS;
  for (let i = 0; i < 2; i++) {
    const p = i == 0 ? mover : 3 - mover;
    if (wins(p, counting)) {
      setI(S_ENDED, code);
      setI(S_WINNER, p);
      return true;
    }
  }
  return false;
}
