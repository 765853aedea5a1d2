/** `throngs perft`: count move sequences of a given length (a regression signature). */
import { createEngine } from '../../games/create.js';
import type { Engine } from '../../engine/engine.js';
import { perft } from '../perft.js';
import { backendOf, GAME_LIST, gameFor, integerOf, out, RULE_OPTIONS, RULES_USAGE, rulesOf, setupOf, UsageProblem, type Command } from '../command.js';

/** Far past what any board counts in a day: a bound, not a promise. */
const MAX_DEPTH = 30;

export const command: Command = {
  summary: 'count move sequences of a given length (a regression signature)',
  usage: `throngs perft [--game ${GAME_LIST}] --board B --depth D [--position P] [--setup S] ${RULES_USAGE} [--backend reference|wasm] [--divide]

Counts the sequences of D moves (each move of a turn counts; D at most 30) from the start of board B (default:
the game's default board), or from position P in the game's position notation. --divide prints the count below each
first move.`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    depth: { type: 'string' },
    position: { type: 'string' },
    setup: { type: 'string' },
    backend: { type: 'string' },
    divide: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    if (values.depth === undefined) throw new UsageProblem('give the depth: --depth D');
    const depth = integerOf(values.depth, 'depth', 0, 1, MAX_DEPTH);
    const game = gameFor(values);
    if (values.board !== undefined && values.position !== undefined) throw new UsageProblem('give --board B or --position P, not both: a position names its board');
    const setup = setupOf(game, values.setup);
    const engine: Engine = await createEngine({
      game,
      backend: backendOf(values.backend),
      board: values.board as string | undefined,
      setup,
      options: rulesOf(game, values),
      position: values.position as string | undefined,
    });
    const started = performance.now();
    let total = 0;
    if (values.divide && depth > 0) {
      for (const move of engine.legalMoves()) {
        engine.play(move);
        const n = perft(engine, depth - 1);
        engine.undo();
        out(`${engine.formatMove(move)}: ${n}`);
        total += n;
      }
    } else {
      total = perft(engine, depth);
    }
    const seconds = (performance.now() - started) / 1000;
    out(`perft ${engine.topology.spec} depth ${depth}: ${total} (${seconds.toFixed(2)} s, ${engine.backend})`);
    return 0;
  },
};
