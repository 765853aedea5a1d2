/**
 * A uniformly random legal move without listing them all (issue 15), the algorithm the wasm core
 * runs draw for draw (assembly/games/throngs/movegen.ts), so seeded playouts agree in both.
 *
 * Moves come in groups, one per origin (its placement, capture or travel moves) plus the pass,
 * in canonical order. Each group gets a cheap upper bound of its size: exact when no destination
 * search is needed (power 0 or 1, the pass, the pie), else the empty sites within lattice distance
 * `power` of the origin, which contain every destination because a hop of length k moves k
 * neighbour steps. A draw below the sum of the bounds picks a group and an index in it; only then
 * is that group searched exactly, its bound replaced by its size, and an index beyond the size
 * drawn again. Each legal move has the same chance in every round, so the result is exactly
 * uniform; tightening a bound after a miss only makes later rounds waste less.
 */
import type { Topology } from '../../boards/topology.js';
import type { Rng } from '../../core/rng.js';
import { MAX_POWER, reachableFrom } from './destinations.js';
import { obligationActive } from './movegen.js';
import type { LegalMove } from './moves.js';
import { actionPotential, hasEmptyNeighbour } from './potential.js';
import type { ThrongsState } from './state.js';
import type { MoveKind, RuleOptions } from './types.js';

interface Group {
  readonly kind: MoveKind;
  readonly at: number;
  readonly power: number;
  /** Moves not counted by the search: the stay of a placement or capture. */
  readonly stays: number;
  bound: number;
  exact: boolean;
  forced?: boolean;
  /** Dest(at, power) ascending, once searched. */
  dest?: number[];
}

/** Per site, the other sites by lattice distance up to MAX_POWER, and where each distance ends. */
interface Balls {
  readonly sites: Int32Array[];
  readonly ends: Int32Array[];
}

const ballsOf = new WeakMap<Topology, Balls>();

function balls(t: Topology): Balls {
  let b = ballsOf.get(t);
  if (b) return b;
  const sites: Int32Array[] = [];
  const ends: Int32Array[] = [];
  const dist = new Int32Array(t.size);
  for (let o = 0; o < t.size; o++) {
    dist.fill(-1);
    dist[o] = 0;
    const order: number[] = [];
    const end = new Int32Array(MAX_POWER + 1);
    let frontier = [o];
    for (let d = 1; d <= MAX_POWER; d++) {
      const next: number[] = [];
      for (const x of frontier) {
        for (const n of t.neighbours(x)) {
          if (dist[n] !== -1) continue;
          dist[n] = d;
          next.push(n);
        }
      }
      order.push(...next);
      end[d] = order.length;
      frontier = next;
    }
    sites.push(Int32Array.from(order));
    ends.push(end);
  }
  b = { sites, ends };
  ballsOf.set(t, b);
  return b;
}

/** Empty sites other than `o` within lattice distance `power` of it. */
export function emptyWithin(t: Topology, cells: Uint8Array, o: number, power: number): number {
  const b = balls(t);
  const sites = b.sites[o]!;
  const end = b.ends[o]![Math.min(power, MAX_POWER)]!;
  let n = 0;
  for (let i = 0; i < end; i++) if (cells[sites[i]!] === 0) n++;
  return n;
}

function emptyNeighbours(t: Topology, cells: Uint8Array, o: number): number {
  let n = 0;
  for (const x of t.neighbours(o)) if (cells[x] === 0) n++;
  return n;
}

function group(t: Topology, cells: Uint8Array, kind: MoveKind, at: number, power: number): Group {
  const stays = kind === 'move' ? 0 : 1;
  if (power <= 0) return { kind, at, power, stays, bound: stays, exact: true };
  if (power === 1) return { kind, at, power, stays, bound: stays + emptyNeighbours(t, cells, at), exact: true };
  const within = emptyWithin(t, cells, at, power);
  return { kind, at, power, stays, bound: stays + within, exact: within === 0 };
}

/** Searches a group exactly; its bound becomes its size. */
function settle(t: Topology, state: ThrongsState, g: Group): void {
  const { cells, toMove: me } = state;
  const before = cells[g.at]!;
  cells[g.at] = me;
  g.dest = reachableFrom(t, cells, g.at, g.power);
  cells[g.at] = before;
  g.bound = g.stays + g.dest.length;
  g.exact = true;
}

function travelGroups(t: Topology, state: ThrongsState, out: Group[]): void {
  const { cells, toMove: me } = state;
  for (let o = 0; o < t.size; o++) {
    if (cells[o] !== me) continue;
    const a = actionPotential(t, cells, o, me);
    if (a < 1) continue;
    const g = group(t, cells, 'move', o, a);
    if (g.bound > 0) out.push(g);
  }
}

/**
 * The groups in canonical order, their bounds before any search; the placements and captures
 * come first. Exported for the tests that hold the wasm core's classification to it.
 */
export function randomGroups(t: Topology, state: ThrongsState, options: RuleOptions): readonly Readonly<Group>[] {
  return groups(t, state, options);
}

function groups(t: Topology, state: ThrongsState, options: RuleOptions): Group[] {
  const { cells, toMove: me } = state;
  const out: Group[] = [];
  if (state.pieStep !== null) {
    if (state.pieStep === 3) {
      out.push({ kind: 'accept', at: 0, power: 0, stays: 1, bound: 1, exact: true });
      out.push({ kind: 'swap', at: 0, power: 0, stays: 1, bound: 1, exact: true });
    } else {
      for (let o = 0; o < t.size; o++) if (cells[o] === 0) out.push(group(t, cells, 'add', o, 0));
    }
    return out;
  }
  for (let o = 0; o < t.size; o++) {
    if (cells[o] !== 0) continue;
    const a = actionPotential(t, cells, o, me);
    if (a === 1 || (a === 0 && !hasEmptyNeighbour(t, cells, o))) out.push(group(t, cells, 'add', o, 0));
    else if (a >= 2) out.push(group(t, cells, 'add', o, a - 1));
  }
  for (let o = 0; o < t.size; o++) {
    if (cells[o] === 0 || cells[o] === me) continue;
    const a = actionPotential(t, cells, o, me);
    if (a >= 2) out.push(group(t, cells, 'capture', o, a - 2));
  }
  if (!obligationActive(state)) {
    travelGroups(t, state, out);
    out.push({ kind: 'pass', at: 0, power: 0, stays: 1, bound: 1, exact: true });
  } else if (out.length === 0) {
    // Whether anything is legal decides between travel and a forced pass: settle them all.
    if (options.obligationRelaxesToTravel) {
      travelGroups(t, state, out);
      for (const g of out) if (!g.exact) settle(t, state, g);
    }
    const travels = out.filter((g) => g.bound > 0);
    out.length = 0;
    out.push(...travels);
    if (out.length === 0) out.push({ kind: 'pass', at: 0, power: 0, stays: 1, bound: 1, exact: true, forced: true });
  }
  return out;
}

/** The `i`-th move of an exact group, in canonical order: the stay sits among the destinations. */
function moveOf(t: Topology, state: ThrongsState, g: Group, i: number): LegalMove {
  if (g.kind === 'pass') return g.forced ? { kind: 'pass', dec: 1, forced: true } : { kind: 'pass', dec: 1 };
  if (g.kind === 'accept' || g.kind === 'swap') return { kind: g.kind, dec: 1 };
  if (g.bound === g.stays) return { kind: g.kind, at: g.at, to: g.at, dec: 1 };
  if (!g.dest) settle(t, state, g);
  const dest = g.dest!;
  if (g.kind === 'move') return { kind: 'move', at: g.at, to: dest[i]!, dec: 2 };
  let below = 0;
  while (below < dest.length && dest[below]! < g.at) below++;
  const to = i === below ? g.at : dest[i < below ? i : i - 1]!;
  return { kind: g.kind, at: g.at, to, dec: 2 };
}

/**
 * A uniformly random legal move of a game in progress, the same as `legalMoves()[rng.below(n)]`
 * in distribution (not draw for draw). With `biasPercent` > 0, that share of the time the choice
 * is uniform among placements and captures only, when there are some and not only those.
 */
export function randomMove(t: Topology, state: ThrongsState, rng: Rng, options: RuleOptions, biasPercent = 0): LegalMove {
  const all = groups(t, state, options);
  let preferred = 0;
  while (preferred < all.length && (all[preferred]!.kind === 'add' || all[preferred]!.kind === 'capture')) preferred++;
  // Travel groups come only with a pass, so more groups than preferred ones means more moves.
  const biased = biasPercent > 0 && preferred > 0 && preferred < all.length && rng.below(100) < biasPercent;
  const end = biased ? preferred : all.length;
  let limit = 0;
  for (let g = 0; g < end; g++) limit += all[g]!.bound;
  for (;;) {
    let i = rng.below(limit);
    let g = 0;
    while (i >= all[g]!.bound) i -= all[g++]!.bound;
    const chosen = all[g]!;
    if (!chosen.exact) {
      const bound = chosen.bound;
      settle(t, state, chosen);
      limit -= bound - chosen.bound;
      if (i >= chosen.bound) continue;
    }
    return moveOf(t, state, chosen, i);
  }
}
