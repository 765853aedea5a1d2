/**
 * The global set-up of the browser projects: the demo and the library built once for every test
 * file. Both browser projects name it; a run of both builds once (the module is loaded once).
 */
import { build } from 'vite';

const root = new URL('../../', import.meta.url).pathname;

let built: Promise<void> | undefined;

async function buildAll(): Promise<void> {
  await build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  await build({ configFile: `${root}vite.lib.config.ts`, logLevel: 'warn' });
}

export default async function setup(): Promise<void> {
  built ??= buildAll();
  await built;
}
