/**
 * A solve over worker threads (Node), the engine of `throngs solve`: the root's moves are handed
 * out to threads, each with its own wasm engine and table, and each proven move is saved when a
 * save file is named, so that a restarted solve skips it; so is, now and then, what the tables
 * proved near the root (frontier.ts), which a restarted solve puts back into its tables. One
 * thread runs in the caller's thread. Progress comes from every thread between slices of nodes.
 */
import { Worker } from 'node:worker_threads';
import { SolveError, UsageError } from '../../reference/core/errors.js';
import type { GameSetup } from '../engine/engine.js';
import { FRONTIER, type FrontierEntry, type FrontierOptions } from './frontier.js';
import type { OpenQuestion } from './prover.js';
import { positionBounds, solveRoot, type RootValue } from './root.js';
import type { SolveMethod } from './method.js';
import { openSaved, rewriteSaved, saveFrontier, saveMove, type SolveIdentity } from './saved.js';
import { SolveThread, type ThreadProgress, type ThreadRequest, type ThreadSetup } from './solve-thread.js';
import { UNKNOWN, type ValueBounds } from './value.js';

export interface ThreadedSolveOptions {
  readonly game: string;
  readonly setup: GameSetup;
  readonly threads?: number;
  /** Each thread's search arena (its table) in MB, 1..512 (default 256). */
  readonly arenaMB?: number;
  readonly margin?: boolean;
  /** Key each table by the board's symmetries (default true). */
  readonly symmetry?: boolean;
  readonly slice?: number;
  /** The search that proves each root move (default: the alpha-beta solver). */
  readonly method?: SolveMethod;
  /** A save file: proven moves and the frontier are read from it and added to it. */
  readonly save?: string;
  /** With a save file: how often (ms, default 5 minutes) each thread's frontier is saved, and what it holds (frontier.ts FRONTIER). */
  readonly frontier?: Partial<FrontierOptions> & { readonly everyMs?: number };
  /** What was wrong with the save file but could be left out (a cut last line, impossible bounds). */
  readonly onWarning?: (line: string) => void;
  /** Before the search, what the save file gave: root moves proven, frontier positions put into each table. */
  readonly onResume?: (r: { readonly moves: number; readonly seeded: number }) => void;
  readonly onProgress?: (p: ThreadedProgress) => void;
}

export interface ThreadedProgress {
  readonly nodes: number;
  readonly entries: number;
  readonly elapsedMs: number;
  /** Proofs finished (a root move's result, then its margin where asked) and the root's moves. */
  readonly done: number;
  readonly total: number;
  /**
   * What the proofs so far (and the save file) prove of the position's value: its result is known
   * once one move is proven a win or every move's result is, long before the margin.
   */
  readonly value: ValueBounds;
  /** The questions a proof-number search has open, one a thread: the root move (null for the position) and its numbers. */
  readonly questions: readonly RootQuestion[];
}

export interface RootQuestion extends Omit<OpenQuestion, 'move'> {
  readonly move: string | null;
}

export interface ThreadedSolve extends RootValue {
  readonly position: string;
  readonly nodes: number;
  /** Table entries in use in every thread at the end, and what the tables hold. */
  readonly entries: number;
  readonly capacity: number;
  readonly elapsedMs: number;
  /** Root moves whose value came from the save file. */
  readonly resumed: number;
  /** Positions of the save file's frontier put into each table. */
  readonly seeded: number;
}

/** One thread's answers, wherever it runs. */
interface Prover {
  prove(index: number, known: ValueBounds, margin: boolean): Promise<{ bounds: ValueBounds; nodes: number; entries: number }>;
  seed(entries: readonly FrontierEntry[]): Promise<number>;
  close(): Promise<void>;
}

function inThisThread(t: SolveThread): Prover {
  return { prove: async (i, known, margin) => t.prove(i, known, margin), seed: async (entries) => t.seed(entries), close: async () => {} };
}

async function inWorker(setup: ThreadSetup, onProgress: (p: ThreadProgress) => void): Promise<{ prover: Prover; capacity: number }> {
  const worker = new Worker(new URL('./solve-worker.mjs', import.meta.url));
  const ask = <T>(request: ThreadRequest): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const onMessage = (m: { answer?: T; error?: string; name?: string; progress?: ThreadProgress }): void => {
        if (m.progress) return onProgress(m.progress);
        worker.off('message', onMessage);
        worker.off('error', reject);
        if (m.error !== undefined) reject(m.name === 'SolveError' ? new SolveError(m.error.replace(/^SolveError: /, '')) : new Error(m.error));
        else resolve(m.answer as T);
      };
      worker.on('message', onMessage);
      worker.once('error', reject);
      worker.postMessage(request);
    });
  const { capacity } = await ask<{ capacity: number }>({ kind: 'start', setup });
  return {
    prover: { prove: (index, known, margin) => ask({ kind: 'prove', index, known, margin }), seed: (entries) => ask({ kind: 'seed', entries }), close: async () => void (await worker.terminate()) },
    capacity,
  };
}

export async function solveThreaded(o: ThreadedSolveOptions): Promise<ThreadedSolve> {
  const threads = o.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1 || threads > 64) throw new UsageError(`threads must be a whole number from 1 to 64, got ${String(threads)}`);
  const arenaMB = o.arenaMB ?? 256;
  const frontierOptions: FrontierOptions = { ...FRONTIER, ...o.frontier };
  const setup: ThreadSetup = { game: o.game, setup: o.setup, arenaMB, slice: o.slice ?? 4_000_000, symmetry: o.symmetry ?? true, ...(o.method ? { method: o.method } : {}), ...(o.save !== undefined ? { frontier: { everyMs: o.frontier?.everyMs ?? 300_000, options: frontierOptions } } : {}) };
  const margin = o.margin ?? true;
  const started = performance.now();
  // The first thread here: it checks the set-up (bad input fails before any worker starts).
  const nodes: number[] = Array.from({ length: threads }, () => 0);
  const entries: number[] = Array.from({ length: threads }, () => 0);
  let done = 0;
  let total = 0;
  let proven: ValueBounds[] = [];
  let moves: readonly string[] = [];
  const questions: Array<RootQuestion | undefined> = [];
  const report = (): void =>
    o.onProgress?.({ nodes: sum(nodes), entries: sum(entries), elapsedMs: performance.now() - started, done, total, value: proven.length ? positionBounds(proven) : UNKNOWN, questions: questions.filter((q) => q !== undefined) });
  // What the save file holds of each frontier position, so that only what a table proved since is
  // added; once the lines added outnumber those kept, the file is written afresh with the
  // costliest positions alone, so that it stays far below the size a save file may have.
  const written = new Map<string, FrontierEntry>();
  let added = 0;
  const saveFrontierOf = (found: readonly FrontierEntry[]): void => {
    for (const e of found) {
      const key = JSON.stringify(e.line);
      const before = written.get(key);
      if (before && before.lower >= e.lower && before.upper <= e.upper) continue;
      const both = before ? { ...e, lower: Math.max(before.lower, e.lower), upper: Math.min(before.upper, e.upper), work: Math.max(before.work, e.work) } : e;
      saveFrontier(o.save!, both);
      written.set(key, both);
      added++;
    }
    if (added > 4 * frontierOptions.limit) {
      const kept = [...written.values()].sort((a, b) => b.work - a.work).slice(0, frontierOptions.limit);
      rewriteSaved(o.save!, id!, new Map(moves.flatMap((m, i) => (proven[i] && proven[i] !== UNKNOWN ? [[m, proven[i]!] as const] : []))), kept);
      written.clear();
      for (const e of kept) written.set(JSON.stringify(e.line), e);
      added = 0;
    }
  };
  let id: SolveIdentity | undefined;
  const progress = (k: number) => (p: ThreadProgress): void => {
    nodes[k] = p.nodes;
    entries[k] = p.entries;
    if (p.frontier && o.save !== undefined) saveFrontierOf(p.frontier);
    questions[k] = p.question ? { ...p.question, move: p.question.move < 0 ? null : (moves[p.question.move] ?? null) } : undefined;
    report();
  };
  const first = await SolveThread.start(setup, progress(0));
  const described = first.describe();
  const { position, over } = described;
  moves = described.moves;
  id = { game: o.game, board: first.engine.topology.spec, options: first.engine.options, position: first.engine.position('machine') };
  // A margin past the board's scores cannot be: the save file's bounds are checked against it.
  const maxMargin = Math.round(2 * first.engine.rules.maxScore(first.engine.topology));
  const saved = o.save !== undefined ? openSaved(o.save, id, maxMargin) : null;
  for (const line of saved?.warnings ?? []) o.onWarning?.(line);
  const known = saved?.known ?? new Map<string, ValueBounds>();
  const seeds = saved?.frontier ?? [];
  for (const e of seeds) written.set(JSON.stringify(e.line), e);
  added = seeds.length;
  const provers: Prover[] = [inThisThread(first)];
  let capacity = first.capacity;
  try {
    if (over) {
      const r = await provers[0]!.prove(-1, UNKNOWN, margin);
      return { value: r.bounds, moves: [], best: [], position, nodes: r.nodes, entries: r.entries, capacity, elapsedMs: performance.now() - started, resumed: 0, seeded: 0 };
    }
    for (let k = 1; k < Math.min(threads, moves.length); k++) {
      const w = await inWorker(setup, progress(k));
      provers.push(w.prover);
      capacity += w.capacity;
    }
    // Every table starts from what the last run proved near the root.
    const seeded = (await Promise.all(provers.map((p) => p.seed(seeds))))[0]!;
    if (saved) o.onResume?.({ moves: moves.filter((m) => known.has(m)).length, seeded });
    total = moves.length;
    proven = moves.map((m) => known.get(m) ?? UNKNOWN);
    // Idle provers wait here; each task takes one and gives it back.
    const idle = provers.map((_, k) => k);
    const waiting: Array<(k: number) => void> = [];
    const take = (): Promise<number> => (idle.length ? Promise.resolve(idle.shift()!) : new Promise((r) => waiting.push(r)));
    const give = (k: number): void => void (waiting.length ? waiting.shift()!(k) : idle.push(k));
    const root = await solveRoot(
      moves,
      async (i, from, withMargin) => {
        const k = await take();
        try {
          const r = await provers[k]!.prove(i, from, withMargin);
          nodes[k] = r.nodes;
          entries[k] = r.entries;
          questions[k] = undefined;
          if (o.save !== undefined) saveMove(o.save, moves[i]!, r.bounds);
          done++;
          proven[i] = r.bounds;
          report();
          return r.bounds;
        } finally {
          give(k);
        }
      },
      margin,
      known,
    );
    const resumed = moves.filter((m) => known.has(m)).length;
    return { ...root, position, nodes: sum(nodes), entries: sum(entries), capacity, elapsedMs: performance.now() - started, resumed, seeded };
  } finally {
    await Promise.all(provers.map((p) => p.close()));
  }
}

function sum(xs: readonly number[]): number {
  return xs.reduce((a, b) => a + b, 0);
}
