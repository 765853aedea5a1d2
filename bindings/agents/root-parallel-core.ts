/** What a root-parallel search worker does with each request (root-parallel.ts). */
import { createEngine } from '../index.js';
import type { Engine } from '../engine/engine.js';
import type { RootRequest, RootSearch } from './root-parallel.js';

let engine: Engine | null = null;

export async function handle(request: RootRequest): Promise<RootSearch | { ok: true }> {
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
      return { ...r, move: name(r.move), children: r.children.map((c) => ({ ...c, move: name(c.move) })), principalVariation: r.principalVariation.map(name) };
    }
  }
}
