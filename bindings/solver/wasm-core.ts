/**
 * The wasm solver (assembly/core/solver.ts) as a SolveCore over a wasm engine's current
 * position. The solver takes the engine's search arena (its size is the table's), so the engine
 * should serve the solve alone: a search on it meanwhile is noticed (SOLVE_NOT_READY) and stops
 * the solve. The evaluation that orders moves uses the game's default weights.
 */
import { EVAL_WEIGHT_COUNT, RESULT_PEEK_LOWER, RESULT_PEEK_UPPER, RESULT_PEEK_WORK, RESULT_SOLVE_ENTRIES, RESULT_SOLVE_NODES, RESULT_SOLVE_PLY, RESULT_SOLVE_VALUE } from '../../assembly/core/abi.js';
import { SolveError, UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { WasmEngine, type CoreAbi } from '../wasm/wasm-engine.js';
import type { SolveCore, TableEntry, WindowAnswer } from './prover.js';
import { loadSymmetries, type SymmetryAbi } from './symmetries.js';
import { VALUE_LIMIT, type ValueBounds } from './value.js';

export interface SolveCoreOptions {
  /** Key the table by the board's symmetries, one entry for a position and its images (default true). */
  readonly symmetry?: boolean;
}

interface SolverAbi extends CoreAbi, SymmetryAbi {
  solveBegin(): number;
  solveWindow(move: number, alpha: number, beta: number, budget: number): number;
  solvePeek(): boolean | number;
  solveSeed(lower: number, upper: number, work: number): void;
}

/** The peek and seed of a core over `abi` (solvePeek/dfpnPeek and their seeds). */
export function tableAccess(abi: CoreAbi, peek: () => boolean | number, seed: (lower: number, upper: number, work: number) => void): Required<Pick<SolveCore, 'peek' | 'seed'>> {
  return {
    peek(): TableEntry | null {
      if (!peek()) return null;
      const r = new Int32Array(abi.memory.buffer, abi.resultPtr(), 16);
      return { lower: r[RESULT_PEEK_LOWER]!, upper: r[RESULT_PEEK_UPPER]!, work: r[RESULT_PEEK_WORK]! };
    },
    seed(b: ValueBounds, work: number): void {
      seed(Math.max(-VALUE_LIMIT, b.lower), Math.min(VALUE_LIMIT, b.upper), Math.max(1, Math.min(Math.floor(work), 2 ** 31 - 1)));
    },
  };
}

/**
 * `engine`'s module made ready for an exact search (wasm-core.ts, dfpn.ts): the arena grown, the
 * game's default evaluation weights set, `begin` (the search's layout) called and the board's
 * symmetries loaded (none with `symmetry: false`); returns the module, what `begin` returned (the
 * table's capacity in entries) and how many symmetries key the table (0: none).
 */
export function solverModule<A extends CoreAbi & SymmetryAbi>(engine: Engine, begin: (abi: A) => number, options: SolveCoreOptions = {}): { abi: A; capacity: number; symmetries: number } {
  if (!(engine instanceof WasmEngine)) throw new UsageError('the solver runs on the wasm backend: create the engine with backend "wasm"');
  engine.prepareSolve();
  const abi = engine.core as A;
  const weights = new Int32Array(abi.memory.buffer, abi.evalWeightsPtr(), EVAL_WEIGHT_COUNT);
  weights.fill(0);
  weights.set(engine.rules.evaluation.terms.map((t) => t.weight));
  let capacity: number;
  try {
    capacity = begin(abi);
  } catch (e) {
    if (!(e instanceof WebAssembly.RuntimeError)) throw e;
    throw new SolveError(`the solver needs more than this engine's search arena (${Math.round(engine.arenaSize() / 2 ** 20)} MB): create the engine with a larger arenaMB`);
  }
  return { abi, capacity, symmetries: loadSymmetries(abi, engine.topology, options.symmetry ?? true) };
}

/**
 * A solver over `engine`'s position with an empty table; returns it, the table's capacity in
 * entries and how many symmetries key it (0: none).
 */
export function wasmSolveCore(engine: Engine, options: SolveCoreOptions = {}): { core: SolveCore; capacity: number; symmetries: number } {
  const { abi, capacity, symmetries } = solverModule<SolverAbi>(engine, (a) => a.solveBegin(), options);
  const core: SolveCore = {
    ...tableAccess(abi, () => abi.solvePeek(), (lower, upper, work) => abi.solveSeed(lower, upper, work)),
    window(move: number, alpha: number, beta: number, budget: number): WindowAnswer {
      const clamp = (v: number): number => Math.max(-VALUE_LIMIT, Math.min(VALUE_LIMIT, v));
      let status: number;
      try {
        status = abi.solveWindow(move, clamp(alpha), clamp(beta), Math.min(budget, 2 ** 31 - 1));
      } catch (e) {
        if (!(e instanceof WebAssembly.RuntimeError)) throw e;
        // The state block may be mid-line: replay the game (kept in JavaScript) before reporting.
        engine.loadRecord(engine.record());
        throw new SolveError(`the wasm solver failed (${e.message}); the position was restored`);
      }
      const r = new Int32Array(abi.memory.buffer, abi.resultPtr(), 16);
      const answer = { status, value: r[RESULT_SOLVE_VALUE]!, nodes: r[RESULT_SOLVE_NODES]!, entries: r[RESULT_SOLVE_ENTRIES]!, ply: r[RESULT_SOLVE_PLY]! };
      // The search listed other positions' moves where the engine keeps this one's (views of
      // the list may be held): list them again, in the same order.
      abi.generate();
      return answer;
    },
  };
  return { core, capacity, symmetries };
}
