/** `throngs analyse`: search a position and show the best line, the win probability and every move's visits. */
import { excerpt } from '../../../reference/core/errors.js';
import { gameEntry } from '../../games/registry.js';
import { createEngine } from '../../games/create.js';
import type { Engine } from '../../engine/engine.js';
import { searchSolvingFirst } from '../../solver/solve-first.js';
import { solvedInWords } from '../../solver/value.js';
import { MAX_PLY } from '../../../reference/search/alphabeta.js';
import { GAME_LIST, gameFor, integerOf, MAX_SEED, out, RULE_OPTIONS, RULES_USAGE, rulesOf, UsageProblem, type Command } from '../command.js';

/** The search's own bounds: an hour, 10^9 iterations; a table of more moves than any position has. */
const MAX_MS = 3_600_000;
const MAX_ITERATIONS = 1_000_000_000;
const MAX_TOP = 1000;

/** As the board element's analysis gives the solver (ui/controller.ts ANALYSIS_SEARCH). */
const SOLVE_SHARE_OF_ANALYSIS = 0.25;

export const command: Command = {
  summary: 'search a position and show the best line, the win probability and every move\'s visits',
  usage: `throngs analyse [--game ${GAME_LIST}] [--board B | --position P] [--moves "m1 m2 ..."] [--iterations N | --ms T | --depth D] [--algorithm mcts|alphabeta] [--solve] [--seed S] [--top K] ${RULES_USAGE} [--json]

Runs the wasm search from the game's start on board B (default: the game's), or from position P
in the game's notation (which names its board: not both), after the given moves: N iterations
(default 20,000, at most 10^9; nodes for alpha-beta), T milliseconds (at most an hour) or, for
alpha-beta, depth D (at most ${MAX_PLY}). Prints the best move, its value as the
mover's win probability (alpha-beta: also in points, and the depth reached), the principal
variation, and the K most visited moves (default 10, at most 1000) with their visits (alpha-beta: nodes) and
values. --json prints
{ "position", "toMove", "best", "value", "iterations", "stopped", "arenaFull", "pv": [...], "moves": [{ "move", "visits", "value", "proven"? }] }
and, for alpha-beta, "depth" and "score" (points). With --solve a quarter of --ms T goes first to
the exact solver (as levels 7 and 8 do with a tenth of theirs): when it proves the position, the
output says "solved:" with the value for the side to move (win, draw or loss, and the margin of
perfect play) and the moves that keep it ("solved": { "result", "margin", "best" } in JSON), and
every move's proven result; otherwise the search runs in the time left.`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    position: { type: 'string' },
    moves: { type: 'string' },
    iterations: { type: 'string' },
    ms: { type: 'string' },
    seed: { type: 'string' },
    top: { type: 'string' },
    depth: { type: 'string' },
    algorithm: { type: 'string' },
    solve: { type: 'boolean' },
    json: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    const game = gameFor(values);
    if (values.board !== undefined && values.position !== undefined) throw new UsageProblem('give --board B or --position P, not both: a position names its board');
    const algorithm = values.algorithm ?? 'mcts';
    if (algorithm !== 'mcts' && algorithm !== 'alphabeta') throw new UsageProblem(`--algorithm must be mcts or alphabeta, not '${excerpt(String(algorithm))}'`);
    if (values.depth !== undefined && algorithm !== 'alphabeta') throw new UsageProblem('--depth is for --algorithm alphabeta');
    const engine: Engine = await createEngine({ game, board: values.board as string | undefined, position: values.position as string | undefined, options: rulesOf(game, values) });
    for (const move of String(values.moves ?? '').split(/\s+/).filter(Boolean)) engine.play(move);
    if (engine.outcome()) throw new UsageProblem('the game is over: there is nothing to analyse');
    const ms = values.ms === undefined ? undefined : integerOf(values.ms, 'ms', 1, 1000, MAX_MS, 'an hour');
    const depth = values.depth === undefined ? undefined : integerOf(values.depth, 'depth', 1, 1, MAX_PLY);
    const budgetGiven = ms !== undefined || depth !== undefined;
    const iterations = !budgetGiven ? integerOf(values.iterations, 'iterations', 1, 20_000, MAX_ITERATIONS) : values.iterations === undefined ? undefined : integerOf(values.iterations, 'iterations', 1, 20_000, MAX_ITERATIONS);
    const seed = integerOf(values.seed, 'seed', 0, 1, MAX_SEED);
    const top = integerOf(values.top, 'top', 1, 10, MAX_TOP);
    if (values.solve && ms === undefined) throw new UsageProblem('--solve shares the time of --ms T: give it');
    // An analysis wants the value of a position even where its move is forced.
    const r = await searchSolvingFirst(engine, { algorithm, iterations, timeMs: ms, depth, seed, evaluateForced: true, ...(values.solve ? { solveFirst: SOLVE_SHARE_OF_ANALYSIS } : {}) });
    const name = (m: unknown): string => engine.formatMove(m as never);
    const report = {
      position: engine.position(),
      toMove: gameEntry(game).players[engine.toMove() - 1],
      best: name(r.move),
      value: r.value,
      iterations: r.iterations,
      stopped: r.stopped,
      arenaFull: r.arenaFull,
      pv: r.principalVariation.map(name),
      moves: r.children.slice(0, top).map((c) => ({ move: name(c.move), visits: c.visits, value: c.value, ...(c.proven ? { proven: c.proven } : {}) })),
      ...(r.depth !== undefined ? { depth: r.depth, score: r.score } : {}),
      ...(r.solved ? { solved: r.solved } : {}),
    };
    if (values.json) {
      out(JSON.stringify(report));
      return 0;
    }
    const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
    out(report.position);
    if (r.solved) {
      out(`solved: ${solvedInWords(r.solved, report.toMove ?? 'the side to move')} with perfect play (${report.iterations} nodes); moves that keep it: ${r.solved.best.join(' ')}`);
      out('move           value');
      for (const m of report.moves) out(`${m.move.padEnd(12)} ${'proven' in m ? m.proven : 'unknown'}`);
      return 0;
    }
    const work = r.depth !== undefined ? `${report.iterations} nodes, depth ${r.depth}, ${r.score! >= 0 ? '+' : ''}${r.score!.toFixed(2)} points` : `${report.iterations} iterations`;
    out(`${report.toMove} to move: best ${report.best}, win probability ${pct(report.value)} (${work}, stopped by ${report.stopped}${report.arenaFull ? ', arena full' : ''})`);
    out(`best line: ${report.pv.join(' ')}`);
    out(r.depth !== undefined ? 'move           nodes    value' : 'move          visits    value');
    for (const m of report.moves) out(`${m.move.padEnd(12)} ${String(m.visits).padStart(7)}  ${pct(m.value).padStart(7)}${'proven' in m ? `  proven ${m.proven}` : ''}`);
    return 0;
  },
};
