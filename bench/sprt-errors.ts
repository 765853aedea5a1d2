/**
 * The SPRT's error rates on simulated matches (the model is in sprt-simulation.ts): for each cell
 * of bounds and draw rate, runs with the true Elo at elo0 (how often elo1 is accepted) and at elo1
 * (how often elo0 is), printed as a table and, with --write, put between the markers in docs/cli.md.
 *
 *   npm run sprt:errors [-- --runs 2000] [-- --seed 1] [-- --write]
 */
import { CELLS, cellRates, errorTable, writeErrorTable, type CellRates } from './sprt-simulation.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('sprt-errors', { options: { runs: { type: 'string' }, seed: { type: 'string' }, write: { type: 'boolean' } } });
const runs = Number(values.runs ?? 2000);
const seed = Number(values.seed ?? 1);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number ≥ 1, not ${values.runs}`);
if (!Number.isInteger(seed) || seed < 0) throw new Error(`--seed must be a whole number ≥ 0, not ${values.seed}`);

const rows: CellRates[] = [];
for (const [i, cell] of CELLS.entries()) {
  const started = performance.now();
  // Each cell its own seed, so that a cell's numbers do not depend on the cells run before it.
  const r = cellRates(cell, runs, seed * 1000 + i);
  rows.push(r);
  const b = cell.bounds;
  process.stderr.write(
    `elo0=${b.elo0} elo1=${b.elo1} draws ${cell.drawRate}: false H1 ${r.falseH1}/${runs}, false H0 ${r.falseH0}/${runs}, undecided ${r.undecided} (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
  );
}
const table = errorTable(rows, seed);
process.stdout.write(`${table}\n`);
if (values.write) writeErrorTable(new URL('../docs/cli.md', import.meta.url), table);
