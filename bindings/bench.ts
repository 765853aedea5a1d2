/**
 * Quick playout figures for `throngs bench`: random playouts for a fixed time on each backend,
 * interleaved in short slices so that both see the same machine load.
 */
import { createEngine, type Backend, type Engine } from './engine.js';

export interface PlayoutRate {
  playoutsPerSec: number;
  movesPerSec: number;
}

export interface QuickBench {
  boards: Record<string, Record<Backend, PlayoutRate>>;
}

export async function quickBench(boards: readonly string[], seconds: number): Promise<QuickBench> {
  const result: QuickBench = { boards: {} };
  for (const board of boards) {
    const engines: Array<[Backend, Engine]> = [
      ['reference', await createEngine({ backend: 'reference', board })],
      ['wasm', await createEngine({ backend: 'wasm', board })],
    ];
    const totals = engines.map(() => ({ playouts: 0, moves: 0, ms: 0 }));
    const slice = Math.min(250, (seconds * 1000) / 4);
    let seed = 1;
    for (let spent = 0; spent < seconds * 1000; spent += 2 * slice) {
      engines.forEach(([, engine], i) => {
        const t = totals[i]!;
        const start = performance.now();
        do {
          t.moves += engine.playout(seed++).length;
          t.playouts++;
        } while (performance.now() - start < slice);
        t.ms += performance.now() - start;
      });
    }
    result.boards[board] = Object.fromEntries(
      engines.map(([backend], i) => {
        const t = totals[i]!;
        return [backend, { playoutsPerSec: (t.playouts * 1000) / t.ms, movesPerSec: (t.moves * 1000) / t.ms }];
      }),
    ) as Record<Backend, PlayoutRate>;
  }
  return result;
}
