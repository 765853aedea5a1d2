/**
 * The threads a queue worker proves subtrees on (subtree.ts): each a solve thread
 * (solve-worker.mjs) kept from one job to the next, so its engine and table serve every job of a
 * solve it is handed, and a long proof never holds up the worker's lock renewals. A thread that
 * dies mid-job is dropped; the next job starts another.
 */
import { Worker } from 'node:worker_threads';
import { BoardError, IllegalMoveError, NotationError, PositionError, SolveError, UsageError } from '../../reference/core/errors.js';
import type { SubtreeAnswer, SubtreeJob } from './subtree.js';

/** A refusal of the job itself (bad job, a position the solver cannot solve): no other worker would do better. */
export class JobRefused extends Error {}

/** The engine's typed errors, by name (a thread's error crosses as its name and message): the job's fault, not the machine's. */
const REFUSALS = new Set([SolveError, UsageError, BoardError, NotationError, PositionError, IllegalMoveError].map((c) => c.name));

export class SubtreePool {
  private readonly idle: Worker[] = [];
  private readonly busy = new Set<Worker>();

  async prove(job: SubtreeJob): Promise<SubtreeAnswer> {
    const thread = this.idle.pop() ?? new Worker(new URL('./solve-worker.mjs', import.meta.url));
    this.busy.add(thread);
    let healthy = false;
    try {
      const answer = await new Promise<SubtreeAnswer>((resolve, reject) => {
        const onMessage = (m: { answer?: SubtreeAnswer; error?: string; name?: string; progress?: unknown }): void => {
          if (m.progress) return;
          thread.off('message', onMessage);
          thread.off('error', reject);
          thread.off('exit', onExit);
          healthy = true;
          if (m.error === undefined) return resolve(m.answer!);
          const message = m.error.replace(/^\w+: /, '');
          reject(REFUSALS.has(m.name ?? '') ? new JobRefused(message) : new Error(message));
        };
        const onExit = (): void => reject(new Error('the proving thread stopped'));
        thread.on('message', onMessage);
        thread.once('error', reject);
        thread.once('exit', onExit);
        thread.postMessage({ kind: 'subtree', job });
      });
      return answer;
    } finally {
      this.busy.delete(thread);
      if (healthy) this.idle.push(thread);
      else void thread.terminate();
    }
  }

  /** Ends every thread, those proving too (their jobs fail). */
  async stop(): Promise<void> {
    await Promise.all([...this.idle.splice(0), ...this.busy].map((t) => t.terminate()));
  }
}
