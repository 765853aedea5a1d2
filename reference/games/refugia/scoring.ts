/**
 * Scores and the result (REFUGIA.md §6-§7). A score is the number of adjacent pairs of a player's
 * stones; Ludii's stored score always equals it (§6), so it is computed on demand.
 */
import type { GameOutcome } from '../../core/game.js';
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import type { RefugiaState } from './state.js';

/** Unordered pairs {s, t} of adjacent cells both holding `player`'s stones. */
export function adjacencyScore(t: Topology, cells: Uint8Array, player: Player): number {
  let pairs = 0;
  for (let s = 0; s < t.size; s++) {
    if (cells[s] !== player) continue;
    // Each pair is counted from its lower cell only.
    for (const n of t.adjacent[s]!) if (n > s && cells[n] === player) pairs++;
  }
  return pairs;
}

export function scores(t: Topology, cells: Uint8Array): [number, number] {
  return [adjacencyScore(t, cells, 1), adjacencyScore(t, cells, 2)];
}

/** Stones of P1 and P2 on the board; neutral stones belong to nobody. */
export function stoneCounts(cells: Uint8Array): [number, number] {
  let p1 = 0;
  let p2 = 0;
  for (const v of cells) {
    if (v === 1) p1++;
    else if (v === 2) p2++;
  }
  return [p1, p2];
}

/** Higher score, then more stones, then the player who passed first (the last mover loses). */
export function outcome(t: Topology, s: RefugiaState): GameOutcome | null {
  if (!s.ended) return null;
  const sc = scores(t, s.cells);
  const stones = stoneCounts(s.cells);
  let winner: Player;
  if (sc[0] !== sc[1]) winner = sc[0] > sc[1] ? 1 : 2;
  else if (stones[0] !== stones[1]) winner = stones[0] > stones[1] ? 1 : 2;
  else winner = s.lastMover === 1 ? 2 : 1;
  return { winner, reason: 'twoPasses', scores: sc };
}
