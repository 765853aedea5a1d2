// Playing one legal move (REFUGIA.md §5, §7): the board change, the pass count, who moves next,
// and the end after two passes in a row, with an optional undo record so that play/undo
// restores the exact state.
import { CELL_NEUTRAL, END_TWO_PASSES, MOVE_AT_SHIFT, MOVE_HOP, MOVE_KIND_SHIFT, MOVE_PASS, MOVE_PLACE, MOVE_SITE_MASK } from './abi';
import { neighbour } from '../../core/layout';
import { invalidateList } from '../../core/move-list';
import { undoPush } from '../../core/undo';
import { land } from './board';
import { UNDO_SAVED } from './layout';
import { S_ENDED, S_LAST_MOVER, S_PASS_COUNT, S_TO_MOVE, S_WINNER, cell, decideWinner, getI, occupy, setCell, setI, vacate } from './state';

/** The cell a hop from `at` to `to` jumps (the board has one line from `at` through it to `to`). */
@inline function jumped(at: i32, to: i32): i32 {
  for (let dir = 0; dir < 6; dir++) if (land(at, dir) == to) return neighbour(at, dir);
  return -1;
}

/** Applies a legal move given packed; records an undo entry if asked. */
@global export function applyMove(packed: u32, keepUndo: bool): void {
  const me = getI(S_TO_MOVE);
  const kind = packed >>> MOVE_KIND_SHIFT;
  const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
  const to = <i32>(packed & MOVE_SITE_MASK);
  const over = kind == MOVE_HOP ? jumped(at, to) : -1;
  if (keepUndo) {
    // After the saved scalars: the move, and the hopped stone with what it was.
    const entry = undoPush();
    store<u32>(entry, packed, UNDO_SAVED);
    store<i32>(entry, over, UNDO_SAVED + 4);
    store<i32>(entry, over >= 0 ? cell(over) : 0, UNDO_SAVED + 8);
  }
  if (kind == MOVE_PASS) {
    const passes = getI(S_PASS_COUNT) + 1;
    setI(S_PASS_COUNT, passes);
    if (passes == 2) {
      setI(S_ENDED, END_TWO_PASSES);
      setI(S_LAST_MOVER, me);
      setI(S_WINNER, decideWinner(me));
    }
  } else {
    setI(S_PASS_COUNT, 0);
    if (kind == MOVE_PLACE) {
      occupy(to, me);
    } else {
      vacate(at);
      occupy(to, me);
      // A hop turns an enemy stone neutral and a neutral stone into the mover's.
      if (over >= 0) setCell(over, cell(over) == CELL_NEUTRAL ? me : CELL_NEUTRAL);
    }
  }
  setI(S_TO_MOVE, 3 - me);
  invalidateList();
}

/** Takes back the move of an undo record whose saved scalars are back (core/undo.ts). */
@global export function undoMove(entry: usize): void {
  const packed = load<u32>(entry, UNDO_SAVED);
  const kind = packed >>> MOVE_KIND_SHIFT;
  if (kind != MOVE_PASS) {
    const me = getI(S_TO_MOVE);
    const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
    const to = <i32>(packed & MOVE_SITE_MASK);
    const over = load<i32>(entry, UNDO_SAVED + 4);
    if (over >= 0) setCell(over, load<i32>(entry, UNDO_SAVED + 8));
    setCell(to, 0);
    if (kind != MOVE_PLACE) setCell(at, me);
  }
}
