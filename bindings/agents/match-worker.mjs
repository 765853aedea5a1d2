// A match worker thread: plays the games it is sent (plain JavaScript, loading match.ts or
// match.js through load-module.mjs).
import { loadModule } from '../engine/load-module.mjs';
import { parentPort } from 'node:worker_threads';

const match = await loadModule('match', import.meta.url);
const { playGame } = match;
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage(await playGame(task));
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
