/** What a root-parallel search worker does with each request (root-parallel.ts). */
import { createEngine, type Engine } from '../engine/engine.js';
import type { RootRequest, RootStats } from './root-parallel.js';

let engine: Engine | null = null;

export async function handle(request: RootRequest): Promise<RootStats | { ok: true }> {
  switch (request.kind) {
    case 'start':
      engine = await createEngine({ backend: 'wasm', ...request.game });
      return { ok: true };
    case 'play':
      engine!.play(request.move);
      return { ok: true };
    case 'search': {
      const r = await engine!.search(request.options);
      const name = (m: unknown): string => engine!.formatMove(m as never);
      return {
        iterations: r.iterations,
        // Value sums back from the means, so that workers' roots add up.
        children: r.children.map((c) => ({ move: name(c.move), visits: c.visits, valueSum: c.value * c.visits })),
      };
    }
  }
}
