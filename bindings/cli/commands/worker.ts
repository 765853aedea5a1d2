/** `throngs worker`: play game pairs and prove subtrees from a queue that `throngs match --queue` and `throngs solve --queue` fill. */
import { UsageError } from '../../../reference/core/errors.js';
import { integerOf, queueModule, UsageProblem, type Command } from '../command.js';

export const command: Command = {
  summary: 'play the game pairs of matches and prove the subtrees of solves put on a queue (throngs match --queue, throngs solve --queue)',
  usage: `throngs worker --queue redis://HOST:PORT [--threads T] [--lock-ms L]

Takes game pairs off the queue in Redis and plays them, T jobs at a time (default 1, at most 64;
a pair's games run one after the other on a thread of their own), and proves the subtrees of
solves (throngs solve --queue) on threads it keeps for a solve's jobs, each with a table of the
solve's --memory MB; until stopped with Ctrl-C or SIGTERM. Start one on every machine that should
work; they may come and go while a match or solve runs. A worker that dies holds its pair or
subtree for at most L milliseconds (default 30000): then the queue hands it to another worker, and
the match or solve counts it once (L from 1000 to 3,600,000). Stopping a worker gives its jobs
back at once. A worker says it is alive every 5 s (coordinators name one silent for 15 s), and
skips the jobs of a match or solve that is over, cancelled, or whose coordinator stopped over a
minute ago. Exits with status 1 if the queue cannot be reached, or once it has been gone for about
a minute.`,
  options: {
    queue: { type: 'string' },
    threads: { type: 'string' },
    'lock-ms': { type: 'string' },
  },
  async run(values) {
    if (values.queue === undefined) throw new UsageProblem('give the queue: --queue redis://HOST:PORT');
    const queue = String(values.queue);
    const threads = integerOf(values.threads, 'threads', 1, 1, 64);
    const lockMs = integerOf(values['lock-ms'], 'lock-ms', 1000, 30_000, 3_600_000, 'an hour');
    const { connectionOf } = await queueModule();
    const { runQueueWorker } = await queueModule(() => import('../../agents/queue-worker.js'));
    try {
      connectionOf(queue);
    } catch (e) {
      if (e instanceof UsageError) throw new UsageProblem(e.message);
      throw e;
    }
    const say = (line: string): void => void process.stderr.write(`${new Date().toISOString().slice(11, 19)} ${line}\n`);
    const worker = await runQueueWorker({
      queue,
      threads,
      lockMs,
      onStart: ({ matchId, pair }) => say(`playing pair ${pair} of match ${matchId}`),
      onPair: ({ matchId, pair, games, seconds }) => say(`played pair ${pair} of match ${matchId} (${games} games, ${seconds.toFixed(1)} s)`),
      onSkip: ({ matchId, pair, why }) => say(`skipped pair ${pair} of match ${matchId}: ${why}`),
      onProblem: (message) => say(`problem: ${message}`),
      onSubtree: say,
    });
    say(`worker on ${queue}, ${threads} thread${threads === 1 ? '' : 's'}: waiting for pairs and subtrees (Ctrl-C stops)`);
    const stopped = new Promise<string>((resolve) => {
      for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => resolve(`stopped by ${signal}`));
    });
    const why = await Promise.race([stopped, worker.lost]);
    say(why);
    // Forced: jobs under way go back on the queue rather than being waited for.
    await worker.close(true);
    return why.startsWith('lost') ? 1 : 0;
  },
};
