// The legal steps of a position (THOLIAN-GO.md §4, §6, §8, §10) in canonical order, as
// reference/games/tholian/movegen.ts lists them: `end` (unless placements are due), placements,
// the first steps of moves; or, while a push is being built, the next steps of its head.
import { MOVE_END, MOVE_FREE, MOVE_MOVE, MOVE_PLACE, MOVE_PUSH, S_DARK_LEFT, S_FREE_PUSH, S_LIGHT_LEFT, S_PLACE_DARK, S_PLACE_LIGHT, S_ROLL_DARK, S_ROLL_LIGHT0, S_ROLL_LIGHT1, START_SCRIMMAGE, WEB_DARK } from './abi';
import { MOVES, N } from '../../core/layout';
import { listEnd, listStart } from '../../core/move-list';
import { below } from '../../core/rng';
import { flagsOf, startFlag, webOf } from './board';
import { ONE_STEP } from './layout';
import { dice, startRule } from './options';
import { nextSteps } from './paths';
import { cell, ended, getI, pathAt, pathLength, toMove } from './state';


/** Whether `n` may take a placement now (Ultimate: any empty node; Scrimmage: the own start set). */
@inline function placeable(n: i32, me: i32, dark: i32, light: i32): bool {
  if (cell(n) != 0) return false;
  if ((webOf(n) == WEB_DARK ? dark : light) <= 0) return false;
  return startRule != START_SCRIMMAGE || (flagsOf(n) & startFlag(me)) != 0;
}

/** The dice's allowed first-step axes on `web`, as bits (7 without dice). */
@inline function axesFor(web: i32): i32 {
  if (!dice) return 7;
  if (web == WEB_DARK) {
    const a = getI(S_ROLL_DARK);
    return a >= 0 ? 1 << a : 0;
  }
  const a = getI(S_ROLL_LIGHT0);
  const b = getI(S_ROLL_LIGHT1);
  return (a >= 0 ? 1 << a : 0) | (b >= 0 ? 1 << b : 0);
}

/** Writes the first steps from `out` on; returns how many (at most 1 with `stopAtOne`). */
function firstSteps(out: usize, stopAtOne: bool): i32 {
  const me = toMove();
  const dark = getI(S_DARK_LEFT) > 0;
  const light = getI(S_LIGHT_LEFT) > 0;
  if (!dark && !light) return 0;
  const darkAxes = axesFor(0);
  const lightAxes = axesFor(1);
  let count = 0;
  for (let n = 0; n < N; n++) {
    if (cell(n) != me) continue;
    const isDark = webOf(n) == WEB_DARK;
    if (!(isDark ? dark : light)) continue;
    count += nextSteps(MOVE_MOVE, n, me, isDark ? darkAxes : lightAxes, false, out + (<usize>count << 2), stopAtOne);
    if (stopAtOne && count > 0) return count;
  }
  return count;
}

/** Writes every legal step to MOVES in canonical order and returns how many there are. */
@global export function generate(): i32 {
  listStart();
  if (ended() != 0) return 0;
  const len = pathLength();
  const me = toMove();
  if (len > 0) {
    const head = pathAt(len - 1);
    const free = getI(S_FREE_PUSH) != 0;
    const kind = free && len == 1 ? MOVE_FREE : MOVE_PUSH;
    return listEnd(nextSteps(kind, head, me, 7, free, MOVES, false));
  }
  const dark = getI(S_PLACE_DARK);
  const light = getI(S_PLACE_LIGHT);
  let count = 0;
  if (dark > 0 || light > 0) {
    for (let n = 0; n < N; n++) {
      if (!placeable(n, me, dark, light)) continue;
      store<u32>(MOVES + (<usize>count << 2), (MOVE_PLACE << 16) | (<u32>n << 8));
      count++;
    }
  }
  // Placements are the turn's duty: no `end` before them.
  if (count == 0) {
    store<u32>(MOVES, MOVE_END);
    count = 1;
  }
  count += firstSteps(MOVES + (<usize>count << 2), false);
  return listEnd(count);
}

/** Whether the turn has anything left to do but `end` (§4's automatic end). */
export function hasAction(): bool {
  const dark = getI(S_PLACE_DARK);
  const light = getI(S_PLACE_LIGHT);
  if (dark > 0 || light > 0) {
    const me = toMove();
    for (let n = 0; n < N; n++) if (placeable(n, me, dark, light)) return true;
  }
  // One step is enough: it goes to a scratch slot, so the move list stays as it was.
  return firstSteps(ONE_STEP, true) > 0;
}

/** A uniformly random legal step: MOVES[below(n)] of the whole list. */
@global export function randomMove(): u32 {
  const n = generate();
  if (n == 0) return MOVE_END;
  return load<u32>(MOVES + (<usize>below(<u32>n) << 2));
}
