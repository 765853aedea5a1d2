// Playing one legal move (REFUGIA.md §5, §7): the board change, the pass count, who moves next,
// and the end after two passes in a row, with an optional undo record so that play/undo
// restores the exact state.
import { CELL_NEUTRAL, END_TWO_PASSES, MOVE_AT_SHIFT, MOVE_HOP, MOVE_KIND_SHIFT, MOVE_PASS, MOVE_PLACE, MOVE_SITE_MASK } from './abi';
import { STATE, neighbour } from '../../core/layout';
import { land } from './board';
import { UNDO, UNDO_CAPACITY, UNDO_ENTRY } from './layout';
import { invalidateList } from './movegen';
import { S_ENDED, S_LAST_MOVER, S_PASS_COUNT, S_TO_MOVE, S_WINNER, cell, decideWinner, getI, occupy, setCell, setI, vacate } from './state';

/** The scalars an undo record saves (to move, passes, end, last mover, winner). */
const SAVED: i32 = 20;

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

/** The cell a hop from `at` to `to` jumps (the board has one line from `at` through it to `to`). */
@inline function jumped(at: i32, to: i32): i32 {
  for (let dir = 0; dir < 6; dir++) if (land(at, dir) == to) return neighbour(at, dir);
  return -1;
}

/** Applies a legal move given packed; records an undo entry if asked. */
export function applyMove(packed: u32, keepUndo: bool): void {
  const me = getI(S_TO_MOVE);
  const kind = packed >>> MOVE_KIND_SHIFT;
  const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
  const to = <i32>(packed & MOVE_SITE_MASK);
  const over = kind == MOVE_HOP ? jumped(at, to) : -1;
  if (keepUndo) {
    const entry = UNDO + <usize>(undoTop * UNDO_ENTRY);
    memory.copy(entry, STATE, <usize>SAVED);
    store<u32>(entry, packed, 20);
    store<i32>(entry, over, 24);
    store<i32>(entry, over >= 0 ? cell(over) : 0, 28);
    undoTop = (undoTop + 1) % undoLimit;
    if (undoCount < undoLimit) undoCount++;
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

/** Takes back the most recent recorded move; false when no record is left. */
export function undoMove(): bool {
  if (undoCount == 0) return false;
  undoTop = (undoTop + undoLimit - 1) % undoLimit;
  undoCount--;
  const entry = UNDO + <usize>(undoTop * UNDO_ENTRY);
  const packed = load<u32>(entry, 20);
  const kind = packed >>> MOVE_KIND_SHIFT;
  memory.copy(STATE, entry, <usize>SAVED);
  const me = getI(S_TO_MOVE);
  if (kind != MOVE_PASS) {
    const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK);
    const to = <i32>(packed & MOVE_SITE_MASK);
    const over = load<i32>(entry, 24);
    if (over >= 0) setCell(over, load<i32>(entry, 28));
    setCell(to, 0);
    if (kind != MOVE_PLACE) setCell(at, me);
  }
  invalidateList();
  return true;
}
