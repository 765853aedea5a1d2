// A match worker thread: plays the games it is sent. Plain JavaScript so that it starts without a
// loader; it registers tsx to load the TypeScript match code.
import { parentPort } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const { playGame } = await import('./match.ts');
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage(await playGame(task));
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
