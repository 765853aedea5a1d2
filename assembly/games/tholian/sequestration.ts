// Sequestration (THOLIAN-GO.md §7, [A-12], [A-13]), as reference/games/tholian/sequestration.ts:
// a player's barriers cut a web into areas; the opponent's tokens in every area smaller than the
// largest are removed (or, by the option, only in areas without an empty node, or not touching
// an end row).
import { NODE_END_ROW, SEQUESTRATION_ENDS_OPEN, SEQUESTRATION_FULL, SEQUESTRATION_LARGEST } from './abi';
import { N, degree } from '../../core/layout';
import { dualA, dualB, flagsOf, link, webOf } from './board';
import { AREA, SIZES, SPARED, STACK } from './layout';
import { sequestration } from './options';
import { cell, vacate } from './state';

@inline function areaOf(n: i32): i32 {
  return load<i32>(AREA + (<usize>n << 2));
}

@inline function setArea(n: i32, id: i32): void {
  store<i32>(AREA + (<usize>n << 2), id);
}

/** Removes the tokens `p`'s barriers sequester on `web`. */
export function sequester(p: i32, web: i32): void {
  memory.fill(AREA, 0xff, <usize>(N * 4));
  let areas = 0;
  for (let start = 0; start < N; start++) {
    if (webOf(start) != web || areaOf(start) >= 0) continue;
    const id = areas++;
    setArea(start, id);
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
        if (areaOf(m) >= 0) continue;
        // A link whose dual has p's tokens on both ends is cut.
        const l = n * 6 + k;
        const a = dualA(l);
        if (a >= 0 && cell(a) == p && cell(dualB(l)) == p) continue;
        setArea(m, id);
        store<i32>(STACK + (<usize>top << 2), m);
        top++;
      }
    }
    store<i32>(SIZES + (<usize>id << 2), size);
  }
  if (areas < 2) return;
  let largest = 0;
  for (let i = 0; i < areas; i++) largest = max(largest, load<i32>(SIZES + (<usize>i << 2)));
  for (let i = 0; i < areas; i++) store<u8>(SPARED + i, <u8>(load<i32>(SIZES + (<usize>i << 2)) == largest));
  if (sequestration != SEQUESTRATION_LARGEST) {
    for (let n = 0; n < N; n++) {
      if (webOf(n) != web) continue;
      if ((sequestration == SEQUESTRATION_FULL && cell(n) == 0) || (sequestration == SEQUESTRATION_ENDS_OPEN && (flagsOf(n) & NODE_END_ROW) != 0)) {
        store<u8>(SPARED + areaOf(n), 1);
      }
    }
  }
  const victim = 3 - p;
  for (let n = 0; n < N; n++) {
    if (webOf(n) == web && cell(n) == victim && load<u8>(SPARED + areaOf(n)) == 0) vacate(n);
  }
}

/** §7's order after a move by `mover`: the mover's barriers on both webs, then the opponent's. */
export function resolveCaptures(mover: i32): void {
  sequester(mover, 0);
  sequester(mover, 1);
  sequester(3 - mover, 0);
  sequester(3 - mover, 1);
}
