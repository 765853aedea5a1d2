/** `throngs accuracy`: how often agents keep the proven value on a board small enough to solve. */
import { parseAgent } from '../../agents/agents.js';
import { measureAccuracy, type AccuracyReport } from '../../agents/accuracy.js';
import { excerpt } from '../../../reference/core/errors.js';
import { SOLVE_METHODS, type SolveMethod } from '../../solver/method.js';
import { GAME_LIST, gameFor, integerOf, out, RULE_OPTIONS, RULES_USAGE, rulesOf, seedOf, setupOf, UsageProblem, type Command } from '../command.js';

/** Each position is a solve of every legal move: more than this is days of work. */
const MAX_POSITIONS = 10_000;
/** No game of any board lasts longer than this many plies (the solver's own limit is far below). */
const MAX_FROM_END = 1000;
/** An hour a position. */
const MAX_SOLVE_MS = 3_600_000;

const pct = (x: number): string => `${(x * 100).toFixed(0)}%`;

/** One agent's line: the share that kept the value, then what the mistakes cost. */
export function describeReport(r: AccuracyReport): string {
  const lost = Object.entries(r.resultLost).map(([kind, n]) => `${n} ${kind}`);
  const margin = r.marginMistakes ? `${r.marginMistakes} gave away points (${r.pointsLostPerMistake} a mistake)` : '';
  const mistakes = [...lost, margin].filter(Boolean).join(', ');
  return `${r.agent}: kept the value in ${r.kept} of ${r.positions} positions, ${pct(r.keptShare)} (95%: ${pct(r.interval95[0])}–${pct(r.interval95[1])}); kept the result in ${r.keptResult}${mistakes ? `; mistakes: ${mistakes}` : ''}`;
}

export const command: Command = {
  summary: 'measure how often agents keep the proven value of positions on a small board',
  usage: `throngs accuracy [--game ${GAME_LIST}] --board B [--setup S] ${RULES_USAGE} --agent 'A [A...]' [--positions N] [--seed S] [--from-end K] [--played-by A] [--solve-ms T] [--method alphabeta|dfpn] [--memory MB] [--json]

Samples N positions (default 100, at most 10,000) from seeded random games on board B, one a game at a random
ply (or, with --from-end K, K plies before the game's end: on a board too large to solve, the
ends of games are within the solver's reach), each position once; with --played-by A the games
are played by agent A on both sides instead of random moves (real games: level:4, say); with
--solve-ms T a position the solver does not prove within T milliseconds is left out (counted:
a game that ended early, both players passing, is far from any proof), as is a position
with an endless line (no value); --method dfpn proves with the proof-number search, which
reaches further from the end on some boards (the same values). It
proves every legal move's value with the exact solver (as throngs solve
does), and asks each agent (space-separated, e.g. --agent 'level:7 level:8') for its move after
it has followed the game from the start. A move keeps the value when it keeps both the result and
the margin of perfect play. Positions where every move keeps the value are left out (counted).
Prints each agent's share with its 95% interval, and its mistakes: results lost (win→draw, ...)
and, for mistakes that kept the result, the points of the margin given away. --json prints the
reports as JSON. Each position must be within a solve of seconds: a small board, or a small K.`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    setup: { type: 'string' },
    agent: { type: 'string' },
    positions: { type: 'string' },
    seed: { type: 'string' },
    memory: { type: 'string' },
    'from-end': { type: 'string' },
    'played-by': { type: 'string' },
    'solve-ms': { type: 'string' },
    method: { type: 'string' },
    json: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    const game = gameFor(values);
    if (values.board === undefined) throw new UsageProblem('give the board: --board B (a small one)');
    if (values.agent === undefined) throw new UsageProblem("give the agents: --agent 'level:7 level:8'");
    const agents = String(values.agent).trim().split(/\s+/).map(parseAgent);
    const positions = integerOf(values.positions, 'positions', 1, 100, MAX_POSITIONS);
    const seed = seedOf(values.seed);
    const memory = integerOf(values.memory, 'memory', 2, 128, 512, 'MB');
    const fromEnd = values['from-end'] === undefined ? undefined : integerOf(values['from-end'], 'from-end', 1, 1, MAX_FROM_END, 'plies');
    const solveMs = values['solve-ms'] === undefined ? undefined : integerOf(values['solve-ms'], 'solve-ms', 1, 1, MAX_SOLVE_MS, 'milliseconds');
    const method = (values.method ?? 'alphabeta') as SolveMethod;
    if (!SOLVE_METHODS.includes(method)) throw new UsageProblem(`--method must be ${SOLVE_METHODS.join(' or ')}, not '${excerpt(String(values.method))}'`);
    const playedBy = values['played-by'] === undefined ? undefined : parseAgent(String(values['played-by']));
    const options = rulesOf(game, values);
    const setup = setupOf(game, values.setup);
    const run = await measureAccuracy({
      game: { game, board: values.board as string, ...(setup ? { setup } : {}), options },
      agents,
      positions,
      seed,
      ...(fromEnd !== undefined ? { fromEnd } : {}),
      ...(playedBy ? { playedBy } : {}),
      ...(solveMs !== undefined ? { solveMs } : {}),
      method,
      arenaMB: memory,
      onPosition: (done) => {
        if (done % 10 === 0 || done === positions) process.stderr.write(`accuracy: ${done} of ${positions} positions\n`);
      },
    });
    if (values.json) {
      out(JSON.stringify(run, null, 2));
      return 0;
    }
    for (const r of run.reports) out(describeReport(r));
    out(`positions: ${positions} with a choice (${run.noChoice} sampled where every move keeps the value, left out${run.unproven ? `; ${run.unproven} not proven within ${String(solveMs)} ms or without a value, left out` : ''}); solver: ${run.solveNodes} nodes, ${(run.solveMs / 1000).toFixed(1)} s`);
    return 0;
  },
};
