/** `throngs solve --queue`: the solve spread over the workers of a queue (agents/queue-solve.ts). */
import { UsageError } from '../../reference/core/errors.js';
import type { GameSetup } from '../engine/engine.js';
import type { SolveMethod } from '../solver/method.js';
import { MAX_SPLIT_DEPTH } from '../solver/split.js';
import { describeBounds, resultOfBounds } from '../solver/value.js';
import { integerOf, out, queueModule, UsageProblem } from './command.js';
import { printValue } from './solve-output.js';

export interface QueueSolveSetup {
  readonly game: string;
  readonly setup: GameSetup;
  readonly arenaMB: number;
  readonly margin: boolean;
  readonly method: SolveMethod;
}

export async function solveOnQueue(values: Readonly<Record<string, unknown>>, s: QueueSolveSetup): Promise<number> {
  const queue = String(values.queue);
  const splitDepth = values['split-depth'] === undefined ? undefined : integerOf(values['split-depth'], 'split-depth', 1, 1, MAX_SPLIT_DEPTH);
  const leaseMs = integerOf(values['lease-ms'], 'lease-ms', 1000, 60_000, 3_600_000, 'an hour');
  const module = await queueModule(() => import('../agents/queue-solve.js'));
  const { connectionOf } = await queueModule();
  try {
    connectionOf(queue);
  } catch (e) {
    if (e instanceof UsageError) throw new UsageProblem(e.message);
    throw e;
  }
  const say = (line: string): void => void process.stderr.write(`solve: ${line}\n`);
  let last = 0;
  const r = await module.runQueuedSolve({
    queue,
    ...s,
    ...(splitDepth !== undefined ? { splitDepth } : {}),
    leaseMs,
    ...(values.save !== undefined ? { save: String(values.save) } : {}),
    saveByDefault: true,
    onWarning: say,
    onNews: say,
    onStart: ({ solveId, splitDepth: depth, subtrees, resumed, save }) =>
      say(`solve ${solveId} on ${queue}: ${subtrees} subtrees, ${depth} move${depth === 1 ? '' : 's'} deep${resumed ? `, ${resumed} proven before` : ''}; proofs kept in ${save}, from which the same command goes on`),
    onProgress: (p) => {
      if (p.elapsedMs - last < 2000) return;
      last = p.elapsedMs;
      const value = resultOfBounds(p.value) === null ? 'not yet proven' : describeBounds(p.value);
      say(`${(p.elapsedMs / 1000).toFixed(0)} s, ${p.proven} jobs proven (${p.nodes} nodes), ${p.queued} on the queue, ${p.workers} worker${p.workers === 1 ? '' : 's'}, value so far: ${value}`);
    },
  });
  printValue(r);
  out(`nodes: ${r.nodes}; subtrees: ${r.subtrees}, ${r.splitDepth} move${r.splitDepth === 1 ? '' : 's'} deep; jobs: ${r.jobs}; time: ${(r.elapsedMs / 1000).toFixed(2)} s${s.method === 'alphabeta' ? '' : `; method: ${s.method}`}; queue: solve ${r.solveId}${r.resumed ? `; ${r.resumed} subtrees from ${r.save}` : ''}${r.requeued ? `; ${r.requeued} jobs queued again` : ''}`);
  return 0;
}
