// Scores exactly as Ludii's SetScores (THRONGS.md §11), from the neighbour counts the state
// keeps: own stones that are safe (A), empty sites surrounded by own stones with no opponent
// stone around their empty neighbours (B), and opponent stones that could be captured (C).
import { degree, isEdge, neighbour } from './board';
import { N } from './layout';
import { around, cell } from './state';

export const NONE: i32 = 0;
export const STONE: i32 = 1;
export const EMPTY_SITE: i32 = 2;
export const CAPTURABLE: i32 = 3;

/** Why `site` counts for `player` (STONE, EMPTY_SITE, CAPTURABLE), or NONE. */
@inline export function categoryFor(site: i32, player: i32): i32 {
  const other = 3 - player;
  const c = cell(site);
  const own = around(site, player);
  const deg = degree(site);
  if (c == player) {
    const opp = around(site, other);
    const safe = isEdge(site) ? own >= 1 || deg - own - opp >= 3 : own >= 2 || opp - own <= 1;
    return safe ? STONE : NONE;
  }
  if (c == other) return 2 + deg < 2 * own ? CAPTURABLE : NONE;
  if (own < 3) return NONE;
  const edge = isEdge(site);
  if (!edge && around(site, other) == 0) return EMPTY_SITE;
  if (!edge && own < 4) return NONE;
  // Ring(s): the neighbours of the empty neighbours; only opponent stones there matter.
  for (let dir = 0; dir < 6; dir++) {
    const e = neighbour(site, dir);
    if (e < 0 || cell(e) != 0) continue;
    if (around(e, other) != 0) return NONE;
    if (edge && isEdge(e)) return NONE;
  }
  return EMPTY_SITE;
}

@inline export function countsFor(site: i32, player: i32): bool {
  return categoryFor(site, player) != NONE;
}

export function score(player: i32): i32 {
  let total = 0;
  for (let s = 0; s < N; s++) if (countsFor(s, player)) total++;
  return total;
}

/** Who `site` counts for: 0 nobody, else the player (a site counts for at most one). */
export function siteOwner(site: i32): i32 {
  return countsFor(site, 1) ? 1 : countsFor(site, 2) ? 2 : 0;
}
