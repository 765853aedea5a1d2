/**
 * One job of a solve over a queue: the position a line of moves leads to from the solve's root,
 * proven as far as the job's goal asks (tree.ts) with the method it names, on whichever machine
 * takes it. A thread keeps its engine and table from one job to the next of the same solve, so
 * what one subtree proved (its transpositions) serves the next, as in a one-process solve.
 */
import { SolveError, UsageError, excerpt } from '../../reference/core/errors.js';
import type { GameSetup } from '../engine/engine.js';
import type { Engine } from '../engine/engine.js';
import { createEngine } from '../games/create.js';
import { Prover } from './prover.js';
import type { Goal } from './tree.js';
import { VALUE_LIMIT, type ValueBounds } from './value.js';
import { SOLVE_METHODS, solveCoreOf, type SolveMethod } from './method.js';

// The ways a job can be proven are method.ts's: the coordinator names one, and a worker refuses any it does not know.
export type { SolveMethod };

export interface SubtreeJob {
  readonly kind: 'subtree';
  /** The solve it belongs to (agents/queue-solve.ts). */
  readonly solveId: string;
  readonly game: string;
  /** The solve's root. */
  readonly setup: GameSetup;
  /** The moves from the root to the subtree's position, in the game's notation. */
  readonly path: readonly string[];
  readonly goal: Goal;
  /** What is proven of the position already, for its player to move. */
  readonly known: ValueBounds;
  readonly method: SolveMethod;
  /** The table's arena in MB. */
  readonly arenaMB: number;
}

export interface SubtreeAnswer {
  /** The position's value for its player to move, as far as the goal asked. */
  readonly bounds: ValueBounds;
  readonly nodes: number;
}

const isBounds = (b: unknown): b is ValueBounds => {
  const { lower, upper } = (b ?? {}) as Record<string, unknown>;
  return Number.isInteger(lower) && Number.isInteger(upper) && (lower as number) <= (upper as number) && Math.abs(lower as number) <= VALUE_LIMIT && Math.abs(upper as number) <= VALUE_LIMIT;
};

const isGoal = (g: unknown): g is Goal => {
  const { kind, g: at } = (g ?? {}) as Record<string, unknown>;
  return kind === 'result' || kind === 'exact' || (kind === 'test' && Number.isInteger(at) && Math.abs(at as number) <= VALUE_LIMIT);
};

/** Why `job` cannot be proven as it stands (a job from another version, or made by hand), or null. */
export function whyRefused(job: unknown): string | null {
  const j = (job ?? {}) as Partial<Record<keyof SubtreeJob, unknown>>;
  if (typeof j.method !== 'string' || !(SOLVE_METHODS as readonly string[]).includes(j.method)) return `it asks for the proving method '${excerpt(String(j.method))}', and this worker knows ${SOLVE_METHODS.join(', ')}`;
  if (typeof j.game !== 'string' || typeof j.setup !== 'object' || j.setup === null || typeof (j.setup as GameSetup).board !== 'string') return 'it names no game and board';
  if (!Array.isArray(j.path) || !j.path.every((m) => typeof m === 'string')) return 'its line of moves is not a list of moves';
  if (!isGoal(j.goal)) return 'its goal is not a result, an exact value or a test';
  if (!isBounds(j.known)) return 'what it says is known is not bounds of a value';
  if (!Number.isInteger(j.arenaMB) || (j.arenaMB as number) < 2 || (j.arenaMB as number) > 512) return 'its table size is not 2 to 512 MB';
  return null;
}

/** The engine and table of the last solve this thread served. */
let kept: { key: string; engine: Engine; prover: Prover } | null = null;

async function proverFor(job: SubtreeJob): Promise<{ engine: Engine; prover: Prover }> {
  const key = JSON.stringify([job.game, job.setup, job.method, job.arenaMB]);
  if (kept?.key !== key) {
    kept = null;
    const engine = await createEngine({ ...job.setup, game: job.game as never, backend: 'wasm', arenaMB: job.arenaMB });
    kept = { key, engine, prover: new Prover(solveCoreOf(engine, job.method).core) };
  }
  return kept;
}

/** Proves the subtree `job` names (in this thread: the caller runs it on a thread of its own). */
export async function proveSubtree(job: SubtreeJob): Promise<SubtreeAnswer> {
  const why = whyRefused(job);
  if (why) throw new UsageError(`the job is refused: ${why}`);
  const { engine, prover } = await proverFor(job);
  let played = 0;
  try {
    for (const move of job.path) {
      try {
        engine.play(move);
      } catch (e) {
        throw new UsageError(`the job is refused: its line ${excerpt(job.path.join(' '))} is not legal from the solve's root (${(e as Error).message})`);
      }
      played++;
    }
    const before = prover.nodes;
    const { goal } = job;
    const bounds = goal.kind === 'test' ? prover.narrow(-1, job.known, goal.g) : prover.prove(-1, job.known, goal.kind === 'exact');
    return { bounds, nodes: prover.nodes - before };
  } catch (e) {
    // The solver's refusals (endless lines, chance) are the solve's: any other failure may have
    // left the table half written, so the next job starts a new one.
    if (!(e instanceof SolveError) && !(e instanceof UsageError)) kept = null;
    throw e;
  } finally {
    if (kept?.engine === engine) for (; played > 0; played--) engine.undo();
  }
}
