/**
 * The model-based search for lost moves (model/model.ts), at CI length: a few seeded sequences of
 * user actions in real Chromium, each checked after every step. `npm run test:model -- --minutes N`
 * runs it for N minutes with fresh seeds (MODEL_MINUTES, MODEL_SEED).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { browser, server, useBrowser } from './harness.js';
import { commands, setup, starts, tally } from './model/model.js';

useBrowser();

const minutes = Number(process.env.MODEL_MINUTES ?? 0);
const firstSeed = Number(process.env.MODEL_SEED ?? 69);
const only = process.env.MODEL_ACTIONS ? new RegExp(process.env.MODEL_ACTIONS) : undefined;

/** The seed of the sequence under way, and whether it has failed yet (its first failure is told at once, before shrinking). */
let current = { seed: firstSeed, failed: false };

const property = fc.asyncProperty(starts, fc.commands(commands(only), { maxCommands: 30, size: 'max' }), async (start, cmds) => {
  const { model, real } = await setup(() => browser.newContext({ viewport: { width: 1200, height: 900 } }), server.url, start);
  try {
    await fc.asyncModelRun(() => ({ model, real }), cmds);
  } catch (e) {
    if (!current.failed) {
      current.failed = true;
      console.log(`model: seed ${current.seed} failed (shrinking follows): ${start} ${String(cmds)}\n  ${String(e).split('\n')[0]}`);
    }
    throw e;
  } finally {
    await real.context.close();
  }
});

describe('the demo never loses a move (model-based, real Chromium)', () => {
  it(
    minutes > 0 ? `random user actions for ${minutes} minutes keep every move of every game` : 'seeded sequences of user actions keep every move of every game',
    async () => {
      const deadline = Date.now() + minutes * 60_000;
      let seed = firstSeed;
      if (minutes > 0) {
        // One seed a sequence, so that a failure names the seed that replays it.
        while (Date.now() < deadline) {
          current = { seed, failed: false };
          await fc.assert(property, { seed: seed++, numRuns: 1 });
        }
      } else {
        await fc.assert(property, { seed, numRuns: 3 });
      }
      console.log(`model: ${tally.sequences} sequences, ${tally.steps} checked steps (seeds from ${firstSeed})`);
      expect(tally.steps).toBeGreaterThan(10);
    },
    // Past the deadline, the sequence under way finishes and a failure is shrunk (each try replays it).
    minutes > 0 ? minutes * 60_000 + 1_800_000 : 600_000,
  );
});
