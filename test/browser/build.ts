/** The browser project's global set-up: the demo and the library built once for every test file. */
import { build } from 'vite';

const root = new URL('../../', import.meta.url).pathname;

export default async function setup(): Promise<void> {
  await build({ configFile: `${root}vite.config.ts`, logLevel: 'warn' });
  await build({ configFile: `${root}vite.lib.config.ts`, logLevel: 'warn' });
}
