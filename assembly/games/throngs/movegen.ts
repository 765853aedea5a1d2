// Legal moves (THRONGS.md §4.2, §7, §9) in canonical order, with their Ludii decision counts.
// `enumerate` lists the move origins in canonical order with each origin's power and number of
// moves, and `generate` expands every origin into the full list. `randomMove` does not even
// count them all: it gives each origin a cheap upper bound of its count and searches only the
// origin a draw lands on (the algorithm, and why it is exactly uniform, is explained at
// reference/games/throngs/random.ts, which draws the same numbers). Both take their origins
// from origins.ts, which classifies every site at once, 16 a step.
import { degree } from './board';
import { N, OUT } from '../../core/layout';
import { emitFlagged, listLength, listStart } from '../../core/move-list';
import { below } from '../../core/rng';
import { COUNTS, originSetBytes } from './layout';
import { CAPTURING, PLACING, TRAVELLING, UNSURE, boundOf, classSet, classTotal, classifyOrigins, locate, locatedClass, locatedIndex, powerOf, settleBound } from './origins';
import { ACCEPT, ADD, CAPTURE, FORCED, MOVE, PASS, SWAP, TWO_DECISIONS, pack } from './moves';
import { has, OBLIGATION_RELAXES_TO_TRAVEL } from './options';
import { reach } from './reach';
import { destinationAt, destinationsBelow, reachKept } from './reached';
import { cell, counter, emptyNeighbours, ended, pieStep, toMove } from './state';

/** While the counter is at 4 or more the mover must add or capture (§9). */
export const OBLIGATION: i32 = 4;

// An origin entry: kind, site, power for the destination search, number of moves, flags.
const ENTRY: i32 = 16;
let entries: i32 = 0;
let total: i32 = 0;

@inline function entryAt(i: i32): usize {
  return COUNTS + <usize>(i * ENTRY);
}

function addEntry(kind: u32, site: i32, power: i32, moves: i32, flags: u8): void {
  const e = entryAt(entries);
  store<u32>(e, kind);
  store<i32>(e, site, 4);
  store<i32>(e, power, 8);
  store<i32>(e, moves, 12);
  store<u8>(MOVE_FLAGS_OF_ENTRY + entries, flags);
  entries++;
  total += moves;
}

// Flags per entry live in a small side table after the entries.
let MOVE_FLAGS_OF_ENTRY: usize = 0;

/** |Dest(origin, power)|. With power 1 it is the number of empty neighbours, known already. */
@inline function destinationCount(origin: i32, power: i32): i32 {
  if (power <= 0) return 0;
  if (power == 1) return emptyNeighbours(origin, degree(origin));
  return reach(origin, power, false);
}

/** A placement or capture: the stay plus every destination of Dest(origin, power). */
function addWithDestinations(kind: u32, origin: i32, power: i32): void {
  const n = destinationCount(origin, power);
  addEntry(kind, origin, power, n + 1, n > 0 ? TWO_DECISIONS : 0);
}

/**
 * Adds the origins of class `c` as classified (origins.ts), in ascending order: a travel with
 * every destination, a placement or capture with the stay and every destination.
 */
function addClass(c: i32): void {
  const set = classSet(c);
  for (let w = 0; w < originSetBytes >> 3; w++) {
    let word = load<u64>(set + (w << 3));
    while (word != 0) {
      const site = (w << 6) + <i32>ctz(word);
      word &= word - 1;
      const power = powerOf(site);
      if (c != TRAVELLING) {
        addWithDestinations(c == PLACING ? ADD : CAPTURE, site, power);
        continue;
      }
      const n = destinationCount(site, power);
      if (n > 0) addEntry(MOVE, site, power, n, TWO_DECISIONS);
    }
  }
}

/** Lists the origins of all legal moves, in canonical order; returns the number of moves. */
export function enumerate(): i32 {
  entries = 0;
  total = 0;
  MOVE_FLAGS_OF_ENTRY = COUNTS + <usize>(3 * N + 4) * ENTRY;
  listed = -1;
  if (ended() != 0) return 0;
  const pie = pieStep();
  if (pie >= 0) {
    if (pie == 3) {
      addEntry(ACCEPT, 0, 0, 1, 0);
      addEntry(SWAP, 0, 0, 1, 0);
    } else {
      for (let s = 0; s < N; s++) if (cell(s) == 0) addEntry(ADD, s, 0, 1, 0);
    }
    return total;
  }
  const me = toMove();
  const free = counter(me) < OBLIGATION;
  const relaxes = has(OBLIGATION_RELAXES_TO_TRAVEL);
  classifyOrigins(me, free || relaxes, false);
  addClass(PLACING);
  addClass(CAPTURING);
  if (free) {
    addClass(TRAVELLING);
    addEntry(PASS, 0, 0, 1, 0);
  } else if (total == 0) {
    // Whether anything is legal decides between travel and a forced pass.
    if (relaxes) addClass(TRAVELLING);
    if (total == 0) addEntry(PASS, 0, 0, 1, FORCED);
  }
  return total;
}

/** Entry `e`'s destinations are in OUT, ascending (-1: none is). */
let listed: i32 = -1;

/** The `index`-th move of entry `e` (0 ≤ index < its count), in canonical order. */
function moveOf(e: i32, index: i32): u32 {
  const at = entryAt(e);
  const kind = load<u32>(at);
  const site = load<i32>(at, 4);
  const moves = load<i32>(at, 12);
  if (kind == ACCEPT || kind == SWAP || kind == PASS) return pack(kind, 0, 0);
  if (kind == MOVE) {
    if (listed != e) reach(site, load<i32>(at, 8), true);
    return pack(MOVE, site, load<i32>(OUT + (index << 2)));
  }
  if (moves == 1) return pack(kind, site, site);
  // Placement or capture: the stay sits among the destinations in ascending order.
  if (listed != e) reach(site, load<i32>(at, 8), true);
  let below = 0;
  while (below < moves - 1 && load<i32>(OUT + (below << 2)) < site) below++;
  if (index == below) return pack(kind, site, site);
  return pack(kind, site, load<i32>(OUT + ((index < below ? index : index - 1) << 2)));
}


/** Writes every legal move to MOVES (flags to MOVE_FLAGS) and returns how many there are. */
@global export function generate(): i32 {
  enumerate();
  listStart();
  for (let e = 0; e < entries; e++) {
    const flags = load<u8>(MOVE_FLAGS_OF_ENTRY + e);
    const at = entryAt(e);
    const kind = load<u32>(at);
    const site = load<i32>(at, 4);
    const moves = load<i32>(at, 12);
    if (kind == MOVE || moves > 1) {
      const n = reach(site, load<i32>(at, 8), true);
      let stayed = kind == MOVE;
      for (let i = 0; i < n; i++) {
        const t = load<i32>(OUT + (i << 2));
        if (!stayed && site < t) {
          emitFlagged(pack(kind, site, site), flags);
          stayed = true;
        }
        emitFlagged(pack(kind, site, t), flags);
      }
      if (!stayed) emitFlagged(pack(kind, site, site), flags);
    } else {
      emitFlagged(moveOf(e, 0), flags);
    }
  }
  return listLength();
}

let chosenFlags: u8 = 0;

/** Flags (decisions, forced) of the move randomMove returned last. */
export function randomMoveFlags(): u8 {
  return chosenFlags;
}

/**
 * A uniformly random legal move: the same move as MOVES[below(n)] of the full list would be,
 * found by expanding one origin only. Returns 0 when there is no legal move.
 */
export function randomMove(): u32 {
  return randomPlayoutMove(0);
}

/**
 * A random move for playouts. With `biasPercent` > 0, that share of the time the choice is among
 * placements and captures only (they come first in canonical order), when there are some and
 * they are not all there is; otherwise it is uniform. In a game in progress the origins and
 * their bounds come from randomFromOrigins; the rest (the pie, a player bound to add or capture
 * who cannot) is drawn from the entries of `enumerate`, with exact counts.
 */
export function randomPlayoutMove(biasPercent: i32): u32 {
  if (pieStep() < 0 && ended() == 0) {
    const bulk = randomFromOrigins(biasPercent);
    if (bulk != 0) return bulk;
  }
  const n = enumerate();
  if (n == 0) return 0;
  let preferred = 0;
  let preferredMoves = 0;
  while (preferred < entries) {
    const kind = load<u32>(entryAt(preferred));
    if (kind != ADD && kind != CAPTURE) break;
    preferredMoves += load<i32>(entryAt(preferred), 12);
    preferred++;
  }
  // Travel entries come only with a pass, so entries beyond the preferred ones mean more moves.
  const biased = biasPercent > 0 && preferred > 0 && preferred < entries && <i32>below(100) < biasPercent;
  let i = <i32>below(<u32>(biased ? preferredMoves : n));
  let e = 0;
  let moves = load<i32>(entryAt(0), 12);
  while (i >= moves) {
    i -= moves;
    e++;
    moves = load<i32>(entryAt(e), 12);
  }
  chosenFlags = load<u8>(MOVE_FLAGS_OF_ENTRY + e);
  return moveOf(e, i);
}

/**
 * randomPlayoutMove in a game in progress: the same draws, with the origins and their bounds
 * classified all at once (origins.ts) instead of listed as entries. Returns 0 for the one case
 * left to the entries: a player bound to add or capture who cannot (whether to travel or pass).
 */
function randomFromOrigins(biasPercent: i32): u32 {
  const me = toMove();
  const obliged = counter(me) >= OBLIGATION;
  classifyOrigins(me, !obliged, true);
  const preferredMoves = classTotal(PLACING) + classTotal(CAPTURING);
  if (obliged && preferredMoves == 0) return 0;
  listed = -1;
  // Beyond the placements and captures come the travels and the pass, unless the player is bound.
  const biased = biasPercent > 0 && preferredMoves > 0 && !obliged && <i32>below(100) < biasPercent;
  let limit = biased || obliged ? preferredMoves : preferredMoves + classTotal(TRAVELLING) + 1;
  while (true) {
    const site = locate(<i32>below(<u32>limit));
    if (site < 0) {
      chosenFlags = 0;
      return pack(PASS, 0, 0);
    }
    const i = locatedIndex;
    const c = locatedClass;
    const kind = c == PLACING ? ADD : c == CAPTURING ? CAPTURE : MOVE;
    const power = powerOf(site) & ~UNSURE;
    let searched = false;
    if ((powerOf(site) & UNSURE) != 0) {
      const found = reachKept(site, power);
      searched = true;
      const exact = kind == MOVE ? found : found + 1;
      limit -= boundOf(site, c) - exact;
      settleBound(site, c, exact);
      if (i >= exact) continue;
    }
    const moves = boundOf(site, c);
    if (kind != MOVE && moves == 1) {
      chosenFlags = 0;
      return pack(kind, site, site);
    }
    chosenFlags = TWO_DECISIONS;
    if (!searched) reachKept(site, power);
    if (kind == MOVE) return pack(MOVE, site, destinationAt(i));
    // Placement or capture: the stay sits among the destinations in ascending order.
    const earlier = destinationsBelow(site);
    if (i == earlier) return pack(kind, site, site);
    return pack(kind, site, destinationAt(i < earlier ? i : i - 1));
  }
  return 0;
}

/**
 * The origins randomFromOrigins draws from, as classified (before any search), to OUT in
 * canonical order, each as pack(kind, site, power << 8 | bound), leaving out the travels of
 * bound 0 (no move comes from them); returns how many, or -1 where the draw does not use them
 * (the pie, the end, a player bound to add or capture who cannot). For the differential tests.
 */
export function randomOrigins(): i32 {
  if (pieStep() >= 0 || ended() != 0) return -1;
  const me = toMove();
  const obliged = counter(me) >= OBLIGATION;
  classifyOrigins(me, !obliged, true);
  if (obliged && classTotal(PLACING) + classTotal(CAPTURING) == 0) return -1;
  let n = 0;
  for (let c = 0; c < 3; c++) {
    const kind = c == PLACING ? ADD : c == CAPTURING ? CAPTURE : MOVE;
    for (let site = 0; site < N; site++) {
      const bound = boundOf(site, c);
      if (bound == 0) continue;
      store<u32>(OUT + (n << 2), pack(kind, site, ((powerOf(site) & ~UNSURE) << 8) | bound));
      n++;
    }
  }
  return n;
}
