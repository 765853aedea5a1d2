// Playing a step, a placement or `end` (THOLIAN-GO.md §4, §6-§9), as reference/games/tholian/
// apply.ts: the push is resolved when its head reaches an empty node, then the transformation
// (with its free push), the captures and the win check, in that order; the turn ends by `end`,
// when its budget is spent, or when nothing it allows is legal. With an undo record (a copy of
// the whole state block) play/undo restores the exact state.
import { END_EMPTY_TURNS, MOVE_END, MOVE_KIND_SHIFT, MOVE_MOVE, MOVE_NODE_MASK, MOVE_AT_SHIFT, MOVE_PLACE, S_ACTED, S_DARK_LEFT, S_EMPTY_TURNS, S_ENDED, S_FREE_PUSH, S_LIGHT_LEFT, S_PLACE_DARK, S_PLACE_LIGHT, S_ROLL_DARK, S_ROLL_LIGHT0, S_ROLL_LIGHT1, S_TO_MOVE, S_TURN, S_WINNER, START_EMPTY, START_SCRIMMAGE, WEB_DARK, WEB_LIGHT } from './abi';
import { degree } from '../../core/layout';
import { invalidateList } from '../../core/move-list';
import { undoPush } from '../../core/undo';
import { axisOf, entryOf, link, targetOf, webOf } from './board';
import { rollFor } from './dice';
import { hasAction } from './movegen';
import { captures, dice, startRule, transformation } from './options';
import { canCompleteFree } from './paths';
import { resolveCaptures } from './sequestration';
import { cell, count, getI, occupy, pathAt, pathClear, pathLength, pathPush, put, setI, toMove, vacate } from './state';
import { decideAfterMove } from './winning';

/** Ultimate's placement phase lasts 7 turns of each player; token counts decide after it. */
const ULTIMATE_PLACEMENT_TURNS: i32 = 14;
/** §10 Scrimmage: each player's tokens. */
const SCRIMMAGE_DARK: i32 = 2;
const SCRIMMAGE_LIGHT: i32 = 5;

/** Sets node `n` to `value` (0 empties it), keeping the counts. */
function setCell(n: i32, value: i32): void {
  if (cell(n) != 0) vacate(n);
  if (value != 0) occupy(n, value);
}

/** A turn's budget (§4, §10): Ultimate's and Scrimmage's placement phases, then 1 dark + 2 light. */
function setBudget(turn: i32, p: i32): void {
  let dark = 1;
  let light = 2;
  let placeDark = 0;
  let placeLight = 0;
  const round = (turn + 1) >> 1;
  if (startRule == START_EMPTY && round <= 7) {
    dark = round == 7 ? 1 : 0;
    light = 0;
    placeDark = round == 7 ? 0 : 1;
    placeLight = 2;
  } else if (startRule == START_SCRIMMAGE && turn <= 2 * (SCRIMMAGE_DARK + SCRIMMAGE_LIGHT)) {
    dark = 0;
    light = 0;
    placeDark = <i32>(count(p, WEB_DARK) < SCRIMMAGE_DARK);
    placeLight = <i32>(count(p, WEB_LIGHT) < SCRIMMAGE_LIGHT);
  }
  setI(S_DARK_LEFT, dark);
  setI(S_LIGHT_LEFT, light);
  setI(S_PLACE_DARK, placeDark);
  setI(S_PLACE_LIGHT, placeLight);
}

/** Starts turn `turn` for `p`: its budget and, with dice, its roll. */
function beginTurn(p: i32, turn: i32): void {
  setI(S_TO_MOVE, p);
  setI(S_TURN, turn);
  setBudget(turn, p);
  setI(S_ACTED, 0);
  pathClear();
  setI(S_FREE_PUSH, 0);
  if (dice) {
    const r = rollFor(turn);
    setI(S_ROLL_DARK, r & 3);
    setI(S_ROLL_LIGHT0, (r >> 2) & 3);
    setI(S_ROLL_LIGHT1, (r >> 4) & 3);
  } else {
    setI(S_ROLL_DARK, -1);
    setI(S_ROLL_LIGHT0, -1);
    setI(S_ROLL_LIGHT1, -1);
  }
}

/** §4: the turn passes; two empty turns in a row draw, and a turn with nothing legal is empty. */
function endTurn(): void {
  for (;;) {
    if (getI(S_ACTED) == 0) {
      const empty = getI(S_EMPTY_TURNS) + 1;
      setI(S_EMPTY_TURNS, empty);
      if (empty >= 2) {
        setI(S_ENDED, END_EMPTY_TURNS);
        setI(S_WINNER, 0);
        setI(S_DARK_LEFT, 0);
        setI(S_LIGHT_LEFT, 0);
        setI(S_PLACE_DARK, 0);
        setI(S_PLACE_LIGHT, 0);
        return;
      }
    }
    beginTurn(3 - toMove(), getI(S_TURN) + 1);
    if (hasAction()) return;
  }
}

/** Captures, the win check and the end of a spent turn, after a whole move or placement. */
function afterMove(mover: i32): void {
  setI(S_EMPTY_TURNS, 0);
  setI(S_ACTED, 1);
  if (captures) resolveCaptures(mover);
  const counting = startRule != START_EMPTY || getI(S_TURN) > ULTIMATE_PLACEMENT_TURNS;
  if (decideAfterMove(mover, counting)) return;
  if (!hasAction()) endTurn();
}

/**
 * §8: the mover's light token on its target becomes a dark token on the entry node. Returns true
 * when the free push must be chosen first (the entry is occupied and some free push is legal).
 */
function transform(mover: i32): bool {
  if (!transformation) return false;
  const target = targetOf(mover);
  if (cell(target) != mover) return false;
  const entry = entryOf(mover);
  if (cell(entry) == 0) {
    vacate(target);
    occupy(entry, mover);
    return false;
  }
  if (!canCompleteFree(entry, mover)) return false;
  setI(S_FREE_PUSH, 1);
  pathPush(entry);
  return true;
}

/** Every token of the finished path moves one node on: the head into the empty last node (§6). */
function shift(): void {
  const len = pathLength();
  for (let i = len - 1; i > 0; i--) put(pathAt(i), cell(pathAt(i - 1)));
  put(pathAt(0), 0);
}

/** Applies a legal step, placement or `end` given packed; records an undo entry if asked. */
@global export function applyMove(packed: u32, keepUndo: bool): void {
  // The record is the whole state block.
  if (keepUndo) undoPush();
  invalidateList();
  const mover = toMove();
  const kind = packed >>> MOVE_KIND_SHIFT;
  const at = <i32>((packed >>> MOVE_AT_SHIFT) & MOVE_NODE_MASK);
  const to = <i32>(packed & MOVE_NODE_MASK);
  if (kind == MOVE_END) {
    endTurn();
    return;
  }
  if (kind == MOVE_PLACE) {
    occupy(at, mover);
    if (webOf(at) == WEB_DARK) setI(S_PLACE_DARK, getI(S_PLACE_DARK) - 1);
    else setI(S_PLACE_LIGHT, getI(S_PLACE_LIGHT) - 1);
    // Scrimmage places one token at a time (§10).
    if (startRule == START_SCRIMMAGE) {
      setI(S_PLACE_DARK, 0);
      setI(S_PLACE_LIGHT, 0);
    }
    afterMove(mover);
    return;
  }
  if (kind == MOVE_MOVE) {
    if (webOf(at) == WEB_DARK) {
      setI(S_DARK_LEFT, getI(S_DARK_LEFT) - 1);
      setI(S_ROLL_DARK, -1);
    } else {
      setI(S_LIGHT_LEFT, getI(S_LIGHT_LEFT) - 1);
      let axis = -1;
      const d = degree(at);
      for (let k = 0; k < d; k++) {
        if (link(at, k) == to) {
          axis = axisOf(at * 6 + k);
          break;
        }
      }
      if (getI(S_ROLL_LIGHT0) == axis) setI(S_ROLL_LIGHT0, -1);
      else if (getI(S_ROLL_LIGHT1) == axis) setI(S_ROLL_LIGHT1, -1);
    }
    setI(S_EMPTY_TURNS, 0);
    setI(S_ACTED, 1);
    pathClear();
    pathPush(at);
  }
  pathPush(to);
  if (cell(to) != 0) return;
  shift();
  pathClear();
  if (getI(S_FREE_PUSH) != 0) {
    setI(S_FREE_PUSH, 0);
    setCell(targetOf(mover), 0);
    setCell(entryOf(mover), mover);
  } else if (transform(mover)) {
    return;
  }
  afterMove(mover);
}

/** Takes back the step of an undo record (core/undo.ts): nothing to do, the record is the whole state block. */
@global export function undoMove(record: usize): void {}
