/**
 * The move origins of a random playout move as the wasm core classifies them, 16 sites at a time
 * (assembly/games/throngs/origins.ts), against the reference's groups (reference/games/throngs/
 * random.ts randomGroups): the same origins in the same order with the same kind, power and
 * bound before any search, on thousands of positions of seeded random games on boards of every
 * path (16 x 16 bitboards, wide sets, tori, boards with holes, the scalar search) and under the
 * rule options. A seeded draw depends on nothing else, so this is what keeps playouts identical.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../reference/core/rng.js';
import { resolveOptions, throngs } from '../reference/games/throngs/index.js';
import { OBLIGATION_THRESHOLD } from '../reference/games/throngs/movegen.js';
import { randomGroups } from '../reference/games/throngs/random.js';
import type { ThrongsWasmEngine } from '../bindings/games/throngs/wasm-engine.js';
import { engine } from './helpers.js';

/** [board, games]: more games on the small boards, whose games are short. */
const BOARDS: Array<[string, number]> = [
  ['ragged63', 8],
  ['throngs93', 5],
  ['ragged153', 3],
  ['hexhex(8)', 3],
  ['hexhex(9)', 3],
  ['hexhex(12)', 2],
  ['torus(7,6)', 8],
  ['torus(20,20)', 2],
  ['perforated(torus(8,7),a1,c3,f5)', 6],
  ['perforated(hexhex(10),a1,d4,g7,j10,m13,e9,i5,j9)', 2],
  ['strips(3,32,-3,32)', 3],
  ['torus(33,4)', 3],
];

const PLIES = 200;
let compared = 0;

/** Plays `games` seeded random games on both, comparing the origins at every position. */
async function compareGames(board: string, games: number, options: Record<string, unknown> = {}): Promise<void> {
  const resolved = resolveOptions(options);
  for (const setup of ['standard', 'pie'] as const) {
    const wasm = (await engine('wasm', { board, setup, options })) as ThrongsWasmEngine;
    for (let game = 0; game < games; game++) {
      const rng = new Rng(1000 * game + 7);
      for (let ply = 0; ply < PLIES && !wasm.outcome(); ply++) {
        const parsed = throngs.parsePosition(wasm.position());
        if (!parsed.ok) throw new Error(parsed.error.message);
        const { topology, state } = parsed.value;
        const where = `${board} ${setup} game ${game} ply ${ply}`;
        const origins = wasm.randomOrigins();
        const groups = randomGroups(topology, state, resolved);
        const bound = state.counters[state.toMove - 1]! >= OBLIGATION_THRESHOLD;
        if (state.pieStep !== null || (bound && !groups.some((g) => g.kind === 'add' || g.kind === 'capture'))) {
          expect(origins, where).toBeNull();
        } else {
          const expected = groups
            .filter((g) => g.kind === 'add' || g.kind === 'capture' || g.kind === 'move')
            .map(({ kind, at, power, bound }) => ({ kind, at, power, bound }));
          expect(origins, where).toEqual(expected);
          compared++;
        }
        const legal = wasm.legalMoves();
        wasm.play(legal[rng.below(legal.length)]!);
      }
      wasm.reset({ board, setup, options });
    }
  }
}

describe('the move origins of random playout moves in the wasm core', () => {
  it.each(BOARDS)('are the reference groups with their bounds: %s', async (board, games) => {
    await compareGames(board, games);
  });

  it('are the reference groups under the rule options', async () => {
    const options = { endOnPasses: 'fullRound', endOnFullScore: true, thresholdChecksBoth: true, forcedPassConsumesSlot: true, obligationRelaxesToTravel: true };
    for (const board of ['ragged63', 'hexhex(9)', 'torus(7,6)']) await compareGames(board, 3, options);
  });

  it('were compared on thousands of positions', () => {
    expect(compared).toBeGreaterThanOrEqual(5000);
  });
});
