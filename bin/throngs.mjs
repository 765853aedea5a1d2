#!/usr/bin/env node
// The `throngs` command. The CLI is TypeScript; tsx compiles it on the fly, so a clone works
// without a build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../bindings/cli/cli.ts');
process.exitCode = await main(process.argv.slice(2));
