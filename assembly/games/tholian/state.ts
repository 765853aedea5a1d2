// The Tholian Go state block (layout.ts): scalars, nodes, the push path in progress, and the
// token counts per player and web, which every change of a node keeps right (so the win check,
// the scores and the evaluation are a few loads).
import { S_COUNTS, S_ENDED, S_PATH_LENGTH } from './abi';
import { N, STATE } from '../../core/layout';
import { getI, setI } from '../../core/state';
import { webOf } from './board';
import { CELLS, PATH, VERSIONS } from './layout';

export { getI, setI, toMove } from '../../core/state';

@global @inline export function ended(): i32 {
  return getI(S_ENDED);
}

@inline export function cell(n: i32): i32 {
  return <i32>load<u8>(CELLS + n);
}

/** Tokens of `player` on `web`. */
@inline export function count(player: i32, web: i32): i32 {
  return load<i32>(STATE + S_COUNTS + (((player - 1) << 3) + (web << 2)));
}

@inline function bump(player: i32, web: i32, by: i32): void {
  const at = STATE + S_COUNTS + (((player - 1) << 3) + (web << 2));
  store<i32>(at, load<i32>(at) + by);
}

/**
 * Counts a change of `player`'s tokens on `web`: the areas of sequestration.ts are kept while
 * the tokens they depend on have not changed. Counters only grow, so a sum of them changes
 * exactly when one of its terms does.
 */
@inline function touched(player: i32, web: i32): void {
  const at = VERSIONS + (<usize>(((player - 1) << 1) + web) << 3);
  store<u64>(at, load<u64>(at) + 1);
}

/** Changes so far of `player`'s tokens on `web`. */
@inline export function version(player: i32, web: i32): u64 {
  return load<u64>(VERSIONS + (<usize>(((player - 1) << 1) + web) << 3));
}

/** Puts a token of `player` on empty `n`. */
@inline export function occupy(n: i32, player: i32): void {
  assert(n >= 0 && n < N && (player == 1 || player == 2) && cell(n) == 0, 'occupy: bad node or player');
  store<u8>(CELLS + n, <u8>player);
  const web = webOf(n);
  bump(player, web, 1);
  touched(player, web);
}

/** Removes the token on `n`. */
@inline export function vacate(n: i32): void {
  assert(n >= 0 && n < N && cell(n) != 0, 'vacate: empty node');
  const web = webOf(n);
  const player = cell(n);
  bump(player, web, -1);
  touched(player, web);
  store<u8>(CELLS + n, 0);
}

/** Stores a token value without touching the counts (a push moves tokens within one web). */
@inline export function put(n: i32, value: i32): void {
  const was = cell(n);
  if (was == value) return;
  const web = webOf(n);
  if (was != 0) touched(was, web);
  if (value != 0) touched(value, web);
  store<u8>(CELLS + n, <u8>value);
}

@inline export function pathLength(): i32 {
  return getI(S_PATH_LENGTH);
}

@inline export function pathAt(i: i32): i32 {
  return <i32>load<u8>(PATH + i);
}

@inline export function pathPush(n: i32): void {
  const len = pathLength();
  assert(len < N, 'pathPush: the path is full');
  store<u8>(PATH + len, <u8>n);
  setI(S_PATH_LENGTH, len + 1);
}

/** Empties the path (its bytes too: equal states are equal blocks, which alpha-beta hashes). */
export function pathClear(): void {
  const len = pathLength();
  if (len > 0) memory.fill(PATH, 0, <usize>len);
  setI(S_PATH_LENGTH, 0);
}

/** Rebuilds the token counts from the nodes (after JS wrote them). */
export function recount(): void {
  memory.fill(STATE + S_COUNTS, 0, 16);
  for (let n = 0; n < N; n++) {
    const v = cell(n);
    assert(v <= 2, 'recount: a node holds something other than a Red or Blue token');
    if (v != 0) bump(v, webOf(n), 1);
  }
}
