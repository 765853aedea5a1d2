/**
 * Matches on many machines: a coordinator puts a match's game pairs on a BullMQ queue in Redis and
 * counts the results as they come back; workers on any number of machines take pairs off the queue
 * and play them. The queue, not this code, owns the hard parts: a pair is locked to the worker
 * playing it, and a worker that dies loses its lock, so its pair goes back on the queue for
 * another (BullMQ's stalled-job check). The coordinator counts each pair once, by its job id, so a
 * pair played twice is still counted once; a coordinator restarted with the same match id finds
 * the pairs already played on the queue and waits only for the rest.
 *
 * Loaded only by the commands that use a queue: the library never pulls in bullmq or ioredis.
 */
import { randomBytes } from 'node:crypto';
import { Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createEngine } from '../index.js';
import { matchTasks, summarise, type GameResult, type GameTask, type MatchOptions, type MatchSummary } from './match.js';
import { pentanomial, sprt, type SprtState } from './sprt.js';
import { excerpt, ThrongsError, UsageError } from '../../reference/core/errors.js';

/** The one queue every worker listens on; a job is a pair of one match, named by the match. */
export const QUEUE_NAME = 'throngs-pairs';

/** A pair's job: its two games (one, when a match is topped up from an odd game). */
export interface PairJob {
  readonly matchId: string;
  readonly pair: number;
  readonly tasks: readonly GameTask[];
}

/** How long a played pair stays on the queue: a coordinator restarted within it resumes the match. */
const KEEP_SECONDS = 7 * 24 * 3600;

/** A processor that throws (not a dead worker: that is a stall) gets this many tries in all. */
const ATTEMPTS = 3;

/** A match id becomes part of job ids: BullMQ reserves ':' there, and ids are typed on command lines. */
const MATCH_ID = /^[A-Za-z0-9._-]{1,64}$/;

export function checkMatchId(id: string): string {
  if (!MATCH_ID.test(id)) throw new UsageError(`a match id is 1 to 64 letters, digits, '.', '_' or '-', not '${excerpt(id)}'`);
  return id;
}

export const newMatchId = (): string => `m-${randomBytes(4).toString('hex')}`;

/** A worker's error in full, up to a stack trace's first lines. */
const long = (text: string): string => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

/** Waits for `work` (its failure too) at most `ms` milliseconds. */
async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const limit = Number.isFinite(ms) ? new Promise<void>((resolve) => (timer = setTimeout(resolve, ms))) : new Promise<void>(() => {});
  await Promise.race([work.then(() => {}, () => {}), limit]);
  clearTimeout(timer);
}

const jobIdOf = (matchId: string, pair: number): string => `p${pair}@${matchId}`;

/**
 * The Redis connection of a queue address (redis://[user:password@]host:port[/db], rediss:// for
 * TLS). Commands wait while Redis is briefly away (a restart) but give up after about a minute,
 * so a lost queue ends a worker or a coordinator with an error instead of hanging.
 */
export interface Connection {
  readonly url: string;
  readonly maxRetriesPerRequest: null;
  readonly retryStrategy: (times: number) => number | null;
}

export function connectionOf(url: string, retries = 30): Connection {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`a queue is redis://HOST:PORT, not '${excerpt(url)}'`);
  }
  if ((parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') || !parsed.hostname) {
    throw new UsageError(`a queue is redis://HOST:PORT, not '${excerpt(url)}'`);
  }
  return {
    url,
    // BullMQ's workers block on Redis and must not have their commands cut short.
    maxRetriesPerRequest: null,
    retryStrategy: (times: number) => (times > retries ? null : Math.min(times * 200, 2000)),
  };
}

/** Fails within a few seconds, with the reason, when the queue's Redis cannot be reached. */
export async function checkReachable(url: string): Promise<void> {
  connectionOf(url);
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The refusal itself (ECONNREFUSED, ENOTFOUND...) comes as an event; the failed call only says closed.
  let reason: unknown;
  client.on('error', (e) => void (reason ??= e));
  try {
    await client.connect();
    await client.ping();
  } catch (e) {
    throw new QueueUnreachable(url, reason ?? e);
  } finally {
    client.disconnect();
  }
}

export class QueueUnreachable extends ThrongsError {
  constructor(url: string, cause: unknown) {
    const why = cause instanceof Error ? cause.message : String(cause);
    super(`cannot reach the queue at ${excerpt(url)}: ${why || 'no answer'} (is redis-server running there?)`);
  }
}

export interface QueuedMatchOptions extends MatchOptions {
  readonly queue: string;
  readonly matchId: string;
  /** How often outstanding pairs are looked up on the queue, in milliseconds (default 500). */
  readonly pollMs?: number;
}

export interface QueuedMatchResult {
  summary: MatchSummary;
  results: GameResult[];
  sprt?: SprtState;
  distinctGames: number;
  /** Pairs found already played on the queue when the coordinator started (a resumed match). */
  resumedPairs: number;
  /** Pairs taken off the queue unplayed when the SPRT decided. */
  cancelledPairs: number;
}

/**
 * Plays a match through the queue: the same games as runMatch, in pairs, on whichever workers
 * listen. Reports each game as its pair is counted (onGame), in the order pairs finish. With an
 * SPRT, the pairs still waiting are taken off the queue once it decides; pairs being played then
 * finish on their workers but are not counted.
 */
export async function runQueuedMatch(options: QueuedMatchOptions): Promise<QueuedMatchResult> {
  const tasks = matchTasks(options);
  checkMatchId(options.matchId);
  // A game the workers cannot set up is refused here, before anything goes on the queue.
  for (const setup of new Set(tasks.map((t) => t.game))) await createEngine({ backend: 'wasm', ...setup });
  await checkReachable(options.queue);
  const pairs = new Map<number, GameTask[]>();
  for (const t of tasks) pairs.set(t.index >> 1, [...(pairs.get(t.index >> 1) ?? []), t]);
  const queue = new Queue<PairJob, GameResult[]>(QUEUE_NAME, { connection: connectionOf(options.queue) });
  queue.on('error', () => {});
  const results: GameResult[] = [];
  const counted = new Set<number>();
  const test = (): SprtState | undefined => (options.sprt ? sprt(options.sprt, pentanomial([...(options.earlier ?? []), ...results])) : undefined);
  const count = (pair: number, games: readonly GameResult[]): void => {
    if (counted.has(pair)) return;
    counted.add(pair);
    for (const g of games) {
      results.push(g);
      options.onGame?.(results.length, results);
    }
  };
  /** Counts the pairs that have finished; throws when one failed for good. */
  const sweep = async (): Promise<void> => {
    const outstanding = [...pairs.keys()].filter((p) => !counted.has(p));
    const jobs = await Promise.all(outstanding.map((p) => Job.fromId<PairJob, GameResult[]>(queue, jobIdOf(options.matchId, p))));
    jobs.forEach((job, i) => {
      if (!job) return;
      if (job.finishedOn && Array.isArray(job.returnvalue)) count(outstanding[i]!, job.returnvalue);
      else if (job.failedReason && job.attemptsMade >= ATTEMPTS) {
        throw new ThrongsError(`pair ${outstanding[i]} of match ${options.matchId} failed on its worker: ${long(job.failedReason)}`);
      }
    });
  };
  let resumedPairs = 0;
  let cancelledPairs = 0;
  try {
    await sweep();
    resumedPairs = counted.size;
    if (!test()?.decision) {
      // Adding a job whose id exists is a no-op, so a restarted coordinator adds only what is missing.
      await queue.addBulk(
        [...pairs]
          .filter(([p]) => !counted.has(p))
          .map(([pair, games]) => ({
            name: options.matchId,
            data: { matchId: options.matchId, pair, tasks: games },
            opts: { jobId: jobIdOf(options.matchId, pair), attempts: ATTEMPTS, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } },
          })),
      );
    }
    while (counted.size < pairs.size && !test()?.decision) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
      await sweep();
    }
    if (test()?.decision) {
      for (const p of pairs.keys()) {
        if (counted.has(p)) continue;
        const job = await Job.fromId(queue, jobIdOf(options.matchId, p));
        // A pair being played is locked to its worker and cannot be removed: it finishes uncounted.
        if (job && (await job.getState()) === 'waiting' && (await job.remove().then(() => true, () => false))) cancelledPairs++;
      }
    }
  } catch (e) {
    // Commands fail with "Connection is closed" once the retries give up: say which queue was lost.
    if (e instanceof Error && /closed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT/.test(e.message)) throw new QueueUnreachable(options.queue, e);
    throw e;
  } finally {
    await bounded(queue.close(), 5000);
    await bounded(queue.disconnect(), 2000);
  }
  results.sort((x, y) => x.index - y.index);
  const state = test();
  const distinctGames = new Set(results.map((r) => r.record)).size;
  return { summary: summarise(results), results, distinctGames, resumedPairs, cancelledPairs, ...(state ? { sprt: state } : {}) };
}

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
  readonly onProblem?: (message: string) => void;
}

/**
 * A worker: plays pairs from the queue until closed. Games run on worker threads (BullMQ's
 * sandboxed processors), so a long search never holds up the lock renewals that tell the queue
 * this worker is alive. Resolves with a close function; `lost` settles when the queue is gone for
 * good (Redis unreachable for about a minute). Closing with `force` gives the pairs under way back
 * to the queue at once and stops their games; without, it waits for them to finish.
 */
export async function runQueueWorker(options: WorkerOptions): Promise<{ close: (force?: boolean) => Promise<void>; lost: Promise<string> }> {
  await checkReachable(options.queue);
  const lockMs = options.lockMs ?? 30_000;
  const worker = new Worker<PairJob, GameResult[]>(QUEUE_NAME, new URL('./queue-processor.mjs', import.meta.url), {
    connection: connectionOf(options.queue, options.retries),
    concurrency: options.threads ?? 1,
    useWorkerThreads: true,
    lockDuration: lockMs,
    stalledInterval: lockMs,
    // A pair that outlived several workers is still played: games do not kill workers, machines do.
    maxStalledCount: 10,
  });
  const started = new Map<string, number>();
  const active = new Map<string, Job<PairJob, GameResult[]>>();
  worker.on('active', (job) => {
    started.set(job.id!, performance.now());
    active.set(job.id!, job);
    options.onStart?.({ matchId: job.data.matchId, pair: job.data.pair });
  });
  worker.on('failed', (job) => void (job && active.delete(job.id!)));
  worker.on('completed', (job) => {
    active.delete(job.id!);
    const seconds = (performance.now() - (started.get(job.id!) ?? performance.now())) / 1000;
    started.delete(job.id!);
    options.onPair?.({ matchId: job.data.matchId, pair: job.data.pair, games: job.data.tasks.length, seconds });
  });
  worker.on('failed', (job, e) => options.onProblem?.(`pair ${job?.data.pair ?? '?'} of match ${job?.data.matchId ?? '?'} failed: ${long(e.message)}`));
  let shown = '';
  worker.on('error', (e) => {
    // Reconnection attempts repeat one error many times a second: say each one once.
    if (e.message !== shown) options.onProblem?.((shown = e.message));
  });
  // A connection of its own watches the queue: it ends once Redis has been away too long.
  const { maxRetriesPerRequest, retryStrategy } = connectionOf(options.queue, options.retries);
  const watch = new Redis(options.queue, { maxRetriesPerRequest, retryStrategy });
  watch.on('error', () => {});
  const lost = new Promise<string>((resolve) => watch.once('end', () => resolve(`lost the queue at ${excerpt(options.queue)}`)));
  await worker.waitUntilReady();
  return {
    lost,
    close: async (force = false) => {
      // Pairs under way go back on the queue now rather than when their locks run out.
      if (force) await bounded(Promise.all([...active.values()].map((job) => job.moveToWait(job.token))), 2000);
      // With Redis gone, a close waits on commands that never return: the connections are then cut.
      await bounded(worker.close(force), force ? 5000 : Infinity);
      await bounded(worker.disconnect(), 2000);
      watch.disconnect();
    },
  };
}
