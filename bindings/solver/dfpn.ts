/**
 * The depth-first proof-number search of the wasm core (assembly/core/dfpn.ts) over a wasm
 * engine's current position: `dfpnAtLeast` asks whether the player to move reaches a value ≥ k
 * (value.ts values), and `wasmDfpnCore` serves it as a prover's core (prover.ts), so that the
 * result and the margin come from the same questions, by bisection, as with the alpha-beta
 * solver, and `solvePosition(engine, { method: 'dfpn' })` answers move by move as it does. A
 * question runs in slices of nodes; the table keeps what each slice and each question proved.
 */
import { RESULT_DFPN_DN, RESULT_DFPN_LOWER, RESULT_DFPN_PN, RESULT_DFPN_UPPER, RESULT_SOLVE_ENTRIES, RESULT_SOLVE_NODES, RESULT_SOLVE_PLY, SOLVE_BUDGET, SOLVE_CLASS, SOLVE_DONE, DFPN_INF } from '../../assembly/core/abi.js';
import { SolveError, UsageError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import type { CoreAbi } from '../wasm/wasm-engine.js';
import type { SymmetryAbi } from './symmetries.js';
import { unsolvedError, type SolveCore, type WindowAnswer } from './prover.js';
import { VALUE_LIMIT } from './value.js';
import { solverModule, tableAccess, type SolveCoreOptions } from './wasm-core.js';

interface DfpnAbi extends CoreAbi, SymmetryAbi {
  dfpnBegin(): number;
  dfpnProve(move: number, k: number, budget: number): number;
  dfpnPeek(): boolean | number;
  dfpnSeed(lower: number, upper: number, work: number): void;
}

/** One slice of a question: its status, and the bounds of the value that decide it when done. */
export interface DfpnAnswer {
  readonly status: number;
  readonly lower: number;
  readonly upper: number;
  readonly nodes: number;
  readonly entries: number;
  readonly ply: number;
  /** The question's proof and disproof numbers at its root (0 and DFPN_INF, or the reverse, once decided). */
  readonly proof: number;
  readonly disproof: number;
}

export interface DfpnCore extends SolveCore {
  /**
   * Searches "≥ k" for the current position's player to move, in the position itself (`move` -1)
   * or after its legal move number `move` (legalCodes() order), within `budget` nodes.
   */
  prove(move: number, k: number, budget: number): DfpnAnswer;
}

/** df-pn over `engine`'s position with an empty table; returns it and the table's capacity in entries. */
export function wasmDfpnCore(engine: Engine, options: SolveCoreOptions = {}): { core: DfpnCore; capacity: number } {
  const { abi, capacity } = solverModule<DfpnAbi>(engine, (a) => a.dfpnBegin(), options);
  // No game on the board ends beyond these: a question past them is answered without a search
  // (a proof of "at least the least value" would have to reach an end on every line).
  const maxMargin = Math.round(2 * engine.rules.maxScore(engine.topology));
  const least = -SOLVE_CLASS - maxMargin;
  const greatest = SOLVE_CLASS + maxMargin;
  const prove = (move: number, k: number, budget: number): DfpnAnswer => {
    if (!Number.isInteger(k) || Math.abs(k) >= VALUE_LIMIT) throw new UsageError(`the value asked about must be a whole number between ${-VALUE_LIMIT} and ${VALUE_LIMIT}, got ${String(k)}`);
    if (k <= least) return { status: SOLVE_DONE, lower: least, upper: VALUE_LIMIT, nodes: 0, entries: 0, ply: 0, proof: 0, disproof: DFPN_INF };
    if (k > greatest) return { status: SOLVE_DONE, lower: -VALUE_LIMIT, upper: greatest, nodes: 0, entries: 0, ply: 0, proof: DFPN_INF, disproof: 0 };
    let status: number;
    try {
      status = abi.dfpnProve(move, k, Math.max(2, Math.min(budget, 2 ** 31 - 1)));
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      // The state block may be mid-line: replay the game (kept in JavaScript) before reporting.
      engine.loadRecord(engine.record());
      throw new SolveError(`the wasm proof-number search failed (${e.message}); the position was restored`);
    }
    const r = new Int32Array(abi.memory.buffer, abi.resultPtr(), 16);
    const answer = { status, lower: r[RESULT_DFPN_LOWER]!, upper: r[RESULT_DFPN_UPPER]!, nodes: r[RESULT_SOLVE_NODES]!, entries: r[RESULT_SOLVE_ENTRIES]!, ply: r[RESULT_SOLVE_PLY]!, proof: r[RESULT_DFPN_PN]!, disproof: r[RESULT_DFPN_DN]! };
    // The search listed other positions' moves where the engine keeps this one's: list them again.
    abi.generate();
    return answer;
  };
  const core: DfpnCore = {
    ...tableAccess(abi, () => abi.dfpnPeek(), (lower, upper, work) => abi.dfpnSeed(lower, upper, work)),
    prove,
    // A null window (g - 1, g) is the question "≥ g"; the answer's bound is the fail-soft value.
    window(move: number, alpha: number, beta: number, budget: number): WindowAnswer {
      if (beta !== alpha + 1) throw new Error(`df-pn answers null windows only, got (${alpha}, ${beta})`);
      const a = prove(move, beta, budget);
      return { status: a.status, value: a.lower >= beta ? a.lower : a.upper, nodes: a.nodes, entries: a.entries, ply: a.ply, numbers: { proof: a.proof, disproof: a.disproof } };
    },
  };
  return { core, capacity };
}

export interface AtLeast {
  /** Whether the player to move reaches a value ≥ k. */
  readonly proved: boolean;
  /** The bounds of the value that decide it (what the table holds of the position). */
  readonly lower: number;
  readonly upper: number;
  readonly nodes: number;
  /** Slices the question took. */
  readonly slices: number;
}

/**
 * Whether `engine`'s player to move reaches a value ≥ k (with `move`, after that legal move),
 * asked of `core` in slices of `slice` nodes until it is decided.
 */
export function atLeast(core: DfpnCore, k: number, options: { move?: number; slice?: number; onSlice?: (nodes: number) => void } = {}): AtLeast {
  const slice = options.slice ?? 4_000_000;
  if (!Number.isInteger(slice) || slice < 2) throw new UsageError(`slice must be a whole number of nodes ≥ 2, got ${String(slice)}`);
  let nodes = 0;
  for (let slices = 1; ; slices++) {
    const a = core.prove(options.move ?? -1, k, slice);
    nodes += a.nodes;
    if (a.status === SOLVE_DONE) return { proved: a.lower >= k, lower: a.lower, upper: a.upper, nodes, slices };
    if (a.status !== SOLVE_BUDGET) throw unsolvedError(a.status, a.ply);
    options.onSlice?.(nodes);
  }
}

/** Whether `engine`'s player to move reaches a value ≥ k: one question, with a fresh table. */
export function dfpnAtLeast(engine: Engine, k: number, options: { move?: number; slice?: number } = {}): AtLeast {
  return atLeast(wasmDfpnCore(engine).core, k, options);
}
