// Playing one legal move: the state update of THRONGS.md §12.4 (board, add-or-capture counter,
// who moves next, the block bookkeeping of the "all passed" rule and both end rules), with an
// undo record so that play/undo restores the exact state.
import { N } from '../../core/layout';
import { invalidateList } from '../../core/move-list';
import { undoPush } from '../../core/undo';
import { UNDO_SAVED } from './layout';
import { ADD, CAPTURE, FORCED, MOVE, PASS, SWAP, TWO_DECISIONS, atOf, kindOf, toOf } from './moves';
import { END_FULL_ROUND, END_ON_FULL_SCORE, FORCED_PASS_CONSUMES_SLOT, THRESHOLD_CHECKS_BOTH, has } from './options';
import { mayReach, score } from './scoring';
import { ALL_PASS, ENDED_ALL_PASSED, ENDED_FULL_SCORE, ENDED_THRESHOLD, FIRST_WAS_PASS, S_CUR_FLAGS, S_CUR_WEIGHT, S_ENDED, S_MOVE_INDEX, S_PIE, S_PREV_FLAGS, S_PREV_WEIGHT, S_TO_MOVE, cell, counter, getI, pieStep, setCell, setCounter, setI, swapColours, toMove } from './state';

@inline function over(s: i32): bool {
  return 2 * (s - 3) > N;
}

/** The least score that is over the threshold. */
@inline function overAt(): i32 {
  return (N >> 1) + 4;
}

/** Applies a legal move (`flags` from the generated list); records an undo entry if asked. */
export function applyMove(packed: u32, flags: u8, keepUndo: bool): void {
  const me = toMove();
  const other = 3 - me;
  const pie = pieStep();
  const inPie = pie >= 0;
  const kind = kindOf(packed);
  const at = atOf(packed);
  const to = toOf(packed);
  const isPass = kind == PASS;
  const forced = (flags & FORCED) != 0;
  const firstOfBlock = getI(S_CUR_WEIGHT) == 0;

  if (keepUndo) {
    // After the saved scalars: the move, and the sites it changes with what they held.
    const entry = undoPush() + <usize>UNDO_SAVED;
    const a = kind == CAPTURE || kind == MOVE ? at : kind == ADD ? to : -1;
    store<u32>(entry, packed);
    store<i32>(entry + 4, a);
    store<i32>(entry + 8, a >= 0 ? cell(a) : 0);
    store<i32>(entry + 12, to);
    store<i32>(entry + 16, kind == CAPTURE || kind == MOVE ? cell(to) : 0);
  }

  if (kind == ADD) {
    // Pie placements put down a P1, a P2, then a P1 stone (§4.2).
    setCell(to, inPie ? (pie == 1 ? 2 : 1) : me);
  } else if (kind == CAPTURE || kind == MOVE) {
    setCell(at, 0);
    setCell(to, me);
  } else if (kind == SWAP) {
    swapColours();
  }

  if (!inPie && !forced) setCounter(me, kind == ADD ? 1 : counter(me) + 1);

  let next = me;
  if (inPie) {
    if (kind == ADD) {
      setI(S_PIE, pie + 1);
      if (pie + 1 == 3) next = other;
    } else {
      if (kind == SWAP) next = other;
      setI(S_PIE, -1);
      setI(S_MOVE_INDEX, 1);
    }
  } else if (forced && !has(FORCED_PASS_CONSUMES_SLOT)) {
    next = other;
  } else if (getI(S_MOVE_INDEX) == 1) {
    setI(S_MOVE_INDEX, 2);
  } else {
    next = other;
    setI(S_MOVE_INDEX, 1);
  }

  let curFlags = getI(S_CUR_FLAGS);
  if (firstOfBlock) curFlags = isPass ? FIRST_WAS_PASS | ALL_PASS : 0;
  else if (!isPass) curFlags &= ~ALL_PASS;
  const curWeight = getI(S_CUR_WEIGHT) + ((flags & TWO_DECISIONS) != 0 ? 2 : 1);
  const prevFlags = getI(S_PREV_FLAGS);

  let end = 0;
  if (!has(END_FULL_ROUND)) {
    if (isPass && firstOfBlock && getI(S_PREV_WEIGHT) <= 2 && (prevFlags & FIRST_WAS_PASS) != 0) end = ENDED_ALL_PASSED;
  } else if (next != me && (curFlags & ALL_PASS) != 0 && (prevFlags & ALL_PASS) != 0) {
    end = ENDED_ALL_PASSED;
  }
  if (next != me) {
    setI(S_PREV_WEIGHT, curWeight);
    setI(S_PREV_FLAGS, curFlags);
    setI(S_CUR_WEIGHT, 0);
    setI(S_CUR_FLAGS, 0);
  } else {
    setI(S_CUR_WEIGHT, curWeight);
    setI(S_CUR_FLAGS, curFlags);
  }
  setI(S_TO_MOVE, next);

  if (!inPie && end == 0) {
    if (has(THRESHOLD_CHECKS_BOTH) || has(END_ON_FULL_SCORE)) {
      const s1 = score(1);
      const s2 = score(2);
      const z = next == 1 ? s1 : s2;
      if (over(z) || (has(THRESHOLD_CHECKS_BOTH) && (over(s1) || over(s2)))) end = ENDED_THRESHOLD;
      else if (has(END_ON_FULL_SCORE) && s1 + s2 == N) end = ENDED_FULL_SCORE;
    } else if (mayReach(next, overAt()) && over(score(next))) {
      end = ENDED_THRESHOLD;
    }
  }
  setI(S_ENDED, end);
  invalidateList();
}

/** Takes back the move of an undo record whose saved scalars are back (core/undo.ts). */
@global export function undoMove(record: usize): void {
  const entry = record + <usize>UNDO_SAVED;
  const packed = load<u32>(entry);
  if (kindOf(packed) == SWAP) {
    swapColours();
  } else {
    const a = load<i32>(entry + 4);
    if (a >= 0) {
      if (kindOf(packed) != ADD) setCell(load<i32>(entry + 12), load<i32>(entry + 16));
      setCell(a, load<i32>(entry + 8));
    }
  }
}
