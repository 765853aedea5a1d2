/**
 * What is specific to Populace's wasm module (assembly/games/populace, build/populace.wasm), beyond
 * what the contract suite checks for every game. Its raw exports: `play` refuses an illegal
 * action and changes nothing, its own destinations query and score counters, `undo` says when
 * its ring is exhausted, the option flags, and the debug build refusing a cell value that is no
 * Populace piece. And the wasm backend against the reference where the contract's random games
 * do not go: games that take the swap (and one that reaches the move limit), hexhex(9) (four
 * words per bit set), whole playouts to their end on the large boards, positional superko with
 * many repetitions to forbid, and the search-based fallback for the module's table of balls.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPTION_BUTTON, OPTION_PIE, OPTION_SUPERKO, S_CONTROL1, S_CONTROL2, S_PIECES1, S_PIECES2 } from '../../../assembly/games/populace/abi.js';
import { gameView } from '../../../bindings/worker/view.js';
import type { PopulaceEngine } from '../../../bindings/games/populace/engine.js';
import { createPopulaceWasmEngine, optionFlags, populaceCodec, type PopulaceWasmEngine } from '../../../bindings/games/populace/wasm-engine.js';
import type { GameMove } from '../../../reference/core/game.js';
import { Rng } from '../../../reference/core/rng.js';
import { populace, type PopulaceState } from '../../../reference/games/populace/index.js';
import { repeatingActions } from '../../../reference/games/populace/superko.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { engineOf, randomGame, words } from './helpers.js';

type Options = Record<string, unknown>;

/** POPULACE.md §8.2: Black d3 d4 e4, White c4 e5, Black to move. */
const EXAMPLE = 'populace hexhex(4) b:d3,d4,e4 w:c4,e5 b p0 btn:- ply:6';

const wasmOf = async (config: { board?: string; position?: string; options?: Options }): Promise<PopulaceWasmEngine> =>
  (await engineOf('wasm', config)) as unknown as PopulaceWasmEngine;

/** The module's position as the codec reads it, and its legal list (packed, in its order). */
function snapshot(e: PopulaceWasmEngine): { state: PopulaceState; legal: number[] } {
  const n = e.core.generate();
  return { state: populaceCodec.read(e.core, e.topology), legal: Array.from(new Uint32Array(e.core.memory.buffer, e.core.movesPtr(), n)) };
}

const labels = (t: Topology, cells: readonly number[]): string[] => cells.map((c) => t.label(c)).sort();
const packed = (e: PopulaceEngine, text: string): number => populace.pack(e.parseMove(text));

// ---------------------------------------------------------------- the raw exports

describe('the raw exports of the Populace module', () => {
  it('play refuses an illegal action with -1 and changes nothing; a legal one is taken back exactly', async () => {
    const empty = await wasmOf({ board: 'hexhex(4)' });
    const start = snapshot(empty);
    expect(start.legal).toHaveLength(37);
    expect(empty.core.play(packed(empty, 'pass')), 'pass on the first action under the pie').toBe(-1);
    expect(empty.core.play(packed(empty, 'swap')), 'swap on the first action').toBe(-1);
    expect(snapshot(empty)).toEqual(start);

    const e = await wasmOf({ position: EXAMPLE });
    const before = snapshot(e);
    expect(before.legal).toHaveLength(68);
    // Not threatened; White's cell; beyond d4's potential value 1; not Black's piece; onto a piece.
    for (const text of ['xc4', 'b3', 'd4-f5', 'c4-c5', 'd3-e4', 'swap']) {
      expect(e.core.play(packed(e, text)), text).toBe(-1);
      expect(snapshot(e), text).toEqual(before);
    }
    expect(e.core.play(packed(e, 'xe5'))).toBe(0);
    expect(populaceCodec.read(e.core, e.topology).cells[e.topology.cellOf('e5')]).toBe(1);
    expect(e.core.undo()).toBe(1);
    expect(snapshot(e)).toEqual(before);

    // After the end: no actions, and play refuses even a pass.
    const over = await wasmOf({ position: 'populace hexhex(4) b:d4 w: w p2 btn:b ply:3' });
    expect(over.core.generate()).toBe(0);
    expect(over.core.play(packed(over, 'pass'))).toBe(-1);
  });

  it('§8.2: the destinations export (not the Engine API query) and the score counters', async () => {
    const e = await wasmOf({ position: EXAMPLE });
    const t = e.topology;
    const marked = (): string[] => labels(t, Array.from(new Int32Array(e.core.memory.buffer, e.core.outPtr(), t.size).entries()).filter(([, v]) => v === 1).map(([c]) => c));
    // The empty cells within a piece's potential value, whoever's piece it is.
    expect(e.core.destinations(t.cellOf('d3'))).toBe(25);
    expect(marked()).toEqual(words('c2 c3 d2 e3 b1 b2 b3 c1 d1 d5 e2 f3 f4 f5 a1 a2 a3 b4 c5 d6 e6 f6 g4 g5 g6'));
    expect(e.core.destinations(t.cellOf('d4'))).toBe(2);
    expect(marked()).toEqual(['c3', 'd5']);
    for (const label of ['c4', 'e5', 'a1']) expect(e.core.destinations(t.cellOf(label)), label).toBe(0);
    // Pieces and controlled empty cells, per colour: 3 + 5 and 2 + 6; in half points 16 each.
    const scalar = (offset: number): number => new Int32Array(e.core.memory.buffer, e.core.statePtr() + offset, 1)[0]!;
    expect([S_PIECES1, S_CONTROL1, S_PIECES2, S_CONTROL2].map(scalar)).toEqual([3, 5, 2, 6]);
    expect([e.core.score(1), e.core.score(2)]).toEqual([16, 16]);
  });

  it('undo beyond a short undo ring returns 0, and what it undid is exact', async () => {
    const e = await wasmOf({ board: 'hexhex(4)' });
    const t = e.topology;
    e.core.limitUndo(4);
    const s = populace.initial(t, 'empty', {});
    const history: PopulaceState[] = [];
    const rng = new Rng(5);
    for (let i = 0; i < 12; i++) {
      history.push(populace.cloneState(s));
      const list = populace.legalMoves(t, s, {});
      const move = list[rng.below(list.length)]!;
      expect(e.core.play(populace.pack(move))).toBe(0);
      populace.apply(t, s, move, {});
    }
    expect(populace.statesEqual(populaceCodec.read(e.core, t), s)).toBe(true);
    for (let i = 0; i < 4; i++) {
      expect(e.core.undo()).toBe(1);
      expect(populace.statesEqual(populaceCodec.read(e.core, t), history.pop()!), `undo ${i + 1}`).toBe(true);
    }
    expect(e.core.undo()).toBe(0);
  });

  it('option flags', () => {
    expect(optionFlags({})).toBe(OPTION_PIE | OPTION_BUTTON);
    expect(optionFlags({ pie: false, button: false, superko: 'positional' })).toBe(OPTION_SUPERKO);
  });

  it('the debug build refuses a cell value that is not a Populace piece', async () => {
    const module = await WebAssembly.compile(readFileSync(new URL('../../../build/populace.debug.wasm', import.meta.url)));
    const e = await createPopulaceWasmEngine({ board: 'hexhex(4)' }, module);
    expect(e.core.isDebugBuild()).toBe(1);
    const cells = new Uint8Array(e.core.memory.buffer, e.core.cellsPtr(), e.topology.size);
    cells.fill(0);
    cells[3] = 3;
    expect(() => e.core.loadState(1, 0, 0, 10, 0)).toThrow(/occupy: bad cell or value/);
  });
});

// ---------------------------------------------------------------- against the reference

/** Everything both backends say about the position. */
function agree(ref: PopulaceEngine, wasm: PopulaceEngine, where: string): void {
  expect(wasm.position(), where).toBe(ref.position());
  expect(wasm.legalMoves(), where).toEqual(ref.legalMoves());
  expect(wasm.scores(), where).toEqual(ref.scores());
  expect(wasm.outcome(), where).toEqual(ref.outcome());
  expect([wasm.toMove(), wasm.seatToMove()], where).toEqual([ref.toMove(), ref.seatToMove()]);
}

/**
 * A seeded game played on both engines, compared after every action (and after taking one back
 * now and then); `pick` chooses each action from the legal list. Returns the positions compared.
 */
function playBoth(ref: PopulaceEngine, wasm: PopulaceEngine, rng: Rng, plies: number, where: string, pick: (legal: readonly GameMove[]) => GameMove, extra?: () => void): number {
  let positions = 0;
  for (let ply = 0; ply <= plies; ply++) {
    agree(ref, wasm, `${where} ply ${ply}`);
    extra?.();
    positions++;
    const legal = ref.legalMoves();
    if (legal.length === 0) break;
    const move = pick(legal);
    ref.play(move);
    wasm.play(move);
    if (rng.below(6) === 0) {
      ref.undo();
      wasm.undo();
      agree(ref, wasm, `${where} ply ${ply} after undo`);
      ref.play(move);
      wasm.play(move);
    }
  }
  return positions;
}

async function pair(config: { board: string; options?: Options }): Promise<{ ref: PopulaceEngine; wasm: PopulaceEngine }> {
  return { ref: await engineOf('reference', config), wasm: await engineOf('wasm', config) };
}

describe('Populace: the wasm backend against the reference where random games rarely go', () => {
  it.each([
    ['hexhex(4)', {}],
    ['hexhex(7)', {}],
    ['althex(6,7)', {}],
    ['torus(6,5)', { superko: 'positional' }],
    ['perforated(hexhex(5),c3,e5)', { moveLimit: 60 }],
  ] as Array<[string, Options]>)('games that take the swap, to the end or 160 plies, with the board page: %s %o', async (board, options) => {
    let positions = 0;
    for (let g = 0; g < 2; g++) {
      const { ref, wasm } = await pair({ board, options });
      const rng = new Rng(7101 + 2 * g);
      positions += playBoth(ref, wasm, rng, 160, `${board} game ${g}`, (legal) => legal.find((m) => m.kind === 'swap') ?? legal[rng.below(legal.length)]!, () => {
        // What the board page shows: turn, duty, score parts, threatened pieces.
        expect(gameView(wasm).details).toEqual(gameView(ref).details);
      });
      expect(ref.history()[1]).toEqual({ kind: 'swap' });
      expect([wasm.seatOf(1), wasm.seatOf(2)]).toEqual([2, 1]);
      if (options.moveLimit) expect(wasm.outcome()?.reason).toBe('moveLimit');
    }
    expect(positions).toBeGreaterThan(100);
  });

  it('hexhex(9), four words per bit set: seeded games (its whole playouts: below)', async () => {
    let positions = 0;
    for (let g = 0; g < 2; g++) {
      const { ref, wasm } = await pair({ board: 'hexhex(9)', options: g === 1 ? { pie: false } : {} });
      const rng = new Rng(8200 + g);
      positions += playBoth(ref, wasm, rng, 200, `hexhex(9) game ${g}`, (legal) => legal[rng.below(legal.length)]!);
    }
    expect(positions).toBeGreaterThan(400);
  });

  it.each([
    ['hexhex(7)', {}, 4],
    ['hexhex(9)', {}, 2],
    ['hexhex(7)', { pie: false, button: false, moveLimit: 60 }, 4],
  ] as Array<[string, Options, number]>)('whole seeded playouts to their end, from the start and mid-game: %s %o', async (board, options, seeds) => {
    for (let seed = 0; seed < seeds; seed++) {
      const { ref, wasm } = await pair({ board, options });
      if (seed % 2 === 1) {
        randomGame(ref, seed, 3 + (seed % 9));
        for (const m of ref.history()) wasm.play(m);
      }
      const before = wasm.position();
      const a = ref.playout(seed, { record: true, maxMoves: 10_000 });
      expect(wasm.playout(seed, { record: true, maxMoves: 10_000 }), `${board} seed ${seed}`).toEqual(a);
      expect(a.outcome?.reason).toBe(options.moveLimit ? 'moveLimit' : 'twoPasses');
      expect(wasm.position()).toBe(before);
    }
  });

  it.each(['hexhex(4)', 'torus(6,6)'])('%s: positional superko forbids exactly what the reference forbids, with many repetitions', async (board) => {
    let positions = 0;
    let forbidding = 0;
    for (let g = 0; g < 12; g++) {
      const options = { ...[{}, { pie: false }, { button: false }, { pie: false, button: false }][g % 4], superko: 'positional' };
      const { ref, wasm } = await pair({ board, options });
      const rng = new Rng(5000 + g);
      // A player often plays back its own last move, so that positions come back.
      const last: Array<GameMove | null> = [null, null, null];
      const pick = (legal: readonly GameMove[]): GameMove => {
        let move = legal[rng.below(legal.length)]!;
        const mine = last[ref.toMove()];
        if (mine?.kind === 'move' && rng.below(3) !== 0) move = legal.find((m) => m.kind === 'move' && m.at === mine.to && m.to === mine.at) ?? move;
        last[ref.toMove()] = move;
        return move;
      };
      positions += playBoth(ref, wasm, rng, 300, `${board} game ${g}`, pick, () => {
        if (repeatingActions(ref.topology, ref.state()).size > 0) forbidding++;
      });
    }
    expect(positions).toBeGreaterThan(1000);
    expect(forbidding).toBeGreaterThan(10);
  });

  it('the search-based fallback for the balls (the cells within each distance) gives the same games', async () => {
    for (const board of ['hexhex(4)', 'torus(6,6)', 'perforated(hexhex(5),c3,e5,g7,e7,c5)']) {
      let positions = 0;
      for (let g = 0; g < 4; g++) {
        const options = [{}, { pie: false }, { button: false }, { pie: false, button: false, moveLimit: 60 }][g]!;
        // A table limit of 0 makes the module search instead, from the next board it lays out.
        const wasm = await wasmOf({ board: 'hexhex(3)' });
        wasm.core.setBallTableLimit(0);
        wasm.reset({ board, options });
        const ref = await engineOf('reference', { board, options });
        const rng = new Rng(8000 + g);
        positions += playBoth(ref, wasm, rng, 200, `${board} game ${g}`, (legal) => legal[rng.below(legal.length)]!);
      }
      expect(positions, board).toBeGreaterThan(400);
    }
  });
});
