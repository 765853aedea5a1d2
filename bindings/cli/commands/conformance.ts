/** `throngs conformance`: check an engine against Ludii conformance data. */
import { checkConformance, gameOfFile, MAX_DATA_FILE } from '../conformance.js';
import { checkReadable } from '../../node/files.js';
import { DEFAULT_GAME, type GameId } from '../../games/registry.js';
import { createEngine } from '../../games/create.js';
import type { Engine } from '../../engine/engine.js';
import { backendOf, GAME_LIST, gameOf, integerOf, out, UsageProblem, type Command } from '../command.js';

export const command: Command = {
  summary: 'check an engine against Ludii conformance data',
  usage: `throngs conformance FILE... [--game ${GAME_LIST}] [--backend reference|wasm] [--max-differences N]

Reads positions or games files in the format of the oracle (JSON lines, gzipped or not). The
game comes from --game, else from the records (their game field or board name). For every
position it compares the complete legal-move set and, after each legal move, what the data
records (scores, the end of the game and the winner; for Throngs also Ludii's decision counts
and add counters). For every game it replays the moves and compares the same after each one.
Prints the first differences (N of --max-differences, default 20, at most 10,000) in move
notation and, last, "N passed, M failed".
Exits 1 if anything failed.`,
  options: { game: { type: 'string' }, backend: { type: 'string' }, 'max-differences': { type: 'string' } },
  positionals: true,
  async run(values, files) {
    if (files.length === 0) throw new UsageProblem('give at least one conformance file');
    const backend = backendOf(values.backend);
    const forced = values.game === undefined ? null : gameOf(values.game);
    const engines = new Map<GameId, Engine>();
    let checked = 0;
    const max = integerOf(values['max-differences'], 'max-differences', 0, 20, 10_000);
    let passed = 0;
    let failed = 0;
    // A file that cannot be read is refused before the others are checked, not after their reports.
    for (const file of files) checkReadable(file, 'the data file', MAX_DATA_FILE);
    for (const file of files) {
      const game = forced ?? gameOfFile(file) ?? DEFAULT_GAME;
      if (!engines.has(game)) engines.set(game, await createEngine({ game, backend }));
      const report = await checkConformance(engines.get(game)!, file, max);
      checked += report.passed + report.failed;
      for (const d of report.differences) out(d);
      out(`${file}: ${report.passed} passed, ${report.failed} failed`);
      passed += report.passed;
      failed += report.failed;
    }
    out(`${passed} passed, ${failed} failed`);
    if (checked === 0) {
      process.stderr.write('throngs conformance: the files hold no positions or games: nothing was checked\n');
      return 1;
    }
    return failed === 0 ? 0 : 1;
  },
};
