/**
 * Matches on a real job queue: a real redis-server on loopback, the coordinator and the workers as
 * separate `throngs` processes, workers killed mid-game, a coordinator killed and restarted.
 */
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job, Queue, Worker } from 'bullmq';
import { QUEUE_NAME, QueueUnreachable, checkMatchId, connectionOf, runQueuedMatch } from '../../bindings/agents/queue.js';
import { runQueueWorker } from '../../bindings/agents/queue-worker.js';
import { createEngine } from '../../bindings/index.js';
import { freePort, lines, startRedis, stopAll, throngs, until } from '../support/queue.js';

const dir = mkdtempSync(join(tmpdir(), 'throngs-queue-'));
let url = '';

beforeAll(async () => {
  const port = await freePort();
  await startRedis(port);
  url = `redis://127.0.0.1:${port}`;
});

afterAll(stopAll);

describe('matches on a queue', () => {
  it('a worker killed mid-game: its pair is played again by another, every pair counted once, and the SPRT stops the match', async () => {
    const workers = [0, 1, 2].map(() => throngs(['worker', '--queue', url, '--lock-ms', '1500']));
    await until('three workers', () => workers.every((w) => w.text().includes('waiting for pairs')));
    const results = join(dir, 'killed.jsonl');
    // mcts:60ms against random: games of a second or so, far apart in strength, so the SPRT decides.
    const coordinator = throngs(['match', '--a', 'mcts:60ms', '--b', 'random', '--games', '200', '--board', 'hexhex(4)', '--sprt', 'elo0=0,elo1=150',
      '--queue', url, '--match-id', 'killed', '--results', results, '--json']);
    await until('a worker mid-game', () => /playing pair (\d+)/.test(workers[0]!.text()));
    const killedPair = Number(/playing pair (\d+)/.exec(workers[0]!.text())![1]);
    workers[0]!.child.kill('SIGKILL');
    expect(await coordinator.exited, coordinator.text()).toBe(0);
    const report = JSON.parse(coordinator.text().split('\n').find((l) => l.startsWith('{'))!);
    expect(report.sprt.decision).toBe('H1');
    expect(report.games).toBeLessThan(200);

    // Every game counted once, in whole pairs, and the same ones the summary counts.
    const played = lines(results);
    const indices = played.map((l) => l.index).sort((x, y) => x - y);
    expect(new Set(indices).size).toBe(indices.length);
    expect(indices.length).toBe(report.games);
    // The test's pairs, and apart from them the games counted after it decided (in the score, not in the test).
    expect(indices.length).toBe(2 * report.sprt.pairs + (report.sprt.gamesAfterDecision ?? 0));
    for (const i of indices) expect(indices).toContain(i ^ 1);
    expect(played.filter((l) => l.scoreA === 1).length).toBe(report.winsA);

    // The dead worker's pair was played again (the queue's stalled-job check), by a worker still alive.
    expect(indices).toContain(2 * killedPair);
    const queue = new Queue(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      const job = await Job.fromId(queue, `p${killedPair}@killed`);
      expect(job?.stalledCounter).toBeGreaterThanOrEqual(1);
      expect(job?.finishedOn).toBeGreaterThan(0);
      // The SPRT's stop took the pairs still waiting off the queue.
      const waiting = (await queue.getWaiting()).filter((j) => j.id?.endsWith('@killed'));
      expect(waiting).toEqual([]);
    } finally {
      await queue.close();
    }
    expect(workers[1]!.text() + workers[2]!.text()).toContain(`played pair ${killedPair} of match killed`);

    // A game from the file replays to the same end.
    const line = played.find((l) => l.index === 2 * killedPair)!;
    const replay = await createEngine({ backend: 'wasm', ...line.game });
    replay.loadRecord(line.record!);
    expect(replay.scores()).toEqual(line.scores);
    expect(replay.record()).toBe(line.record);

    // Stopped workers give their pairs back and exit at once, with status 0.
    for (const w of workers.slice(1)) w.child.kill('SIGTERM');
    expect(await Promise.all(workers.slice(1).map((w) => w.exited))).toEqual([0, 0]);
  });

  it('a coordinator killed part way and restarted with the same match id resumes: no pair lost, none counted twice', async () => {
    const workers = [0, 1].map(() => throngs(['worker', '--queue', url, '--lock-ms', '1500']));
    await until('two workers', () => workers.every((w) => w.text().includes('waiting for pairs')));
    const args = ['match', '--a', 'mcts:30ms', '--b', 'greedy', '--games', '16', '--board', 'hexhex(4)', '--queue', url, '--match-id', 'restarted', '--json'];
    const first = throngs([...args, '--results', join(dir, 'first.jsonl')]);
    await until('four games counted', () => lines(join(dir, 'first.jsonl')).length >= 4);
    first.child.kill('SIGKILL');
    await first.exited;
    const second = throngs([...args, '--results', join(dir, 'second.jsonl')]);
    expect(await second.exited, second.text()).toBe(0);
    const report = JSON.parse(second.text().split('\n').find((l) => l.startsWith('{'))!);
    expect(report.games).toBe(16);
    expect(report.resumedPairs).toBeGreaterThanOrEqual(2);
    const indices = lines(join(dir, 'second.jsonl')).map((l) => l.index).sort((x, y) => x - y);
    expect(indices).toEqual(Array.from({ length: 16 }, (_, i) => i));
    // The games the first coordinator counted are the same games, not played again.
    const before = lines(join(dir, 'first.jsonl'));
    const after = new Map(lines(join(dir, 'second.jsonl')).map((l) => [l.index, l]));
    for (const l of before) expect(after.get(l.index)?.record).toBe(l.record);
    for (const w of workers) w.child.kill('SIGTERM');
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0]);
  });

  it('bad input: an unreachable queue, a malformed address or match id, a game no worker can set up, a pair failing on its worker, and a queue lost for good', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const options = { a: 'greedy', b: 'random', games: 2, threads: 1, game: { board: 'hexhex(4)' } };
    await expect(runQueuedMatch({ ...options, queue: dead, matchId: 'x' })).rejects.toThrow(QueueUnreachable);
    await expect(runQueuedMatch({ ...options, queue: dead, matchId: 'x' })).rejects.toThrow(/cannot reach the queue .*ECONNREFUSED/);
    expect(() => connectionOf('http://example.com')).toThrow(/redis:\/\/HOST:PORT/);
    // A game the workers could not set up is refused before anything is queued.
    const queue = new Queue(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      const before = await queue.count();
      await expect(runQueuedMatch({ ...options, game: { board: 'nonsense(' }, queue: url, matchId: 'badboard' })).rejects.toThrow(/board/);
      expect(await queue.count()).toBe(before);
      expect(await Job.fromId(queue, 'p0@badboard')).toBeUndefined();
    } finally {
      await queue.close();
    }

    // A pair whose games fail on the worker (three tries) ends the match with the worker's reason.
    const failing = new Worker(QUEUE_NAME, async () => { throw new Error('boom on the worker'); }, { connection: connectionOf(url) });
    try {
      await expect(runQueuedMatch({ ...options, queue: url, matchId: 'failing', pollMs: 100 })).rejects.toThrow(/pair 0 of match failing failed on its worker: boom on the worker/);
    } finally {
      await failing.close(true);
    }
    expect(() => checkMatchId('a:b')).toThrow(/match id/);
    const file = join(dir, 'never.jsonl');
    const refused = throngs(['match', '--a', 'greedy', '--b', 'random', '--games', '2', '--queue', dead, '--results', file]);
    expect(await refused.exited).toBe(1);
    expect(refused.text()).toMatch(/cannot reach the queue/);
    expect(existsSync(file)).toBe(false);
    const malformed = throngs(['worker', '--queue', 'localhost:6379']);
    expect(await malformed.exited).toBe(2);
    const noQueue = throngs(['match', '--a', 'greedy', '--b', 'random', '--match-id', 'x']);
    expect(await noQueue.exited).toBe(2);
    expect(noQueue.text()).toMatch(/--match-id .* give --queue/);
    const unreachable = throngs(['worker', '--queue', dead]);
    expect(await unreachable.exited).toBe(1);

    // A worker whose Redis goes away and stays away reports the queue lost (after its retries).
    const port = await freePort();
    const doomed = await startRedis(port);
    const worker = await runQueueWorker({ queue: `redis://127.0.0.1:${port}`, retries: 3 });
    doomed.kill('SIGKILL');
    expect(await worker.lost).toMatch(/lost the queue/);
    await worker.close(true);
  });
});
