// Tholian Go's board tables (THOLIAN-GO.md §2), all written by JavaScript from the TypeScript
// TholianBoard: the neighbour lists (the generic table), each node's web, per link its dual path
// and axis, the node flags (end rows, chain endpoints, start sets) and the special nodes. The
// geometry is data here: the main board, the periodic cylinder or any other board alike.
import { NODE_CHAIN_BOTTOM, NODE_START_BLUE, NODE_START_RED, WEB_DARK, WEB_LIGHT } from './abi';
import { N, commitDegrees, degree, neighbour } from '../../core/layout';
import { AXIS, DUAL, GOAL, LEVEL, LEVEL_ORDER, NODE_FLAGS, SORTED, STACK, STEPS, WEB } from './layout';

/** Red's and Blue's target (light) nodes and entry (dark) nodes (§2.5, §8). */
export let targetRed: i32 = -1;
export let targetBlue: i32 = -1;
export let entryRed: i32 = -1;
export let entryBlue: i32 = -1;
/** The tables of the current layout are complete (commitTables ran after prepareBoard). */
export let tablesReady: bool = false;

@inline export function webOf(node: i32): i32 {
  return <i32>load<u8>(WEB + node);
}

/** The k-th neighbour of `node` (k < degree(node)). */
@inline export function link(node: i32, k: i32): i32 {
  return neighbour(node, k);
}

@inline export function dualA(l: i32): i32 {
  return load<i32>(DUAL + (<usize>l << 3));
}

@inline export function dualB(l: i32): i32 {
  return load<i32>(DUAL + (<usize>l << 3), 4);
}

@inline export function axisOf(l: i32): i32 {
  return <i32>load<u8>(AXIS + l);
}

@inline export function flagsOf(node: i32): i32 {
  return <i32>load<u8>(NODE_FLAGS + node);
}

/** The k-th link of `node` in ascending order of the neighbour it leads to. */
@inline export function sortedLink(node: i32, i: i32): i32 {
  return <i32>load<u8>(SORTED + node * 6 + i);
}

@inline export function targetOf(player: i32): i32 {
  return player == 1 ? targetRed : targetBlue;
}

@inline export function entryOf(player: i32): i32 {
  return player == 1 ? entryRed : entryBlue;
}

@inline export function startFlag(player: i32): i32 {
  return player == 1 ? NODE_START_RED : NODE_START_BLUE;
}

/** A new layout: the tables must be written and committed again. */
export function forgetTables(): void {
  tablesReady = false;
}

/** The degrees from the generic neighbour table (commitBoard). */
export function commitNeighbours(): void {
  commitDegrees();
}

/**
 * Completes the board after JS wrote the tables: the special nodes, and each node's links in
 * ascending order of their neighbours (the order legal steps are listed in). JS checked the
 * tables (bindings/games/tholian/wasm-engine.ts); the debug build checks them again.
 */
export function commitTables(tRed: i32, tBlue: i32, eRed: i32, eBlue: i32): void {
  targetRed = tRed;
  targetBlue = tBlue;
  entryRed = eRed;
  entryBlue = eBlue;
  assert(tRed >= 0 && tRed < N && tBlue >= 0 && tBlue < N && webOf(tRed) == WEB_LIGHT && webOf(tBlue) == WEB_LIGHT, 'commitTables: bad target');
  assert(eRed >= 0 && eRed < N && eBlue >= 0 && eBlue < N && webOf(eRed) == WEB_DARK && webOf(eBlue) == WEB_DARK, 'commitTables: bad entry');
  for (let n = 0; n < N; n++) {
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      const l = n * 6 + k;
      assert(m >= 0 && m < N && webOf(m) == webOf(n) && axisOf(l) < 3, 'commitTables: bad link');
      const a = dualA(l);
      assert(a == -1 || (a >= 0 && a < N && dualB(l) >= 0 && dualB(l) < N && webOf(a) != webOf(n) && webOf(dualB(l)) != webOf(n)), 'commitTables: bad dual');
      // Insertion: the sorted prefix 0..k-1 holds the earlier links.
      let i = k;
      while (i > 0 && link(n, sortedLink(n, i - 1)) > m) {
        store<u8>(SORTED + n * 6 + i, load<u8>(SORTED + n * 6 + i - 1));
        i--;
      }
      store<u8>(SORTED + n * 6 + i, <u8>k);
    }
  }
  goalDistances();
  chainLevels();
  lightSteps();
  tablesReady = true;
}

/** Far enough: the evaluation counts distances and chain costs up to this (eval.ts). */
export const FAR: i32 = 30;

/** Steps from every node to each player's target along its web. */
function goalDistances(): void {
  for (let p = 1; p <= 2; p++) stepsFrom(targetOf(p), GOAL + <usize>(p - 1) * N);
}

/** Steps from `source` to every node along its web (FAR at most) into the bytes at `row`, by breadth-first search. */
function stepsFrom(source: i32, row: usize): void {
  memory.fill(row, <u8>FAR, <usize>N);
  store<u8>(row + source, 0);
  store<i32>(STACK, source);
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const n = load<i32>(STACK + (<usize>head << 2));
    head++;
    const next = <i32>load<u8>(row + n) + 1;
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      if (<i32>load<u8>(row + m) > next) {
        store<u8>(row + m, <u8>next);
        store<i32>(STACK + (<usize>tail << 2), m);
        tail++;
      }
    }
  }
}

/** Steps from `node` to `p`'s target (FAR at most). */
@inline export function goalDistance(p: i32, node: i32): i32 {
  return <i32>load<u8>(GOAL + <usize>(p - 1) * N + node);
}

/** How many light nodes LEVEL_ORDER lists (those a chain can reach). */
export let levelCount: i32 = 0;

/**
 * Each light node's level, its steps from the bottom chain endpoints, and the nodes in that order
 * (breadth first): every light path joins neighbouring levels, so a chain of the fewest tokens
 * climbs a level a token (eval.ts).
 */
function chainLevels(): void {
  levelCount = 0;
  for (let n = 0; n < N; n++) {
    const bottom = (flagsOf(n) & NODE_CHAIN_BOTTOM) != 0;
    store<i32>(LEVEL + (<usize>n << 2), bottom ? 0 : -1);
    if (bottom) {
      store<i32>(LEVEL_ORDER + (<usize>levelCount << 2), n);
      levelCount++;
    }
  }
  for (let i = 0; i < levelCount; i++) {
    const n = load<i32>(LEVEL_ORDER + (<usize>i << 2));
    const d = degree(n);
    for (let k = 0; k < d; k++) {
      const m = link(n, k);
      if (levelOf(m) >= 0) continue;
      store<i32>(LEVEL + (<usize>m << 2), levelOf(n) + 1);
      store<i32>(LEVEL_ORDER + (<usize>levelCount << 2), m);
      levelCount++;
    }
  }
}

@inline export function levelOf(n: i32): i32 {
  return load<i32>(LEVEL + (<usize>n << 2));
}

/**
 * Steps between every two light nodes along the light web, through tokens and barriers alike
 * (FAR at most): a spare token's way to a gap of its chain (eval.ts), by breadth-first search.
 */
function lightSteps(): void {
  memory.fill(STEPS, <u8>FAR, <usize>(N * N));
  for (let from = 0; from < N; from++) if (webOf(from) == WEB_LIGHT) stepsFrom(from, STEPS + <usize>(from * N));
}

/** Steps between light nodes `a` and `b` along the light web (FAR at most). */
@inline export function stepsBetween(a: i32, b: i32): i32 {
  return <i32>load<u8>(STEPS + <usize>(a * N + b));
}
