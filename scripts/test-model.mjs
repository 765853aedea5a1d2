#!/usr/bin/env node
// The model-based search for lost moves in the demo, for as long as asked:
//   npm run test:model -- --minutes 10 [--seed 1000] [--actions 'play|step|reload'] [--verbose]
// Each sequence of user actions has its own seed (from --seed on), so a failure names the seed
// that replays it; fast-check then shrinks it to the shortest sequence that still fails.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

let values;
try {
  ({ values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      seed: { type: 'string' },
      actions: { type: 'string' },
      verbose: { type: 'boolean', default: false },
    },
  }));
} catch (e) {
  console.error(`test:model: ${e.message.split('\n')[0]}`);
  process.exit(2);
}
const minutes = Number(values.minutes);
if (!(minutes > 0 && minutes <= 24 * 60)) {
  console.error(`test:model: --minutes is a number of minutes from 0 to 1440, not "${values.minutes}"`);
  process.exit(2);
}
const seed = values.seed ?? String(Date.now() % 1_000_000_000);
if (!/^\d{1,9}$/.test(seed)) {
  console.error(`test:model: --seed is a whole number, not "${values.seed}"`);
  process.exit(2);
}
if (values.actions !== undefined) {
  try {
    new RegExp(values.actions);
  } catch {
    console.error(`test:model: --actions is a regular expression over the commands' names, not "${values.actions}"`);
    process.exit(2);
  }
}
console.log(`test:model: ${minutes} minutes, seeds from ${seed}${values.actions ? `, actions /${values.actions}/` : ''}`);
const env = { ...process.env, MODEL_MINUTES: String(minutes), MODEL_SEED: seed, ...(values.actions ? { MODEL_ACTIONS: values.actions } : {}), ...(values.verbose ? { MODEL_VERBOSE: '1' } : {}) };
const run = spawnSync('npx', ['vitest', 'run', '--project', 'browser', 'test/browser/demo-model.test.ts'], { stdio: 'inherit', env });
process.exit(run.status ?? 1);
