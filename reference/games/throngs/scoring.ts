/**
 * Scores exactly as Ludii's SetScores computes them (THRONGS.md §11). A site counts for at most
 * one player, so the territory map (who each site counts for) is the whole story: a score is the
 * number of sites counting for that player.
 */
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';

/** Why a site counts: A (own stone), B (empty site), C (opponent stone that could be captured). */
export type ScoreCategory = 'stone' | 'empty' | 'capturable';

/** The category under which `site` counts for `player`, or null when it does not count for them. */
export function scoringCategory(t: Topology, cells: Uint8Array, site: number, player: Player): ScoreCategory | null {
  const other = player === 1 ? 2 : 1;
  const neighbours = t.adjacent[site]!;
  let own = 0;
  let opp = 0;
  let emp = 0;
  for (const n of neighbours) {
    if (cells[n] === player) own++;
    else if (cells[n] === other) opp++;
    else emp++;
  }
  const edge = t.isEdge[site] === 1;
  const content = cells[site];
  if (content === player) {
    const safe = edge ? own >= 1 || emp >= 3 : own >= 2 || opp - own <= 1;
    return safe ? 'stone' : null;
  }
  if (content === other) {
    return 2 + neighbours.length < 2 * own ? 'capturable' : null;
  }
  if (own < 3) return null;
  // Empty site. "Ring" is what lies around the empty neighbours; only opponent stones in it matter.
  let opponentInRing = false;
  let emptyEdgeNeighbour = false;
  for (const e of neighbours) {
    if (cells[e] !== 0) continue;
    if (t.isEdge[e] === 1) emptyEdgeNeighbour = true;
    for (const x of t.adjacent[e]!) if (cells[x] === other) opponentInRing = true;
  }
  const counts = edge
    ? !opponentInRing && !emptyEdgeNeighbour
    : (own >= 4 && !opponentInRing) || opp === 0;
  return counts ? 'empty' : null;
}

/** For each site: 0 when it counts for nobody, otherwise the player it counts for. */
export function territory(t: Topology, cells: Uint8Array): Uint8Array {
  const owner = new Uint8Array(t.size);
  for (let s = 0; s < t.size; s++) {
    if (scoringCategory(t, cells, s, 1)) owner[s] = 1;
    else if (scoringCategory(t, cells, s, 2)) owner[s] = 2;
  }
  return owner;
}

export function scores(t: Topology, cells: Uint8Array): [number, number] {
  const result: [number, number] = [0, 0];
  for (const owner of territory(t, cells)) if (owner) result[owner - 1]!++;
  return result;
}

export interface ScoreBreakdown {
  readonly stones: number;
  readonly empty: number;
  readonly capturable: number;
  readonly total: number;
}

/** A player's score split by category, for game-over panels and explanations. */
export function scoreBreakdown(t: Topology, cells: Uint8Array, player: Player): ScoreBreakdown {
  const counts = { stones: 0, empty: 0, capturable: 0 };
  for (let s = 0; s < t.size; s++) {
    const category = scoringCategory(t, cells, s, player);
    if (category === 'stone') counts.stones++;
    else if (category === 'empty') counts.empty++;
    else if (category === 'capturable') counts.capturable++;
  }
  return { ...counts, total: counts.stones + counts.empty + counts.capturable };
}
