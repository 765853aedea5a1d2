/**
 * Matches between agents: games in pairs with colours swapped, spread over worker threads, and
 * the result as a score with a 95% interval and an Elo difference.
 */
import { Worker } from 'node:worker_threads';
import { createEngine } from '../games/create.js';
import type { Engine } from '../engine/engine.js';
import { createAgent, parseAgent, type Agent, type AgentSpec } from './agents.js';
import type { GameSetup } from '../engine/engine.js';
import { Adjudicator, type Adjudication } from './adjudication.js';
import { checkBounds, pentanomial, sprt, type SprtBounds, type SprtState } from './sprt.js';
import { suiteOrder } from './openings.js';
import { scoreEloRange, storedElo, wilsonInterval } from './interval.js';
import { Rng } from '../../reference/core/rng.js';

/** Games that run this long are decided by the score (the rules have no move limit). */
export const MAX_PLIES = 2000;

export interface GameTask {
  readonly index: number;
  readonly a: string;
  readonly b: string;
  readonly aIsBlack: boolean;
  readonly game: GameSetup;
  readonly seed: number;
  /** Random plies (from the pair's seed) that open the game before the agents play. */
  readonly openingPlies?: number;
  /** End a game once both agents' searches agree on its winner (adjudication.ts); default: play it out. */
  readonly adjudication?: Adjudication;
}

export interface GameResult {
  readonly index: number;
  /** A's result: 1 win, 0.5 draw, 0 loss. */
  readonly scoreA: number;
  readonly plies: number;
  readonly reason: string;
  readonly scores: readonly [number, number];
  /** The game's record, from its opening on: any game can be replayed, and repeats are seen. */
  readonly record?: string;
}

/** What a match's summary and its SPRT need of a game: the facts kept when the record is not. */
export type GameFacts = Pick<GameResult, 'index' | 'scoreA' | 'plies' | 'reason'>;

export async function playGame(task: GameTask): Promise<GameResult> {
  const specA = parseAgent(task.a);
  const specB = parseAgent(task.b);
  const [blackSpec, whiteSpec]: [AgentSpec, AgentSpec] = task.aIsBlack ? [specA, specB] : [specB, specA];
  const referee: Engine = await createEngine({ backend: 'wasm', ...task.game });
  const black = await createAgent(blackSpec, task.game, task.seed * 2 + 1);
  let white: Agent;
  try {
    white = await createAgent(whiteSpec, task.game, task.seed * 2 + 2);
  } catch (e) {
    await black.close?.();
    throw e;
  }
  // The agents' worker threads are let go however the game ends, an error included.
  try {
    return await playAgents(task, referee, black, white);
  } finally {
    await Promise.all([black.close?.(), white.close?.()]);
  }
}

async function playAgents(task: GameTask, referee: Engine, black: Agent, white: Agent): Promise<GameResult> {
  let plies = 0;
  // Both games of a pair open alike, so colours are swapped on the same opening.
  const opening = new Rng(task.seed);
  for (let i = 0; i < (task.openingPlies ?? 0) && !referee.outcome(); i++) {
    const legal = referee.legalMoves();
    const move = legal[opening.below(legal.length)]!;
    referee.play(move);
    await black.observe(move);
    await white.observe(move);
    plies++;
  }
  const adjudicator = task.adjudication ? new Adjudicator(task.adjudication) : null;
  const seatAhead = (): 0 | 1 | 2 => {
    const [s1, s2] = referee.scores();
    return s1 === s2 ? 0 : referee.seatOf(s1 > s2 ? 1 : 2);
  };
  let adjudicated: 0 | 1 | 2 = 0;
  while (!referee.outcome() && plies < MAX_PLIES && adjudicated === 0) {
    // Agents hold seats; a pie that swaps seats (Populace) hands the other colour to each.
    const seat = referee.seatToMove();
    const { move, value } = await (seat === 1 ? black : white).choose();
    // The judgement is of the position the mover searched, so it is taken before the move.
    const leader = seatAhead();
    referee.play(move);
    await black.observe(move);
    await white.observe(move);
    plies++;
    if (adjudicator) adjudicated = adjudicator.decided(seat, value, leader);
  }
  const outcome = referee.outcome();
  const scores = referee.scores();
  // A win is the seat's, not the colour's; a game stopped early goes to the adjudication or the score.
  const winner = outcome ? (outcome.winner === 0 ? 0 : referee.seatOf(outcome.winner)) : adjudicated || seatAhead();
  const aPlayer = task.aIsBlack ? 1 : 2;
  return {
    index: task.index,
    scoreA: winner === 0 ? 0.5 : winner === aPlayer ? 1 : 0,
    plies,
    reason: outcome ? outcome.reason : adjudicated ? 'adjudicated' : 'moveLimit',
    scores,
    record: referee.record(),
  };
}

export interface MatchSummary {
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** A's score per game, draws counting half. */
  winRateA: number;
  /** 95% Wilson interval of winRateA (draws count as half a win). */
  interval95: [number, number];
  /**
   * A's Elo over B, and the Elo of interval95's ends. Where A won or lost every game the estimate
   * and one end have no bound and hold a stand-in (storedElo); describeElo(scoreEloRange(summary))
   * says so in words.
   */
  eloDiff: number;
  eloInterval95: [number, number];
  averagePlies: number;
  /** How the games A lost ended (the game's end reasons), when the results are known. */
  lossesOfA?: Readonly<Record<string, number>>;
}

export function summarise(results: readonly GameFacts[]): MatchSummary {
  const lossesOfA: Record<string, number> = {};
  for (const r of results) if (r.scoreA === 0) lossesOfA[r.reason] = (lossesOfA[r.reason] ?? 0) + 1;
  return {
    ...summariseCounts({
      winsA: results.filter((r) => r.scoreA === 1).length,
      winsB: results.filter((r) => r.scoreA === 0).length,
      draws: results.filter((r) => r.scoreA === 0.5).length,
      plies: results.reduce((s, r) => s + r.plies, 0),
    }),
    lossesOfA,
  };
}

/** The summary from the counts alone: how a saved match and its top-up are merged. */
export function summariseCounts(c: { winsA: number; winsB: number; draws: number; plies: number }): MatchSummary {
  const { winsA, winsB, draws } = c;
  const n = winsA + winsB + draws;
  const p = (winsA + draws / 2) / n;
  const [lo, hi] = wilsonInterval(p, n);
  const range = storedElo(scoreEloRange(c), n);
  const round = (x: number, d = 4): number => Number(x.toFixed(d));
  return {
    games: n,
    winsA,
    winsB,
    draws,
    winRateA: round(p),
    interval95: [round(lo), round(hi)],
    eloDiff: round(range.elo, 1),
    eloInterval95: [round(range.lower, 1), round(range.upper, 1)],
    averagePlies: round(c.plies / n, 1),
  };
}

/**
 * A saved match's summary with more games added: how a resumed match is merged. How A's losses
 * ended stays only while every loss's end is known (a summary saved without it loses it).
 */
export function mergeSummary(saved: MatchSummary, more: readonly GameFacts[]): MatchSummary {
  const fresh = summarise(more);
  const merged = summariseCounts({
    winsA: saved.winsA + fresh.winsA,
    winsB: saved.winsB + fresh.winsB,
    draws: saved.draws + fresh.draws,
    plies: saved.averagePlies * saved.games + more.reduce((s, r) => s + r.plies, 0),
  });
  const known = saved.lossesOfA ?? (saved.winsB === 0 ? {} : undefined);
  if (known === undefined) return merged;
  const lossesOfA: Record<string, number> = { ...known };
  for (const [reason, n] of Object.entries(fresh.lossesOfA ?? {})) lossesOfA[reason] = (lossesOfA[reason] ?? 0) + n;
  return { ...merged, lossesOfA };
}

export interface MatchOptions {
  readonly a: string;
  readonly b: string;
  readonly games: number;
  readonly game: GameSetup;
  readonly threads: number;
  readonly seed?: number;
  /** Random plies opening each pair of games (default 0: the start position). */
  readonly openingPlies?: number;
  /** Play only games firstGame..games-1 of the match: how an interrupted match is topped up. */
  readonly firstGame?: number;
  /** End games early once both agents agree on the winner; default: every game is played out. */
  readonly adjudication?: Adjudication;
  /** Stop the match once the SPRT over game pairs decides (sprt.ts); `games` stays the cap. */
  readonly sprt?: SprtBounds;
  /** An opening suite (openings.ts): each pair starts from one of its positions, colours swapped. */
  readonly openings?: readonly string[];
  /** The suite's lines in a shuffled order (seeded by the match's seed, the default) or as written. */
  readonly openingsOrder?: 'random' | 'sequential';
  /** Games of this match already played (a resumed run): the SPRT counts them with the new ones. */
  readonly earlier?: readonly GameFacts[];
  readonly onGame?: (done: number, results: readonly GameResult[]) => void;
}

/**
 * The match's games, checked: game 2k has A as Black, game 2k+1 the same opening with colours
 * swapped. Every process that plays a match's games (threads here, queue workers) plays these.
 */
export function matchTasks(options: MatchOptions): GameTask[] {
  if (options.sprt) checkBounds(options.sprt);
  const suite = options.openings;
  if (suite && suite.length === 0) throw new RangeError('an opening suite needs at least one position');
  const order = suite ? suiteOrder(suite.length, options.openingsOrder ?? 'random', options.seed ?? 1) : [];
  parseAgent(options.a);
  parseAgent(options.b);
  const first = options.firstGame ?? 0;
  if (!Number.isInteger(first) || first < 0 || first >= options.games) {
    throw new RangeError(`firstGame must be an integer from 0 to ${options.games - 1}, got ${first}`);
  }
  return Array.from({ length: options.games - first }, (_, k) => first + k).map((i) => ({
    index: i,
    a: options.a,
    b: options.b,
    aIsBlack: i % 2 === 0,
    // Both games of pair k start from the suite's k-th position (in the match's order), colours swapped.
    game: suite ? { ...options.game, position: suite[order[(i >> 1) % suite.length]!]! } : options.game,
    seed: (options.seed ?? 1) * 100_003 + (i >> 1),
    openingPlies: options.openingPlies ?? 0,
    ...(options.adjudication ? { adjudication: options.adjudication } : {}),
  }));
}

/** A played match: what runMatch, or anything else that plays a match's games, returns. */
export interface MatchRun {
  readonly summary: MatchSummary;
  /** The games played now (not `earlier` ones), in index order. */
  readonly results: GameResult[];
  /** With `sprt`: the test's state over the earlier games and these. */
  readonly sprt?: SprtState;
  readonly distinctGames: number;
}

/**
 * Plays the match on worker threads. With `sprt`, no game is started once a finished pair makes
 * the test decide; games under way then finish and count in the score but not in the test, whose
 * state is kept as it decided (with those games as `gamesAfterDecision`).
 */
export async function runMatch(options: MatchOptions): Promise<MatchRun> {
  const tasks = matchTasks(options);
  const results: GameResult[] = [];
  const queue = tasks.slice();
  const test = (): SprtState | undefined => (options.sprt ? sprt(options.sprt, pentanomial([...(options.earlier ?? []), ...results])) : undefined);
  let decided: SprtState | undefined;
  const record = (r: GameResult): void => {
    results.push(r);
    if (!decided) {
      const now = test();
      // Once the test decides no game starts; those under way finish, outside the test.
      if (now?.decision) {
        decided = now;
        queue.length = 0;
      }
    }
    options.onGame?.(results.length, results);
  };
  const threads = Math.max(1, Math.min(options.threads, tasks.length));
  if (threads === 1) {
    for (let task = queue.shift(); task; task = queue.shift()) record(await playGame(task));
  } else {
    await Promise.all(
      Array.from({ length: threads }, async () => {
        const worker = new Worker(new URL('./match-worker.mjs', import.meta.url));
        try {
          for (let task = queue.shift(); task; task = queue.shift()) {
            const t = task;
            const result = await new Promise<GameResult>((resolve, reject) => {
              const onMessage = (m: GameResult | { error: string }): void => {
                worker.off('error', reject);
                if ('error' in m) reject(new Error(m.error));
                else resolve(m);
              };
              worker.once('message', onMessage);
              worker.once('error', reject);
              worker.postMessage(t);
            });
            record(result);
          }
        } finally {
          await worker.terminate();
        }
      }),
    );
  }
  results.sort((x, y) => x.index - y.index);
  const after = decided ? (options.earlier?.length ?? 0) + results.length - 2 * decided.pairs : 0;
  const state = decided ? { ...decided, ...(after > 0 ? { gamesAfterDecision: after } : {}) } : test();
  const distinctGames = new Set(results.map((r) => r.record)).size;
  return { summary: summarise(results), results, distinctGames, ...(state ? { sprt: state } : {}) };
}
