// The queue worker's processor: plays one pair of games (a job of queue.ts) on a worker thread of
// BullMQ's sandbox (plain JavaScript, loading match.ts or match.js through load-module.mjs).
import { loadModule } from './load-module.mjs';

const match = await loadModule('match');
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
