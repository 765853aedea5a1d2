// Playing one legal action (POPULACE.md §4-§6): the board change, the pass counter, the button,
// the ply, the pie's swap, the end (two passes in a row, or the move limit) and its winner, the
// superko history, with an optional undo record so that play/undo restores the exact state.
import {
  END_MOVE_LIMIT,
  END_TWO_PASSES,
  MOVE_AT_SHIFT,
  MOVE_KIND_SHIFT,
  MOVE_MOVE,
  MOVE_PASS,
  MOVE_PLACE,
  MOVE_SITE_MASK,
  MOVE_SWAP,
  S_BUTTON,
  S_ENDED,
  S_PASSES,
  S_PLY,
  S_SWAPPED,
  S_TO_MOVE,
  S_WINNER,
} from './abi';
import { STATE } from '../../core/layout';
import { currentKey, historyAction, historyPush, historyWindow } from './history';
import { UNDO, UNDO_CAPACITY, UNDO_ENTRY } from './layout';
import { invalidateList } from './movegen';
import { buttonRule, moveLimit, superko } from './options';
import { decideWinner, getI, occupy, setI, vacate } from './state';

/** The scalars an undo record saves: everything before the derived counters (abi/populace.ts). */
const SAVED: i32 = 48;

let undoTop: i32 = 0;
let undoCount: i32 = 0;
let undoLimit: i32 = UNDO_CAPACITY;

/** Keeps at most `limit` undo records (1..UNDO_CAPACITY): lets tests reach the ring's end. */
export function limitUndo(limit: i32): void {
  undoLimit = limit < 1 ? 1 : limit > UNDO_CAPACITY ? UNDO_CAPACITY : limit;
  clearUndo();
}

export function clearUndo(): void {
  undoTop = 0;
  undoCount = 0;
}

/** Applies a legal action given packed; records an undo entry if asked. */
export function applyMove(packed: u32, keepUndo: bool): void {
  const me = getI(S_TO_MOVE);
  const kind = packed >>> MOVE_KIND_SHIFT;
  if (keepUndo) {
    const entry = UNDO + <usize>(undoTop * UNDO_ENTRY);
    memory.copy(entry, STATE, <usize>SAVED);
    store<u32>(entry, packed, SAVED);
    undoTop = (undoTop + 1) % undoLimit;
    if (undoCount < undoLimit) undoCount++;
  }
  let next = 3 - me;
  if (kind == MOVE_PASS) {
    const passes = getI(S_PASSES) + 1;
    setI(S_PASSES, passes);
    if (buttonRule && getI(S_BUTTON) == 0) setI(S_BUTTON, me);
    if (passes >= 2) setI(S_ENDED, END_TWO_PASSES);
  } else {
    setI(S_PASSES, 0);
    const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
    const to = <i32>(packed & MOVE_SITE_MASK);
    if (kind == MOVE_SWAP) {
      // The seats change, the board does not, and White is still to move.
      setI(S_SWAPPED, 1 - getI(S_SWAPPED));
      next = me;
    } else if (kind == MOVE_PLACE) {
      occupy(to, me);
    } else if (kind == MOVE_MOVE) {
      vacate(at);
      occupy(to, me);
    } else {
      vacate(to);
      occupy(to, me);
    }
  }
  setI(S_TO_MOVE, next);
  const ply = getI(S_PLY) + 1;
  setI(S_PLY, ply);
  if (getI(S_ENDED) == 0 && moveLimit > 0 && ply >= moveLimit) setI(S_ENDED, END_MOVE_LIMIT);
  if (getI(S_ENDED) != 0) setI(S_WINNER, decideWinner());
  if (superko) {
    // A placement adds a piece for good (nothing removes one: a replacement puts one back), so
    // no earlier position can come back: the history restarts with the new position.
    if (kind == MOVE_PLACE) {
      historyWindow();
      historyPush(currentKey(next));
    } else {
      historyAction(packed, currentKey(next));
    }
  }
  invalidateList();
}

/** Takes back the most recent recorded action; false when no record is left. */
export function undoMove(): bool {
  if (undoCount == 0) return false;
  undoTop = (undoTop + undoLimit - 1) % undoLimit;
  undoCount--;
  const entry = UNDO + <usize>(undoTop * UNDO_ENTRY);
  const packed = load<u32>(entry, SAVED);
  const kind = packed >>> MOVE_KIND_SHIFT;
  memory.copy(STATE, entry, <usize>SAVED);
  const me = getI(S_TO_MOVE);
  const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
  const to = <i32>(packed & MOVE_SITE_MASK);
  if (kind == MOVE_PLACE) {
    vacate(to);
  } else if (kind == MOVE_MOVE) {
    vacate(to);
    occupy(at, me);
  } else if (kind != MOVE_PASS && kind != MOVE_SWAP) {
    vacate(to);
    occupy(to, 3 - me);
  }
  invalidateList();
  return true;
}
