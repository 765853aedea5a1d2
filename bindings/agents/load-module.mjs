// How the worker threads of this folder (match-worker.mjs, root-parallel-worker.mjs) and the
// solver's (solver/solve-worker.mjs) load a module beside them. They are plain JavaScript so that
// they start without a loader: in a clone the TypeScript sources are there and tsx is registered
// to load them; in the package the compiled JavaScript.
import { existsSync } from 'node:fs';

/**
 * The module `name` of this folder, or of the folder of the module at URL `from` (another
 * folder's worker): `name.ts` in a clone, `name.js` in the package.
 */
export async function loadModule(name, from = import.meta.url) {
  const source = new URL(`./${name}.ts`, from);
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    return import(source.href);
  }
  return import(new URL(`./${name}.js`, from).href);
}
