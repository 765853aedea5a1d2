/** `throngs bench`: measure random playouts per second on both backends. */
import { excerpt } from '../../../reference/core/errors.js';
import { quickBench, type QuickBench } from '../bench.js';
import { GAME_IDS, gameEntry } from '../../games/registry.js';
import { GAME_LIST, gameFor, out, UsageProblem, type Command } from '../command.js';

export const command: Command = {
  summary: 'measure random playouts per second on both backends',
  usage: `throngs bench [--game ${GAME_LIST}] [--board B] [--seconds S] [--json]

Plays seeded random playouts for S seconds (default 3, at most 600) per board on the reference engine and on
the wasm core, interleaved in short slices so both see the same machine load, and prints
playouts and full moves per second with the wasm/reference ratio. Without --board it runs each
game's benchmark boards, for every game unless --game names one:
${GAME_IDS.map((id) => `  ${id}: ${gameEntry(id).bench.boards.join(', ')}`).join('\n')}
--json prints
{ "boards": { "<board>": { "game", "reference": { "playoutsPerSec", "movesPerSec" }, "wasm": { ... } } } }.
The complete benchmark (move generation, play/undo, scoring) is \`npm run bench\`.`,
  options: { game: { type: 'string' }, board: { type: 'string' }, seconds: { type: 'string' }, json: { type: 'boolean' } },
  async run(values) {
    const seconds = Number(values.seconds ?? 3);
    if (!(seconds > 0 && seconds <= 600) || !/^\s*[0-9.e+]+\s*$/i.test(String(values.seconds ?? 3))) throw new UsageProblem(`--seconds must be more than 0 and at most 600, not '${excerpt(String(values.seconds))}'`);
    const games = values.game !== undefined || values.board !== undefined ? [gameFor(values)] : GAME_IDS;
    let result: QuickBench = { boards: {} };
    for (const game of games) {
      const boards = values.board ? [String(values.board)] : gameEntry(game).bench.boards;
      result = await quickBench(game, boards, seconds, result);
    }
    if (values.json) {
      out(JSON.stringify(result, null, 2));
      return 0;
    }
    out('game     board        backend     playouts/s    full moves/s');
    for (const [board, rates] of Object.entries(result.boards)) {
      for (const backend of ['reference', 'wasm'] as const) {
        const r = rates[backend];
        out(`${rates.game.padEnd(8)} ${board.padEnd(12)} ${backend.padEnd(10)} ${r.playoutsPerSec.toFixed(1).padStart(11)} ${r.movesPerSec.toFixed(0).padStart(15)}`);
      }
      out(`${''.padEnd(21)} ratio      ${(rates.wasm.playoutsPerSec / rates.reference.playoutsPerSec).toFixed(1).padStart(10)}x`);
    }
    return 0;
  },
};
