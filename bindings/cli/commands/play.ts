/** `throngs play`: play a seeded random game in the terminal, printing the board after each move. */
import { Rng, isSeed } from '../../../reference/core/rng.js';
import { gameEntry } from '../../games/registry.js';
import { createEngine } from '../../games/create.js';
import type { Engine } from '../../engine/engine.js';
import { renderBoard } from '../text-board.js';
import { backendOf, GAME_LIST, gameOf, integerOf, out, RULE_OPTIONS, RULES_USAGE, rulesOf, setupOf, UsageProblem, type Command } from '../command.js';

export const command: Command = {
  summary: 'play a seeded random game in the terminal, printing the board after each move',
  usage: `throngs play [--game ${GAME_LIST}] [--board B] [--seed S] [--setup S] ${RULES_USAGE} [--max-moves N] [--backend reference|wasm] [--quiet]

Both sides pick uniformly among their legal moves with the seeded generator, so the same seed
replays the same game. --quiet prints only the final board and the game record.`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    seed: { type: 'string' },
    setup: { type: 'string' },
    'max-moves': { type: 'string' },
    backend: { type: 'string' },
    quiet: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    const seed = integerOf(values.seed, 'seed', 0, 1);
    if (!isSeed(seed)) throw new UsageProblem('--seed must be below 2^32');
    const game = gameOf(values.game);
    const setup = setupOf(game, values.setup);
    const engine: Engine = await createEngine({ game, backend: backendOf(values.backend), board: values.board as string | undefined, setup, options: rulesOf(game, values) });
    const players = gameEntry(game).players;
    const maxMoves = integerOf(values['max-moves'], 'max-moves', 1, 2000);
    const rng = new Rng(seed);
    if (!values.quiet) out(renderBoard(engine));
    for (let n = 1; n <= maxMoves && !engine.outcome(); n++) {
      const legal = engine.legalMoves();
      const move = legal[rng.below(legal.length)]!;
      const who = players[engine.toMove() - 1];
      engine.play(move);
      if (!values.quiet) {
        out(`\n${n}. ${who} plays ${engine.formatMove(move)}${'forced' in move && move.forced ? ' (forced)' : ''}`);
        out(renderBoard(engine, move.to !== undefined ? [move.to] : []));
      }
    }
    if (values.quiet) out(renderBoard(engine));
    out('\n' + engine.record());
    return 0;
  },
};
