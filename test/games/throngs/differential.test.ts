/**
 * The wasm core against the reference on what the contract suite does not compare: Throngs' own
 * queries (action potentials of both players, every origin's destinations, reachability from any
 * site at any power, territory, the score breakdown) at every position of seeded random games on
 * every board kind, including boards the contract does not play (a perforated hexhex(6), a strip
 * 19 columns wide); and whole seeded playouts on those boards, and with every rule option at once.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../reference/core/rng.js';
import { unpackMove } from '../../../reference/games/throngs/moves.js';
import { perft } from '../../../bindings/cli/perft.js';
import { BOARD_KINDS, engine, EVERY_OPTION, expectEqual, expectSameQueries } from './helpers.js';

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
        const legal = expectSameQueries(ref, wasm, where);
        positions++;
        // Reachability for arbitrary sites and powers, whatever the rules allow.
        const site = rng.below(ref.topology.size);
        const power = rng.below(8);
        expectEqual(wasm.reachable(site, power), ref.reachable(site, power), where);
        if (legal.length === 0) break;
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        // Now and then take a move back and replay it: undo must agree too.
        if (rng.below(5) === 0) {
          ref.undo();
          wasm.undo();
          expectSameQueries(ref, wasm, `${where} after undo`);
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

  it('on 500 whole seeded playouts, move by move, each to the end of the game', async () => {
    expect(playoutBoards.reduce((n, [, k]) => n + k, 0)).toBeGreaterThanOrEqual(500);
    for (const [board, count] of playoutBoards) {
      for (const setup of ['standard', 'pie'] as const) {
        const ref = await engine('reference', { board, setup });
        const wasm = await engine('wasm', { board, setup });
        for (let seed = 1; seed <= count / 2; seed++) {
          const a = ref.playout((seed * 2654435761) >>> 0, { record: true });
          const b = wasm.playout((seed * 2654435761) >>> 0, { record: true });
          expectEqual(b, a, `${board} ${setup} seed ${seed}`);
          expect(a.outcome).not.toBeNull();
        }
        // A playout leaves the position as it was.
        expect(wasm.position()).toBe(ref.position());
      }
    }
  });

  it('on playouts from the middle of a game, with every rule option at once', async () => {
    for (const board of ['ragged63', 'hexhex(3)', 'torus(4,4)']) {
      const ref = await engine('reference', { board, options: EVERY_OPTION });
      const wasm = await engine('wasm', { board, options: EVERY_OPTION });
      for (let seed = 0; seed < 20; seed++) {
        const a = ref.playout(seed, { record: true, maxMoves: 40 });
        const b = wasm.playout(seed, { record: true, maxMoves: 40 });
        expect(b).toEqual(a);
        // Walk the playout's first moves in both engines, comparing everything on the way.
        for (const packed of a.moves!.slice(0, 15)) {
          const move = unpackMove(packed);
          ref.play(move);
          wasm.play(move);
          expectSameQueries(ref, wasm, `${board} option game ${seed}`);
        }
        ref.reset({});
        wasm.reset({});
      }
    }
  });

  // The contract pins perft on Ludii's boards, hexhex(4) and torus(5,5) (perft.json).
  it('on perft(3) of a board the pins do not cover: hexhex(5)', async () => {
    const ref = await engine('reference', { board: 'hexhex(5)' });
    const wasm = await engine('wasm', { board: 'hexhex(5)' });
    expect(perft(wasm, 3)).toBe(perft(ref, 3));
  });
});
