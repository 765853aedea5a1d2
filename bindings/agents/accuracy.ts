/**
 * How often agents keep a solved game's value. Positions are sampled from seeded games (random
 * moves, or an agent playing both sides) on a board small enough to solve, or near the ends of
 * games on any board (one position a game, at a ply drawn uniformly from the game's length or a
 * fixed number of plies before its end; no position twice); at each, every legal move is proven
 * exactly (solver.ts), and each agent, having followed the game from its start as a match would
 * have it, chooses a move. A move keeps the value when its proven value is the position's, result
 * and margin; a mistake either loses the result (a win to a draw or a loss, a draw to a loss) or
 * keeps the result and gives away points of the margin. A position where every move keeps the
 * value tests nothing: it is counted and left out, as is one the solver does not prove in time or
 * that has no value (an endless line).
 */
import { Rng } from '../../reference/core/rng.js';
import { UsageError } from '../../reference/core/errors.js';
import { createAgent, formatAgent, type AgentSpec } from './agents.js';
import { wilsonInterval } from './interval.js';
import type { Engine, GameSetup } from '../engine/engine.js';
import { createEngine } from '../games/create.js';
import type { SolveMethod } from '../solver/method.js';
import { EndlessLineError } from '../solver/prover.js';
import { solvePosition, solveWithin, type PositionSolve } from '../solver/solver.js';
import { describeBounds, marginOf, resultOfBounds, type SolvedResult } from '../solver/value.js';

export interface AccuracyOptions {
  readonly game: GameSetup;
  /** The agents, each tried on every position. */
  readonly agents: readonly AgentSpec[];
  /** Positions with a choice that matters. */
  readonly positions: number;
  readonly seed: number;
  /** Take each game's position this many plies before its end, instead of at a ply drawn uniformly. */
  readonly fromEnd?: number;
  /** The agent that plays both sides of the games positions come from, instead of random moves. */
  readonly playedBy?: AgentSpec;
  /**
   * Give up a position whose solve takes longer than this many milliseconds (counted as
   * unproven and left out): on a board too large to solve, a game can end early (both players
   * pass) far from any proof. Default: no limit.
   */
  readonly solveMs?: number;
  /** The search that proves the positions (default alpha-beta; the values are the same). */
  readonly method?: SolveMethod;
  /** The solver's table in megabytes (default 128). */
  readonly arenaMB?: number;
  /** Called after each position, with what each agent chose there. */
  readonly onPosition?: (done: number, position: PositionVerdicts) => void;
}

export interface Verdict {
  readonly agent: string;
  readonly chosen: string;
  readonly kept: boolean;
  readonly keptResult: boolean;
  /** `win→draw` and the like, when the move lost the result. */
  readonly resultLost?: string;
  /** Points of the margin given away by a move that kept the result. */
  readonly pointsLost?: number;
}

export interface PositionVerdicts {
  /** The moves from the start that reach the position. */
  readonly line: readonly string[];
  /** The length in plies of the game the position was taken from. */
  readonly gameLength: number;
  /** Its proven value for the player to move, in words. */
  readonly value: string;
  readonly best: readonly string[];
  readonly verdicts: readonly Verdict[];
}

export interface AccuracyReport {
  readonly agent: string;
  /** Positions the agent was asked (each with at least one move that loses value). */
  readonly positions: number;
  /** Moves that kept the value, their share and its 95% (Wilson) interval. */
  readonly kept: number;
  readonly keptShare: number;
  readonly interval95: readonly [number, number];
  /** Moves that kept at least the result. */
  readonly keptResult: number;
  /** Mistakes that lost the result, by kind (`win→draw`, `win→loss`, `draw→loss`). */
  readonly resultLost: Readonly<Record<string, number>>;
  /** Mistakes that kept the result, and the points of the margin they gave away on average. */
  readonly marginMistakes: number;
  readonly pointsLostPerMistake: number | null;
}

export interface AccuracyRun {
  readonly reports: readonly AccuracyReport[];
  /** Sampled positions where every move keeps the value (left out). */
  readonly noChoice: number;
  /** Sampled positions not proven within `solveMs`, or without a value (an endless line): left out. */
  readonly unproven: number;
  readonly solveNodes: number;
  readonly solveMs: number;
}

/**
 * The moves of a whole game from the start of `engine`'s game, which is left at its start: seeded
 * random moves, or `by` playing both sides (seeded from `rng`).
 */
async function gameLine(engine: Engine, rng: Rng, game: GameSetup, by?: AgentSpec): Promise<string[]> {
  const line: string[] = [];
  const agent = by ? await createAgent(by, game, rng.nextU32()) : null;
  try {
    while (engine.outcome() === null) {
      const legal = engine.legalMoves();
      if (legal.length === 0) break;
      const move = agent ? (await agent.choose()).move : legal[rng.below(legal.length)]!;
      line.push(engine.formatMove(move));
      engine.play(move);
      await agent?.observe(move);
    }
  } finally {
    await agent?.close?.();
    for (let i = 0; i < line.length; i++) engine.undo();
  }
  return line;
}

/** How many plies of a game of `length` plies reach the sampled position. */
function sampledPly(length: number, rng: Rng, fromEnd: number | undefined): number {
  return fromEnd === undefined ? rng.below(Math.max(1, length)) : length - fromEnd;
}

/** Judges the agent's move `chosen` at a solved position. */
export function judge(agent: string, solved: PositionSolve, chosen: string): Verdict {
  const move = solved.moves.find((m) => m.move === chosen);
  if (!move) throw new UsageError(`agent ${agent} chose ${chosen}, which is not a legal move here`);
  const kept = solved.best.includes(chosen);
  const want = resultOfBounds(solved.value) as SolvedResult;
  const got = resultOfBounds(move.bounds) as SolvedResult;
  if (kept) return { agent, chosen, kept, keptResult: true };
  if (got !== want) return { agent, chosen, kept, keptResult: false, resultLost: `${want}→${got}` };
  // A move of the best result had its margin proven exactly (root.ts).
  return { agent, chosen, kept, keptResult: true, pointsLost: marginOf(solved.value.lower) - marginOf(move.bounds.lower) };
}

export function summarise(agent: string, verdicts: readonly Verdict[]): AccuracyReport {
  const n = verdicts.length;
  const kept = verdicts.filter((v) => v.kept).length;
  const resultLost: Record<string, number> = {};
  for (const v of verdicts) if (v.resultLost) resultLost[v.resultLost] = (resultLost[v.resultLost] ?? 0) + 1;
  const margin = verdicts.filter((v) => v.pointsLost !== undefined);
  const share = n ? kept / n : 0;
  return {
    agent,
    positions: n,
    kept,
    keptShare: Number(share.toFixed(4)),
    interval95: n ? (wilsonInterval(share, n).map((x) => Number(x.toFixed(4))) as [number, number]) : [0, 1],
    keptResult: verdicts.filter((v) => v.keptResult).length,
    resultLost,
    marginMistakes: margin.length,
    pointsLostPerMistake: margin.length ? Number((margin.reduce((s, v) => s + v.pointsLost!, 0) / margin.length).toFixed(2)) : null,
  };
}

/** Samples the positions, solves each and asks every agent; the reports are in the agents' order. */
export async function measureAccuracy(o: AccuracyOptions): Promise<AccuracyRun> {
  if (!Number.isInteger(o.positions) || o.positions < 1) throw new UsageError(`positions must be a whole number ≥ 1, got ${String(o.positions)}`);
  if (o.agents.length === 0) throw new UsageError('name at least one agent');
  if (o.solveMs !== undefined && !(o.solveMs > 0)) throw new UsageError(`the solve's time limit must be a positive number of milliseconds, got ${String(o.solveMs)}`);
  if (o.fromEnd !== undefined && (!Number.isInteger(o.fromEnd) || o.fromEnd < 1)) throw new UsageError(`plies from the end must be a whole number ≥ 1, got ${String(o.fromEnd)}`);
  const engine = await createEngine({ ...o.game, backend: 'wasm', arenaMB: o.arenaMB ?? 128 });
  const rng = new Rng(o.seed);
  const names = o.agents.map(formatAgent);
  const verdicts: Verdict[][] = names.map(() => []);
  const seen = new Set<string>();
  let noChoice = 0;
  let unproven = 0;
  let solveNodes = 0;
  let solveMs = 0;
  let misses = 0;
  for (let done = 0; done < o.positions; ) {
    const full = await gameLine(engine, rng, o.game, o.playedBy);
    const ply = sampledPly(full.length, rng, o.fromEnd);
    // A game shorter than `fromEnd` plies has no such position: it counts as a miss.
    const line = full.slice(0, Math.max(0, ply));
    for (const m of line) engine.play(engine.parseMove(m));
    const key = `${line.length} ${engine.position('machine')}`;
    const fresh = ply >= 0 && !seen.has(key) && engine.outcome() === null;
    seen.add(key);
    let solved: PositionSolve | null = null;
    if (fresh) {
      try {
        const method = o.method ? { method: o.method } : {};
        solved = o.solveMs === undefined ? await solvePosition(engine, method) : await solveWithin(engine, o.solveMs, undefined, method);
      } catch (e) {
        // A position with an endless line has no value to keep: left out, as one not proven.
        if (!(e instanceof EndlessLineError)) throw e;
      }
      if (solved) {
        solveNodes += solved.nodes;
        solveMs += solved.elapsedMs;
      } else unproven++;
    }
    const back = (): void => {
      for (let i = 0; i < line.length; i++) engine.undo();
    };
    if (!solved || solved.best.length === solved.moves.length) {
      back();
      if (solved) noChoice++;
      // A board too small for the count asked stops here rather than sampling for ever.
      if (++misses > 50 * o.positions + 1000) throw new UsageError(`this board has fewer than ${o.positions} positions with a choice that matters within reach of its sampled games (found ${done})`);
      continue;
    }
    // The agents follow the game as the engine played it (its history is this line).
    const moves = engine.history();
    const position: Verdict[] = [];
    try {
      for (let a = 0; a < o.agents.length; a++) {
        const agent = await createAgent(o.agents[a]!, o.game, o.seed + done * 7919 + a);
        try {
          for (const m of moves) await agent.observe(m);
          const choice = await agent.choose();
          position.push(judge(names[a]!, solved, engine.formatMove(choice.move)));
        } finally {
          await agent.close?.();
        }
      }
    } finally {
      back();
    }
    position.forEach((v, a) => verdicts[a]!.push(v));
    done++;
    o.onPosition?.(done, { line, gameLength: full.length, value: describeBounds(solved.value), best: solved.best, verdicts: position });
  }
  return { reports: names.map((name, a) => summarise(name, verdicts[a]!)), noChoice, unproven, solveNodes, solveMs: Math.round(solveMs) };
}
