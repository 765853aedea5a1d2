/**
 * What the queue tests share: real redis-servers on loopback (started, killed and started again on
 * the same port), `throngs` processes whose output is kept, waiting for a condition, and the games
 * a match wrote to its results file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { ResultLine } from '../../bindings/agents/results-log.js';

const bin = new URL('../../bin/throngs.mjs', import.meta.url).pathname;
/** Every process started, to be killed when the file's tests end (see stopAll). */
const children: ChildProcess[] = [];

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function until(what: string, ok: () => boolean, ms = 90_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A redis-server on `port`, empty and keeping nothing on disk; resolves once it answers. */
export async function startRedis(port: number): Promise<ChildProcess> {
  const redis = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  children.push(redis);
  await until(`redis-server on ${port}`, () => spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG', 20_000);
  return redis;
}

export interface Throngs {
  readonly child: ChildProcess;
  /** Everything it wrote so far, stdout and stderr. */
  text(): string;
  readonly exited: Promise<number | null>;
}

/** A `throngs` process whose output is kept, and its exit. */
export function throngs(args: string[]): Throngs {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout!.on('data', (d) => (text += d));
  child.stderr!.on('data', (d) => (text += d));
  // 'close', not 'exit': the last of its output may come after it exits.
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, text: () => text, exited };
}

/** Kills every process the file started. */
export function stopAll(): void {
  for (const c of children) c.kill('SIGKILL');
}

export const lines = (file: string): ResultLine[] =>
  existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as ResultLine) : [];

/** The JSON report a `throngs match --json` printed. */
export const report = (t: Throngs): Record<string, unknown> & { games: number } => JSON.parse(t.text().split('\n').find((l) => l.startsWith('{'))!);
