/**
 * The heuristic evaluation of a Tholian Go position for alpha-beta's leaves and the MCTS
 * cut-off: Red's advantage in hundredths, each term Red's value minus Blue's. Tokens are what the
 * capturing variants fight over, the dark ones counted apart because three of them fewer lose;
 * the way to the own target and, in Chain, the tokens still missing from a chain and the steps
 * of the spare ones to its gaps give the search a direction when no capture is in reach. The
 * nearest token's way counts only where reaching the target wins (Football, Scrimmage): where it
 * transforms (main, Oracle, Lucky) the dark token's worth rewards it, and the nearest token's way
 * would punish the move that scores, since the next light token is farther. Where tokens decide
 * (main, Lucky, Ultimate) tokens alone count: a term for the way forward made the search open its
 * barriers against a careful opponent, and the searches' contempt for draws (`contempt` in
 * index.ts) keeps it from idling into a draw; with dice (Oracle) the search stops at its own turn's end and
 * cannot see the draw, so there every light token's way still counts.
 * assembly/games/tholian/eval.ts computes the same integer.
 */
import type { EvaluationSpec } from '../../core/game.js';
import type { Player } from '../../core/types.js';
import { blocked } from './barriers.js';
import { DARK, LIGHT, type TholianBoard } from './board.js';
import { DEFAULT_OPTIONS, features } from './options.js';
import { BLUE, countTokens, EMPTY, RED, type TholianState } from './state.js';

/** The farthest distance or chain cost the terms count: beyond it, all the same. */
export const FAR = 30;

export const evaluation: EvaluationSpec = {
  terms: [
    { name: 'light', weight: 100, description: 'light tokens on the board' },
    { name: 'dark', weight: 150, description: 'dark tokens on the board (losing 4 of 6 loses the game, §9)' },
    { name: 'goal', weight: 20, description: "Football and Scrimmage only: steps along the light web from a player's nearest light token to their target (§2.5), at most 30, counted against them" },
    { name: 'chain', weight: 100, description: 'Chain only: own light tokens still missing from the cheapest chain from end to end (§10), an opposing token in the way counting 2, at most 30, counted against their owner' },
    { name: 'levels', weight: 40, description: 'Chain only: levels of the light web (steps from the bottom end) holding an own light token; a chain needs one on each of its 14' },
    { name: 'advance', weight: 2, description: "Football, Scrimmage and the dice variants only: steps from each of a player's light tokens to their target, added up, counted against them (with dice the search ends with its own turn, so it cannot see an idle opponent take the draw an empty turn offers; a turn that moves forward beats an empty one)" },
    { name: 'spares', weight: 15, description: 'Chain only: steps along the light web (through tokens and barriers) the own light tokens off the cheapest chain must make to fill its gaps, one a gap, in the pairing of the fewest steps (each at most 30), counted against their owner' },
  ],
};

const distances = new WeakMap<TholianBoard, readonly [Int32Array, Int32Array]>();

/** Steps from `source` to every node along its web, empty or not (FAR at most), into `row`. */
function stepsFrom<T extends Int32Array | Uint8Array>(b: TholianBoard, source: number, row: T): T {
  row.fill(FAR);
  row[source] = 0;
  const queue = [source];
  for (const n of queue) {
    for (const m of b.neighbours(n)) {
      if (row[m]! > row[n]! + 1) {
        row[m] = row[n]! + 1;
        queue.push(m);
      }
    }
  }
  return row;
}

/** Steps from every light node to each player's target along the light web, empty or not. */
export function goalDistances(b: TholianBoard): readonly [Int32Array, Int32Array] {
  let d = distances.get(b);
  if (!d) {
    const from = (target: number) => stepsFrom(b, target, new Int32Array(b.size));
    d = [from(b.target[RED]), from(b.target[BLUE])];
    distances.set(b, d);
  }
  return d;
}

/** The nearest of `p`'s light tokens to `p`'s target, in steps (FAR without one in reach). */
export function goalDistance(b: TholianBoard, cells: Uint8Array, p: Player): number {
  const dist = goalDistances(b)[p - 1]!;
  let best = FAR;
  for (const n of b.nodesOf[LIGHT]) if (cells[n] === p && dist[n]! < best) best = dist[n]!;
  return best;
}

/** The steps from all of `p`'s light tokens to `p`'s target, added up. */
export function totalDistance(b: TholianBoard, cells: Uint8Array, p: Player): number {
  const dist = goalDistances(b)[p - 1]!;
  let sum = 0;
  for (const n of b.nodesOf[LIGHT]) if (cells[n] === p) sum += dist[n]!;
  return sum;
}

/**
 * The light nodes by their level, the steps from the bottom endpoints: on these boards every
 * light path joins two neighbouring levels, so a chain of the fewest tokens climbs one level a
 * token (§10: fourteen, one per level), and only such a chain fits a player's 14 light tokens.
 */
function byLevel(b: TholianBoard): { order: readonly number[]; level: Int32Array } {
  const level = new Int32Array(b.size).fill(-1);
  const order: number[] = [];
  for (const n of b.chainBottom) {
    level[n] = 0;
    order.push(n);
  }
  for (const n of order) {
    for (const m of b.neighbours(n)) {
      if (level[m]! < 0) {
        level[m] = level[n]! + 1;
        order.push(m);
      }
    }
  }
  return { order, level };
}

const tables = new WeakMap<TholianBoard, { order: readonly number[]; level: Int32Array }>();

/** byLevel's tables, built once per board. */
function levelTable(b: TholianBoard): { order: readonly number[]; level: Int32Array } {
  let t = tables.get(b);
  if (!t) {
    t = byLevel(b);
    tables.set(b, t);
  }
  return t;
}

/** A node's price on a chain of `p`'s: own 0, empty 1, opposing 2 (to be pushed away first). */
function price(cells: Uint8Array, n: number, p: Player): number {
  return cells[n] === p ? 0 : cells[n] === 0 ? 1 : 2;
}

/**
 * The fewest light tokens `p` must add for a chain from a bottom endpoint up to each node,
 * climbing a level a node at the prices above, over no link blocked for `p` (FAR at most).
 */
function chainCosts(b: TholianBoard, cells: Uint8Array, p: Player): Int32Array {
  const { order, level } = levelTable(b);
  const cost = new Int32Array(b.size).fill(FAR);
  for (const n of order) {
    let below = level[n] === 0 ? 0 : FAR;
    const links = b.neighbours(n);
    for (let k = 0; k < links.length; k++) {
      const m = links[k]!;
      if (level[m] === level[n]! - 1 && !blocked(b, cells, n, k, p) && cost[m]! < below) below = cost[m]!;
    }
    cost[n] = Math.min(FAR, below + price(cells, n, p));
  }
  return cost;
}

/** The fewest light tokens `p` must add for a chain from a bottom endpoint to a top one (FAR at most). */
export function chainCost(b: TholianBoard, cells: Uint8Array, p: Player): number {
  const cost = chainCosts(b, cells, p);
  let best = FAR;
  for (const n of b.chainTop) if (cost[n]! < best) best = cost[n]!;
  return best;
}

/**
 * One cheapest chain of `p`'s, top first, or null without one in reach. Of equal costs the
 * lowest node is taken, at the top and at every level below, so the wasm engine finds the same.
 */
export function cheapestChain(b: TholianBoard, cells: Uint8Array, p: Player): number[] | null {
  const { level } = levelTable(b);
  const cost = chainCosts(b, cells, p);
  let at = -1;
  for (const n of b.chainTop) if (cost[n]! < FAR && (at < 0 || cost[n]! < cost[at]! || (cost[n] === cost[at] && n < at))) at = n;
  if (at < 0) return null;
  const chain = [at];
  while (level[at]! > 0) {
    let below = -1;
    const links = b.neighbours(at);
    for (let k = 0; k < links.length; k++) {
      const m = links[k]!;
      if (level[m] !== level[at]! - 1 || blocked(b, cells, at, k, p)) continue;
      if (below < 0 || cost[m]! < cost[below]! || (cost[m] === cost[below] && m < below)) below = m;
    }
    at = below;
    chain.push(at);
  }
  return chain;
}

const steps = new WeakMap<TholianBoard, Uint8Array>();

/**
 * Steps between every two light nodes along the light web, through tokens and barriers alike
 * (FAR at most), row by row: a spare token's way to a gap, built once per board.
 */
function lightSteps(b: TholianBoard): Uint8Array {
  let table = steps.get(b);
  if (!table) {
    table = new Uint8Array(b.size * b.size).fill(FAR);
    for (const from of b.nodesOf[LIGHT]) stepsFrom(b, from, table.subarray(from * b.size, (from + 1) * b.size));
    steps.set(b, table);
  }
  return table;
}

/**
 * The steps `p`'s spare light tokens (those off the cheapest chain) must make to fill its gaps
 * (its nodes without an own token), one token a gap, in the pairing of the fewest steps: each
 * step of a spare towards its gap counts, and filling a gap never draws the others' spares away,
 * as the nearest spare of every gap would. A gap without a spare, or no chain, counts FAR.
 */
export function gapSteps(b: TholianBoard, cells: Uint8Array, p: Player): number {
  const chain = cheapestChain(b, cells, p);
  if (!chain) return FAR;
  const on = new Set(chain);
  const gaps = chain.filter((n) => cells[n] !== p);
  const spares = b.nodesOf[LIGHT].filter((n) => cells[n] === p && !on.has(n));
  const table = lightSteps(b);
  const between = (a: number, c: number) => table[a * b.size + c]!;
  if (gaps.length <= spares.length) return leastPairing(gaps.length, spares.length, (i, j) => between(gaps[i]!, spares[j]!));
  return leastPairing(spares.length, gaps.length, (i, j) => between(spares[i]!, gaps[j]!)) + FAR * (gaps.length - spares.length);
}

/**
 * The least total cost of pairing each of `rows` with a different one of `cols` (rows <= cols):
 * the Hungarian method with potentials, O(rows² cols), in whole numbers (1-based as usual for
 * it; column 0 is the row being placed). The least total is one number however ties fall.
 */
export function leastPairing(rows: number, cols: number, cost: (i: number, j: number) => number): number {
  const u = new Int32Array(rows + 1);
  const v = new Int32Array(cols + 1);
  const rowOf = new Int32Array(cols + 1);
  const way = new Int32Array(cols + 1);
  const least = new Int32Array(cols + 1);
  const used = new Uint8Array(cols + 1);
  for (let i = 1; i <= rows; i++) {
    rowOf[0] = i;
    let j0 = 0;
    least.fill(INFINITE);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = rowOf[j0]!;
      let delta = INFINITE;
      let j1 = 0;
      for (let j = 1; j <= cols; j++) {
        if (used[j]) continue;
        const reduced = cost(i0 - 1, j - 1) - u[i0]! - v[j]!;
        if (reduced < least[j]!) {
          least[j] = reduced;
          way[j] = j0;
        }
        if (least[j]! < delta) {
          delta = least[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= cols; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta;
          v[j]! -= delta;
        } else least[j]! -= delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOf[j0] = rowOf[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  return -v[0]!;
}

const INFINITE = 1 << 29;

/** How many levels of the light web hold a light token of `p` (a chain needs each of them). */
export function levelsHeld(b: TholianBoard, cells: Uint8Array, p: Player): number {
  const t = levelTable(b);
  const held = new Set<number>();
  for (const n of t.order) if (cells[n] === p) held.add(t.level[n]! & 63);
  return held.size;
}

export function evaluate(b: TholianBoard, s: TholianState, w: readonly number[]): number {
  const diff = (web: number) => countTokens(b, s.cells, RED, web) - countTokens(b, s.cells, BLUE, web);
  const { win, dice } = features(s.variant, DEFAULT_OPTIONS);
  const chain = win === 'chain';
  const touchdown = win === 'touchdown';
  const goal = touchdown ? goalDistance(b, s.cells, BLUE) - goalDistance(b, s.cells, RED) : 0;
  const missing = chain ? chainCost(b, s.cells, BLUE) - chainCost(b, s.cells, RED) : 0;
  const levels = chain ? levelsHeld(b, s.cells, RED) - levelsHeld(b, s.cells, BLUE) : 0;
  // Where tokens decide and the search sees the opponent's turn, its contempt for draws moves it on instead.
  const advance = touchdown || dice ? totalDistance(b, s.cells, BLUE) - totalDistance(b, s.cells, RED) : 0;
  const spares = chain ? gapSteps(b, s.cells, BLUE) - gapSteps(b, s.cells, RED) : 0;
  const value =
    w[0]! * diff(LIGHT) + w[1]! * diff(DARK) + w[2]! * goal + w[3]! * missing + w[4]! * levels + w[5]! * advance + w[6]! * spares;
  // One more empty turn draws (§4): the lead is worth half as much, so the side ahead moves on.
  return s.emptyTurns > 0 ? Math.trunc(value / 2) : value;
}

