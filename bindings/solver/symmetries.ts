/**
 * The board's symmetries handed to the wasm solver (assembly/core/symmetry.ts) when a solve
 * begins: computed once per board from its topology (reference/boards/symmetry.ts), so that the
 * solver's table holds one entry for a position and all its images. A board with the identity
 * alone loads none, and the game decides per position whether it can be mapped at all.
 */
import { symmetries } from '../../reference/boards/symmetry.js';
import type { Topology } from '../../reference/boards/topology.js';

export interface SymmetryAbi {
  readonly memory: WebAssembly.Memory;
  symmetryCapacity(): number;
  loadSymmetries(count: number): number;
}

const known = new WeakMap<Topology, Int32Array[]>();

/** The symmetries of `t`, the identity first (computed once per topology). */
export function boardSymmetries(t: Topology): Int32Array[] {
  let all = known.get(t);
  if (!all) {
    all = symmetries(t);
    known.set(t, all);
  }
  return all;
}

/**
 * Loads `t`'s symmetries into the module for its next solves, or none when `use` is false;
 * returns how many (as many as fit: any subset still keys images of one position alike).
 */
export function loadSymmetries(abi: SymmetryAbi, t: Topology, use: boolean): number {
  const all = use ? boardSymmetries(t) : [];
  const count = all.length > 1 ? Math.min(all.length, abi.symmetryCapacity()) : 0;
  const at = abi.loadSymmetries(count > 1 ? count : 0);
  if (count < 2) return 0;
  const view = new Int32Array(abi.memory.buffer, at, count * t.size);
  for (let k = 0; k < count; k++) view.set(all[k]!, k * t.size);
  return count;
}
