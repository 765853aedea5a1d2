// How the package's worker threads (agents/match-worker.mjs, agents/root-parallel-worker.mjs,
// solver/solve-worker.mjs) load a module beside them. They are plain JavaScript so that
// they start without a loader: in a clone the TypeScript sources are there and tsx is registered
// to load them; in the package the compiled JavaScript.
import { existsSync } from 'node:fs';

/**
 * The module `name` of the folder of the module at URL `from` (the worker's own):
 * `name.ts` in a clone, `name.js` in the package.
 */
export async function loadModule(name, from) {
  const source = new URL(`./${name}.ts`, from);
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    return import(source.href);
  }
  return import(new URL(`./${name}.js`, from).href);
}
