/**
 * The `throngs` command line, for every game of the registry (`--game`, default throngs):
 * conformance checks, perft counts, a game in the terminal, matches and benchmarks.
 * `throngs <command> --help` explains each command.
 *
 * In this folder (cli/): this dispatcher and its commands' helpers: conformance.ts (the data
 * runner), perft.ts, bench.ts (the quick benchmark), protocol.ts (the text protocol of `throngs
 * engine`) and text-board.ts (boards drawn in the terminal).
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ThrongsError } from '../../reference/core/errors.js';
import { parseRuleList } from '../../reference/core/record.js';
import { Rng, isSeed } from '../../reference/core/rng.js';
import { quickBench, type QuickBench } from './bench.js';
import { runMatch, type MatchSummary } from '../agents/match.js';
import { parseAdjudication } from '../agents/adjudication.js';
import { checkConformance, gameOfFile } from './conformance.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, isGameId, type GameId } from '../games/registry.js';
import { createEngine } from '../index.js';
import type { Backend, Engine } from '../engine/engine.js';
import { perft } from './perft.js';
import { renderBoard } from './text-board.js';

type Options = NonNullable<ParseArgsConfig['options']>;

interface Command {
  readonly summary: string;
  readonly usage: string;
  readonly options: Options;
  run(values: Record<string, string | boolean | undefined>, positionals: string[]): Promise<number>;
}

const out = (text: string): void => void process.stdout.write(text + '\n');

class UsageProblem extends Error {}

function backendOf(value: unknown): Backend {
  if (value === undefined) return 'wasm';
  if (value === 'reference' || value === 'wasm') return value;
  throw new UsageProblem(`--backend must be 'reference' or 'wasm', not '${String(value)}'`);
}

const GAME_LIST = GAME_IDS.join('|');

function gameOf(value: unknown): GameId {
  if (value === undefined) return DEFAULT_GAME;
  if (isGameId(value)) return value;
  throw new UsageProblem(`--game must be one of ${GAME_IDS.join(', ')}, not '${String(value)}'`);
}

function integerOf(value: unknown, name: string, min: number, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new UsageProblem(`--${name} must be a whole number ≥ ${min}, not '${String(value)}'`);
  return n;
}

function setupOf(game: GameId, value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const setups = gameEntry(game).rules.setups;
  if (!setups.includes(String(value))) throw new UsageProblem(`--setup must be ${setups.map((x) => `'${x}'`).join(' or ')} for ${game}`);
  return String(value);
}

/**
 * The rule options of `--rules k=v,...` and `--variant V` (the `variant` option, for games that
 * have one), checked by the game's rules.
 */
function rulesOf(game: GameId, values: Record<string, unknown>): Readonly<Record<string, unknown>> {
  const options: Record<string, unknown> = {};
  if (values.rules !== undefined) {
    const parsed = parseRuleList(String(values.rules));
    if (!parsed.ok) throw new UsageProblem(`--rules: ${parsed.error.detail}`);
    Object.assign(options, parsed.value);
  }
  if (values.variant !== undefined) {
    if (!('variant' in gameEntry(game).rules.options)) throw new UsageProblem(`${game} has no variants`);
    options.variant = String(values.variant);
  }
  try {
    gameEntry(game).rules.resolveOptions(options);
  } catch (e) {
    throw new UsageProblem((e as Error).message);
  }
  return options;
}

const RULE_OPTIONS = { rules: { type: 'string' }, variant: { type: 'string' } } as const;
const RULES_USAGE = '[--rules k=v,...] [--variant V]';

const COMMON: Options = {
  help: { type: 'boolean', short: 'h' },
};

const commands: Record<string, Command> = {
  conformance: {
    summary: 'check an engine against Ludii conformance data',
    usage: `throngs conformance FILE... [--game ${GAME_LIST}] [--backend reference|wasm] [--max-differences N]

Reads positions or games files in the format of the oracle (JSON lines, gzipped or not). The
game comes from --game, else from the records (their game field or board name). For every
position it compares the complete legal-move set and, after each legal move, what the data
records (scores, the end of the game and the winner; for Throngs also Ludii's decision counts
and add counters). For every game it replays the moves and compares the same after each one.
Prints the first differences in move notation and, last, "N passed, M failed".
Exits 1 if anything failed.`,
    options: { game: { type: 'string' }, backend: { type: 'string' }, 'max-differences': { type: 'string' } },
    async run(values, files) {
      if (files.length === 0) throw new UsageProblem('give at least one conformance file');
      const backend = backendOf(values.backend);
      const forced = values.game === undefined ? null : gameOf(values.game);
      const engines = new Map<GameId, Engine>();
      let checked = 0;
      const max = integerOf(values['max-differences'], 'max-differences', 0, 20);
      let passed = 0;
      let failed = 0;
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
  },

  perft: {
    summary: 'count move sequences of a given length (a regression signature)',
    usage: `throngs perft [--game ${GAME_LIST}] --board B --depth D [--position P] [--setup S] ${RULES_USAGE} [--backend reference|wasm] [--divide]

Counts the sequences of D moves (each move of a turn counts) from the start of board B (default:
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
      const depth = integerOf(values.depth, 'depth', 0, 1);
      const game = gameOf(values.game);
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
  },

  play: {
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
  },
};

commands.bench = {
  summary: 'measure random playouts per second on both backends',
  usage: `throngs bench [--game ${GAME_LIST}] [--board B] [--seconds S] [--json]

Plays seeded random playouts for S seconds (default 3) per board on the reference engine and on
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
    if (!(seconds > 0 && seconds <= 600)) throw new UsageProblem(`--seconds must be more than 0 and at most 600, not '${String(values.seconds)}'`);
    const games = values.game !== undefined || values.board !== undefined ? [gameOf(values.game)] : GAME_IDS;
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

commands.match = {
  summary: 'play a match between two agents and measure their strength',
  usage: `throngs match --a AGENT --b AGENT --games N [--game ${GAME_LIST}] [--board B] [--threads T] [--seed S] [--openings K] [--adjudicate P,N] ${RULES_USAGE} [--json]

An agent is random, greedy (one-move lookahead on the score margin), mcts:<budget> (the wasm
search), mcts-ref:<budget> (the reference engine's search), alphabeta:<budget> (iterative
deepening alpha-beta in wasm; alphabeta-ref: in the reference engine) or level:<1-8>; a budget
is <n>ms or <n>it (iterations; nodes for alpha-beta), or <n>d (alpha-beta's depth); an mcts
agent takes settings as ,c=0.3,ct=0.1,... and either search the evaluation's weights as
,w=100/6/2/... N games (default 2; even, since games are played in pairs with colours swapped) on T
worker threads (default 2), on the game's default board unless --board says otherwise; with
--openings K each pair of games starts from the same K random plies (seeded), so that agents
that search alike still meet varied positions; with --adjudicate P,N a game ends once, for N
decisions in a row, both agents' searches gave the same side a win probability of at least 1-P
(and the other at most P) and that side led on points throughout (reason "adjudicated"; agents
without a search never agree). Prints
A's score with a 95% interval and the Elo difference; --json prints
{ "games", "winsA", "winsB", "draws", "winRateA", "eloDiff", ... }.`,
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    games: { type: 'string' },
    game: { type: 'string' },
    board: { type: 'string' },
    threads: { type: 'string' },
    seed: { type: 'string' },
    openings: { type: 'string' },
    adjudicate: { type: 'string' },
    json: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    if (!values.a || !values.b) throw new UsageProblem('give both agents: --a AGENT --b AGENT');
    const adjudication = values.adjudicate === undefined ? undefined : parseAdjudication(String(values.adjudicate));
    const games = integerOf(values.games, 'games', 2, 2);
    if (games % 2 !== 0) throw new UsageProblem(`--games must be even: games are played in pairs with colours swapped (got ${games})`);
    const threads = integerOf(values.threads, 'threads', 1, 2);
    const seed = integerOf(values.seed, 'seed', 0, 1);
    const openingPlies = integerOf(values.openings, 'openings', 0, 0);
    const game = gameOf(values.game);
    const board = String(values.board ?? gameEntry(game).rules.defaultBoard);
    const started = performance.now();
    const tty = process.stderr.isTTY === true;
    let lastShown = -1;
    const { summary } = await runMatch({
      a: String(values.a),
      b: String(values.b),
      games,
      threads,
      seed,
      openingPlies,
      ...(adjudication ? { adjudication } : {}),
      game: { game, board, options: rulesOf(game, values) },
      onGame(done, results) {
        const a = results.filter((r) => r.scoreA === 1).length;
        const b = results.filter((r) => r.scoreA === 0).length;
        const width = 30;
        const filled = Math.round((done / games) * width);
        const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${games}  A ${a}  B ${b}  draws ${done - a - b}  ${((performance.now() - started) / 1000).toFixed(0)} s`;
        const step = Math.floor((done * 10) / games);
        if (tty) process.stderr.write(`\r${line}`);
        else if (step !== lastShown || done === games) process.stderr.write(`${line}\n`);
        lastShown = step;
      },
    });
    if (tty) process.stderr.write('\n');
    if (values.json) {
      out(JSON.stringify(summary));
      return 0;
    }
    out(describeMatch(String(values.a), String(values.b), summary));
    return 0;
  },
};

commands.analyse = {
  summary: 'search a position and show the best line, the win probability and every move\'s visits',
  usage: `throngs analyse [--game ${GAME_LIST}] [--board B | --position P] [--moves "m1 m2 ..."] [--iterations N | --ms T | --depth D] [--algorithm mcts|alphabeta] [--seed S] [--top K] ${RULES_USAGE} [--json]

Runs the wasm search from the game's start on board B (default: the game's), or from position P
in the game's notation, after the given moves: N iterations (default 20,000; nodes for
alpha-beta), T milliseconds or, for alpha-beta, depth D. Prints the best move, its value as the
mover's win probability (alpha-beta: also in points, and the depth reached), the principal
variation, and the K most visited moves (default 10) with their visits (alpha-beta: nodes) and
values. --json prints
{ "position", "toMove", "best", "value", "iterations", "stopped", "arenaFull", "pv": [...], "moves": [{ "move", "visits", "value", "proven"? }] }
and, for alpha-beta, "depth" and "score" (points).`,
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
    json: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    const game = gameOf(values.game);
    const algorithm = values.algorithm ?? 'mcts';
    if (algorithm !== 'mcts' && algorithm !== 'alphabeta') throw new UsageProblem(`--algorithm must be mcts or alphabeta, not ${String(algorithm)}`);
    if (values.depth !== undefined && algorithm !== 'alphabeta') throw new UsageProblem('--depth is for --algorithm alphabeta');
    const engine: Engine = await createEngine({ game, board: values.board as string | undefined, position: values.position as string | undefined, options: rulesOf(game, values) });
    for (const move of String(values.moves ?? '').split(/\s+/).filter(Boolean)) engine.play(move);
    if (engine.outcome()) throw new UsageProblem('the game is over: there is nothing to analyse');
    const ms = values.ms === undefined ? undefined : integerOf(values.ms, 'ms', 1, 1000);
    const depth = values.depth === undefined ? undefined : integerOf(values.depth, 'depth', 1, 1);
    const budgetGiven = ms !== undefined || depth !== undefined;
    const iterations = !budgetGiven ? integerOf(values.iterations, 'iterations', 1, 20_000) : values.iterations === undefined ? undefined : integerOf(values.iterations, 'iterations', 1, 20_000);
    const seed = integerOf(values.seed, 'seed', 0, 1);
    const top = integerOf(values.top, 'top', 1, 10);
    const r = await engine.search({ algorithm, iterations, timeMs: ms, depth, seed });
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
    };
    if (values.json) {
      out(JSON.stringify(report));
      return 0;
    }
    const pct = (v: number): string => `${(v * 100).toFixed(1)}%`;
    out(report.position);
    const work = r.depth !== undefined ? `${report.iterations} nodes, depth ${r.depth}, ${r.score! >= 0 ? '+' : ''}${r.score!.toFixed(2)} points` : `${report.iterations} iterations`;
    out(`${report.toMove} to move: best ${report.best}, win probability ${pct(report.value)} (${work}, stopped by ${report.stopped}${report.arenaFull ? ', arena full' : ''})`);
    out(`best line: ${report.pv.join(' ')}`);
    out(r.depth !== undefined ? 'move           nodes    value' : 'move          visits    value');
    for (const m of report.moves) out(`${m.move.padEnd(12)} ${String(m.visits).padStart(7)}  ${pct(m.value).padStart(7)}${'proven' in m ? `  proven ${m.proven}` : ''}`);
    return 0;
  },
};

commands.engine = {
  summary: 'speak a UCI-like text protocol on stdin/stdout, for GUIs and other programs',
  usage: `throngs engine

Reads one command per line on stdin and answers on stdout, in the manner of UCI:
  uci                                  identify (id lines, options, uciok)
  isready                              answers readyok, also while searching
  setoption name <Name> value <v>      Game (${GAME_LIST}), Board, Setup, Rules (name=value,...),
                                       Backend (wasm|reference), Ponder (accepted; no pondering)
  ucinewgame                           a new game with the current options
  position startpos [moves m1 m2 ...]  the game's set-up, then moves in the game's notation
  position fen <position> [moves ...]  a position in the game's notation, then moves
  go [movetime ms] [iterations n] [seed s] [infinite]
                                       search (default 1000 ms), printing
                                       "info iterations N time T value V pv ..." about four times
                                       a second, then "bestmove <move>"
  stop                                 end the search now; it answers bestmove
  d                                    the board, the position and the legal moves
  quit                                 leave
An error is answered with "info string error: ..." and changes nothing.`,
  options: {},
  async run() {
    const { createInterface } = await import('node:readline');
    const { EngineProtocol } = await import('./protocol.js');
    const lines = createInterface({ input: process.stdin, crlfDelay: Infinity, terminal: false });
    const protocol = new EngineProtocol(out, () => lines.close());
    lines.on('line', (line) => protocol.receive(line));
    await new Promise<void>((resolve) => lines.once('close', resolve));
    await protocol.idle();
    return 0;
  },
};

function describeMatch(a: string, b: string, s: MatchSummary): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  return [
    `${a} vs ${b} on ${s.games} games: A ${s.winsA} wins, B ${s.winsB} wins, ${s.draws} draws`,
    `A scores ${pct(s.winRateA)} (95% interval ${pct(s.interval95[0])} to ${pct(s.interval95[1])})`,
    `Elo difference A - B: ${s.eloDiff > 0 ? '+' : ''}${s.eloDiff} (95% interval ${s.eloInterval95[0]} to ${s.eloInterval95[1]}); ${s.averagePlies} moves a game`,
    ...(s.lossesOfA && s.winsB > 0 ? [`A's losses ended by: ${Object.entries(s.lossesOfA).map(([reason, n]) => `${reason} ${n}`).join(', ')}`] : []),
  ].join('\n');
}

function help(): string {
  const lines = Object.entries(commands).map(([name, c]) => `  ${name.padEnd(12)} ${c.summary}`);
  return `throngs: the engine for the Throngs family (${GAME_IDS.join(', ')}) on the command line

Usage: throngs <command> [options]   (throngs <command> --help for details)

Commands:
${lines.join('\n')}`;
}

/** Runs the CLI with the given arguments; returns the exit status. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    out(help());
    return name === undefined ? 2 : 0;
  }
  const command = commands[name];
  if (!command) {
    process.stderr.write(`throngs: unknown command '${name}'\n\n${help()}\n`);
    return 2;
  }
  try {
    const { values, positionals } = parseArgs({ args: rest, options: { ...COMMON, ...command.options }, allowPositionals: true, strict: true });
    if (values.help) {
      out(command.usage);
      return 0;
    }
    return await command.run(values as Record<string, string | boolean | undefined>, positionals);
  } catch (e) {
    if (e instanceof UsageProblem || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      process.stderr.write(`throngs ${name}: ${(e as Error).message}\n\n${command.usage}\n`);
      return 2;
    }
    if (e instanceof ThrongsError) {
      process.stderr.write(`throngs ${name}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}
