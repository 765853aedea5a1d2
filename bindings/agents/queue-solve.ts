/**
 * A solve spread over machines: the coordinator splits the position into subtrees a few moves
 * deep (solver/split.ts), puts a job on the matches' queue for each leaf the tree asks about
 * (solver/tree.ts), and combines the proofs that come back by negamax into the value that a
 * one-process solve prints. The same `throngs worker` processes that play pairs prove the jobs
 * (queue-worker.ts), so a dead worker costs only its job: the queue's locks hand it to another.
 *
 * The solve's id comes from what it solves (game, board, rules, position), so a job's answer is
 * a fact about its position whoever asked: a restarted coordinator finds the jobs finished while
 * it was away on the queue, and everything proven before in its save file (solver/tree-save.ts).
 * Jobs the tree no longer asks about (a sibling decided their parent) are taken off the queue
 * while they wait; their answers would not change what is printed.
 *
 * Loaded only by `throngs solve --queue`: the library never pulls in bullmq or ioredis.
 */
import { createHash } from 'node:crypto';
import { Job, Queue } from 'bullmq';
import { createEngine } from '../games/create.js';
import type { GameSetup } from '../engine/engine.js';
import { SolveError, ThrongsError, excerpt } from '../../reference/core/errors.js';
import { autoSplit } from '../solver/split.js';
import { openSavedTree, saveSubtree } from '../solver/tree-save.js';
import type { RootValue } from '../solver/root.js';
import type { SolveMethod, SubtreeAnswer, SubtreeJob } from '../solver/subtree.js';
import { boundsOf, demands, isLeaf, met, nodesOf, pathKey, rootValueOf, type Goal, type TreeNode } from '../solver/tree.js';
import type { ValueBounds } from '../solver/value.js';
import { KEEP_SECONDS, LEASE_MS, claimMatch, endMatch, endOf, holdLease, specOf } from './match-state.js';
import { MatchCancelled, QUEUE_NAME, QueueUnreachable, bounded, checkReachable, connectionOf, long, stateConnection, type Skipped } from './queue.js';
import { WorkerWatch } from './worker-watch.js';

export interface QueuedSolveOptions {
  readonly queue: string;
  readonly game: string;
  readonly setup: GameSetup;
  /** Moves deep the tree is split (default: deep enough for 16 leaves, solver/split.ts). */
  readonly splitDepth?: number;
  readonly margin?: boolean;
  /** Each job's table, in MB (default 256). */
  readonly arenaMB?: number;
  /** How the workers prove a job (default alpha-beta). */
  readonly method?: SolveMethod;
  /** The tree's save file: read back when it exists, added to with every proof. */
  readonly save?: string;
  /** With no `save`, keep the tree in `throngs-<solve id>.jsonl` in the current folder all the same. */
  readonly saveByDefault?: boolean;
  /** How often the jobs are looked up on the queue, in milliseconds (default 500). */
  readonly pollMs?: number;
  /** How long the solve's jobs wait for this coordinator should it stop (default LEASE_MS). */
  readonly leaseMs?: number;
  /** Reconnection attempts before the queue counts as lost (default 30, about a minute). */
  readonly retries?: number;
  /** Jobs on the queue at once, at most (default 256): the rest are asked for as these come back. */
  readonly maxQueued?: number;
  readonly onWarning?: (line: string) => void;
  /** The solve holds its id and its first jobs are on the queue. */
  readonly onStart?: (s: { solveId: string; splitDepth: number; subtrees: number; resumed: number; save?: string }) => void;
  readonly onProgress?: (p: QueuedSolveProgress) => void;
  /** What just happened, in words: jobs queued again, a worker that stopped. */
  readonly onNews?: (line: string) => void;
}

export interface QueuedSolveProgress {
  readonly elapsedMs: number;
  readonly nodes: number;
  /** Jobs answered in this run, and on the queue now. */
  readonly proven: number;
  readonly queued: number;
  readonly workers: number;
  /** What the proofs so far fix of the root's value. */
  readonly value: ValueBounds;
}

export interface QueuedSolve extends RootValue {
  readonly position: string;
  readonly solveId: string;
  readonly splitDepth: number;
  /** Leaves of the tree, and jobs answered in this run (by workers now or while the coordinator was away). */
  readonly subtrees: number;
  readonly jobs: number;
  /** Nodes the workers searched for the jobs answered in this run. */
  readonly nodes: number;
  /** Positions of the tree whose bounds came from the save file. */
  readonly resumed: number;
  /** Jobs queued again: lost by the queue, or skipped while the solve had no coordinator. */
  readonly requeued: number;
  readonly elapsedMs: number;
  /** The save file used, if any. */
  readonly save?: string;
}

/** A job that throws (not a dead worker: that is a stall) gets this many tries in all; a refusal, one. */
const ATTEMPTS = 3;

const digest = (text: string): string => createHash('sha256').update(text).digest('hex');
const goalTag = (g: Goal): string => (g.kind === 'test' ? `t${g.g}` : g.kind === 'exact' ? 'x' : 'r');
/** A job not yet taken by a worker (jobs with a priority wait in their own set). */
const waiting = (state: string): boolean => state === 'waiting' || state === 'prioritized';
const isAnswer = (v: unknown): v is SubtreeAnswer => typeof v === 'object' && v !== null && 'bounds' in v;

/** Proves the position through the queue; resolves with the values a one-process solve gives. */
export async function runQueuedSolve(o: QueuedSolveOptions): Promise<QueuedSolve> {
  const started = performance.now();
  const margin = o.margin ?? true;
  const method = o.method ?? 'alphabeta';
  const arenaMB = o.arenaMB ?? 256;
  // Bad input fails here, before the queue is asked anything or the save file is written.
  connectionOf(o.queue);
  const engine = await createEngine({ ...o.setup, game: o.game as never, backend: 'wasm' });
  const id = { game: o.game, board: engine.topology.spec, options: engine.options, position: engine.position('machine') };
  const maxMargin = Math.round(2 * engine.rules.maxScore(engine.topology));
  const { tree, depth } = autoSplit(engine, o.splitDepth);
  const root = { ...o.setup, position: id.position };
  const leafList = nodesOf(tree).filter(isLeaf);
  const leaves = leafList.length;
  // Jobs are taken in the tree's order, a root move's subtrees before the next's, as a one-process
  // solve proves them: a worker's table then holds what the next jobs transpose into.
  const order = new Map(leafList.map((n, i) => [n, i + 1]));
  const spec = specOf(id);
  const solveId = `s-${spec.slice(0, 12)}`;
  const save = o.save ?? (o.saveByDefault ? `throngs-${solveId}.jsonl` : undefined);
  await checkReachable(o.queue);
  const saved = save !== undefined ? openSavedTree(save, id, maxMargin) : null;
  for (const line of saved?.warnings ?? []) o.onWarning?.(line);
  let resumed = 0;
  for (const n of nodesOf(tree)) {
    const b = saved?.known.get(pathKey(n.path));
    if (b) [n.facts, resumed] = [b, resumed + 1];
  }
  const queue = new Queue<SubtreeJob, SubtreeAnswer | Skipped>(QUEUE_NAME, { connection: connectionOf(o.queue, o.retries) });
  queue.on('error', () => {});
  const redis = stateConnection(o.queue, o.retries);
  const watch = new WorkerWatch(redis, 'its job');
  const jobIdOf = (n: TreeNode, g: Goal): string => `${goalTag(g)}-${digest(pathKey(n.path)).slice(0, 20)}@${solveId}`;
  /** The job each leaf has on the queue. */
  const out = new Map<TreeNode, string>();
  let jobs = 0;
  let nodes = 0;
  let requeued = 0;
  const say = (line: string): void => o.onNews?.(`${solveId}: ${line}`);
  const settle = (n: TreeNode, a: SubtreeAnswer): void => {
    n.facts = { lower: Math.max(n.facts.lower, a.bounds.lower), upper: Math.min(n.facts.upper, a.bounds.upper) };
    if (n.facts.lower > n.facts.upper) throw new SolveError(`the proofs of ${excerpt(n.path.join(' '))} contradict each other (workers of different engine versions on one queue?)`);
    if (save !== undefined) saveSubtree(save, n.path, a.bounds);
    jobs++;
    nodes += a.nodes;
  };
  /** What a job on the queue came to: settled, gone (to be asked again), or still to wait for. */
  const look = async (n: TreeNode, job: Job<SubtreeJob, SubtreeAnswer | Skipped> | undefined, mine: boolean): Promise<'settled' | 'gone' | 'skipped' | 'waiting'> => {
    if (!job) return 'gone';
    if (job.finishedOn && isAnswer(job.returnvalue)) {
      settle(n, job.returnvalue);
      // An answer that leaves its question open would be asked again for ever.
      if (!met(n.facts, job.data.goal)) throw new SolveError(`a worker's answer for ${excerpt(n.path.join(' ') || '(the root)')} does not settle what it was asked (workers of different engine versions on one queue?)`);
      return 'settled';
    }
    if (job.finishedOn && job.returnvalue && 'skipped' in job.returnvalue) {
      // Skipped while this solve had no coordinator (this one was away): asked again.
      await job.remove();
      return 'skipped';
    }
    if (job.failedReason && (await job.getState()) === 'failed') {
      // One failed before this coordinator asked (an older run): worth another try; one it asked, the solve's end.
      if (!mine) return (await job.remove(), 'gone');
      throw new ThrongsError(`the subtree ${excerpt(n.path.join(' ') || '(the root)')} of solve ${solveId} failed on its worker: ${long(job.failedReason)}`);
    }
    return 'waiting';
  };
  const ask = async (asked: Map<TreeNode, Goal>): Promise<void> => {
    const room = (o.maxQueued ?? 256) - out.size;
    const fresh = [...asked].filter(([n]) => !out.has(n)).slice(0, Math.max(0, room));
    const add: Array<[TreeNode, Goal]> = [];
    for (const [n, g] of fresh) {
      // A job of the same question already on the queue (an earlier run's) is taken as it stands.
      const state = await look(n, await Job.fromId(queue, jobIdOf(n, g)), false);
      if (state === 'waiting') out.set(n, jobIdOf(n, g));
      else if (state === 'gone' || state === 'skipped') add.push([n, g]);
    }
    await queue.addBulk(
      add.map(([n, goal]) => ({
        name: solveId,
        data: { kind: 'subtree', solveId, game: o.game, setup: root, path: n.path, goal, known: n.facts, method, arenaMB },
        opts: { jobId: jobIdOf(n, goal), priority: order.get(n)!, attempts: ATTEMPTS, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } },
      })),
    );
    for (const [n, g] of add) out.set(n, jobIdOf(n, g));
  };
  /** Collects the answers, asks again what the queue lost or skipped, and takes off what is no longer asked. */
  const sweep = async (): Promise<Map<TreeNode, Goal>> => {
    await holdLease(redis, solveId, o.leaseMs ?? LEASE_MS);
    const end = await endOf(redis, solveId);
    if (end === 'cancelled') throw new MatchCancelled(`solve ${solveId} was cancelled: what was proven is in the save file`);
    // Another coordinator of the same solve finished: this one goes on, so its jobs are played.
    if (end === 'done') await claimMatch(redis, solveId, spec);
    let lost = 0;
    let skipped = 0;
    for (const [n, jobId] of [...out]) {
      const state = await look(n, await Job.fromId<SubtreeJob, SubtreeAnswer | Skipped>(queue, jobId), true);
      if (state === 'waiting') continue;
      out.delete(n);
      if (state === 'gone') lost++;
      if (state === 'skipped') skipped++;
    }
    if (lost + skipped > 0) {
      requeued += lost + skipped;
      const why = [lost ? `${lost} the queue lost` : '', skipped ? `${skipped} skipped while the solve had no coordinator` : ''].filter(Boolean).join(' and ');
      say(`queued again ${lost + skipped} job${lost + skipped === 1 ? '' : 's'} (${why})`);
    }
    const asked = demands(tree, margin);
    for (const [n, jobId] of [...out]) {
      if (asked.has(n)) continue;
      const job = await Job.fromId(queue, jobId);
      // A job being proven is locked to its worker: it finishes, and its answer is still kept.
      if (job && waiting(await job.getState()) && (await job.remove().then(() => true, () => false))) out.delete(n);
    }
    await ask(asked);
    const told = await watch.look();
    if (told) say(told);
    return asked;
  };
  try {
    await claimMatch(redis, solveId, spec);
    let asked = await sweep();
    o.onStart?.({ solveId, splitDepth: depth, subtrees: leaves, resumed, ...(save !== undefined ? { save } : {}) });
    while (asked.size > 0) {
      o.onProgress?.({ elapsedMs: performance.now() - started, nodes, proven: jobs, queued: out.size, workers: watch.alive, value: boundsOf(tree) });
      await new Promise((resolve) => setTimeout(resolve, o.pollMs ?? 500));
      asked = await sweep();
    }
    await endMatch(redis, solveId, 'done');
  } catch (e) {
    // Commands fail with "Connection is closed" once the retries give up: say which queue was lost.
    if (e instanceof Error && /closed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT/.test(e.message)) {
      throw new QueueUnreachable(o.queue, e, undefined, save !== undefined ? `the same command resumes the solve from ${save}` : undefined);
    }
    throw e;
  } finally {
    // Whatever still waits is not needed (done), or would fail as the job that ended the solve did.
    const takeOff = async (): Promise<void> => {
      for (const jobId of out.values()) {
        const job = await Job.fromId(queue, jobId);
        if (job && waiting(await job.getState())) await job.remove().catch(() => undefined);
      }
    };
    await bounded(takeOff(), 5000);
    await bounded(queue.close(), 5000);
    await bounded(queue.disconnect(), 2000);
    redis.disconnect();
  }
  return { ...rootValueOf(tree, margin), position: engine.position(), solveId, splitDepth: depth, subtrees: leaves, jobs, nodes, resumed, requeued, elapsedMs: performance.now() - started, ...(save !== undefined ? { save } : {}) };
}
