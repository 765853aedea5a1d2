/**
 * Matches on many machines: a coordinator puts a match's game pairs on a BullMQ queue in Redis and
 * counts the results as they come back; workers on any number of machines take pairs off the queue
 * and play them. The queue owns the hard parts: a pair is locked to the worker playing it, and a
 * worker that dies loses its lock, so its pair goes back on the queue for another (BullMQ's
 * stalled-job check). The coordinator counts each pair once, by its job id, so a pair played twice
 * is still counted once; a coordinator restarted with the same match id finds the pairs already
 * played on the queue and waits only for the rest.
 *
 * The coordinator is also the match's own record: a pair it has not counted and cannot find on the
 * queue (Redis restarted empty, keys evicted) it queues again, so the match ends with every game
 * counted once. Its lease, the match's end and the workers' heartbeats (match-state.ts) keep
 * leftover pairs of finished, cancelled or abandoned matches from being played.
 *
 * Loaded only by the commands that use a queue: the library never pulls in bullmq or ioredis.
 */
import { randomBytes } from 'node:crypto';
import { Worker as WorkerThread } from 'node:worker_threads';
import { Job, Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { createEngine } from '../games/create.js';
import { matchTasks, summarise, type GameResult, type GameTask, type MatchOptions, type MatchSummary } from './match.js';
import { pentanomial, sprt, type SprtState } from './sprt.js';
import { excerpt, ThrongsError, UsageError } from '../../reference/core/errors.js';
import { KEEP_SECONDS, LEASE_MS, claimMatch, endMatch, endOf, holdLease, keepSpec, knownMatch, specOf } from './match-state.js';
import { WorkerWatch } from './worker-watch.js';

/** The one queue every worker listens on; a job is a pair of one match, named by the match. */
export const QUEUE_NAME = 'throngs-pairs';

/** A pair's job: its two games (one, when a match is topped up from an odd game). */
export interface PairJob {
  readonly matchId: string;
  readonly pair: number;
  readonly tasks: readonly GameTask[];
}

/** What a worker returns for a pair it did not play (match-state.ts whyNotPlay says why). */
export interface Skipped {
  readonly skipped: string;
}

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
export const long = (text: string): string => (text.length > 400 ? `${text.slice(0, 400)}…` : text);

/** Waits for `work` (its failure too) at most `ms` milliseconds. */
export async function bounded(work: Promise<unknown>, ms: number): Promise<void> {
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
  /** `matchId`: the match it ended, which the same command with that id resumes; `resumes`: how else the work it ended resumes. */
  constructor(url: string, cause: unknown, matchId?: string, resumes?: string) {
    const why = cause instanceof Error ? cause.message : String(cause);
    const resume = matchId ? `; the same command with --match-id ${matchId} resumes the match` : resumes ? `; ${resumes}` : '';
    super(`cannot reach the queue at ${excerpt(url)}: ${why || 'no answer'} (is redis-server running there?)${resume}`);
  }
}

/** A match cancelled (throngs match --cancel) while its coordinator ran. */
export class MatchCancelled extends ThrongsError {}

const usedByAnother = (matchId: string): UsageError =>
  new UsageError(`match id ${matchId} is already used on this queue by another match (other agents, games or settings): choose another --match-id, or run that match's own command to resume it`);

/** A connection of its own for the match's and the workers' records (match-state.ts). */
export const stateConnection = (url: string, retries?: number): Redis => {
  const { maxRetriesPerRequest, retryStrategy } = connectionOf(url, retries);
  const redis = new Redis(url, { maxRetriesPerRequest, retryStrategy });
  redis.on('error', () => {});
  return redis;
};

export interface QueuedMatchOptions extends MatchOptions {
  readonly queue: string;
  readonly matchId: string;
  /** How often outstanding pairs are looked up on the queue, in milliseconds (default 500). */
  readonly pollMs?: number;
  /** How long the match's pairs wait for this coordinator should it stop (default LEASE_MS). */
  readonly leaseMs?: number;
  /** Reconnection attempts before the queue counts as lost (default 30, about a minute). */
  readonly retries?: number;
  /** What the queue is doing, for the live line: the workers heard from, and news as it happens. */
  readonly onQueue?: (state: QueueState) => void;
  /** The match holds its id and its pairs are on the queue. */
  readonly onStart?: () => void;
}

export interface QueueState {
  /** Workers heard from in the last STALE_MS. */
  readonly workers: number;
  /** What just happened, in words: pairs queued again, a worker that stopped; null when nothing new. */
  readonly news: string | null;
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
  /** Pairs queued again: lost by the queue, or skipped by workers while the match had no coordinator. */
  requeuedPairs: number;
}

/**
 * Plays a match through the queue: the same games as runMatch, in pairs, on whichever workers
 * listen. Reports each game as its pair is counted (onGame), in the order pairs finish. With an
 * SPRT, the pairs still waiting are taken off the queue once it decides; pairs being played then
 * finish on their workers but are not counted.
 */
export async function runQueuedMatch(options: QueuedMatchOptions): Promise<QueuedMatchResult> {
  const tasks = matchTasks(options);
  const { matchId } = options;
  checkMatchId(matchId);
  // A game the workers cannot set up is refused here, before anything goes on the queue.
  for (const setup of new Set(tasks.map((t) => t.game))) await createEngine({ backend: 'wasm', ...setup });
  await checkReachable(options.queue);
  const pairs = new Map<number, GameTask[]>();
  for (const t of tasks) pairs.set(t.index >> 1, [...(pairs.get(t.index >> 1) ?? []), t]);
  const spec = specOf([...pairs]);
  const queue = new Queue<PairJob, GameResult[] | Skipped>(QUEUE_NAME, { connection: connectionOf(options.queue, options.retries) });
  queue.on('error', () => {});
  const redis = stateConnection(options.queue, options.retries);
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const results: GameResult[] = [];
  const counted = new Set<number>();
  /** Pairs this coordinator put on the queue: one of them missing later was lost by the queue. */
  const queued = new Set<number>();
  const watch = new WorkerWatch(redis, 'its pair');
  let requeuedPairs = 0;
  const news = (text: string | null): void => options.onQueue?.({ workers: watch.alive, news: text });
  const test = (): SprtState | undefined => (options.sprt ? sprt(options.sprt, pentanomial([...(options.earlier ?? []), ...results])) : undefined);
  /** The test as it decided, and the games counted then: pairs counted after are not in it. */
  let decided: { state: SprtState; games: number } | undefined;
  const count = (pair: number, games: readonly GameResult[]): void => {
    if (counted.has(pair)) return;
    counted.add(pair);
    for (const g of games) {
      results.push(g);
      options.onGame?.(results.length, results);
    }
    const now = decided ? undefined : test();
    if (now?.decision) decided = { state: now, games: results.length };
  };
  /** Says which workers stopped answering since the last look (at most every BEAT_MS). */
  const lookAtWorkers = async (): Promise<void> => {
    const told = await watch.look();
    if (told !== undefined) news(told);
  };
  /**
   * Counts the pairs that have finished and queues again those the queue lost or workers skipped;
   * throws when one failed for good, when the match was cancelled, or when its id is another's.
   */
  const sweep = async (): Promise<void> => {
    // The lease first: workers may play what is queued below only while it is held.
    await holdLease(redis, matchId, leaseMs);
    await keepSpec(redis, matchId, spec);
    if ((await endOf(redis, matchId)) === 'cancelled') {
      throw new MatchCancelled(`match ${matchId} was cancelled (throngs match --cancel): ${results.length} of ${tasks.length} games counted; the rest are not played`);
    }
    const outstanding = [...pairs.keys()].filter((p) => !counted.has(p));
    const jobs = await Promise.all(outstanding.map((p) => Job.fromId<PairJob, GameResult[] | Skipped>(queue, jobIdOf(matchId, p))));
    const missing: number[] = [];
    let lost = 0;
    let skipped = 0;
    for (const [i, job] of jobs.entries()) {
      const pair = outstanding[i]!;
      if (!job) {
        missing.push(pair);
        if (queued.has(pair)) lost++;
        continue;
      }
      if (JSON.stringify(job.data.tasks) !== JSON.stringify(pairs.get(pair))) throw usedByAnother(matchId);
      if (job.finishedOn && Array.isArray(job.returnvalue)) count(pair, job.returnvalue);
      else if (job.finishedOn && job.returnvalue && 'skipped' in job.returnvalue) {
        // A worker found no coordinator holding the match (this one was away): play it after all.
        await job.remove();
        missing.push(pair);
        skipped++;
      } else if (job.failedReason && job.attemptsMade >= ATTEMPTS) {
        throw new ThrongsError(`pair ${pair} of match ${matchId} failed on its worker: ${long(job.failedReason)}`);
      }
    }
    if (missing.length > 0 && !decided) {
      // Adding a job whose id exists is a no-op, so only what is missing is added.
      await queue.addBulk(
        missing.map((pair) => ({
          name: matchId,
          data: { matchId, pair, tasks: pairs.get(pair)! },
          opts: { jobId: jobIdOf(matchId, pair), attempts: ATTEMPTS, removeOnComplete: { age: KEEP_SECONDS }, removeOnFail: { age: KEEP_SECONDS } },
        })),
      );
      for (const pair of missing) queued.add(pair);
      if (lost + skipped > 0) {
        requeuedPairs += lost + skipped;
        const why = [lost ? `${lost} the queue lost` : '', skipped ? `${skipped} skipped while the match had no coordinator` : ''].filter(Boolean).join(' and ');
        news(`queued again ${lost + skipped} pair${lost + skipped === 1 ? '' : 's'} (${why})`);
      }
    }
    await lookAtWorkers();
  };
  let resumedPairs = 0;
  let cancelledPairs = 0;
  try {
    if (!(await claimMatch(redis, matchId, spec))) throw usedByAnother(matchId);
    await holdLease(redis, matchId, leaseMs);
    // The pairs already played (a resumed match) are counted before anything is queued.
    for (const [pair] of pairs) if (await Job.fromId(queue, jobIdOf(matchId, pair))) queued.add(pair);
    await sweep();
    resumedPairs = counted.size;
    options.onStart?.();
    while (counted.size < pairs.size && !decided) {
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 500));
      await sweep();
    }
    await endMatch(redis, matchId, 'done');
    for (const p of pairs.keys()) {
      if (counted.has(p)) continue;
      const job = await Job.fromId(queue, jobIdOf(matchId, p));
      // A pair being played is locked to its worker and cannot be removed: it finishes uncounted.
      if (job && (await job.getState()) === 'waiting' && (await job.remove().then(() => true, () => false))) cancelledPairs++;
    }
  } catch (e) {
    // Commands fail with "Connection is closed" once the retries give up: say which queue was lost.
    if (e instanceof Error && /closed|ECONNREFUSED|ENOTFOUND|ETIMEDOUT/.test(e.message)) throw new QueueUnreachable(options.queue, e, matchId);
    throw e;
  } finally {
    await bounded(queue.close(), 5000);
    await bounded(queue.disconnect(), 2000);
    redis.disconnect();
  }
  results.sort((x, y) => x.index - y.index);
  const after = decided ? results.length - decided.games : 0;
  const state = decided ? { ...decided.state, ...(after > 0 ? { gamesAfterDecision: after } : {}) } : test();
  const distinctGames = new Set(results.map((r) => r.record)).size;
  return { summary: summarise(results), results, distinctGames, resumedPairs, cancelledPairs, requeuedPairs, ...(state ? { sprt: state } : {}) };
}

/**
 * Takes a match off the queue for good: marks it cancelled (its coordinator, if running, stops;
 * workers skip its pairs) and removes its pairs still waiting. Pairs being played finish uncounted.
 */
export async function cancelMatch(url: string, matchId: string): Promise<{ removed: number; playing: number }> {
  checkMatchId(matchId);
  await checkReachable(url);
  const queue = new Queue<PairJob>(QUEUE_NAME, { connection: connectionOf(url) });
  queue.on('error', () => {});
  const redis = stateConnection(url);
  try {
    if (!(await knownMatch(redis, matchId))) throw new UsageError(`no match ${matchId} on the queue at ${excerpt(url)}`);
    await endMatch(redis, matchId, 'cancelled');
    let removed = 0;
    for (const job of await queue.getJobs(['waiting', 'delayed', 'prioritized'])) {
      if (job?.name === matchId && (await job.remove().then(() => true, () => false))) removed++;
    }
    const playing = (await queue.getJobs(['active'])).filter((j) => j?.name === matchId).length;
    return { removed, playing };
  } finally {
    await bounded(queue.close(), 5000);
    redis.disconnect();
  }
}
