/** What a root-parallel search worker does with each request (root-parallel.ts). */
import { createEngine } from '../games/create.js';
import type { Engine } from '../engine/engine.js';
import type { AlphaBetaRoots, RootJobResult } from '../engine/alphabeta-roots.js';
import type { RootRequest, RootSearch } from './root-parallel.js';

let engine: Engine | null = null;
/** The alpha-beta root search this worker takes part in (parallel-alphabeta.ts). */
let roots: AlphaBetaRoots | null = null;

const name = (m: unknown): string => engine!.formatMove(m as never);

export async function handle(request: RootRequest): Promise<RootSearch | RootJobResult | string[] | { ok: true }> {
  switch (request.kind) {
    case 'start':
      engine = await createEngine({ backend: 'wasm', ...request.game });
      return { ok: true };
    case 'play':
      engine!.play(request.move);
      return { ok: true };
    case 'search': {
      const r = await engine!.search(request.options);
      return { ...r, move: name(r.move), children: r.children.map((c) => ({ ...c, move: name(c.move) })), principalVariation: r.principalVariation.map(name) };
    }
    case 'roots':
      roots = engine!.alphaBetaRoots(request.options);
      return roots.moves.map(name);
    case 'root':
      return roots!.search(request.job);
    case 'root-line':
      return roots!.principalVariation(request.index, request.max).map(name);
  }
}
