/**
 * What a coordinator (a match's or a solve's) says of the workers on its queue: how many it heard
 * from lately, and which stopped answering or left since it last looked, from their heartbeats
 * (match-state.ts). A job of a worker that stopped goes back on the queue once its lock runs out.
 */
import type { Redis } from 'ioredis';
import { BEAT_MS, STALE_MS, workersSeen } from './match-state.js';

export class WorkerWatch {
  /** Each worker seen, and whether it was alive at the last look. */
  private readonly workers = new Map<string, boolean>();
  private lastLook = -Infinity;

  /** `held`: what a worker holds, in words (`its pair`). */
  constructor(
    private readonly redis: Redis,
    private readonly held: string,
  ) {}

  /** Workers heard from in the last STALE_MS, at the last look. */
  get alive(): number {
    return [...this.workers.values()].filter(Boolean).length;
  }

  /**
   * Looks at the heartbeats, at most every BEAT_MS: undefined when it is too soon, else what
   * changed in words (null when nothing did).
   */
  async look(): Promise<string | null | undefined> {
    if (performance.now() - this.lastLook < BEAT_MS) return undefined;
    this.lastLook = performance.now();
    const seen = await workersSeen(this.redis);
    const names = new Set(seen.map((w) => w.name));
    const told: string[] = [];
    for (const w of seen) {
      const alive = w.silentMs < STALE_MS;
      if (!alive && this.workers.get(w.name)) told.push(`worker ${w.name} stopped answering ${Math.round(w.silentMs / 1000)} s ago; ${this.held} goes back on the queue when its lock runs out`);
      this.workers.set(w.name, alive);
    }
    for (const [name, alive] of this.workers) {
      if (names.has(name)) continue;
      if (alive) told.push(`worker ${name} left`);
      this.workers.delete(name);
    }
    return told.length ? told.join('; ') : null;
  }
}
