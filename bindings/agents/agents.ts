/**
 * Players for matches and the demo: `random`, `greedy` (one-move lookahead on the score margin),
 * `mcts-ref:<budget>` (the reference engine's search), `mcts:<budget>` (the wasm search),
 * `alphabeta:<budget>` and `level:<n>`; a budget is `<n>ms` or `<n>it` (and `<n>d`, a depth, for
 * alpha-beta). A timed level takes `,ms=T`: the same level given T milliseconds a move (how much
 * its strength grows with time). The wasm searches and the alpha-beta levels take `,workers=N`: worker threads
 * (root-parallel.ts). Each agent keeps its own engine in step with the game, so a search tree
 * carries over from move to move.
 *
 * In this folder (agents/): these agents, the AI levels (levels.ts), matches and their
 * adjudication (match.ts, adjudication.ts, on worker threads through match-worker.mjs) and
 * root-parallel search over worker threads (root-parallel*.ts).
 */
import type { GameMove } from '../../reference/core/game.js';
import { UsageError, excerpt } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';
import { createEngine } from '../games/create.js';
import type { Engine, GameSetup } from '../engine/engine.js';
import { ALPHABETA_LEVELS, LEVELS, TIMED_LEVELS, levelSearch, levelSearchesByTime, levelTakesWorkers } from './levels.js';
import { MAX_PLY } from '../../reference/search/alphabeta.js';
import { RootParallelSearch } from './root-parallel.js';
import { searchSolvingFirst, trySolve } from '../solver/solve-first.js';
import { solverFirst } from '../engine/solve-share.js';
import type { SearchOptions, SearchSettings } from '../engine/search.js';

export type AgentSpec =
  | { readonly kind: 'random' }
  | { readonly kind: 'greedy' }
  | {
      readonly kind: 'mcts';
      readonly backend: 'wasm' | 'reference';
      readonly iterations?: number;
      readonly timeMs?: number;
      readonly settings?: Partial<SearchSettings>;
      /** The evaluation's weights at the cut-off (with h=1, the default). */
      readonly weights?: readonly number[];
      /** Root-parallel over this many worker threads (wasm only); each runs the whole budget. */
      readonly workers?: number;
    }
  | {
      readonly kind: 'level';
      readonly level: number;
      /** Another time a move than the level's own, for the levels that search by time (6 to 8). */
      readonly timeMs?: number;
      /** The alpha-beta levels' search split over this many worker threads. */
      readonly workers?: number;
    }
  | {
      readonly kind: 'alphabeta';
      readonly backend: 'wasm' | 'reference';
      readonly timeMs?: number;
      /** A node budget. */
      readonly iterations?: number;
      readonly depth?: number;
      readonly weights?: readonly number[];
      /** The root moves of each depth split over this many worker threads (wasm only). */
      readonly workers?: number;
    };

/** The most milliseconds a move a level may be given with `,ms=`: ten minutes. */
const MAX_LEVEL_MS = 600_000;

/** `,ms=T` of a level, checked: only a level that searches by time alone takes another time. */
function levelTime(text: string, level: number, ms: number): number {
  if (!levelSearchesByTime(level)) throw new UsageError(`agent ${excerpt(text)}: ms= is for the levels that search by time (${TIMED_LEVELS.join(', ')})`);
  if (ms < 1 || ms > MAX_LEVEL_MS) throw new UsageError(`agent ${excerpt(text)}: ms= takes 1 to ${MAX_LEVEL_MS} milliseconds a move`);
  return ms;
}

/** The most worker threads a search may use. */
const MAX_THREADS = 64;

/** `,workers=N` of `text`, checked: 1 to MAX_THREADS, on the wasm backend. */
function parseWorkers(text: string, raw: string | undefined, wasm: boolean): { workers?: number } {
  if (raw === undefined) return {};
  const workers = Number(raw);
  if (workers < 1 || workers > MAX_THREADS || !wasm) throw new UsageError(`agent ${excerpt(text)}: workers runs the wasm search on 1 to ${MAX_THREADS} threads`);
  return { workers };
}

export function parseAgent(text: string): AgentSpec {
  const t = text.trim().toLowerCase();
  if (t === 'random' || t === 'greedy') return { kind: t };
  const level = /^level:([0-9]+)(?:,ms=([0-9]+))?(?:,workers=([0-9]+))?$/.exec(t);
  if (level) {
    const n = Number(level[1]);
    if (!LEVELS[n]) throw new UsageError(`agent ${excerpt(text)}: the AI levels run from 1 to 8`);
    const time = level[2] === undefined ? {} : { timeMs: levelTime(text, n, Number(level[2])) };
    const workers = parseWorkers(text, level[3], true);
    if (workers.workers !== undefined && !levelTakesWorkers(n)) {
      throw new UsageError(`agent ${excerpt(text)}: only the alpha-beta levels (${ALPHABETA_LEVELS.join(', ')}) take workers`);
    }
    return { kind: 'level', level: n, ...time, ...workers };
  }
  const m = /^(mcts|mcts-ref):([0-9]+)(ms|it)((?:,[a-z]+=[0-9.]+)*?)(?:,w=(-?[0-9]+(?:\/-?[0-9]+)*))?(?:,workers=([0-9]+))?$/.exec(t);
  if (m) {
    const n = Number(m[2]);
    if (n < 1) throw new UsageError(`agent ${text}: the budget must be at least 1`);
    const backend = m[1] === 'mcts' ? 'wasm' : 'reference';
    const settings = parseSettings(text, m[4] ?? '');
    const budget = m[3] === 'ms' ? { timeMs: n } : { iterations: n };
    const weights = m[5] === undefined ? undefined : m[5].split('/').map(Number);
    const workers = parseWorkers(text, m[6], backend === 'wasm');
    return { kind: 'mcts', backend, ...budget, ...(settings ? { settings } : {}), ...(weights ? { weights } : {}), ...workers };
  }
  const ab = /^(alphabeta|alphabeta-ref):([0-9]+)(ms|it|d)(?:,w=(-?[0-9]+(?:\/-?[0-9]+)*))?(?:,workers=([0-9]+))?$/.exec(t);
  if (ab) {
    const n = Number(ab[2]);
    if (n < 1) throw new UsageError(`agent ${text}: the budget must be at least 1`);
    const backend = ab[1] === 'alphabeta' ? 'wasm' : 'reference';
    const budget = ab[3] === 'ms' ? { timeMs: n } : ab[3] === 'it' ? { iterations: n } : { depth: n };
    const weights = ab[4] ? { weights: ab[4].split('/').map(Number) } : {};
    if (budget.depth !== undefined && budget.depth > MAX_PLY) throw new UsageError(`agent ${excerpt(text)}: the depth must be at most ${MAX_PLY}`);
    return { kind: 'alphabeta', backend, ...budget, ...weights, ...parseWorkers(text, ab[5], backend === 'wasm') };
  }
  // The forms in short (the message is one line of a terminal); the usage of throngs match has them all.
  throw new UsageError(
    `unknown agent '${excerpt(text)}': use random, greedy, mcts:<budget>, mcts-ref:<budget>, alphabeta:<budget>, ` +
      `alphabeta-ref:<budget> or level:<1-8>, a budget being <n>ms, <n>it or <n>d (alpha-beta's depth), ` +
      `with settings after commas, e.g. mcts:200ms,c=0.3, level:8,ms=8000 or level:8,workers=2`,
  );
}

const SETTING_NAMES: Record<string, keyof SearchSettings> = { c: 'exploration', cutoff: 'cutoff', scale: 'evalScale', bias: 'biasPercent', expand: 'expandAfter', h: 'heuristic', turns: 'turns', widen: 'widen', im: 'implicit', tt: 'transpositions', ct: 'contempt' };

/** `,cutoff=20,c=0.7` → search settings (checked again when the search starts). */
function parseSettings(text: string, list: string): Partial<SearchSettings> | undefined {
  if (!list) return undefined;
  const settings: Record<string, number> = {};
  for (const pair of list.slice(1).split(',')) {
    const [key, value] = pair.split('=') as [string, string];
    const name = SETTING_NAMES[key];
    if (!name) throw new UsageError(`agent ${excerpt(text)}: unknown setting '${excerpt(key)}' (c, cutoff, scale, bias, expand, h, turns, widen, im, tt, ct)`);
    settings[name] = Number(value);
  }
  return settings as Partial<SearchSettings>;
}

export function formatAgent(spec: AgentSpec): string {
  switch (spec.kind) {
    case 'random':
    case 'greedy':
      return spec.kind;
    case 'level':
      return `level:${spec.level}${spec.timeMs !== undefined ? `,ms=${spec.timeMs}` : ''}${spec.workers ? `,workers=${spec.workers}` : ''}`;
    case 'alphabeta': {
      const budget = spec.timeMs !== undefined ? `${spec.timeMs}ms` : spec.iterations !== undefined ? `${spec.iterations}it` : `${spec.depth}d`;
      const weights = spec.weights ? `,w=${spec.weights.join('/')}` : '';
      return `${spec.backend === 'wasm' ? 'alphabeta' : 'alphabeta-ref'}:${budget}${weights}${spec.workers ? `,workers=${spec.workers}` : ''}`;
    }
    case 'mcts': {
      const budget = spec.timeMs !== undefined ? `${spec.timeMs}ms` : `${spec.iterations}it`;
      const names = Object.entries(SETTING_NAMES);
      const settings = Object.entries(spec.settings ?? {}).map(([k, v]) => `,${names.find(([, n]) => n === k)![0]}=${v}`);
      const weights = spec.weights ? `,w=${spec.weights.join('/')}` : '';
      return `${spec.backend === 'wasm' ? 'mcts' : 'mcts-ref'}:${budget}${settings.join('')}${weights}${spec.workers ? `,workers=${spec.workers}` : ''}`;
    }
  }
}

/** An agent's move and, from a search, its own judgement of the game. */
export interface Choice {
  readonly move: GameMove;
  /** The search's value of the position as the mover's win probability (matches adjudicate on it). */
  readonly value?: number;
}

export interface Agent {
  readonly name: string;
  /** Chooses a move for the position of its engine (which the match keeps in step). */
  choose(): Promise<Choice>;
  /** Tells the agent's engine about a move played by anyone. */
  observe(move: GameMove): void | Promise<void>;
  /** Lets go of what the agent holds (worker threads). */
  close?(): Promise<void>;
}

/** The score margin for `player` after each legal move; the best one, ties broken at random. */
export function greedyMove(engine: Engine, rng: Rng): GameMove {
  const me = engine.toMove();
  const legal = engine.legalMoves();
  let best: GameMove[] = [];
  let bestValue = -Infinity;
  for (const move of legal) {
    engine.play(move);
    const [s1, s2] = engine.scores();
    const margin = me === 1 ? s1 - s2 : s2 - s1;
    const outcome = engine.outcome();
    // A finished game counts by its result before any margin.
    const value = outcome ? (outcome.winner === me ? 1e6 : outcome.winner === 0 ? 0 : -1e6) + margin : margin;
    engine.undo();
    if (value > bestValue) {
      bestValue = value;
      best = [move];
    } else if (value === bestValue) {
      best.push(move);
    }
  }
  return best[rng.below(best.length)]!;
}

const chosen = (r: { move: GameMove; value: number }): Choice => ({ move: r.move, value: r.value });

/** Alpha-beta over `workers` threads that follow the game beside the agent's own engine. */
async function parallelAgent(name: string, engine: Engine, game: GameSetup, workers: number, search: SearchOptions): Promise<Agent> {
  const pool = await RootParallelSearch.start(game, workers);
  const { iterations, depth, weights, settings, solveFirst } = search;
  return {
    name,
    choose: async () => {
      // The solver first, on the agent's own engine, as the one-worker search does (solve-first.ts).
      return solverFirst(
        search.timeMs,
        solveFirst,
        async (timeMs, share) => {
          const solved = await trySolve(engine, timeMs, share);
          return solved && { move: solved.move, value: solved.value };
        },
        async (timeMs) => {
          const r = await pool.alphaBeta({ timeMs, iterations, depth, weights, settings });
          return { move: engine.parseMove(r.move), value: r.value };
        },
      );
    },
    observe: async (move) => {
      const text = engine.formatMove(move);
      engine.play(move);
      await pool.play(text);
    },
    close: () => pool.close(),
  };
}

export async function createAgent(spec: AgentSpec, game: GameSetup, seed: number): Promise<Agent> {
  const backend = spec.kind === 'mcts' || spec.kind === 'alphabeta' ? spec.backend : 'wasm';
  const engine: Engine = await createEngine({ backend, game: game.game, board: game.board, setup: game.setup, options: game.options, position: game.position });
  const rng = new Rng(seed);
  const observe = (move: GameMove): void => void engine.play(move);
  const name = formatAgent(spec);
  switch (spec.kind) {
    case 'random':
      return {
        name,
        choose: async () => {
          const legal = engine.legalMoves();
          return { move: legal[rng.below(legal.length)]! };
        },
        observe,
      };
    case 'greedy':
      return { name, choose: async () => ({ move: greedyMove(engine, rng) }), observe };
    case 'alphabeta': {
      const search: SearchOptions = { algorithm: 'alphabeta', timeMs: spec.timeMs, iterations: spec.iterations, depth: spec.depth, weights: spec.weights };
      if ((spec.workers ?? 1) > 1) return parallelAgent(name, engine, game, spec.workers!, search);
      return { name, choose: async () => chosen(await searchSolvingFirst(engine, search)), observe };
    }
    case 'mcts':
    case 'level': {
      if (spec.kind === 'level' && (spec.workers ?? 1) > 1) return parallelAgent(name, engine, game, spec.workers!, levelSearch(spec.level, engine.rules, spec.timeMs));
      if (spec.kind === 'mcts' && spec.workers) {
        const pool = await RootParallelSearch.start(game, spec.workers);
        const search = { iterations: spec.iterations, timeMs: spec.timeMs, settings: spec.settings, weights: spec.weights };
        return {
          name,
          choose: async () => {
            const r = await pool.search({ ...search, seed: rng.nextU32() });
            return { move: engine.parseMove(r.move), value: r.value };
          },
          observe: async (move) => {
            const text = engine.formatMove(move);
            observe(move);
            await pool.play(text);
          },
          close: () => pool.close(),
        };
      }
      const search: SearchOptions =
        spec.kind === 'level' ? levelSearch(spec.level, engine.rules, spec.timeMs) : { iterations: spec.iterations, timeMs: spec.timeMs, settings: spec.settings, weights: spec.weights };
      return {
        name,
        choose: async () => chosen(await searchSolvingFirst(engine, { ...search, seed: rng.nextU32() })),
        observe,
      };
    }
  }
}
