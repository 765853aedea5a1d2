// A root-parallel search worker thread (root-parallel.ts). Plain JavaScript so that it starts
// without a loader: in a clone it registers tsx to load the TypeScript next to it; in the package
// it sits next to the compiled root-parallel-core.js.
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

let core;
if (existsSync(new URL('./root-parallel-core.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  core = await import('./root-parallel-core.ts');
} else {
  core = await import('./root-parallel-core.js');
}
parentPort.on('message', async (request) => {
  try {
    parentPort.postMessage(await core.handle(request));
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
