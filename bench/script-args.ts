/**
 * A bench script's command line, read by parseArgs with its types and defaults; a mistyped
 * option ends the script before any work in one line and status 2, as the CLI's commands do,
 * rather than with Node's stack.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

export function scriptArgs<T extends ParseArgsConfig>(script: string, config: T): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (e) {
    const code = (e as { code?: unknown }).code;
    if (typeof code !== 'string' || !code.startsWith('ERR_PARSE_ARGS')) throw e;
    // parseArgs' first sentence names the option; the rest is advice about positionals.
    process.stderr.write(`${script}: ${(e as Error).message.split(/\.\s/)[0]!.replace(/\.$/, '')} (the options are at the top of bench/${script}.ts)\n`);
    process.exit(2);
  }
}
