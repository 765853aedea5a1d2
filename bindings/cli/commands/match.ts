/** `throngs match`: play a match between two agents and measure their strength. */
import { matchTasks, runMatch, type MatchOptions, type MatchSummary } from '../../agents/match.js';
import { ResultsLog } from '../../agents/results-log.js';
import { parseAdjudication } from '../../agents/adjudication.js';
import { describeSprt } from '../../agents/sprt.js';
import { describeElo, scoreEloRange } from '../../agents/interval.js';
import { liveLine, liveTest, progressLine } from '../../agents/progress.js';
import { readSuite } from '../../agents/openings.js';
import { gameEntry } from '../../games/registry.js';
import { checkWritable } from '../../node/files.js';
import { sprtOf } from '../sprt-option.js';
import { GAME_LIST, gameFor, integerOf, MAX_SEED, out, queueModule, RULE_OPTIONS, RULES_USAGE, rulesOf, UsageProblem, type Command } from '../command.js';

/** A match's games are listed and kept in memory: a bound well past any match run on one machine or queue. */
const MAX_GAMES = 100_000;

export const command: Command = {
  summary: 'play a match between two agents and measure their strength',
  usage: `throngs match --a AGENT --b AGENT --games N [--game ${GAME_LIST}] [--board B] [--threads T] [--seed S] [--openings K] [--adjudicate P,N] [--sprt elo0=E0,elo1=E1] [--openings-file F [--openings-order random|sequential]] [--results F.jsonl] [--queue redis://HOST:PORT [--match-id ID] [--lease-ms L]] ${RULES_USAGE} [--json]
       throngs match --cancel --match-id ID --queue redis://HOST:PORT

An agent is random, greedy (one-move lookahead on the score margin), mcts:<budget> (the wasm
search), mcts-ref:<budget> (the reference engine's search), alphabeta:<budget> (iterative
deepening alpha-beta in wasm; alphabeta-ref: in the reference engine) or level:<1-8> (levels 6-8
take ,ms=T: T milliseconds a move in place of their own); a budget is
<n>ms or <n>it (iterations; nodes for alpha-beta), or <n>d (alpha-beta's depth); an mcts agent
takes settings as ,c=0.3,ct=0.1,... and either search the evaluation's weights as ,w=100/6/2/... N
games (default 2, at most 100,000; even, since games are played in pairs with colours swapped) on
T worker threads (default 2, at most 64), on the game's default board unless --board says
otherwise; with --openings K (at most 1000) each pair of games starts from the same K random plies
(seeded), so that agents that search alike still meet varied positions; with --adjudicate P,N a
game ends once, for N decisions in a row, both agents' searches gave the same side a win
probability of at least 1-P (and the other at most P) and that side led on points throughout
(reason "adjudicated"; agents without a search never agree). With --sprt
elo0=E0,elo1=E1[,alpha=A,beta=B] (alpha and beta 0.05 by default, each from 0.001 to 0.25; each
key once) the match stops as soon as the sequential probability ratio test over game pairs decides
(N stays the cap), and prints the LLR with its bounds, the verdict, the Elo with its interval and
the pentanomial counts of the pairs; games under way when it decides count in the score, not in
the test. With --openings-file F (a suite made by throngs openings: one position a line) each pair
starts from one of its positions, colours swapped, in an order shuffled by the seed or as written.
With --results F.jsonl every game is written to F as it finishes, one JSON line a game with its
record, so any game can be replayed. With --queue the pairs go on a BullMQ queue in Redis and are
played by \`throngs worker --queue\` on any number of machines (--threads is then the workers'
business); the match has an id (--match-id, or a new one, printed), and the same command with the
same id resumes it; pairs the queue loses (Redis restarted empty) are queued again, and a worker
that stops answering is named on the live line. Should the coordinator stop, its pairs wait L
milliseconds for it (default 60000, at most a day), then workers skip them; --cancel takes a match
off the queue for good (its coordinator stops, its waiting pairs are removed). Prints how many
distinct games were played, and A's score with a 95% interval and the Elo difference (in words
where it has no bound: A or B scored every point); --json prints
{ "games", "winsA", "winsB", "draws", "winRateA", "eloDiff", ..., "sprt"?: { ..., "gamesAfterDecision" } }.`,
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
    sprt: { type: 'string' },
    'openings-file': { type: 'string' },
    'openings-order': { type: 'string' },
    results: { type: 'string' },
    queue: { type: 'string' },
    'match-id': { type: 'string' },
    'lease-ms': { type: 'string' },
    cancel: { type: 'boolean' },
    json: { type: 'boolean' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    if (values.cancel) return cancel(values.queue, values['match-id']);
    if (!values.a || !values.b) throw new UsageProblem('give both agents: --a AGENT --b AGENT');
    const adjudication = values.adjudicate === undefined ? undefined : parseAdjudication(String(values.adjudicate));
    const bounds = values.sprt === undefined ? undefined : sprtOf(String(values.sprt));
    const games = integerOf(values.games, 'games', 2, 2, MAX_GAMES);
    if (games % 2 !== 0) throw new UsageProblem(`--games must be even: games are played in pairs with colours swapped (got ${games})`);
    const threads = integerOf(values.threads, 'threads', 1, 2, 64);
    const seed = integerOf(values.seed, 'seed', 0, 1, MAX_SEED);
    const openingPlies = integerOf(values.openings, 'openings', 0, 0, 1000, 'plies');
    const game = gameFor(values);
    const board = String(values.board ?? gameEntry(game).rules.defaultBoard);
    const setup = { game, board, options: rulesOf(game, values) };
    const order = values['openings-order'] ?? 'random';
    if (order !== 'random' && order !== 'sequential') throw new UsageProblem(`--openings-order must be random or sequential, not '${String(order).slice(0, 40)}'`);
    if (values['openings-file'] !== undefined && openingPlies > 0) throw new UsageProblem('give --openings K or --openings-file F, not both');
    const suite = values['openings-file'] === undefined ? undefined : await readSuite(String(values['openings-file']), setup);
    // Refused before any game is played, not when the first one is written.
    if (values.results !== undefined) checkWritable(String(values.results), 'the results file');
    if (values['match-id'] !== undefined && values.queue === undefined) throw new UsageProblem('--match-id names a match on a queue: give --queue too');
    if (values['lease-ms'] !== undefined && values.queue === undefined) throw new UsageProblem('--lease-ms is how long a queued match waits for its coordinator: give --queue too');
    const leaseMs = integerOf(values['lease-ms'], 'lease-ms', 1000, 60_000, 86_400_000, 'a day');
    const queued = values.queue === undefined ? null : await queueOf(String(values.queue), values['match-id']);
    /** What the queue is doing, after the live line: the workers heard from. */
    let onQueueNote = '';
    const started = performance.now();
    const live = liveLine(games);
    const liveState = liveTest(bounds);
    const options: MatchOptions = {
      a: String(values.a),
      b: String(values.b),
      games,
      threads,
      seed,
      openingPlies,
      ...(adjudication ? { adjudication } : {}),
      ...(bounds ? { sprt: bounds } : {}),
      ...(suite ? { openings: suite, openingsOrder: order } : {}),
      game: setup,
      onGame(done, results) {
        log?.add(results);
        const test = liveState(results);
        live.show(done, progressLine(done, games, results, test, (performance.now() - started) / 1000) + onQueueNote, !!test?.decision);
      },
    };
    const log = values.results === undefined ? null : new ResultsLog(String(values.results), matchTasks(options), queued?.matchId);
    const onQueue = queued
      ? await queued.module.runQueuedMatch({
          ...options,
          queue: queued.queue,
          matchId: queued.matchId,
          leaseMs,
          onStart: () => process.stderr.write(`match ${queued.matchId} on ${queued.queue}: the same command with --match-id ${queued.matchId} resumes it\n`),
          onQueue({ workers, news }) {
            onQueueNote = `  ${workers} worker${workers === 1 ? '' : 's'}`;
            if (news) process.stderr.write(`${process.stderr.isTTY ? '\n' : ''}${queued.matchId}: ${news}\n`);
          },
        })
      : null;
    const played = onQueue ?? (await runMatch(options));
    const { summary, sprt: test, distinctGames } = played;
    live.end();
    if (values.json) {
      out(JSON.stringify({ ...summary, distinctGames, ...(test ? { sprt: { ...test, gamesAfterDecision: test.gamesAfterDecision ?? 0 } } : {}), ...(onQueue ? { matchId: queued!.matchId, resumedPairs: onQueue.resumedPairs, cancelledPairs: onQueue.cancelledPairs, requeuedPairs: onQueue.requeuedPairs } : {}) }));
      return 0;
    }
    out(describeMatch(String(values.a), String(values.b), summary));
    out(`${distinctGames} distinct games of ${summary.games}${suite ? ` (an opening suite of ${suite.length} positions, ${order} order)` : ''}`);
    if (test) out(describeSprt(test));
    if (onQueue?.resumedPairs) out(`${onQueue.resumedPairs} pairs were already played on the queue when this run started`);
    if (onQueue?.cancelledPairs) out(`${onQueue.cancelledPairs} pairs taken off the queue unplayed once the SPRT decided`);
    if (onQueue?.requeuedPairs) out(`${onQueue.requeuedPairs} pairs queued again (lost by the queue, or skipped while the match had no coordinator)`);
    return 0;
  },
};

/** `--cancel`: takes a match off its queue for good. */
async function cancel(queue: unknown, id: unknown): Promise<number> {
  if (queue === undefined || id === undefined) throw new UsageProblem('--cancel takes a match off a queue: give --match-id ID and --queue redis://HOST:PORT');
  const { module, matchId } = await queueOf(String(queue), id);
  const { removed, playing } = await module.cancelMatch(String(queue), matchId);
  out(`cancelled match ${matchId}: ${removed} waiting pair${removed === 1 ? '' : 's'} taken off the queue${playing ? `; ${playing} being played finish uncounted` : ''}`);
  return 0;
}

/** The queue a match is to run on, checked before anything is played: its address, reachable, and the match's id. */
async function queueOf(queue: string, id: unknown): Promise<{ module: typeof import('../../agents/queue.js'); queue: string; matchId: string }> {
  const module = await queueModule();
  let matchId: string;
  try {
    module.connectionOf(queue);
    matchId = id === undefined ? module.newMatchId() : module.checkMatchId(String(id));
  } catch (e) {
    throw new UsageProblem((e as Error).message);
  }
  await module.checkReachable(queue);
  return { module, queue, matchId };
}

export function describeMatch(a: string, b: string, s: MatchSummary): string {
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  return [
    `${a} vs ${b} on ${s.games} games: A ${s.winsA} wins, B ${s.winsB} wins, ${s.draws} draws`,
    `A scores ${pct(s.winRateA)} (95% interval ${pct(s.interval95[0])} to ${pct(s.interval95[1])})`,
    // From the counts, not the summary's stored figures: an end with no bound is said in words.
    `A - B: ${describeElo(scoreEloRange(s))}; ${s.averagePlies} moves a game`,
    ...(s.lossesOfA && s.winsB > 0 ? [`A's losses ended by: ${Object.entries(s.lossesOfA).map(([reason, n]) => `${reason} ${n}`).join(', ')}`] : []),
  ].join('\n');
}

