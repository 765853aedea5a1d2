/**
 * The exact searches a solve may run on (the same windows, so the same answers): the alpha-beta
 * solver (wasm-core.ts), the default, or the depth-first proof-number search (dfpn.ts).
 */
import { UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { wasmDfpnCore } from './dfpn.js';
import type { SolveCore } from './prover.js';
import { wasmSolveCore, type SolveCoreOptions } from './wasm-core.js';

export const SOLVE_METHODS = ['alphabeta', 'dfpn'] as const;
export type SolveMethod = (typeof SOLVE_METHODS)[number];

/** A core of `method` over `engine`'s position with an empty table, and the table's capacity in entries. */
export function solveCoreOf(engine: Engine, method: SolveMethod = 'alphabeta', options: SolveCoreOptions = {}): { core: SolveCore; capacity: number } {
  if (method === 'alphabeta') return wasmSolveCore(engine, options);
  if (method === 'dfpn') return wasmDfpnCore(engine, options);
  throw new UsageError(`the solve method must be one of ${SOLVE_METHODS.join(', ')}, got '${String(method)}'`);
}
