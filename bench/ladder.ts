/**
 * The strength ladder: real matches between random, greedy, the reference search (mcts-ref) and the
 * wasm search (mcts) at 200 ms and 1 s a move, and the AI levels against each other, for every
 * game of the registry (the plan: bench/ladder-plan.ts). Each step is an SPRT (elo0 0, elo1 the
 * Elo of a 60% score) capped at --games, its pairs opened from the game's shipped opening suite;
 * it is saved in bench/ladder.json after every game with each game's result, so a run stopped
 * part way resumes (ladder-step.ts), and the table in docs/ladder.md is rebuilt from the file.
 *
 *   npm run ladder [-- --games 200] [-- --threads 2] [-- --game G] [-- --only "mcts:1000ms vs greedy"] [-- --board B]
 *                  [-- --sprt elo0=0,elo1=70 | --no-sprt] [-- --adjudicate P,N] [-- --redo] [-- --table-only] [-- --queue redis://HOST:PORT]
 *
 * With --queue the steps' pairs are played by `throngs worker --queue` on any number of machines;
 * each step is a queued match whose id follows from the step and where it starts, so a ladder run
 * stopped and started again picks up the pairs its workers already played.
 */
import { createHash } from 'node:crypto';
import type { MatchOptions } from '../bindings/agents/match.js';
import { parseAdjudication } from '../bindings/agents/adjudication.js';
import { readArguments } from '../bindings/cli/args.js';
import { integerOf, UsageProblem } from '../bindings/cli/command.js';
import { sprtOf } from '../bindings/cli/sprt-option.js';
import { ThrongsError, UsageError } from '../reference/core/errors.js';
import { DEFAULT_SPRT, LADDER, load, writeTable } from './ladder-plan.js';
import { LADDER_FILES, label, playStep, stepLine, stepOf, type Run } from './ladder-step.js';

async function main(): Promise<void> {
  const { values } = readArguments(
    process.argv.slice(2),
    {
      games: { type: 'string' },
      threads: { type: 'string' },
      only: { type: 'string' },
      game: { type: 'string' },
      board: { type: 'string' },
      sprt: { type: 'string' },
      'no-sprt': { type: 'boolean' },
      redo: { type: 'boolean' },
      'table-only': { type: 'boolean' },
      queue: { type: 'string' },
      adjudicate: { type: 'string' },
    },
    false,
  );

  if (values['table-only']) {
    writeTable(LADDER_FILES.doc, load(LADDER_FILES.entries));
  } else {
    const cap = integerOf(values.games, 'games', 2, 200, 100_000);
    // Games are played in pairs with colours swapped, and the SPRT counts whole pairs.
    if (cap % 2 !== 0) throw new UsageError(`--games must be even, not ${cap}`);
    if (values.sprt !== undefined && values['no-sprt']) throw new UsageError('give --sprt or --no-sprt, not both');
    const run: Run = {
      cap,
      threads: integerOf(values.threads, 'threads', 1, 2, 64),
      sprt: values['no-sprt'] ? null : values.sprt !== undefined ? sprtOf(String(values.sprt)) : DEFAULT_SPRT,
      redo: values.redo === true,
      ...(values.adjudicate !== undefined ? { adjudication: parseAdjudication(String(values.adjudicate)) } : {}),
    };
    const queue = values.queue === undefined ? undefined : String(values.queue);
    const queued = queue === undefined ? undefined : await import('../bindings/agents/queue.js');
    if (queued && queue) {
      queued.connectionOf(queue);
      await queued.checkReachable(queue);
    }
    for (const row of LADDER) {
      const step = stepOf(row);
      if (values.game && values.game !== step.game) continue;
      if (values.only && values.only !== `${step.a} vs ${step.b}`) continue;
      if (values.board && values.board !== step.board) continue;
      const onQueue =
        queued && queue
          ? {
              elsewhere: `the workers of ${queue}`,
              play: (options: MatchOptions) =>
                queued.runQueuedMatch({ ...options, queue, matchId: `ladder-${createHash('sha256').update(JSON.stringify([step, options.firstGame ?? 0, options.sprt, options.openings, options.openingPlies, options.games])).digest('hex').slice(0, 16)}` }),
            }
          : {};
      const { plan, entry } = await playStep(step, run, onQueue);
      if (plan.kind === 'skip') {
        if (!plan.finished) console.log(`${label(step)}: left as saved, ${plan.why}`);
      } else if (entry) {
        console.log(stepLine(step, entry));
      }
    }
  }
}

// A mistyped option is refused before any game, in a line rather than a stack.
await main().catch((e: unknown) => {
  if (!(e instanceof ThrongsError) && !(e instanceof UsageProblem)) throw e;
  process.stderr.write(`ladder: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}\n`);
  process.exitCode = e instanceof UsageError || e instanceof UsageProblem ? 2 : 1;
});
