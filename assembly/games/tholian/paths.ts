// Push paths (THOLIAN-GO.md §5, §6, §8) one step at a time, as reference/games/tholian/paths.ts:
// a step may enter an occupied node only if the string can still end on an empty node from
// there (canComplete), so every step offered leads to at least one whole legal move.
//
// canComplete is a depth-first search over occupied nodes. Whether a link may be crossed depends
// only on the token on its near end (§5), which does not change during the search, so without
// the String Push Limit a string can be completed exactly when an empty node is reachable: the
// search then keeps its marks and is linear. Under the limit the tokens counted along the string
// matter, and the search backtracks over simple paths exactly as the reference does.
import { N, degree } from '../../core/layout';
import { axisOf, dualA, dualB, link, sortedLink } from './board';
import { MARK } from './layout';
import { pushLimit } from './options';
import { cell, pathAt, pathLength } from './state';

/** Whether the link k of `node` is blocked for tokens of `colour`: both ends of its dual hold the opponent's. */
@inline export function blocked(node: i32, k: i32, colour: i32): bool {
  const l = node * 6 + k;
  const a = dualA(l);
  if (a < 0) return false;
  const opp = 3 - colour;
  return cell(a) == opp && cell(dualB(l)) == opp;
}

/** String Push Limit (§6, [A-23]). */
@inline export function withinPushLimit(own: i32, opp: i32): bool {
  return opp < 2 || own >= opp;
}

let generation: u32 = 0;
let pusher: i32 = 0;
/** The limit applies to the search under way (not to a free push). */
let limited: bool = false;

@inline export function stamped(n: i32): bool {
  return load<u32>(MARK + (<usize>n << 2)) == generation;
}

@inline export function stamp(n: i32): void {
  store<u32>(MARK + (<usize>n << 2), generation);
}

@inline function unstamp(n: i32): void {
  store<u32>(MARK + (<usize>n << 2), 0);
}

/** Starts a new set of marks (nothing is stamped in it). */
export function newGeneration(): void {
  generation++;
  if (generation == 0) {
    memory.fill(MARK, 0, <usize>(N * 4));
    generation = 1;
  }
}

/** Whether the path in progress (or, with none, the single node `origin`) contains `n`. */
export function onPath(n: i32, origin: i32): bool {
  const len = pathLength();
  if (len == 0) return n == origin;
  for (let i = 0; i < len; i++) if (pathAt(i) == n) return true;
  return false;
}

// Tokens of the pusher on the base path n0 … ni, and of others on n1 … ni (markBase).
let baseOwn: i32 = 0;
let baseOpp: i32 = 0;

/**
 * Starts a search: a new generation with the base path stamped (the path in progress, or the
 * single node `origin` when there is none), its counts in baseOwn and baseOpp.
 */
function markBase(origin: i32): void {
  newGeneration();
  baseOwn = 0;
  baseOpp = 0;
  const len = pathLength();
  if (len == 0) {
    stamp(origin);
    baseOwn = <i32>(cell(origin) == pusher);
    return;
  }
  for (let i = 0; i < len; i++) {
    const n = pathAt(i);
    stamp(n);
    const v = cell(n);
    if (v == pusher) baseOwn++;
    else if (i > 0 && v != 0) baseOpp++;
  }
}

/** Whether the string whose head (stamped, occupied) is `head` reaches an empty node. */
function search(head: i32, own: i32, opp: i32): bool {
  const colour = cell(head);
  const d = degree(head);
  for (let k = 0; k < d; k++) {
    const m = link(head, k);
    if (stamped(m) || blocked(head, k, colour)) continue;
    const v = cell(m);
    if (v == 0) {
      if (!limited || withinPushLimit(own, opp)) return true;
      continue;
    }
    stamp(m);
    const mine = <i32>(v == pusher);
    if (search(m, own + mine, opp + 1 - mine)) return true;
    if (limited) unstamp(m);
  }
  return false;
}

/**
 * Whether the base path (see markBase) extended by the occupied node `m` can be completed: the
 * reference's canComplete(path + [m]). `free`: a free push, which the limit does not bind.
 */
function canCompleteVia(origin: i32, m: i32, free: bool): bool {
  markBase(origin);
  stamp(m);
  limited = pushLimit && !free;
  const mine = <i32>(cell(m) == pusher);
  return search(m, baseOwn + mine, baseOpp + 1 - mine);
}

/** Whether a free push from the entry node `entry` (occupied, no path in progress) is possible. */
export function canCompleteFree(entry: i32, mover: i32): bool {
  pusher = mover;
  markBase(entry);
  limited = false;
  return search(entry, baseOwn, baseOpp);
}

/**
 * The nodes the head of the path may step to next, ascending, written as `kind` steps
 * (kind << 16 | head << 8 | to) from `out` on; returns how many (at most 1 with `stopAtOne`).
 * With no path in progress the path is the single node `head` (a first step). `axes`: the dice's
 * allowed axes for the first step as bits (7: any). `free`: a free push (no push limit).
 */
export function nextSteps(kind: u32, head: i32, mover: i32, axes: i32, free: bool, out: usize, stopAtOne: bool): i32 {
  pusher = mover;
  const colour = cell(head);
  markBase(head);
  const own = baseOwn;
  const opp = baseOpp;
  const d = degree(head);
  let count = 0;
  for (let i = 0; i < d; i++) {
    const k = sortedLink(head, i);
    const m = link(head, k);
    if (onPath(m, head) || blocked(head, k, colour)) continue;
    if (((axes >> axisOf(head * 6 + k)) & 1) == 0) continue;
    let ok: bool;
    if (cell(m) == 0) ok = free || !pushLimit || withinPushLimit(own, opp);
    else ok = canCompleteVia(head, m, free);
    if (!ok) continue;
    store<u32>(out + (<usize>count << 2), (kind << 16) | (<u32>head << 8) | <u32>m);
    count++;
    if (stopAtOne) return count;
  }
  return count;
}
