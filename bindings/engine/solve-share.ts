/**
 * How a timed search with `solveFirst` spends its time: the exact solver's share first, then, when
 * the solver did not prove the position, the search in the time left. One rule for the one-worker
 * search (solver/solve-first.ts), the agents' parallel alpha-beta and the page's (worker/client.ts);
 * it imports no solver, so the page's side stays without one.
 */
export async function solverFirst<R>(
  timeMs: number | undefined,
  share: number | undefined,
  solve: (timeMs: number, share: number) => Promise<R | null>,
  search: (timeLeft: number | undefined) => Promise<R>,
): Promise<R> {
  if (share === undefined || timeMs === undefined) return search(timeMs);
  if (!(share > 0 && share <= 1)) throw new RangeError(`solveFirst must be a share of the time above 0 and at most 1, got ${String(share)}`);
  const started = performance.now();
  const solved = await solve(timeMs, share);
  if (solved) return solved;
  return search(Math.max(1, timeMs - (performance.now() - started)));
}
