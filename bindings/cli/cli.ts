/**
 * The `throngs` command line, for every game of the registry (`--game`, default throngs):
 * conformance checks, perft counts, a game in the terminal, matches, benchmarks and exact solves.
 * `throngs <command> --help` explains each command.
 *
 * In this folder (cli/): this dispatcher, command.ts (what the commands share), args.ts (the
 * arguments read, refused in our own words), refusal.ts (an error as one line), one file per
 * command in commands/, and their helpers: conformance.ts (the data runner), perft.ts, bench.ts
 * (the quick benchmark), sprt-option.ts (--sprt), solve-output.ts and solve-queue.ts (what a
 * solve prints; `throngs solve --queue`), protocol.ts and line-reader.ts (the text protocol of
 * `throngs engine`) and text-board.ts (boards drawn in the terminal).
 */
import { excerpt } from '../../reference/core/errors.js';
import { refusalOf } from './refusal.js';
import { readArguments } from './args.js';
import { GAME_IDS } from '../games/registry.js';
import { COMMON, out, UsageProblem, type Command } from './command.js';
import { command as analyse } from './commands/analyse.js';
import { command as bench } from './commands/bench.js';
import { command as conformance } from './commands/conformance.js';
import { command as engine } from './commands/engine.js';
import { command as match } from './commands/match.js';
import { command as openings } from './commands/openings.js';
import { command as perft } from './commands/perft.js';
import { command as play } from './commands/play.js';
import { command as solve } from './commands/solve.js';
import { command as accuracy } from './commands/accuracy.js';
import { command as worker } from './commands/worker.js';

/** The commands, in the order help lists them. */
const commands: Readonly<Record<string, Command>> = { conformance, perft, play, bench, match, worker, openings, analyse, engine, solve, accuracy };

function help(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `throngs: the engine for the Throngs family (${GAME_IDS.join(', ')}) on the command line

Usage: throngs <command> [options]   (throngs <command> --help for details)

Commands:
${lines.join('\n')}`;
}

/**
 * Runs the CLI with the given arguments; returns the exit status. A refused input or a file that
 * cannot be read or written is one line on stderr (status 2 for the command line itself, 1 for
 * what it names); anything else is a fault of the program and keeps its stack.
 */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(help());
    return name === undefined ? 2 : 0;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(`throngs: unknown command '${excerpt(name)}' (${Object.keys(commands).join(', ')}; throngs --help says what each does)\n`);
    return 2;
  }
  try {
    const { values, positionals } = readArguments(rest, { ...COMMON, ...command.options }, command.positionals ?? false);
    if (values.help) {
      out(command.usage);
      return 0;
    }
    return await command.run(values, positionals);
  } catch (e) {
    const refused = refusalOf(e);
    if (!refused) throw e;
    // A UsageError a command raises itself is about what its options name (a board, a rule): status 1.
    const usage = e instanceof UsageProblem;
    process.stderr.write(`throngs ${name}: ${refused.message}${usage ? ` (throngs ${name} --help lists the options)` : ''}\n`);
    return usage ? 2 : 1;
  }
}
