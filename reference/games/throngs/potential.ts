/**
 * Action potential (THRONGS.md §6): the mover's stones minus the opponent's in a site's vicinity
 * (the site and its neighbours).
 */
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';

export function actionPotential(t: Topology, cells: Uint8Array, site: number, player: Player): number {
  const other = player === 1 ? 2 : 1;
  const value = (v: number): number => (v === player ? 1 : v === other ? -1 : 0);
  let sum = value(cells[site]!);
  for (const n of t.neighbours(site)) sum += value(cells[n]!);
  return sum;
}

export function hasEmptyNeighbour(t: Topology, cells: Uint8Array, site: number): boolean {
  return t.neighbours(site).some((n) => cells[n] === 0);
}
