// A solver thread (parallel.ts): plain JavaScript, loading solve-thread.ts or .js beside it
// through the agents' module loader.
import { loadModule } from '../engine/load-module.mjs';
import { parentPort } from 'node:worker_threads';

const core = await loadModule('solve-thread', import.meta.url);
parentPort.on('message', async (request) => {
  try {
    parentPort.postMessage({ answer: await core.handle(request, (m) => parentPort.postMessage(m)) });
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? `${e.name}: ${e.message}` : String(e), name: e instanceof Error ? e.name : 'Error' });
  }
});
