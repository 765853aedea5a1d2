// Sequestration (THOLIAN-GO.md §7, [A-12], [A-13]), as reference/games/tholian/sequestration.ts:
// a player's barriers cut a web into areas; the opponent's tokens in every area smaller than the
// largest are removed (or, by the option, only in areas without an empty node, or not touching
// an end row).
//
// The areas are worked out again only when the barriers may have moved. Four passes after every
// move (both players' barriers on both webs) were most of a random game's time, while a move
// changes one player's tokens on one web: the areas each player's barriers make on each web are
// kept with the token counters (state.ts) they were computed from, and a pass whose barriers and
// victims are unchanged since its last run has nothing left to remove.
import { NODE_END_ROW, SEQUESTRATION_ENDS_OPEN, SEQUESTRATION_FULL, SEQUESTRATION_LARGEST } from './abi';
import { N, degree } from '../../core/layout';
import { dualA, dualB, flagsOf, link, webOf } from './board';
import { AREA, AREA_CACHE, SIZES, SPARED, STACK } from './layout';
import { sequestration } from './options';
import { cell, vacate, version } from './state';

/** Bumped when the position is replaced wholesale (undo, a copy, a load): every kept area is void. */
let epoch: i32 = 1;
/** Per web, a bit for each web whose tokens stand on its links' duals (-1 until this board's is known). */
let barrierWebs0: i32 = -1;
let barrierWebs1: i32 = -1;

/** The position was replaced by other means than moves: the kept areas no longer describe it. */
export function forgetAreas(): void {
  epoch++;
}

/** A new board: its duals are looked at again. */
export function forgetBoard(): void {
  barrierWebs0 = -1;
  barrierWebs1 = -1;
  epoch++;
}

function barrierWebsOf(web: i32): i32 {
  let webs = 0;
  for (let n = 0; n < N; n++) {
    if (webOf(n) != web) continue;
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const a = dualA(n * 6 + k);
      if (a >= 0) webs |= (1 << webOf(a)) | (1 << webOf(dualB(n * 6 + k)));
    }
  }
  return webs;
}

/** Changes so far of `p`'s tokens that can stand on the duals of `web`'s links. */
function barrierVersion(p: i32, web: i32): u64 {
  if (barrierWebs0 < 0) {
    barrierWebs0 = barrierWebsOf(0);
    barrierWebs1 = barrierWebsOf(1);
  }
  const webs = web == 0 ? barrierWebs0 : barrierWebs1;
  return ((webs & 1) != 0 ? version(p, 0) : 0) + ((webs & 2) != 0 ? version(p, 1) : 0);
}

@inline function areaOf(area: usize, n: i32): i32 {
  return load<i32>(area + (<usize>n << 2));
}

@inline function setArea(area: usize, n: i32, id: i32): void {
  store<i32>(area + (<usize>n << 2), id);
}

// A kept result, per player and web (AREA_CACHE, 32 bytes each): the barrier and victim counters
// it was computed from, its number of areas, and the epoch it belongs to.
const KEPT_BARRIERS = 0;
const KEPT_VICTIMS = 8;
const KEPT_AREAS = 16;
const KEPT_EPOCH = 20;

/** Removes the tokens `p`'s barriers sequester on `web`. */
export function sequester(p: i32, web: i32): void {
  const slot = ((p - 1) << 1) + web;
  const kept = AREA_CACHE + (<usize>slot << 5);
  const area = AREA + <usize>(slot * N) * 4;
  const spared = SPARED + <usize>(slot * N);
  const victim = 3 - p;
  // The other rules spare areas by their empty nodes too: those are worked out every time.
  const keeps = sequestration == SEQUESTRATION_LARGEST;
  const barriers = barrierVersion(p, web);
  if (keeps && load<i32>(kept, KEPT_EPOCH) == epoch && load<u64>(kept, KEPT_BARRIERS) == barriers) {
    // The same areas as the last run, which removed every victim outside the largest.
    if (load<u64>(kept, KEPT_VICTIMS) == version(victim, web)) return;
    if (load<i32>(kept, KEPT_AREAS) >= 2) {
      for (let n = 0; n < N; n++) {
        if (webOf(n) == web && cell(n) == victim && load<u8>(spared + areaOf(area, n)) == 0) vacate(n);
      }
    }
    store<u64>(kept, version(victim, web), KEPT_VICTIMS);
    return;
  }
  memory.fill(area, 0xff, <usize>(N * 4));
  let areas = 0;
  for (let start = 0; start < N; start++) {
    if (webOf(start) != web || areaOf(area, start) >= 0) continue;
    const id = areas++;
    setArea(area, start, id);
    store<i32>(STACK, start);
    let top = 1;
    let size = 0;
    while (top > 0) {
      top--;
      const n = load<i32>(STACK + (<usize>top << 2));
      size++;
      const d = degree(n);
      for (let k = 0; k < d; k++) {
        const m = link(n, k);
        if (areaOf(area, m) >= 0) continue;
        // A link whose dual has p's tokens on both ends is cut.
        const l = n * 6 + k;
        const a = dualA(l);
        if (a >= 0 && cell(a) == p && cell(dualB(l)) == p) continue;
        setArea(area, m, id);
        store<i32>(STACK + (<usize>top << 2), m);
        top++;
      }
    }
    store<i32>(SIZES + (<usize>id << 2), size);
  }
  if (areas >= 2) {
    let largest = 0;
    for (let i = 0; i < areas; i++) largest = max(largest, load<i32>(SIZES + (<usize>i << 2)));
    for (let i = 0; i < areas; i++) store<u8>(spared + i, <u8>(load<i32>(SIZES + (<usize>i << 2)) == largest));
    if (sequestration != SEQUESTRATION_LARGEST) {
      for (let n = 0; n < N; n++) {
        if (webOf(n) != web) continue;
        if ((sequestration == SEQUESTRATION_FULL && cell(n) == 0) || (sequestration == SEQUESTRATION_ENDS_OPEN && (flagsOf(n) & NODE_END_ROW) != 0)) {
          store<u8>(spared + areaOf(area, n), 1);
        }
      }
    }
    for (let n = 0; n < N; n++) {
      if (webOf(n) == web && cell(n) == victim && load<u8>(spared + areaOf(area, n)) == 0) vacate(n);
    }
  }
  if (keeps) {
    // Removing victims moves no barrier: the areas hold until p's tokens on the duals change.
    store<u64>(kept, barriers, KEPT_BARRIERS);
    store<u64>(kept, version(victim, web), KEPT_VICTIMS);
    store<i32>(kept, areas, KEPT_AREAS);
    store<i32>(kept, epoch, KEPT_EPOCH);
  }
}

/** §7's order after a move by `mover`: the mover's barriers on both webs, then the opponent's. */
export function resolveCaptures(mover: i32): void {
  sequester(mover, 0);
  sequester(mover, 1);
  sequester(3 - mover, 0);
  sequester(3 - mover, 1);
}
