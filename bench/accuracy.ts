/**
 * Measures every AI level's accuracy against perfect play on each game's solved board
 * (accuracy-plan.ts), the levels on the same sampled positions, and saves them in
 * bench/accuracy.json (a game's entries replaced as it finishes); then rewrites the ladder table
 * and the accuracy table of docs/solved.md.
 *
 *   npm run accuracy [-- --positions 100] [-- --game G] [-- --seed 1] [-- --table-only]
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseAgent } from '../bindings/agents/agents.js';
import { measureAccuracy } from '../bindings/agents/accuracy.js';
import { ACCURACY_AGENTS, ACCURACY_BOARDS, accuracyFile, loadAccuracy, solvedDoc, solvedLabel, writeAccuracyTable, type AccuracyEntry } from './accuracy-plan.js';
import { LADDER_FILES } from './ladder-step.js';
import { load, writeTable } from './ladder-plan.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('accuracy', { options: { positions: { type: 'string' }, game: { type: 'string' }, seed: { type: 'string' }, 'table-only': { type: 'boolean' } } });
const positions = Number(values.positions ?? 100);
const seed = Number(values.seed ?? 1);
if (!Number.isInteger(positions) || positions < 1) throw new Error(`--positions must be a whole number ≥ 1, not ${values.positions}`);
const boards = values['table-only'] ? [] : ACCURACY_BOARDS.filter(([g]) => values.game === undefined || g === values.game);
if (boards.length === 0 && !values['table-only']) throw new Error(`no solved board for --game ${values.game}`);

for (const [game, solved] of boards) {
  const started = performance.now();
  const load1 = Number(loadavg()[0]!.toFixed(1));
  process.stderr.write(`${game} ${solvedLabel(solved)}: ${positions} positions, ${ACCURACY_AGENTS.join(' ')}\n`);
  const run = await measureAccuracy({
    game: { game, ...solved },
    agents: ACCURACY_AGENTS.map(parseAgent),
    positions,
    seed,
    onPosition: (done) => {
      if (done % 10 === 0) process.stderr.write(`  ${done} of ${positions} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`);
    },
  });
  const date = new Date().toISOString();
  const machine = `${cpus()[0]?.model ?? '?'} x${cpus().length}`;
  const fresh: AccuracyEntry[] = run.reports.map((r) => ({ ...r, game, solved, seed, date, machine, load: load1 }));
  const entries = [...loadAccuracy().filter((e) => e.game !== game), ...fresh];
  writeFileSync(accuracyFile, JSON.stringify(entries, null, 2) + '\n');
  for (const r of run.reports) process.stderr.write(`  ${r.agent}: ${r.kept}/${r.positions}\n`);
  process.stderr.write(`  ${run.noChoice} positions without a choice left out; ${((performance.now() - started) / 1000).toFixed(0)} s\n`);
}
writeTable(LADDER_FILES.doc, load(LADDER_FILES.entries), loadAccuracy());
writeAccuracyTable(solvedDoc, loadAccuracy());
