/**
 * A command's arguments read into option values and positionals, refused in one line of our
 * own words: an unknown option, one given twice, a value missing or given to a switch, a stray
 * argument. A value that starts with one dash is a value (`--seed -5`), so that the option's
 * own check says what it takes.
 */
import { parseArgs } from 'node:util';
import { excerpt } from '../../reference/core/errors.js';
import { UsageProblem, type Options } from './command.js';

export interface Arguments {
  readonly values: Record<string, string | boolean | undefined>;
  readonly positionals: string[];
}

/** `args` read against `options`; positionals are refused unless the command takes them. */
export function readArguments(args: readonly string[], options: Options, takesPositionals: boolean): Arguments {
  const { tokens } = parseArgs({ args: [...args], options, allowPositionals: true, strict: false, tokens: true });
  const values: Record<string, string | boolean | undefined> = {};
  const positionals: string[] = [];
  const shorts = new Map(Object.entries(options).flatMap(([name, o]) => (o.short ? [[o.short, name] as const] : [])));
  for (const token of tokens) {
    if (token.kind === 'option-terminator') continue;
    if (token.kind === 'positional') {
      if (!takesPositionals) throw new UsageProblem(`unexpected argument '${excerpt(token.value)}': options are written --name value`);
      positionals.push(token.value);
      continue;
    }
    const name = options[token.name] ? token.name : (shorts.get(token.name) ?? token.name);
    const option = options[name];
    const shown = excerpt(token.rawName);
    if (!option) throw new UsageProblem(`unknown option '${shown}'`);
    if (name in values) throw new UsageProblem(`${shown} is given twice: give it once`);
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageProblem(`${shown} is a switch: it takes no value (not '${excerpt(token.value)}')`);
      values[name] = true;
      continue;
    }
    // `--seed --json`: the next option is not a value, whatever parseArgs makes of it.
    if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) throw new UsageProblem(`${shown} needs a value`);
    values[name] = token.value;
  }
  return { values, positionals };
}
