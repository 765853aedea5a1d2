// A match worker thread: plays the games it is sent. Plain JavaScript so that it starts without a
// loader. In a clone it sits next to match.ts and registers tsx to load it; in the package
// (dist/pkg/bindings/agents/) it sits next to the compiled match.js.
import { existsSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

let match;
if (existsSync(new URL('./match.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  match = await import('./match.ts');
} else {
  match = await import('./match.js');
}
const { playGame } = match;
parentPort.on('message', async (task) => {
  try {
    parentPort.postMessage(await playGame(task));
  } catch (e) {
    parentPort.postMessage({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  }
});
