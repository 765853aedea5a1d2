/**
 * Proves the value of a position with a windowed solver core (the wasm one, wasm-core.ts): first
 * the result with null windows at the class boundaries (won? lost?), then, when asked, the margin
 * by halving the interval the fail-soft answers leave. Every question runs in slices of nodes,
 * so that a long solve reports progress between them; the core's table keeps what each slice
 * proved.
 */
import { SOLVE_BUDGET, SOLVE_CHANCE, SOLVE_CLASS, SOLVE_CYCLE, SOLVE_DONE, SOLVE_MAX_PLY, SOLVE_NOT_READY, SOLVE_NO_ROOM, SOLVE_TOO_DEEP } from '../../assembly/core/abi.js';
import { SolveError } from '../../reference/core/errors.js';
import { VALUE_LIMIT, resultOfBounds, type ValueBounds } from './value.js';

export interface WindowAnswer {
  /** A SOLVE_* status. */
  readonly status: number;
  /** Fail-soft: ≤ alpha an upper bound, ≥ beta a lower bound, else the value. */
  readonly value: number;
  readonly nodes: number;
  /** Table entries in use. */
  readonly entries: number;
  /** The ply of a repetition or of the depth limit. */
  readonly ply: number;
  /** A proof-number search's numbers for the question at its root, as the call left them. */
  readonly numbers?: { readonly proof: number; readonly disproof: number };
}

/**
 * A solver that searches the current position, or the one after its legal move number `move`
 * (legalCodes() order) when `move` ≥ 0, with a window within a node budget; the value is for the
 * current position's player to move either way.
 */
export interface SolveCore {
  window(move: number, alpha: number, beta: number, budget: number): WindowAnswer;
  /** What the table holds of the current position (a frontier.ts walk), or null. */
  peek?(): TableEntry | null;
  /** Puts proven bounds of the current position into the table, as `work` nodes' worth. */
  seed?(bounds: ValueBounds, work: number): void;
}

/** A table's entry: proven bounds (open ends ±VALUE_LIMIT) and the nodes spent under it. */
export interface TableEntry extends ValueBounds {
  readonly work: number;
}

export interface ProverProgress {
  readonly nodes: number;
  readonly entries: number;
  /** The open question, "is the value of `move` (-1: the position) at least `atLeast`", with a proof-number search's numbers. */
  readonly question?: OpenQuestion;
}

export interface OpenQuestion {
  readonly move: number;
  readonly atLeast: number;
  readonly proof: number;
  readonly disproof: number;
}

const WHY: Readonly<Record<number, (ply: number) => string>> = {
  [SOLVE_CYCLE]: (ply) => `a line of play repeats a position (at ply ${ply}): the rules give an endless game no value, so this position cannot be solved`,
  [SOLVE_TOO_DEEP]: () => `a line of play goes on past ${SOLVE_MAX_PLY} moves without ending (rules without a repetition rule or move limit allow endless games), so this position cannot be solved`,
  [SOLVE_NO_ROOM]: () => 'the search arena holds too few move lists for this game: give the solver more memory',
  [SOLVE_CHANCE]: () => 'the game has chance (dice): the solver only solves games without chance',
  [SOLVE_NOT_READY]: () => 'another search took the solver arena: start the solve again',
};

/** A position without a value: a line of play from it repeats a position or never ends. */
export class EndlessLineError extends SolveError {}

/** The error a search that stopped with `status` (a SOLVE_* other than done or budget) throws. */
export function unsolvedError(status: number, ply: number): SolveError {
  const why = whyUnsolved(status, ply);
  return status === SOLVE_CYCLE || status === SOLVE_TOO_DEEP ? new EndlessLineError(why) : new SolveError(why);
}

/** Why a search stopped with `status` (a SOLVE_* other than done or budget), in words. */
export function whyUnsolved(status: number, ply: number): string {
  return (WHY[status] ?? (() => `the solver failed (status ${status})`))(ply);
}

export class Prover {
  /** Nodes searched by every question so far. */
  nodes = 0;
  entries = 0;

  constructor(
    private readonly core: SolveCore,
    private readonly slice = 4_000_000,
    private readonly onProgress?: (p: ProverProgress) => void,
  ) {}

  /** Whether the value is at least g: a lower bound ≥ g, or an upper bound < g. */
  private atLeast(move: number, g: number): ValueBounds {
    for (;;) {
      const a = this.core.window(move, g - 1, g, this.slice);
      this.nodes += a.nodes;
      this.entries = a.entries;
      if (a.status === SOLVE_DONE) return a.value >= g ? { lower: a.value, upper: VALUE_LIMIT } : { lower: -VALUE_LIMIT, upper: a.value };
      if (a.status !== SOLVE_BUDGET) throw unsolvedError(a.status, a.ply);
      this.onProgress?.({ nodes: this.nodes, entries: this.entries, ...(a.numbers ? { question: { move, atLeast: g, ...a.numbers } } : {}) });
    }
  }

  /** `b` narrowed by whether the value is at least g (one null window: a test). */
  narrow(move: number, b: ValueBounds, g: number): ValueBounds {
    const t = this.atLeast(move, g);
    return { lower: Math.max(b.lower, t.lower), upper: Math.min(b.upper, t.upper) };
  }

  /**
   * The value of the current position (`move` -1) or of its legal move number `move`, for its
   * player to move, narrowed from `b` until its result is known (and its margin, with `margin`).
   */
  prove(move: number, b: ValueBounds, margin: boolean): ValueBounds {
    let out = b;
    // Won: at least SOLVE_CLASS / 2; not lost: above -SOLVE_CLASS / 2 (margins stay below both).
    if (resultOfBounds(out) === null && out.upper >= SOLVE_CLASS / 2) out = this.narrow(move, out, SOLVE_CLASS / 2);
    if (resultOfBounds(out) === null) out = this.narrow(move, out, -SOLVE_CLASS / 2 + 1);
    while (margin && out.lower < out.upper) out = this.narrow(move, out, Math.ceil((out.lower + out.upper + 1) / 2));
    return out;
  }
}
