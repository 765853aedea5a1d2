/** `throngs play`: play a seeded random game in the terminal, printing the board after each move. */
import { Rng } from '../../../reference/core/rng.js';
import { gameEntry } from '../../games/registry.js';
import { createEngine } from '../../games/create.js';
import type { Engine } from '../../engine/engine.js';
import { renderBoard } from '../text-board.js';
import { backendOf, GAME_LIST, gameFor, integerOf, out, RULE_OPTIONS, RULES_USAGE, rulesOf, seedOf, setupOf, type Command } from '../command.js';

/** Moves a game may run to before it is cut off: far past any game's natural end. */
const MAX_MOVES = 100_000;

export const command: Command = {
  summary: 'play a seeded random game in the terminal, printing the board after each move',
  usage: `throngs play [--game ${GAME_LIST}] [--board B] [--seed S] [--setup S] ${RULES_USAGE} [--max-moves N] [--backend reference|wasm] [--quiet]

Both sides pick uniformly among their legal moves with the seeded generator, so the same seed
replays the same game (S from 0 to 2^32-1); the game stops after N moves (--max-moves, default
2,000, at most 100,000) if it has not ended. --quiet prints only the final board and the game record.`,
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
    const seed = seedOf(values.seed);
    const game = gameFor(values);
    const setup = setupOf(game, values.setup);
    const engine: Engine = await createEngine({ game, backend: backendOf(values.backend), board: values.board as string | undefined, setup, options: rulesOf(game, values) });
    const players = gameEntry(game).players;
    const maxMoves = integerOf(values['max-moves'], 'max-moves', 1, 2000, MAX_MOVES);
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
