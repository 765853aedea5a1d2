/**
 * The strength ladder's command line (bench/ladder.ts runs it): the options read and checked, then
 * each step of the plan played or left as saved.
 */
import { createHash } from 'node:crypto';
import type { MatchOptions } from '../bindings/agents/match.js';
import { parseAdjudication } from '../bindings/agents/adjudication.js';
import { readArguments } from '../bindings/cli/args.js';
import { gameOf, integerOf } from '../bindings/cli/command.js';
import { refusalOf } from '../bindings/cli/refusal.js';
import { sprtOf } from '../bindings/cli/sprt-option.js';
import { UsageError } from '../reference/core/errors.js';
import { DEFAULT_SPRT, LADDER, load, writeTable } from './ladder-plan.js';
import { LADDER_FILES, label, playStep, stepLine, stepOf, type Run } from './ladder-step.js';

async function ladder(argv: readonly string[]): Promise<void> {
  const { values } = readArguments(
    argv,
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
  // A mistyped game would pick no step and end silently as if the ladder were done.
  if (values.game !== undefined) gameOf(values.game);

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

/**
 * Runs the ladder with the command line `argv`; returns the exit status. A mistyped option is
 * refused before any game, in one line rather than a stack.
 */
export async function runLadder(argv: readonly string[]): Promise<number> {
  try {
    await ladder(argv);
    return 0;
  } catch (e) {
    const refused = refusalOf(e);
    if (!refused) throw e;
    process.stderr.write(`ladder: ${refused.message}\n`);
    return refused.usage ? 2 : 1;
  }
}
