/**
 * What a queued match keeps in Redis beside its jobs, and what workers keep there of themselves,
 * so that faults are noticed instead of waited on (as fishtest scavenges dead tasks):
 * - the coordinator's lease (`throngs:match:<id>`): renewed at every look at the queue, gone
 *   `leaseMs` after the coordinator stops. Workers play a match's pairs only while it is held,
 *   so the pairs of a coordinator that died, or of a finished match that an old snapshot of Redis
 *   brought back, are not played; a coordinator that comes back queues them again.
 * - the match's end (`…:end`, `done` or `cancelled`), kept a week: its leftover pairs are skipped.
 * - the match's definition (`…:spec`, a digest of its games), kept a week: an id already used by
 *   another match is refused rather than have one match count the other's games.
 * - workers' heartbeats: a sorted set of worker names scored by the time each last beat.
 */
import { createHash, randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Redis } from 'ioredis';

/** How long the pairs of a coordinator that stopped wait for it (it may be restarting). */
export const LEASE_MS = 60_000;
/** How often a worker says it is alive. */
export const BEAT_MS = 5_000;
/** A worker not heard from for this long is said to have stopped. */
export const STALE_MS = 3 * BEAT_MS;
/** How long a match's end and definition are kept: as long as its played pairs are. */
export const KEEP_SECONDS = 7 * 24 * 3600;

const WORKERS = 'throngs:workers';
const leaseKey = (matchId: string): string => `throngs:match:${matchId}`;
const endKey = (matchId: string): string => `throngs:match:${matchId}:end`;
const specKey = (matchId: string): string => `throngs:match:${matchId}:spec`;

export type MatchEnd = 'done' | 'cancelled';

/** A digest of a match's games: two matches with the same digest play the same games. */
export const specOf = (games: unknown): string => createHash('sha256').update(JSON.stringify(games)).digest('hex').slice(0, 32);

/** Holds (or renews) the coordinator's lease of a match for `leaseMs`. */
export async function holdLease(redis: Redis, matchId: string, leaseMs = LEASE_MS): Promise<void> {
  await redis.set(leaseKey(matchId), String(Date.now()), 'PX', leaseMs);
}

/** Marks a match ended: its lease goes, and workers skip whatever of it is still queued. */
export async function endMatch(redis: Redis, matchId: string, how: MatchEnd): Promise<void> {
  await redis.multi().set(endKey(matchId), how, 'EX', KEEP_SECONDS).del(leaseKey(matchId)).exec();
}

/** How a match ended, or null while it may still be played. */
export async function endOf(redis: Redis, matchId: string): Promise<MatchEnd | null> {
  const how = await redis.get(endKey(matchId));
  return how === 'done' || how === 'cancelled' ? how : null;
}

/**
 * Claims `matchId` for the match with definition `spec`: true when the id is new or already this
 * match's (a resumed match), false when another match has it. A claimed match is running again:
 * an end it had (done, or cancelled) is forgotten, since its coordinator was started again.
 */
export async function claimMatch(redis: Redis, matchId: string, spec: string): Promise<boolean> {
  const set = await redis.set(specKey(matchId), spec, 'EX', KEEP_SECONDS, 'NX');
  if (set !== 'OK' && (await redis.get(specKey(matchId))) !== spec) return false;
  await redis.del(endKey(matchId));
  return true;
}

/** Whether a match of this id was put on the queue (within the last week). */
export async function knownMatch(redis: Redis, matchId: string): Promise<boolean> {
  return (await redis.exists(specKey(matchId))) === 1;
}

/** Writes the definition back where it went missing (Redis emptied under a running match). */
export async function keepSpec(redis: Redis, matchId: string, spec: string): Promise<void> {
  await redis.set(specKey(matchId), spec, 'EX', KEEP_SECONDS, 'NX');
}

/**
 * Why a worker should not take on a job of `matchId` now, or null when it should. A solve over the
 * queue keeps the same records under its own id (`what`: 'solve', its jobs subtrees).
 */
export async function whyNotPlay(redis: Redis, matchId: string, what: 'match' | 'solve' = 'match'): Promise<string | null> {
  const [end, lease] = await Promise.all([endOf(redis, matchId), redis.exists(leaseKey(matchId))]);
  if (end === 'done') return `the ${what} is over`;
  if (end === 'cancelled') return `the ${what} was cancelled`;
  if (lease === 0) return `the ${what} has no coordinator (it stopped, or the ${what === 'match' ? 'pair' : 'job'} is left from an old ${what})`;
  return null;
}

/** A worker's name for its heartbeats: where it runs and which process. */
export const workerName = (): string => `${hostname()}:${process.pid}:${randomBytes(2).toString('hex')}`;

export async function beat(redis: Redis, name: string): Promise<void> {
  await redis.zadd(WORKERS, Date.now(), name);
}

/** A worker stopped cleanly leaves the set at once. */
export async function leave(redis: Redis, name: string): Promise<void> {
  await redis.zrem(WORKERS, name);
}

export interface WorkerSeen {
  readonly name: string;
  /** Milliseconds since it last beat. */
  readonly silentMs: number;
}

/** The workers heard from in the last day (older entries are dropped). */
export async function workersSeen(redis: Redis): Promise<WorkerSeen[]> {
  const now = Date.now();
  await redis.zremrangebyscore(WORKERS, '-inf', now - 24 * 3600 * 1000);
  const flat = await redis.zrange(WORKERS, 0, -1, 'WITHSCORES');
  const seen: WorkerSeen[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2) seen.push({ name: flat[i]!, silentMs: now - Number(flat[i + 1]) });
  return seen;
}
