/**
 * Wide boards and tori on the wasm core's wide bit sets (assembly/games/throngs/wide.ts): boards
 * of up to 32 columns and 32 rows, tori included, take them; larger ones keep the scalar search.
 * The contract suite plays no board wider than 16 columns, so each board's path is checked here
 * first, then the wasm core against the reference on those boards: thousands of positions of
 * seeded random games compared in full (legal moves, scores, territory, score breakdown, action
 * potentials, every origin's destinations, reachability from random sites at every power), whole
 * seeded playouts move by move, playouts under every rule option, and seeded searches.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../reference/core/rng.js';
import { throngs } from '../../../reference/games/throngs/index.js';
import { unpackMove } from '../../../reference/games/throngs/moves.js';
import type { ThrongsWasmEngine as WasmEngine } from '../../../bindings/games/throngs/wasm-engine.js';
import { engine, EVERY_OPTION, expectEqual, expectSameQueries, type Engine } from './helpers.js';

/** What bitSets() of the core reports: no bit sets (scalar search), 16 x 16 bitboards, wide sets. */
const SCALAR = 0;
const BITBOARDS = 1;
const WIDE = 2;

/** Boards by the path they take, with the reason when it is not obvious. */
const PATHS: Array<[string, number]> = [
  ['ragged63', BITBOARDS],
  ['hexhex(8)', BITBOARDS], // 15 columns and rows: the widest hexagon of the 16 x 16 bitboards
  ['hexhex(9)', WIDE], // 17 columns
  ['hexhex(12)', WIDE], // 23 columns and rows, six words a set
  ['hexhex(16)', WIDE], // 31 columns and rows, eight words a set
  ['torus(20,20)', WIDE],
  ['strips(4,16,-4,16)', WIDE], // exactly 17 columns
  ['strips(3,31,-3,31)', WIDE], // exactly 32 columns
  ['strips(31,3,-31,3)', WIDE], // exactly 32 rows
  ['torus(32,5)', WIDE], // the carry round the seam from bit 31
  ['torus(5,32)', WIDE], // the row after the last in the gap after the set
  ['torus(7,6)', WIDE], // ...and inside the set's last word
  ['torus(3,3)', WIDE],
  ['perforated(torus(8,7),a1,c3,f5)', WIDE],
  // The last column cut off: no link crosses the column seam, so the columns act as flat.
  ['perforated(torus(6,5),f1,f2,f3,f4,f5)', WIDE],
  // The top row cut off: no link crosses the row seam.
  ['perforated(torus(5,6),a6,b6,c6,d6,e6)', WIDE],
  ['strips(3,32,-3,32)', SCALAR], // 33 columns: one more than the wide sets hold
  ['strips(32,3,-32,3)', SCALAR], // 33 rows
  ['torus(33,4)', SCALAR],
];

/** Boards of the wide sets, and scalar ones just beyond them, for the comparisons. */
const COMPARED: Array<[string, number]> = [
  // [board, games]: enough positions on each, more on the small ones
  ['hexhex(9)', 6],
  ['hexhex(12)', 3],
  ['torus(20,20)', 3],
  ['strips(4,16,-4,16)', 6],
  ['strips(3,31,-3,31)', 6],
  ['strips(31,3,-31,3)', 6],
  ['torus(32,5)', 5],
  ['torus(5,32)', 5],
  ['torus(7,6)', 8],
  ['torus(3,3)', 8],
  ['perforated(torus(8,7),a1,c3,f5)', 6],
  ['perforated(torus(6,5),f1,f2,f3,f4,f5)', 6],
  ['perforated(torus(5,6),a6,b6,c6,d6,e6)', 6],
  ['perforated(hexhex(10),a1,d4,g7,j10,m13,e9,i5,j9)', 4],
  ['strips(3,32,-3,32)', 4],
  ['torus(33,4)', 4],
];

/** Plies of each compared game: long enough to fill a good part of the board. */
const PLIES = 160;
let positions = 0;

describe('wide boards in the wasm core', () => {
  it.each(PATHS)('take the path their size allows: %s', async (board, path) => {
    const wasm = (await engine('wasm', { board })) as WasmEngine;
    expect(wasm.core.bitSets()).toBe(path);
  });

  it('keep the scalar search when the neighbour table is not the lattice the sets would compute', async () => {
    const { instantiateThrongsCore } = await import('../../../bindings/games/throngs/wasm-engine.js');
    const core = await instantiateThrongsCore();
    const t = throngs.board('strips(2,18,-2,18)');
    if (!t.ok) throw new Error(t.error.message);
    const install = (neighbour: Int32Array): number => {
      core.prepareBoard(t.value.size, 1 << 20);
      new Int32Array(core.memory.buffer, core.neighbourTable(), t.value.size * 6).set(neighbour);
      new Int32Array(core.memory.buffer, core.columnTable(), t.value.size).set(t.value.column);
      new Int32Array(core.memory.buffer, core.rowTable(), t.value.size).set(t.value.row);
      core.commitBoard(false);
      return core.bitSets();
    };
    expect(install(t.value.neighbour)).toBe(WIDE);
    // One link cut both ways (E of site 0 and W of site 1): no longer a step the sets could take.
    const cut = Int32Array.from(t.value.neighbour);
    cut[0 * 6 + 0] = -1;
    cut[1 * 6 + 1] = -1;
    expect(install(cut)).toBe(SCALAR);
  });

  it.each(COMPARED)('agree with the reference on every position of seeded random games: %s', async (board, games) => {
    for (let g = 0; g < games; g++) {
      const setup = g % 3 === 2 ? 'pie' : 'standard';
      const ref = await engine('reference', { board, setup });
      const wasm = await engine('wasm', { board, setup });
      const rng = new Rng(9100 + g);
      const size = ref.topology.size;
      for (let ply = 0; ply < PLIES; ply++) {
        const where = `${board} game ${g} ply ${ply}`;
        const legal = expectSameQueries(ref, wasm, where);
        positions++;
        // Reachability from random sites at every power, whatever the rules allow.
        for (let power = 0; power <= 7; power++) {
          const site = rng.below(size);
          expectEqual(wasm.reachable(site, power), ref.reachable(site, power), `${where} site ${site} power ${power}`);
        }
        if (legal.length === 0) break;
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        if (rng.below(6) === 0) {
          ref.undo();
          wasm.undo();
          expectSameQueries(ref, wasm, `${where} after undo`);
          ref.play(move);
          wasm.play(move);
        }
      }
    }
  });

  it('compared thousands of positions', () => {
    expect(positions).toBeGreaterThanOrEqual(3000);
  });

  it.each(COMPARED)('play the same whole seeded playouts, move by move: %s', async (board) => {
    for (const setup of ['standard', 'pie'] as const) {
      const ref = await engine('reference', { board, setup });
      const wasm = await engine('wasm', { board, setup });
      for (let seed = 1; seed <= 6; seed++) {
        const s = (seed * 2654435761) >>> 0;
        const a = ref.playout(s, { record: true });
        expectEqual(wasm.playout(s, { record: true }), a, `${board} ${setup} seed ${s}`);
      }
      expect(wasm.position()).toBe(ref.position());
    }
  });

  it('draw the same random moves from the middle of a game, seed by seed', async () => {
    for (const board of ['hexhex(12)', 'torus(20,20)', 'strips(3,31,-3,31)']) {
      const ref = await engine('reference', { board });
      const wasm = await engine('wasm', { board });
      const rng = new Rng(31);
      for (let ply = 0; ply < 60 && !ref.outcome(); ply++) {
        const legal = ref.legalMoves();
        const move = legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
      }
      for (let seed = 0; seed < 400; seed++) {
        expect(wasm.playout(seed, { maxMoves: 1, record: true }).moves, `${board} seed ${seed}`).toEqual(ref.playout(seed, { maxMoves: 1, record: true }).moves);
      }
    }
  });

  it('agree under every rule option', async () => {
    for (const board of ['hexhex(9)', 'torus(7,6)', 'torus(20,20)']) {
      const ref = await engine('reference', { board, options: EVERY_OPTION });
      const wasm = await engine('wasm', { board, options: EVERY_OPTION });
      for (let seed = 0; seed < 8; seed++) {
        const a = ref.playout(seed, { record: true, maxMoves: 300 });
        expectEqual(wasm.playout(seed, { record: true, maxMoves: 300 }), a, `${board} seed ${seed}`);
        for (const packed of a.moves!.slice(0, 12)) {
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

  it('build the same search trees from the same seed', async () => {
    for (const board of ['hexhex(12)', 'torus(20,20)']) {
      const ref = await engine('reference', { board });
      const wasm = await engine('wasm', { board });
      const tree = (r: Awaited<ReturnType<Engine['search']>>): string =>
        JSON.stringify(r.children.map((c) => [throngs.pack(c.move), c.visits, c.value]));
      const a = await ref.search({ iterations: 60, seed: 5 });
      const b = await wasm.search({ iterations: 60, seed: 5 });
      expect(tree(b), board).toBe(tree(a));
    }
  });
});
