/**
 * Matches on a queue through faults one step harder than a dead worker, each on a real
 * redis-server of its own on loopback with `throngs` processes: Redis killed and started again
 * empty mid-match, a match cancelled, a coordinator that stopped (its pairs skipped, then played
 * when it comes back, and a finished match's pairs never played again), a worker that stops
 * answering, and a match id taken by another match.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { QUEUE_NAME, QueueUnreachable, connectionOf, runQueuedMatch, type PairJob } from '../../bindings/agents/queue.js';
import { matchTasks } from '../../bindings/agents/match.js';
import { freePort, lines, report, startRedis, stopAll, throngs, until } from '../support/queue.js';

const dir = mkdtempSync(join(tmpdir(), 'throngs-faults-'));

afterAll(stopAll);

/** Every game index from 0 to n-1 once, in whole pairs. */
function countedOnce(indices: number[], n: number): void {
  expect([...indices].sort((x, y) => x - y)).toEqual(Array.from({ length: n }, (_, i) => i));
}

describe('matches on a queue through faults', () => {
  it('Redis killed and started again empty mid-match: the coordinator queues the lost pairs again and the match ends with every game counted once', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    let redis = await startRedis(port);
    const workers = [0, 1].map(() => throngs(['worker', '--queue', url, '--lock-ms', '1500']));
    await until('two workers', () => workers.every((w) => w.text().includes('waiting for pairs')));
    const results = join(dir, 'emptied.jsonl');
    const coordinator = throngs(['match', '--a', 'mcts:30ms', '--b', 'greedy', '--games', '16', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'emptied', '--results', results, '--json']);
    await until('four games counted', () => lines(results).length >= 4);
    redis.kill('SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    redis = await startRedis(port);
    expect(await coordinator.exited, coordinator.text()).toBe(0);
    const summary = report(coordinator);
    expect(summary.games).toBe(16);
    expect(summary.requeuedPairs as number).toBeGreaterThan(0);
    expect(coordinator.text()).toMatch(/emptied: queued again \d+ pairs? \(\d+ the queue lost\)/);
    countedOnce(lines(results).map((l) => l.index), 16);
    for (const w of workers) w.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  });

  it('a worker that stops answering is named by the coordinator; a cancelled match stops its coordinator and its pairs are not played', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    await startRedis(port);
    const workers = [0, 1].map(() => throngs(['worker', '--queue', url, '--lock-ms', '60000']));
    await until('two workers', () => workers.every((w) => w.text().includes('waiting for pairs')));
    const coordinator = throngs(['match', '--a', 'mcts:100ms', '--b', 'greedy', '--games', '40', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'cancelled']);
    await until('a pair under way', () => /playing pair/.test(workers[0]!.text()));
    workers[0]!.child.kill('SIGKILL');
    await until('the coordinator to name the silent worker', () => /cancelled: worker \S+ stopped answering \d+ s ago/.test(coordinator.text()), 40_000);

    const cancel = throngs(['match', '--cancel', '--match-id', 'cancelled', '--queue', url]);
    expect(await cancel.exited, cancel.text()).toBe(0);
    expect(cancel.text()).toMatch(/cancelled match cancelled: \d+ waiting pairs? taken off the queue/);
    expect(await coordinator.exited).toBe(1);
    expect(coordinator.text()).toMatch(/match cancelled was cancelled \(throngs match --cancel\): \d+ of 40 games counted/);
    // Nothing of the match waits on the queue; a worker that joins now plays none of its pairs.
    const queue = new Queue<PairJob>(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      expect((await queue.getJobs(['waiting', 'delayed', 'prioritized'])).filter((j) => j?.name === 'cancelled')).toEqual([]);
    } finally {
      await queue.close();
    }
    const late = throngs(['worker', '--queue', url]);
    await until('the late worker', () => late.text().includes('waiting for pairs'));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(late.text()).not.toMatch(/playing pair \d+ of match cancelled/);
    // Cancelling a match the queue never had is refused.
    const unknown = throngs(['match', '--cancel', '--match-id', 'nosuch', '--queue', url]);
    expect(await unknown.exited).toBe(1);
    expect(unknown.text()).toMatch(/no match nosuch on the queue/);
    for (const w of [workers[1]!, late]) w.child.kill('SIGTERM');
    await Promise.all([workers[1]!.exited, late.exited]);
  });

  it('a coordinator that stopped: its pairs are skipped once its lease runs out, played when it comes back, and a finished match’s pairs are never played again', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    await startRedis(port);
    const args = ['match', '--a', 'greedy', '--b', 'random', '--games', '4', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'abandoned', '--lease-ms', '1500', '--json'];
    const first = throngs(args);
    await until('the match on the queue', () => first.text().includes('resumes it'));
    const queue = new Queue<PairJob>(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      let waiting = 0;
      for (let tries = 0; tries < 100 && waiting < 2; tries++) {
        waiting = (await queue.getJobs(['waiting'])).filter((j) => j?.name === 'abandoned').length;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(waiting).toBe(2);
      first.child.kill('SIGKILL');
      await first.exited;
      await new Promise((resolve) => setTimeout(resolve, 2000));
      // No coordinator holds the match: a worker skips its pairs rather than play them for nobody.
      const worker = throngs(['worker', '--queue', url]);
      await until('both pairs skipped', () => (worker.text().match(/skipped pair \d of match abandoned: the match has no coordinator/g) ?? []).length === 2);
      expect(worker.text()).not.toMatch(/played pair \d of match abandoned/);
      // The coordinator comes back: the skipped pairs are queued again and played, each counted once.
      const results = join(dir, 'abandoned.jsonl');
      const second = throngs([...args, '--results', results]);
      expect(await second.exited, second.text()).toBe(0);
      expect(report(second)).toMatchObject({ games: 4, requeuedPairs: 2 });
      countedOnce(lines(results).map((l) => l.index), 4);
      // The match is over: its pairs brought back (as an older snapshot of Redis would) are skipped.
      const [task] = matchTasks({ a: 'greedy', b: 'random', games: 4, threads: 1, game: { board: 'hexhex(4)' } });
      await queue.add('abandoned', { matchId: 'abandoned', pair: 0, tasks: [task!] }, { jobId: 'p0@abandoned-from-a-snapshot' });
      await until('the leftover pair skipped', () => /skipped pair 0 of match abandoned: the match is over/.test(worker.text()));
      worker.child.kill('SIGTERM');
      await worker.exited;
    } finally {
      await queue.close();
    }
  });

  it('a queue that stays away ends the coordinator after its reconnection attempts, with one line naming the queue and how to resume', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    const redis = await startRedis(port);
    const started = Date.now();
    const match = runQueuedMatch({ a: 'greedy', b: 'random', games: 4, threads: 1, game: { board: 'hexhex(4)' }, queue: url, matchId: 'gone', retries: 3, pollMs: 100, onStart: () => redis.kill('SIGKILL') });
    const error = await match.then(() => null, (e: unknown) => e);
    expect(error).toBeInstanceOf(QueueUnreachable);
    expect((error as Error).message).toMatch(new RegExp(`^cannot reach the queue at ${url}: .*; the same command with --match-id gone resumes the match$`));
    expect((error as Error).message).not.toContain('\n');
    // Three attempts 200 to 600 ms apart: a few seconds, not a hang.
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('a match id already used by another match is refused; the same match again resumes it', async () => {
    const port = await freePort();
    const url = `redis://127.0.0.1:${port}`;
    await startRedis(port);
    const worker = throngs(['worker', '--queue', url]);
    await until('a worker', () => worker.text().includes('waiting for pairs'));
    const args = ['match', '--a', 'greedy', '--b', 'random', '--games', '4', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'taken', '--json'];
    const first = throngs(args);
    expect(await first.exited, first.text()).toBe(0);
    const other = throngs(['match', '--a', 'random', '--b', 'greedy', '--games', '4', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'taken']);
    expect(await other.exited).toBe(1);
    expect(other.text().trim()).toMatch(/^throngs match: match id taken is already used on this queue by another match \(other agents, games or settings\)/);
    expect(other.text().trim().split('\n')).toHaveLength(1);
    const again = throngs(args);
    expect(await again.exited, again.text()).toBe(0);
    expect(report(again)).toMatchObject({ games: 4, resumedPairs: 2 });
    worker.child.kill('SIGTERM');
    await worker.exited;
  });
});
