/**
 * The worker's side of matches and solves on many machines (queue.ts has the match coordinator's
 * and what both share, queue-solve.ts the solve's): takes pairs off the queue and plays each on a
 * thread of its own, proves the subtrees of solves on threads it keeps (solver/subtree-pool.ts),
 * skips the jobs of a match or solve that is over, cancelled or abandoned, and sends the
 * heartbeats coordinators read.
 *
 * Loaded only by `throngs worker`: the library never pulls in bullmq or ioredis.
 */
import { Worker as WorkerThread } from 'node:worker_threads';
import { Job, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import type { GameResult } from './match.js';
import { excerpt, ThrongsError } from '../../reference/core/errors.js';
import { BEAT_MS, beat, leave, whyNotPlay, workerName } from './match-state.js';
import { QUEUE_NAME, bounded, checkReachable, connectionOf, long, type PairJob, type Skipped } from './queue.js';
import { JobRefused, SubtreePool } from '../solver/subtree-pool.js';
import type { SubtreeAnswer, SubtreeJob } from '../solver/subtree.js';
import { describeBounds } from '../solver/value.js';

/** Either kind of job on the queue: a pair of a match, or a subtree of a solve. */
type QueueJob = PairJob | SubtreeJob;
type Answer = GameResult[] | SubtreeAnswer | Skipped;

const isSubtree = (data: QueueJob): data is SubtreeJob => (data as SubtreeJob).kind === 'subtree';

/** A job in words, for the worker's lines: `pair 3 of match m-1a2b`, `subtree a1 b2 of solve s-9f3c`. */
export const jobName = (data: QueueJob | undefined): string =>
  !data ? 'a job' : isSubtree(data) ? `subtree ${data.path.join(' ') || '(the root)'} of solve ${data.solveId}` : `pair ${data.pair} of match ${data.matchId}`;

export interface WorkerOptions {
  readonly queue: string;
  /** Pairs played at once, each on a thread of its own (default 1). */
  readonly threads?: number;
  /**
   * How long a pair stays locked to this worker without a sign of life (default 30 s). A dead
   * worker's pair is played again once its lock runs out, at most this long after.
   */
  readonly lockMs?: number;
  /** Reconnection attempts before the queue counts as lost (default 30, about a minute). */
  readonly retries?: number;
  readonly onStart?: (job: { matchId: string; pair: number }) => void;
  readonly onPair?: (job: { matchId: string; pair: number; games: number; seconds: number }) => void;
  /** A pair not played: its match is over, cancelled, or has no coordinator. */
  readonly onSkip?: (job: { matchId: string; pair: number; why: string }) => void;
  readonly onProblem?: (message: string) => void;
  /** A subtree of a solve: started, proven or skipped, in words. */
  readonly onSubtree?: (line: string) => void;
}

/** A pair's games played one after the other on a thread of its own, ended by `stop`. */
function playOnThread(job: Job<PairJob, Answer>, threads: Map<string, WorkerThread>): Promise<GameResult[]> {
  const thread = new WorkerThread(new URL('./match-worker.mjs', import.meta.url));
  threads.set(job.id!, thread);
  const results: GameResult[] = [];
  return new Promise<GameResult[]>((resolve, reject) => {
    const next = (): void => {
      const task = job.data.tasks[results.length];
      if (!task) return resolve(results);
      thread.postMessage(task);
    };
    thread.on('message', (m: GameResult | { error: string }) => {
      if ('error' in m) return reject(new Error(m.error));
      results.push(m);
      // Progress marks the pair half done for anyone watching the queue.
      void job.updateProgress(results.length / job.data.tasks.length).catch(() => undefined);
      next();
    });
    thread.once('error', reject);
    // Stopped (the worker closed by force): its pair has already gone back on the queue.
    thread.once('exit', () => reject(new ThrongsError('the pair was stopped')));
    next();
  }).finally(() => {
    threads.delete(job.id!);
    void thread.terminate();
  });
}

/**
 * A worker: plays pairs from the queue until closed. Each pair's games run on a worker thread of
 * their own, made for the pair and ended with it, so a long search never holds up the lock
 * renewals that tell the queue this worker is alive, and a pair the queue lost under it (Redis
 * restarted empty) only wastes its own thread. A pair whose match is over, cancelled or without a
 * coordinator is skipped (match-state.ts). Resolves with a close function; `lost` settles when
 * the queue is gone for good (Redis unreachable for about a minute). Closing with `force` gives
 * the pairs under way back to the queue at once and stops their games; without, it waits for them.
 */
export async function runQueueWorker(options: WorkerOptions): Promise<{ close: (force?: boolean) => Promise<void>; lost: Promise<string> }> {
  await checkReachable(options.queue);
  const lockMs = options.lockMs ?? 30_000;
  // A connection of its own watches the queue (it ends once Redis has been away too long), asks
  // the matches' state and carries the heartbeats.
  const { maxRetriesPerRequest, retryStrategy } = connectionOf(options.queue, options.retries);
  const watch = new Redis(options.queue, { maxRetriesPerRequest, retryStrategy });
  watch.on('error', () => {});
  const lost = new Promise<string>((resolve) => watch.once('end', () => resolve(`lost the queue at ${excerpt(options.queue)}`)));
  const threads = new Map<string, WorkerThread>();
  const subtrees = new SubtreePool();
  const prove = async (data: SubtreeJob): Promise<SubtreeAnswer> => {
    try {
      return await subtrees.prove(data);
    } catch (e) {
      // A refusal is the job's own: no other worker would prove it, so it is not tried again.
      if (e instanceof JobRefused) throw new UnrecoverableError(e.message);
      throw e;
    }
  };
  const play = async (job: Job<QueueJob, Answer>): Promise<Answer> => {
    const { data } = job;
    // A queue that cannot be asked does not stop play: the pair is counted once whatever happens.
    const why = await whyNotPlay(watch, isSubtree(data) ? data.solveId : data.matchId, isSubtree(data) ? 'solve' : 'match').catch(() => null);
    if (why) return { skipped: why };
    return isSubtree(data) ? prove(data) : playOnThread(job as Job<PairJob, Answer>, threads);
  };
  const worker = new Worker<QueueJob, Answer>(QUEUE_NAME, play, {
    connection: connectionOf(options.queue, options.retries),
    concurrency: options.threads ?? 1,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A pair that outlived several workers is still played: games do not kill workers, machines do.
    maxStalledCount: 10,
  });
  const started = new Map<string, number>();
  const active = new Map<string, Job<QueueJob, Answer>>();
  worker.on('active', (job) => {
    started.set(job.id!, performance.now());
    active.set(job.id!, job);
    const { data } = job;
    if (isSubtree(data)) options.onSubtree?.(`proving ${jobName(data)} (${data.goal.kind === 'test' ? `at least ${data.goal.g}?` : data.goal.kind})`);
    else options.onStart?.({ matchId: data.matchId, pair: data.pair });
  });
  worker.on('failed', (job) => void (job && active.delete(job.id!)));
  worker.on('completed', (job, value) => {
    active.delete(job.id!);
    const seconds = (performance.now() - (started.get(job.id!) ?? performance.now())) / 1000;
    started.delete(job.id!);
    const { data } = job;
    if (isSubtree(data)) {
      const v = value as SubtreeAnswer | Skipped;
      options.onSubtree?.('skipped' in v ? `skipped ${jobName(data)}: ${v.skipped}` : `proved ${jobName(data)}: ${describeBounds(v.bounds)}, ${v.nodes} nodes, ${seconds.toFixed(1)} s`);
    } else if (!Array.isArray(value)) options.onSkip?.({ matchId: data.matchId, pair: data.pair, why: (value as Skipped).skipped });
    else options.onPair?.({ matchId: data.matchId, pair: data.pair, games: data.tasks.length, seconds });
  });
  worker.on('failed', (job, e) => options.onProblem?.(`${jobName(job?.data)} failed: ${long(e.message)}`));
  let shown = '';
  worker.on('error', (e) => {
    // Reconnection attempts repeat one error many times a second: say each one once.
    if (e.message !== shown) options.onProblem?.((shown = e.message));
  });
  // Heartbeats: coordinators say which workers stopped answering.
  const name = workerName();
  const beating = setInterval(() => void beat(watch, name).catch(() => undefined), BEAT_MS);
  await beat(watch, name);
  await worker.waitUntilReady();
  return {
    lost,
    close: async (force = false) => {
      clearInterval(beating);
      await bounded(leave(watch, name), 1000);
      if (force) {
        // Pairs under way go back on the queue now rather than when their locks run out, and their games stop.
        await bounded(Promise.all([...active.values()].map((job) => job.moveToWait(job.token))), 2000);
        await Promise.all([...threads.values()].map((t) => t.terminate()));
        await subtrees.stop();
      }
      // With Redis gone, a close waits on commands that never return: the connections are then cut.
      await bounded(worker.close(force), force ? 5000 : Infinity);
      await bounded(worker.disconnect(), 2000);
      await subtrees.stop();
      watch.disconnect();
    },
  };
}
