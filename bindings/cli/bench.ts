/**
 * Quick playout figures for `throngs bench`: random playouts for a fixed time on each backend,
 * interleaved in short slices so that both see the same machine load. The wasm backend plays
 * its playouts in batches inside the module (one call per batch), as a search would.
 */
import { createEngine } from '../games/create.js';
import type { Backend, Engine } from '../engine/engine.js';
import { gameEntry, type GameId } from '../games/registry.js';
import { WasmEngine } from '../wasm/wasm-engine.js';

export interface PlayoutRate {
  playoutsPerSec: number;
  movesPerSec: number;
}

export type BoardRates = Record<Backend, PlayoutRate> & { readonly game: GameId };

export interface QuickBench {
  boards: Record<string, BoardRates>;
}

/** Plays playouts from `seed` on for about `ms`; returns [playouts, moves]. */
function playFor(engine: Engine, seed: number, ms: number): [number, number] {
  const start = performance.now();
  let playouts = 0;
  let moves = 0;
  if (engine instanceof WasmEngine) {
    let batch = 1;
    do {
      moves += engine.playouts(seed + playouts, batch);
      playouts += batch;
      batch = Math.min(batch * 2, 4096);
    } while (performance.now() - start < ms);
  } else {
    do {
      moves += engine.playout(seed + playouts).length;
      playouts++;
    } while (performance.now() - start < ms);
  }
  return [playouts, moves];
}

export async function quickBench(game: GameId, boards: readonly string[], seconds: number, result: QuickBench = { boards: {} }): Promise<QuickBench> {
  gameEntry(game);
  for (const board of boards) {
    const engines: Array<[Backend, Engine]> = [
      ['reference', await createEngine({ game, backend: 'reference', board })],
      ['wasm', await createEngine({ game, backend: 'wasm', board })],
    ];
    const totals = engines.map(() => ({ playouts: 0, moves: 0, ms: 0 }));
    const slice = Math.min(250, (seconds * 1000) / 4);
    for (let spent = 0; spent < seconds * 1000; spent += 2 * slice) {
      engines.forEach(([, engine], i) => {
        const t = totals[i]!;
        const start = performance.now();
        const [playouts, moves] = playFor(engine, 1 + t.playouts, slice);
        t.playouts += playouts;
        t.moves += moves;
        t.ms += performance.now() - start;
      });
    }
    const rates = Object.fromEntries(
      engines.map(([backend], i) => {
        const t = totals[i]!;
        return [backend, { playoutsPerSec: (t.playouts * 1000) / t.ms, movesPerSec: (t.moves * 1000) / t.ms }];
      }),
    ) as Record<Backend, PlayoutRate>;
    result.boards[board] = { ...rates, game };
  }
  return result;
}
