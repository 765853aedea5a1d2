// How the worker threads of this folder (match-worker.mjs, queue-processor.mjs,
// root-parallel-worker.mjs) load a module beside them. They are plain JavaScript so that they
// start without a loader: in a clone the TypeScript sources are here and tsx is registered to load
// them; in the package the compiled JavaScript sits here instead.
import { existsSync } from 'node:fs';

/** The module `name` of this folder: `name.ts` in a clone, `name.js` in the package. */
export async function loadModule(name) {
  const source = new URL(`./${name}.ts`, import.meta.url);
  if (existsSync(source)) {
    const { register } = await import('tsx/esm/api');
    register();
    return import(source.href);
  }
  return import(new URL(`./${name}.js`, import.meta.url).href);
}
