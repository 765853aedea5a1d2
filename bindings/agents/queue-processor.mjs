// The queue worker's processor: plays one pair of games (a job of queue.ts) on a worker thread of
// BullMQ's sandbox. Plain JavaScript so that it starts without a loader: in a clone it sits next
// to match.ts and registers tsx to load it; in the package it sits next to the compiled match.js.
import { existsSync } from 'node:fs';

let match;
if (existsSync(new URL('./match.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  match = await import('./match.ts');
} else {
  match = await import('./match.js');
}
const { playGame } = match;

export default async function playPair(job) {
  const results = [];
  for (const task of job.data.tasks) {
    results.push(await playGame(task));
    // Progress marks the pair half done for anyone watching the queue.
    await job.updateProgress(results.length / job.data.tasks.length);
  }
  return results;
}
