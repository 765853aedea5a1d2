/**
 * Perfect play where a position can be proven in the time at hand: with `solveFirst`, a share of
 * a timed search goes to the exact solver (solver.ts); when it proves the position, the answer is
 * a move that keeps the proven value, with the value in `solved`; otherwise the search runs in the
 * time left, as it would have. On a board small enough to solve, that makes the AI's strongest
 * levels perfect; on a large board it plays perfectly once the end is near enough. The AI levels,
 * the worker (so the board element) and the CLI search through here.
 */
import { AB_WIN } from '../../assembly/core/abi.js';
import { SolveError } from '../../reference/core/errors.js';
import type { Engine } from '../engine/engine.js';
import { answersForced, type SearchChild, type SearchOptions, type SearchResult } from '../engine/search.js';
import { solverFirst } from '../engine/solve-share.js';
import { solveWithin, type PositionSolve } from './solver.js';
import { marginOf, resultOfBounds, type ValueBounds } from './value.js';

const PROBABILITY = { win: 1, draw: 0.5, loss: 0 } as const;

/** A proven value as alpha-beta's scores count points (beyond ±5,000: a decided game). */
function scoreOf(b: ValueBounds): number | undefined {
  const r = resultOfBounds(b);
  if (r === null || b.lower !== b.upper) return undefined;
  return (r === 'win' ? AB_WIN / 100 : r === 'loss' ? -AB_WIN / 100 : 0) + marginOf(b.lower);
}

/** The search's answer from a solve: the first move that keeps the value, every move with what is proven of it. */
export function solvedResult(engine: Engine, solve: PositionSolve, elapsedMs: number): SearchResult {
  const result = resultOfBounds(solve.value)!;
  const move = engine.parseMove(solve.best[0]!);
  const children: SearchChild[] = solve.moves
    .map((m) => ({ m, r: resultOfBounds(m.bounds) }))
    .sort((x, y) => Number(solve.best.includes(y.m.move)) - Number(solve.best.includes(x.m.move)) || y.m.bounds.lower - x.m.bounds.lower)
    .map(({ m, r }) => {
      const score = scoreOf(m.bounds);
      // A visit marks each move that keeps the value (a board's heat map shows them).
      return { move: engine.parseMove(m.move), visits: solve.best.includes(m.move) ? 1 : 0, value: r === null ? 0.5 : PROBABILITY[r], ...(r ? { proven: r } : {}), ...(score !== undefined ? { score } : {}) };
    });
  const score = scoreOf(solve.value);
  return {
    move,
    visits: 1,
    value: PROBABILITY[result],
    iterations: solve.nodes,
    elapsedMs,
    stopped: 'solved',
    arenaFull: false,
    children,
    principalVariation: [move],
    ...(score !== undefined ? { score } : {}),
    solved: { result, margin: marginOf(solve.value.lower), best: solve.best },
  };
}

/**
 * Tries the solver for `share` of `timeMs` on `engine`'s position (wasm backend, a game that is
 * not over, and a choice of moves unless `evaluateForced`: see SearchOptions); the answer when it
 * proves the position, else null. A position the solver refuses (endless lines, chance, an arena
 * too small for it) is left to the search.
 */
export async function trySolve(engine: Engine, timeMs: number, share: number, evaluateForced = false): Promise<SearchResult | null> {
  if (engine.backend !== 'wasm' || engine.outcome() !== null) return null;
  const moves = engine.legalCodes().length;
  if (moves === 0 || answersForced(moves, { evaluateForced })) return null;
  const started = performance.now();
  try {
    const solve = await solveWithin(engine, timeMs * share);
    return solve && solve.best.length > 0 ? solvedResult(engine, solve, performance.now() - started) : null;
  } catch (e) {
    if (e instanceof SolveError) return null;
    throw e;
  }
}

/** engine.search, with the solver first where `options.solveFirst` asks for it (a timed search). */
export function searchSolvingFirst(engine: Engine, options: SearchOptions): Promise<SearchResult> {
  return solverFirst(
    options.timeMs,
    options.solveFirst,
    (timeMs, share) => trySolve(engine, timeMs, share, options.evaluateForced),
    (timeLeft) => engine.search({ ...options, timeMs: timeLeft }),
  );
}
