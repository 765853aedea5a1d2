/**
 * The wasm core against the reference engine: positions from seeded random games on every board
 * kind compared in full (legal moves with decisions, AP of every site for both players,
 * destination sets, reachability, scores, territory, outcome, position), whole seeded playouts
 * compared move by move, and perft counts.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../reference/core/rng.js';
import { unpackMove } from '../reference/games/throngs/moves.js';
import { perft } from '../bindings/cli/perft.js';
import { BOARD_KINDS, engine } from './helpers.js';
import type { ThrongsEngine as Engine } from '../bindings/games/throngs/index.js';

function compare(ref: Engine, wasm: Engine, where: string): void {
  expect(wasm.position(), where).toBe(ref.position());
  const legal = ref.legalMoves();
  expect(wasm.legalMoves(), where).toEqual(legal);
  expect(wasm.scores(), where).toEqual(ref.scores());
  expect(wasm.outcome(), where).toEqual(ref.outcome());
  expect(wasm.territory(), where).toEqual(ref.territory());
  for (const p of [1, 2] as const) expect(wasm.actionPotentials(p), where).toEqual(ref.actionPotentials(p));
  const origins = new Set(legal.map((m) => m.at).filter((s): s is number => s !== undefined));
  for (const s of origins) expect(wasm.destinations(s), `${where} from ${s}`).toEqual(ref.destinations(s));
}

const GAMES_PER_BOARD = 12;
let positions = 0;

describe('wasm agrees with the reference', () => {
  it.each(BOARD_KINDS)('on every position of seeded random games: %s', async (board) => {
    for (let g = 0; g < GAMES_PER_BOARD; g++) {
      const setup = g % 4 === 3 ? 'pie' : 'standard';
      const ref = await engine('reference', { board, setup });
      const wasm = await engine('wasm', { board, setup });
      const rng = new Rng(7000 + g);
      for (let ply = 0; ; ply++) {
        const where = `${board} game ${g} ply ${ply}`;
        compare(ref, wasm, where);
        positions++;
        // Reachability for arbitrary sites and powers, whatever the rules allow.
        const site = rng.below(ref.topology.size);
        const power = rng.below(8);
        expect(wasm.reachable(site, power), where).toEqual(ref.reachable(site, power));
        const legal = ref.legalMoves();
        if (legal.length === 0) break;
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        // Now and then take a move back and replay it: undo must agree too.
        if (rng.below(5) === 0) {
          ref.undo();
          wasm.undo();
          compare(ref, wasm, `${where} after undo`);
          ref.play(move);
          wasm.play(move);
        }
      }
    }
  });

  it('compared at least 10,000 positions', () => {
    expect(positions).toBeGreaterThanOrEqual(10_000);
  });

  const playoutBoards: Array<[string, number]> = [
    ['ragged63', 150],
    ['throngs93', 30],
    ['ragged87', 30],
    ['ragged153', 15],
    ['hexhex(4)', 100],
    ['althex(3,4)', 60],
    ['perforated(hexhex(6),a1,d4,g7,d7,g4,j7,g10)', 40],
    ['torus(6,5)', 60],
    ['custom(0:0,1:0,2:0,0:1,1:1,2:1,3:1,1:2,2:2,3:2)', 20],
  ];

  it('on 500 whole seeded playouts, move by move', async () => {
    expect(playoutBoards.reduce((n, [, k]) => n + k, 0)).toBeGreaterThanOrEqual(500);
    for (const [board, count] of playoutBoards) {
      for (const setup of ['standard', 'pie'] as const) {
        const ref = await engine('reference', { board, setup });
        const wasm = await engine('wasm', { board, setup });
        for (let seed = 1; seed <= count / 2; seed++) {
          const a = ref.playout(seed * 2654435761 >>> 0, { record: true });
          const b = wasm.playout(seed * 2654435761 >>> 0, { record: true });
          expect(b, `${board} ${setup} seed ${seed}`).toEqual(a);
          expect(a.outcome).not.toBeNull();
        }
        // A playout leaves the position as it was.
        expect(wasm.position()).toBe(ref.position());
      }
    }
  });

  it('on playouts from the middle of a game, with every rule option', async () => {
    const options = { endOnPasses: 'fullRound', endOnFullScore: true, thresholdChecksBoth: true, forcedPassConsumesSlot: true, obligationRelaxesToTravel: true } as const;
    for (const board of ['ragged63', 'hexhex(3)', 'torus(4,4)']) {
      const ref = await engine('reference', { board, options });
      const wasm = await engine('wasm', { board, options });
      for (let seed = 0; seed < 20; seed++) {
        const a = ref.playout(seed, { record: true, maxMoves: 40 });
        const b = wasm.playout(seed, { record: true, maxMoves: 40 });
        expect(b).toEqual(a);
        // Walk the playout's first moves in both engines, comparing everything on the way.
        for (const packed of a.moves!.slice(0, 15)) {
          const move = unpackMove(packed);
          ref.play(move);
          wasm.play(move);
          compare(ref, wasm, `${board} option game ${seed}`);
        }
        ref.reset({});
        wasm.reset({});
      }
    }
  });

  it.each(['ragged63', 'throngs93', 'ragged87', 'ragged153', 'hexhex(5)', 'torus(5,5)'])('on perft(3): %s', async (board) => {
    const ref = await engine('reference', { board });
    const wasm = await engine('wasm', { board });
    expect(perft(wasm, 3)).toBe(perft(ref, 3));
  });
});
