/** `throngs openings`: make an opening suite, balanced positions one a line, for matches' --openings-file. */
import { makeSuite } from '../../agents/openings.js';
import { gameEntry } from '../../games/registry.js';
import { checkWritable, writeWhole } from '../../node/files.js';
import { GAME_LIST, gameFor, integerOf, MAX_SEED, RULE_OPTIONS, RULES_USAGE, rulesOf, UsageProblem, type Command } from '../command.js';

/** `MIN-MAX` or `N` as a range of plies. */
function pliesOf(value: unknown): [number, number] {
  if (value === undefined) return [4, 12];
  const m = /^(\d{1,4})(?:-(\d{1,4}))?$/.exec(String(value).trim());
  if (!m) throw new UsageProblem(`--plies must be N or MIN-MAX, not '${String(value).slice(0, 40)}'`);
  const [lo, hi] = [Number(m[1]), Number(m[2] ?? m[1])];
  if (hi < lo || hi > 1000) throw new UsageProblem(`--plies must be N or MIN-MAX with MIN ≤ MAX ≤ 1000, not '${String(value).trim()}'`);
  return [lo, hi];
}

/** `LOW,HIGH` as a window of win probabilities. */
function windowOf(value: unknown): [number, number] {
  if (value === undefined) return [0.4, 0.6];
  const parts = String(value).split(',').map((s) => Number(s.trim()));
  if (parts.length !== 2 || parts.some((x) => !Number.isFinite(x))) throw new UsageProblem(`--balance must be LOW,HIGH (e.g. 0.4,0.6), not '${String(value).slice(0, 40)}'`);
  return [parts[0]!, parts[1]!];
}

export const command: Command = {
  summary: 'make an opening suite: balanced positions, one a line, for throngs match --openings-file',
  usage: `throngs openings [--game ${GAME_LIST}] [--board B] --count N [--plies MIN-MAX] [--balance LOW,HIGH] [--iterations I] [--seed S] [--out FILE] ${RULES_USAGE}

Makes N positions (at most 100,000). Plays MIN to MAX random plies from the set-up (default
4-12, at most 1000; each line draws its own number), then keeps the position when a short wasm
search (I iterations, default 2,000, at most 10^7) gives the side to
move a win probability between LOW and HIGH (default 0.4,0.6) and the position is not kept
already; a position in the middle of a move built a step at a time is passed over. Writes the
positions in the game's notation, one a line, after a # header saying how they were made, to
FILE or standard output; says on standard error how many positions were tried and why the
others were left out.`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    count: { type: 'string' },
    plies: { type: 'string' },
    balance: { type: 'string' },
    iterations: { type: 'string' },
    seed: { type: 'string' },
    out: { type: 'string' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    if (values.count === undefined) throw new UsageProblem('give the number of positions: --count N');
    const game = gameFor(values);
    const board = String(values.board ?? gameEntry(game).rules.defaultBoard);
    const options = { count: integerOf(values.count, 'count', 1, 100, 100_000), plies: pliesOf(values.plies), window: windowOf(values.balance), iterations: integerOf(values.iterations, 'iterations', 1, 2000, 10_000_000), seed: integerOf(values.seed, 'seed', 0, 1, MAX_SEED) };
    // Refused before the suite is made, not after.
    if (values.out !== undefined) checkWritable(String(values.out), 'the output file');
    const suite = await makeSuite({ ...options, game: { game, board, options: rulesOf(game, values) } });
    const header = [
      `# ${gameEntry(game).rules.title} openings on ${board}: ${suite.lines.length} positions`,
      `# ${options.plies[0]}-${options.plies[1]} random plies (seed ${options.seed}), kept when ${options.iterations} MCTS iterations give the side to move ${options.window[0]}-${options.window[1]} to win; no repeats`,
    ];
    const text = `${[...header, ...suite.lines].join('\n')}\n`;
    if (values.out !== undefined) writeWhole(String(values.out), text, 'the output file');
    else process.stdout.write(text);
    process.stderr.write(`${suite.lines.length} positions kept of ${suite.tried} tried: ${suite.unbalanced} unbalanced, ${suite.duplicates} repeated, ${suite.unfinished} over or mid-move\n`);
    return suite.lines.length === options.count ? 0 : 1;
  },
};
