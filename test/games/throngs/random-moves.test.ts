/**
 * Random playout moves, drawn without listing every legal move: they must stay exactly uniform
 * over the legal moves (chi-squared over tens of thousands of draws, against a control that is
 * biased on purpose), be legal with the decisions and flags of the listed move, and be the same
 * draw for draw in both backends. A seeded draw depends on the move origins and nothing else, so
 * the wasm core's classification of them, 16 sites at a time (assembly/games/throngs/origins.ts),
 * must be the reference's groups (reference/games/throngs/random.ts randomGroups): the same origins
 * in the same order with the same kind, power and bound, on thousands of positions of seeded
 * random games on boards of every path of the core (16 x 16 bitboards, wide sets, tori, boards
 * with holes, the scalar search) and under the rule options.
 */
import { describe, expect, it } from 'vitest';
import { Rng } from '../../../reference/core/rng.js';
import { resolveOptions, throngs } from '../../../reference/games/throngs/index.js';
import { OBLIGATION_THRESHOLD } from '../../../reference/games/throngs/movegen.js';
import { randomGroups } from '../../../reference/games/throngs/random.js';
import type { ThrongsState } from '../../../reference/games/throngs/state.js';
import type { Topology } from '../../../reference/boards/topology.js';
import type { ThrongsWasmEngine } from '../../../bindings/games/throngs/wasm-engine.js';
import { engine, EVERY_OPTION, expectEqual, type Engine } from './helpers.js';

/** A position of a seeded random game with between `min` and `max` legal moves. */
async function positionWith(board: string, seed: number, min: number, max: number, fromPly = 40): Promise<string> {
  const e = await engine('reference', { board });
  const rng = new Rng(seed);
  for (let ply = 0; ply < 1000 && !e.outcome(); ply++) {
    const legal = e.legalMoves();
    if (ply >= fromPly && legal.length >= min && legal.length <= max) return e.position();
    e.play(legal[rng.below(legal.length)]!);
  }
  throw new Error(`no position with ${min}-${max} moves on ${board} (seed ${seed})`);
}

function parse(text: string): { t: Topology; s: ThrongsState } {
  const parsed = throngs.parsePosition(text);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return { t: parsed.value.topology, s: parsed.value.state };
}

/** Upper tail of the chi-squared distribution (Wilson-Hilferty), ample for tens of degrees of freedom. */
function chiSquaredP(chi: number, df: number): number {
  const v = 2 / (9 * df);
  const z = (Math.cbrt(chi / df) - (1 - v)) / Math.sqrt(v);
  return 0.5 * erfc(z / Math.SQRT2);
}

/** erfc by Abramowitz and Stegun 7.1.26 (error below 1.5e-7). */
function erfc(x: number): number {
  if (x < 0) return 2 - erfc(-x);
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  return poly * Math.exp(-x * x);
}

/** The p-value of `draws` (packed moves) being uniform over `legal` (packed moves). */
function uniformityP(legal: readonly number[], draws: readonly number[]): number {
  const counts = new Map<number, number>(legal.map((m) => [m, 0]));
  for (const d of draws) {
    const c = counts.get(d);
    if (c === undefined) throw new Error(`drew ${d}, which is not legal`);
    counts.set(d, c + 1);
  }
  const expected = draws.length / legal.length;
  let chi = 0;
  for (const c of counts.values()) chi += (c - expected) ** 2 / expected;
  return chiSquaredP(chi, legal.length - 1);
}

const DRAWS = 24_000;
/**
 * Positions of 50-200 moves on boards of every search path: 16 x 16 bitboards, the wide sets of
 * boards up to 32 x 32 and tori (hexhex(9), torus(7,6)), and the scalar search beyond (33 columns).
 */
const CASES: Array<[string, number]> = [
  ['ragged63', 3],
  ['throngs93', 7],
  ['hexhex(9)', 2],
  ['torus(7,6)', 4],
  ['strips(3,32,-3,32)', 2],
];

describe('random playout moves', () => {
  it.each(CASES)('are uniform over the legal moves (chi-squared, reference): %s', async (board, seed) => {
    const { t, s } = parse(await positionWith(board, seed, 50, 200));
    const options = throngs.resolveOptions({});
    const legal = throngs.legalMoves(t, s, options).map((m) => throngs.pack(m));
    const rng = new Rng(12345);
    let calls = 0;
    const below = rng.below.bind(rng);
    rng.below = (n: number): number => (calls++, below(n));
    const draws: number[] = [];
    for (let i = 0; i < DRAWS; i++) draws.push(throngs.pack(throngs.randomMove!(t, s, rng, options, 0)));
    expect(uniformityP(legal, draws)).toBeGreaterThan(1e-4);
    // Some draws landed beyond a bound and were drawn again: the test covers the rejections.
    expect(calls).toBeGreaterThan(DRAWS);
  });

  it.each(CASES)('are uniform and the same seed by seed in wasm: %s', async (board, seed) => {
    const text = await positionWith(board, seed, 50, 200);
    const wasm: Engine = await engine('wasm', { board });
    const ref: Engine = await engine('reference', { board });
    wasm.load(text);
    ref.load(text);
    const legal = wasm.legalMoves().map((m) => throngs.pack(m));
    const draws: number[] = [];
    for (let i = 0; i < DRAWS; i++) {
      const drawn = wasm.playout(i, { maxMoves: 1, record: true }).moves![0]!;
      draws.push(drawn);
      if (i < 1500) expect(drawn, `seed ${i}`).toBe(ref.playout(i, { maxMoves: 1, record: true }).moves![0]);
    }
    expect(uniformityP(legal, draws)).toBeGreaterThan(1e-4);
  });

  it('a sampler biased on purpose fails the same test', async () => {
    const { t, s } = parse(await positionWith('ragged63', 3, 50, 200));
    const options = throngs.resolveOptions({});
    const legal = throngs.legalMoves(t, s, options);
    const packed = legal.map((m) => throngs.pack(m));
    // An origin first, then one of its moves: the shortcut the real sampler must not take.
    const byOrigin = new Map<string, number[]>();
    for (const m of legal) {
      const key = `${m.kind}${m.at ?? ''}`;
      byOrigin.set(key, [...(byOrigin.get(key) ?? []), throngs.pack(m)]);
    }
    const groups = [...byOrigin.values()];
    const rng = new Rng(12345);
    const naive: number[] = [];
    for (let i = 0; i < DRAWS; i++) {
      const g = groups[rng.below(groups.length)]!;
      naive.push(g[rng.below(g.length)]!);
    }
    expect(uniformityP(packed, naive)).toBeLessThan(1e-9);
    // Subtler: uniform, except that one draw in twenty takes the first move.
    const skewed: number[] = [];
    for (let i = 0; i < DRAWS; i++) skewed.push(rng.below(20) === 0 ? packed[0]! : packed[rng.below(packed.length)]!);
    expect(uniformityP(packed, skewed)).toBeLessThan(1e-9);
    // And the real one passes with the same numbers.
    const fair: number[] = [];
    for (let i = 0; i < DRAWS; i++) fair.push(packed[rng.below(packed.length)]!);
    expect(uniformityP(packed, fair)).toBeGreaterThan(1e-4);
  });

  it('are legal, with the listed move\'s decisions and flags, whatever the bias and rules', () => {
    const variants = [{}, { obligationRelaxesToTravel: true, forcedPassConsumesSlot: true }];
    for (const board of ['ragged63', 'torus(5,5)', 'hexhex(3)']) {
      const t = throngs.board(board);
      if (!t.ok) throw new Error(board);
      for (const variant of variants) {
        const options = throngs.resolveOptions(variant);
        for (let game = 0; game < 6; game++) {
          const s = throngs.initial(t.value, game % 3 === 2 ? 'pie' : 'standard', options);
          const rng = new Rng(game + 77);
          for (let ply = 0; ply < 300 && !throngs.outcome(t.value, s, options); ply++) {
            const legal = throngs.legalMoves(t.value, s, options);
            const m = throngs.randomMove!(t.value, s, rng, options, game % 2 === 0 ? 0 : 60);
            const listed = legal.find((l) => throngs.pack(l) === throngs.pack(m));
            expect(listed, `${board} game ${game} ply ${ply}`).toBeDefined();
            expect({ dec: m.dec, forced: m.forced }).toEqual({ dec: listed!.dec, forced: listed!.forced });
            throngs.apply(t.value, s, m, options);
          }
        }
      }
    }
  });

  it('biased playouts inside a seeded search build the same tree in both backends, on every search path', async () => {
    const settings = { cutoff: 12, biasPercent: 70, expandAfter: 2 };
    for (const board of ['throngs93', 'hexhex(9)', 'torus(8,7)']) {
      const ref = await engine('reference', { board });
      const wasm = await engine('wasm', { board });
      const text = await positionWith(board, 4, 30, 400, 20);
      ref.load(text);
      wasm.load(text);
      const tree = (r: Awaited<ReturnType<Engine['search']>>): string =>
        JSON.stringify(r.children.map((c) => [throngs.pack(c.move), c.visits, c.value]));
      const a = await ref.search({ iterations: 120, seed: 9, settings });
      const b = await wasm.search({ iterations: 120, seed: 9, settings });
      expect(tree(b), board).toBe(tree(a));
    }
  });

  it('seeded playouts agree move for move in both backends on many seeds', async () => {
    for (const board of ['ragged63', 'throngs93', 'hexhex(6)', 'torus(8,7)']) {
      const ref = await engine('reference', { board });
      const wasm = await engine('wasm', { board });
      for (let seed = 0; seed < 40; seed++) {
        const s = (seed * 0x9e3779b1) >>> 0;
        expect(wasm.playout(s, { record: true }), `${board} seed ${s}`).toEqual(ref.playout(s, { record: true }));
      }
    }
  });
});

/** Boards for the origins, [board, games]: more games on small boards, whose games are short. */
const ORIGIN_BOARDS: Array<[string, number]> = [
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

const ORIGIN_PLIES = 200;
let compared = 0;

/** Plays `games` seeded random games on both, comparing the origins at every position. */
async function compareGames(board: string, games: number, options: Record<string, unknown> = {}): Promise<void> {
  const resolved = resolveOptions(options);
  for (const setup of ['standard', 'pie'] as const) {
    const wasm = (await engine('wasm', { board, setup, options })) as ThrongsWasmEngine;
    for (let game = 0; game < games; game++) {
      const rng = new Rng(1000 * game + 7);
      for (let ply = 0; ply < ORIGIN_PLIES && !wasm.outcome(); ply++) {
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
          expectEqual(origins, expected, where);
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
  it.each(ORIGIN_BOARDS)('are the reference groups with their bounds: %s', async (board, games) => {
    await compareGames(board, games);
  });

  it('are the reference groups under the rule options', async () => {
    for (const board of ['ragged63', 'hexhex(9)', 'torus(7,6)']) await compareGames(board, 3, EVERY_OPTION);
  });

  it('were compared on thousands of positions', () => {
    expect(compared).toBeGreaterThanOrEqual(5000);
  });
});
