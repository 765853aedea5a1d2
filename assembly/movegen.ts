// Legal moves (THRONGS.md §4.2, §7, §9) in canonical order, with their Ludii decision counts.
import { degree } from './board';
import { MOVE_FLAGS, MOVES, N, OUT } from './layout';
import { ACCEPT, ADD, CAPTURE, FORCED, MOVE, PASS, SWAP, TWO_DECISIONS, pack } from './moves';
import { has, OBLIGATION_RELAXES_TO_TRAVEL } from './options';
import { reach } from './reach';
import { actionPotential, cell, counter, emptyNeighbours, ended, pieStep, toMove } from './state';

/** While the counter is at 4 or more the mover must add or capture (§9). */
export const OBLIGATION: i32 = 4;

let count: i32 = 0;
/** The list in MOVES belongs to the current state (cleared by every change). */
export let listValid: bool = false;

export function invalidateList(): void {
  listValid = false;
}

export function listLength(): i32 {
  return count;
}

@inline function emit(packed: u32, flags: u8): void {
  store<u32>(MOVES + (count << 2), packed);
  store<u8>(MOVE_FLAGS + count, flags);
  count++;
}

/** The stay and every destination of a placement or capture, in ascending order. */
function emitWithDestinations(kind: u32, origin: i32, power: i32): void {
  const n = reach(origin, power, true);
  const flags: u8 = n > 0 ? TWO_DECISIONS : 0;
  let stayed = false;
  for (let i = 0; i < n; i++) {
    const t = load<i32>(OUT + (i << 2));
    if (!stayed && origin < t) {
      emit(pack(kind, origin, origin), flags);
      stayed = true;
    }
    emit(pack(kind, origin, t), flags);
  }
  if (!stayed) emit(pack(kind, origin, origin), flags);
}

function emitTravels(me: i32): void {
  for (let o = 0; o < N; o++) {
    if (cell(o) != me) continue;
    const a = actionPotential(o, me);
    if (a < 1) continue;
    const n = reach(o, a, true);
    for (let i = 0; i < n; i++) emit(pack(MOVE, o, load<i32>(OUT + (i << 2))), TWO_DECISIONS);
  }
}

/** Writes every legal move to MOVES (flags to MOVE_FLAGS) and returns how many there are. */
export function generate(): i32 {
  count = 0;
  listValid = true;
  if (ended() != 0) return 0;
  const pie = pieStep();
  if (pie >= 0) {
    if (pie == 3) {
      emit(pack(ACCEPT, 0, 0), 0);
      emit(pack(SWAP, 0, 0), 0);
    } else {
      for (let s = 0; s < N; s++) if (cell(s) == 0) emit(pack(ADD, s, s), 0);
    }
    return count;
  }
  const me = toMove();
  const opp = 3 - me;
  for (let o = 0; o < N; o++) {
    if (cell(o) != 0) continue;
    const a = actionPotential(o, me);
    if (a == 1 || (a == 0 && emptyNeighbours(o, degree(o)) == 0)) emit(pack(ADD, o, o), 0);
    else if (a >= 2) emitWithDestinations(ADD, o, a - 1);
  }
  for (let o = 0; o < N; o++) {
    if (cell(o) != opp) continue;
    const a = actionPotential(o, me);
    if (a >= 2) emitWithDestinations(CAPTURE, o, a - 2);
  }
  if (counter(me) < OBLIGATION) {
    emitTravels(me);
    emit(pack(PASS, 0, 0), 0);
  } else if (count == 0) {
    if (has(OBLIGATION_RELAXES_TO_TRAVEL)) emitTravels(me);
    if (count == 0) emit(pack(PASS, 0, 0), FORCED);
  }
  return count;
}
