#!/usr/bin/env node
// The `throngs` command. In a clone the CLI's TypeScript sources are here and tsx compiles them on
// the fly, so no build step is needed; the installed package has no sources and runs the compiled
// JavaScript in dist/pkg/ (npm run build:package) with plain node.
import { existsSync } from 'node:fs';

let cli;
if (existsSync(new URL('../bindings/cli/cli.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  cli = await import('../bindings/cli/cli.ts');
} else {
  cli = await import('../dist/pkg/bindings/cli/cli.js');
}
const code = await cli.main(process.argv.slice(2));
// The command is done: once its output is written, the process ends, even if a queue's Redis that
// has gone away leaves connections retrying in the background.
process.stdout.write('', () => process.exit(code));
