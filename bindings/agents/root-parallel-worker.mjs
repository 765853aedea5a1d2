// A root-parallel search worker thread (root-parallel.ts): plain JavaScript, loading
// root-parallel-core.ts or .js through load-module.mjs.
import { loadModule } from '../engine/load-module.mjs';
import { parentPort } from 'node:worker_threads';

const core = await loadModule('root-parallel-core', import.meta.url);
parentPort.on('message', async (request) => {
  try {
    parentPort.postMessage(await core.handle(request));
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
