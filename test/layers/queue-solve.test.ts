/**
 * Solves spread over a real job queue: a redis-server on loopback, `throngs worker` processes
 * proving subtrees, `throngs solve --queue` combining them. A worker killed mid-job costs only
 * that job; a coordinator killed part way resumes from its save file alone; jobs the solver
 * refuses, and bad input, end the solve with one line and change nothing.
 */
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Job, Queue } from 'bullmq';
import { QUEUE_NAME, connectionOf } from '../../bindings/agents/queue.js';
import { createEngine } from '../../bindings/index.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { describeBounds } from '../../bindings/solver/value.js';
import type { SubtreeJob } from '../../bindings/solver/subtree.js';
import { freePort, startRedis, stopAll, throngs, until, type Throngs } from '../support/queue.js';
import { runCli } from '../support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'throngs-queue-solve-'));
let url = '';
let port = 0;

beforeAll(async () => {
  port = await freePort();
  await startRedis(port);
  url = `redis://127.0.0.1:${port}`;
});

afterAll(stopAll);

const BOARD = ['--game', 'refugia', '--board', 'hex2-3', '--memory', '16'];

/** The value and every root move's, as the one-process solve of Refugia hex2-3 has them. */
async function oneProcess(): Promise<string[]> {
  const r = await solvePosition(await createEngine({ game: 'refugia', board: 'hex2-3', backend: 'wasm', arenaMB: 16 }));
  return [`value: ${describeBounds(r.value)} for the player to move`, `moves that keep it: ${r.best.join(' ')}`, `all moves: ${r.moves.map((m) => `${m.move} ${describeBounds(m.bounds)}`).join(', ')}`];
}

const printed = (t: Throngs): string[] => t.text().split('\n').filter((l) => /^(value|moves that keep it|all moves): /.test(l));
const jobsOf = (t: Throngs): number => Number(/; jobs: (\d+);/.exec(t.text())?.[1]);
const workers = (n: number): Throngs[] => Array.from({ length: n }, () => throngs(['worker', '--queue', url, '--lock-ms', '1500']));
const ready = (ws: Throngs[]): Promise<void> => until('the workers', () => ws.every((w) => w.text().includes('waiting for pairs and subtrees')));
const stop = async (ws: Throngs[]): Promise<void> => {
  for (const w of ws) w.child.kill('SIGTERM');
  await Promise.all(ws.map((w) => w.exited));
};

describe('solves on a queue', () => {
  let fullJobs = 0;

  it('a worker killed mid-job: its job goes to the other worker, and the solve ends with the one-process values', async () => {
    const ws = workers(2);
    await ready(ws);
    const save = join(dir, 'killed.jsonl');
    const coordinator = throngs(['solve', ...BOARD, '--queue', url, '--save', save]);
    // A worker's first job starts its proving thread: it is under way for a while.
    await until('a job under way', () => /proving subtree (.+) of solve (s-\w+) \((\w+)\)/.test(ws[0]!.text()));
    const [, line, solveId, goal] = /proving subtree (.+) of solve (s-\w+) \((\w+)\)/.exec(ws[0]!.text())!;
    ws[0]!.child.kill('SIGKILL');
    expect(await coordinator.exited, coordinator.text()).toBe(0);
    expect(printed(coordinator)).toEqual(await oneProcess());
    fullJobs = jobsOf(coordinator);
    expect(fullJobs).toBeGreaterThan(13);
    // The killed worker's job was taken again by the queue's stalled-job check and proven by the other.
    expect(ws[1]!.text()).toContain(`proved subtree ${line} of solve ${solveId}`);
    expect(ws[0]!.text()).not.toContain(`proved subtree ${line} of`);
    const queue = new Queue(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      const jobs = (await queue.getJobs(['completed'])).filter((j) => j?.name === solveId && j.data.path.join(' ') === line && j.data.goal.kind === goal);
      expect(jobs.length).toBe(1);
      expect(jobs[0]!.stalledCounter).toBeGreaterThanOrEqual(1);
    } finally {
      await queue.close();
    }
    // Every proof is in the save file, a whole line each.
    const saved = readFileSync(save, 'utf8').trim().split('\n');
    expect(JSON.parse(saved[0]!).splitSolve.board).toBe('althex(2,3)');
    expect(saved.length - 1).toBe(fullJobs);
    await stop([ws[1]!]);
  }, 60_000);

  it('a coordinator killed part way resumes from its save file (the queue emptied meanwhile): fewer jobs, the same values', async () => {
    const ws = workers(2);
    await ready(ws);
    const save = join(dir, 'resumed.jsonl');
    const first = throngs(['solve', ...BOARD, '--queue', url, '--save', save, '--lease-ms', '1000']);
    await until('30 proofs saved', () => existsSync(save) && readFileSync(save, 'utf8').split('\n').length > 31);
    first.child.kill('SIGKILL');
    await first.exited;
    // Nothing of the first run is left on the queue: whatever is resumed comes from the save file.
    expect(spawnSync('redis-cli', ['-p', String(port), 'flushall']).status).toBe(0);
    // An interruption cut the last line: dropped with a warning.
    writeFileSync(save, readFileSync(save, 'utf8') + '{"path":["b2"],"low');
    const second = throngs(['solve', ...BOARD, '--queue', url, '--save', save]);
    expect(await second.exited, second.text()).toBe(0);
    expect(printed(second)).toEqual(await oneProcess());
    expect(second.text()).toMatch(/its last line was cut off by an interruption \(\d+ characters\): dropped/);
    const resumed = Number(/; (\d+) subtrees from /.exec(second.text())?.[1]);
    expect(resumed).toBeGreaterThanOrEqual(30);
    expect(jobsOf(second)).toBeLessThan(fullJobs);
    await stop(ws);
  }, 60_000);

  it('a job the solver refuses ends the solve with the worker\'s reason in one line; a job from a newer coordinator is refused, not retried', async () => {
    const ws = workers(1);
    await ready(ws);
    // Populace without a move limit or superko: lines of play go on for ever.
    const endless = await runCli(['solve', '--game', 'populace', '--board', 'hexhex(3)', '--memory', '16', '--queue', url, '--save', join(dir, 'endless.jsonl')]);
    expect(endless.code).toBe(1);
    const last = endless.err.trim().split('\n').at(-1)!;
    expect(last).toMatch(/^throngs solve: the subtree .+ of solve s-\w+ failed on its worker: .*(repeats a position|goes on past)/);
    const queue = new Queue<SubtreeJob>(QUEUE_NAME, { connection: connectionOf(url) });
    try {
      const job: SubtreeJob = { kind: 'subtree', solveId: 'handmade', game: 'refugia', setup: { board: 'hexhex(2)' }, path: [], goal: { kind: 'result' }, known: { lower: -32767, upper: 32767 }, method: 'guesswork' as never, arenaMB: 16 };
      // A coordinator holds the solve (its lease), so the worker takes the job on rather than skip it.
      spawnSync('redis-cli', ['-p', String(port), 'set', 'throngs:match:handmade', '1', 'PX', '60000']);
      await queue.add('handmade', job, { jobId: 'handmade-1', attempts: 3 });
      await until('the job refused', () => /subtree \(the root\) of solve handmade failed: the job is refused: it asks for the proving method 'guesswork'/.test(ws[0]!.text()));
      const refused = await Job.fromId(queue, 'handmade-1');
      expect(await refused!.getState()).toBe('failed');
      expect(refused!.attemptsMade).toBe(1);
    } finally {
      await queue.close();
    }
    await stop(ws);
  }, 60_000);

  it('bad input is refused in one line and changes nothing', async () => {
    const dead = `redis://127.0.0.1:${await freePort()}`;
    const save = join(dir, 'never.jsonl');
    const cases: Array<[string[], number, RegExp]> = [
      [['--queue', 'localhost:6379'], 2, /a queue is redis:\/\/HOST:PORT/],
      [['--queue', dead, '--save', save], 1, /cannot reach the queue at .*ECONNREFUSED/],
      [['--queue', url, '--split-depth', '9', '--save', save], 2, /--split-depth must be .*1.*4/],
      [['--split-depth', '2'], 2, /--split-depth is for a solve over a queue: give --queue too/],
      [['--queue', url, '--threads', '2'], 2, /--threads is for a solve in one process/],
    ];
    for (const [args, status, message] of cases) {
      const t = await runCli(['solve', ...BOARD, ...args]);
      expect(t.code, t.err).toBe(status);
      expect(t.err.trim().split('\n')).toHaveLength(1);
      expect(t.err).toMatch(message);
    }
    expect(existsSync(save)).toBe(false);
    // A save file of another position, or of a solve in one process, is refused and left as it was.
    const other = join(dir, 'other.jsonl');
    const oneProcessSave = join(dir, 'one-process.jsonl');
    expect((await runCli(['solve', ...BOARD, '--save', oneProcessSave])).code).toBe(0);
    writeFileSync(other, '{"splitSolve":{"game":"refugia","board":"hexhex(2)","options":{},"position":"x"}}\n');
    for (const [file, message] of [[other, /is not a save file of this solve/], [oneProcessSave, /is the save file of a solve in one process/]] as const) {
      const before = readFileSync(file, 'utf8');
      const t = await runCli(['solve', ...BOARD, '--queue', url, '--save', file]);
      expect(t.code).toBe(1);
      expect(t.err.trim().split('\n')).toHaveLength(1);
      expect(t.err).toMatch(message);
      expect(readFileSync(file, 'utf8')).toBe(before);
    }
  }, 60_000);
});
