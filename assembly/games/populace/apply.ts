// Playing one legal action (POPULACE.md §4-§6): the board change, the pass counter, the button,
// the ply, the pie's swap, the end (two passes in a row, or the move limit) and its winner, the
// superko history, with an optional undo record so that play/undo restores the exact state.
import { END_MOVE_LIMIT, END_TWO_PASSES, MOVE_AT_SHIFT, MOVE_KIND_SHIFT, MOVE_MOVE, MOVE_PASS, MOVE_PLACE, MOVE_SITE_MASK, MOVE_SWAP, S_BUTTON, S_ENDED, S_PASSES, S_PLY, S_SWAPPED, S_TO_MOVE, S_WINNER } from './abi';
import { invalidateList } from '../../core/move-list';
import { undoPush } from '../../core/undo';
import { currentKey, historyAction, historyPush, historyWindow } from './history';
import { UNDO_SAVED } from './layout';
import { buttonRule, moveLimit, superko } from './options';
import { decideWinner, getI, occupy, setI, vacate } from './state';

/** Applies a legal action given packed; records an undo entry if asked. */
@global export function applyMove(packed: u32, keepUndo: bool): void {
  const me = getI(S_TO_MOVE);
  const kind = packed >>> MOVE_KIND_SHIFT;
  // The move after the saved scalars: the board is what it changed.
  if (keepUndo) store<u32>(undoPush(), packed, UNDO_SAVED);
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

/** Takes back the action of an undo record whose saved scalars are back (core/undo.ts). */
@global export function undoMove(entry: usize): void {
  const packed = load<u32>(entry, UNDO_SAVED);
  const kind = packed >>> MOVE_KIND_SHIFT;
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
}
