/**
 * Playing a step, a placement or `end` (THOLIAN-GO.md §4, §6-§9): the push is resolved when its
 * head reaches an empty node, then the transformation (with its free push), the captures and the
 * win check, in that order; the turn ends by `end`, when its budget is spent, or when nothing it
 * allows is legal.
 */
import type { Player } from '../../core/types.js';
import { DARK, type TholianBoard } from './board.js';
import type { TholianMove } from './moves.js';
import { features, type TholianOptions } from './options.js';
import { canComplete, shift } from './paths.js';
import { resolveCaptures } from './sequestration.js';
import { beginTurn, EMPTY, other, placesOneAtATime, type TholianState } from './state.js';
import { winAfterMove } from './winning.js';
import { hasAction } from './movegen.js';

/** Ultimate's placement phase lasts 7 turns of each player; token counts decide after it. */
export const ULTIMATE_PLACEMENT_TURNS = 14;

export function applyMove(b: TholianBoard, s: TholianState, m: TholianMove, o: TholianOptions): void {
  const mover = s.toMove;
  switch (m.kind) {
    case 'end':
      endTurn(b, s, o);
      return;
    case 'place':
      s.cells[m.at] = mover;
      if (b.web[m.at] === DARK) s.placeDark--;
      else s.placeLight--;
      if (placesOneAtATime(s, o)) s.placeDark = s.placeLight = 0;
      afterMove(b, s, o, mover);
      return;
    case 'move':
      if (b.web[m.at] === DARK) {
        s.darkLeft--;
        s.rollDark = -1;
      } else {
        s.lightLeft--;
        const axis = b.axis[m.at * 6 + b.neighbours(m.at).indexOf(m.to)]!;
        const i = s.rollLight.indexOf(axis);
        if (i >= 0) s.rollLight[i] = -1;
      }
      s.emptyTurns = 0;
      s.acted = true;
      s.path = [m.at, m.to];
      break;
    case 'free':
    case 'push':
      s.path.push(m.to);
      break;
  }
  if (s.cells[m.to] !== EMPTY) return;
  const path = s.path;
  shift(s.cells, path);
  s.path = [];
  if (s.freePush) {
    s.freePush = false;
    s.cells[b.target[mover]] = EMPTY;
    s.cells[b.entry[mover]] = mover;
  } else if (transform(b, s, o, mover)) {
    return;
  }
  afterMove(b, s, o, mover);
}

/**
 * §8: the mover's light token on its target becomes a dark token on the entry node. Returns true
 * when the free push must be chosen first (the entry is occupied and some free push is legal).
 */
function transform(b: TholianBoard, s: TholianState, o: TholianOptions, mover: Player): boolean {
  if (!features(s.variant, o).transformation || s.cells[b.target[mover]] !== mover) return false;
  const entry = b.entry[mover];
  if (s.cells[entry] === EMPTY) {
    s.cells[b.target[mover]] = EMPTY;
    s.cells[entry] = mover;
    return false;
  }
  if (!canComplete(b, s.cells, [entry], { pushLimit: false, pusher: mover, free: true })) return false;
  s.freePush = true;
  s.path = [entry];
  return true;
}

/** Captures, the win check and the end of a spent turn, after a whole move or placement. */
function afterMove(b: TholianBoard, s: TholianState, o: TholianOptions, mover: Player): void {
  const f = features(s.variant, o);
  s.emptyTurns = 0;
  s.acted = true;
  if (f.captures) resolveCaptures(b, s.cells, mover, o.sequestration);
  const counting = f.start !== 'empty' || s.turn > ULTIMATE_PLACEMENT_TURNS;
  s.result = winAfterMove(b, s.cells, mover, f, counting);
  if (s.result) return;
  if (!hasAction(b, s, o)) endTurn(b, s, o);
}

/** §4: the turn passes; two empty turns in a row draw, and a turn with nothing legal is empty. */
export function endTurn(b: TholianBoard, s: TholianState, o: TholianOptions): void {
  for (;;) {
    if (!s.acted) {
      s.emptyTurns++;
      if (s.emptyTurns >= 2) {
        s.result = { winner: 0, reason: 'emptyTurns' };
        s.darkLeft = s.lightLeft = s.placeDark = s.placeLight = 0;
        return;
      }
    }
    beginTurn(b, s, o, other(s.toMove), s.turn + 1);
    if (hasAction(b, s, o)) return;
  }
}

