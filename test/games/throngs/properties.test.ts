/**
 * Properties of Throngs that must hold in every reachable position (fast-check over seeded random
 * games on every board kind, both backends), checked against independent brute-force versions
 * where one exists: action potentials over lattice coordinates, destinations by the prose
 * step-and-jump model of §8, scores against territory; and random games ending on every board.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packMove } from '../../../reference/games/throngs/moves.js';
import { scoringCategory } from '../../../reference/games/throngs/scoring.js';
import { statesEqual } from '../../../reference/games/throngs/state.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { DIRECTIONS } from '../../../reference/boards/lattice.js';
import { BACKENDS, BOARD_KINDS, engine, randomMoves } from './helpers.js';
import type { Engine } from './helpers.js';

const arbGame = fc.record({
  spec: fc.constantFrom(...BOARD_KINDS),
  seed: fc.nat(2 ** 32 - 1),
  plies: fc.nat(220),
  setup: fc.constantFrom<'standard' | 'pie'>('standard', 'standard', 'pie'),
});

/** Lattice adjacency straight from coordinates, independent of the neighbour table. */
function adjacentByCoordinates(t: Topology, a: number, b: number): boolean {
  return DIRECTIONS.some((d) => {
    let dc = t.column[b]! - t.column[a]! - d.dc;
    let dr = t.row[b]! - t.row[a]! - d.dr;
    if (t.wrap) {
      dc = ((dc % t.wrap.width) + t.wrap.width) % t.wrap.width;
      dr = ((dr % t.wrap.height) + t.wrap.height) % t.wrap.height;
    }
    return dc === 0 && dr === 0;
  });
}

/**
 * The prose movement model of §8: a step to an adjacent empty site costs 1; a jump runs straight
 * over occupied sites (the origin included) and lands on the first empty one, costing its length.
 */
function proseDestinations(t: Topology, cells: Uint8Array, origin: number, power: number): number[] {
  const dist = new Map<number, number>([[origin, 0]]);
  const queue: number[] = [origin];
  while (queue.length > 0) {
    queue.sort((a, b) => dist.get(a)! - dist.get(b)!);
    const x = queue.shift()!;
    const d = dist.get(x)!;
    for (let dir = 0; dir < 6; dir++) {
      let at = x;
      for (let k = 1; d + k <= power; k++) {
        at = t.neighbour[at * 6 + dir]!;
        if (at < 0) break;
        if (at === origin || cells[at] !== 0) continue;
        if (d + k < (dist.get(at) ?? Infinity)) {
          dist.set(at, d + k);
          queue.push(at);
        }
        break;
      }
    }
  }
  dist.delete(origin);
  return [...dist.keys()].sort((a, b) => a - b);
}

async function randomPosition(backend: 'reference' | 'wasm', g: { spec: string; seed: number; plies: number; setup: 'standard' | 'pie' }): Promise<Engine> {
  return randomMoves(await engine(backend, { board: g.spec, setup: g.setup }), g.seed, g.plies);
}

describe.each(BACKENDS)('properties (%s)', (backend) => {
  it('play then undo restores the exact state, legal moves and scores', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, fc.nat(), async (g, pick) => {
        const e = await randomPosition(backend, g);
        const legal = e.legalMoves();
        if (legal.length === 0) return;
        const before = { state: e.state(), legal, scores: e.scores(), record: e.record() };
        e.play(legal[pick % legal.length]!);
        e.undo();
        expect(statesEqual(e.state(), before.state)).toBe(true);
        expect(e.legalMoves()).toEqual(before.legal);
        expect(e.scores()).toEqual(before.scores);
        expect(e.record()).toBe(before.record);
      }),
      { numRuns: 80 },
    );
  });

  it('legal moves are unique and in canonical (ascending packed) order', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, async (g) => {
        const packed = (await randomPosition(backend, g)).legalMoves().map(packMove);
        for (let i = 1; i < packed.length; i++) expect(packed[i]!).toBeGreaterThan(packed[i - 1]!);
      }),
      { numRuns: 60 },
    );
  });

  it('every move changes at most two sites (the pie swap recolours, and changes no emptiness)', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, fc.nat(), async (g, pick) => {
        const e = await randomPosition(backend, g);
        const legal = e.legalMoves();
        if (legal.length === 0) return;
        const move = legal[pick % legal.length]!;
        const before = e.state().cells;
        e.play(move);
        const after = e.state().cells;
        const changed = [...before.keys()].filter((s) => before[s] !== after[s]);
        if (move.kind === 'swap') expect(changed.every((s) => before[s] !== 0 && after[s] === 3 - before[s]!)).toBe(true);
        else expect(changed.length).toBeLessThanOrEqual(2);
      }),
      { numRuns: 80 },
    );
  });

  it('scores: every site counts for at most one player, so score(P1) + score(P2) <= N', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, async (g) => {
        const e = await randomPosition(backend, g);
        const [s1, s2] = e.scores();
        expect(s1 + s2).toBeLessThanOrEqual(e.topology.size);
        const cells = e.state().cells;
        for (let s = 0; s < e.topology.size; s++) {
          const both = scoringCategory(e.topology, cells, s, 1) && scoringCategory(e.topology, cells, s, 2);
          expect(both).toBeFalsy();
        }
        const owner = e.territory();
        expect([owner.filter((o) => o === 1).length, owner.filter((o) => o === 2).length]).toEqual([s1, s2]);
      }),
      { numRuns: 60 },
    );
  });

  it('action potentials equal a brute-force count over lattice coordinates', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, fc.constantFrom<1 | 2>(1, 2), async (g, player) => {
        const e = await randomPosition(backend, g);
        const t = e.topology;
        const cells = e.state().cells;
        const ap = e.actionPotentials(player);
        for (let s = 0; s < t.size; s++) {
          let expected = 0;
          for (let u = 0; u < t.size; u++) {
            if (u !== s && !adjacentByCoordinates(t, s, u)) continue;
            if (cells[u] === player) expected++;
            else if (cells[u] === 3 - player) expected--;
          }
          expect(ap[s]).toBe(expected);
          expect(e.actionPotential(s, player)).toBe(expected);
        }
      }),
      { numRuns: 40 },
    );
  });

  it('destinations equal the prose step-and-jump model (§8 equivalence)', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, fc.integer({ min: 1, max: 7 }), async (g, power) => {
        const e = await randomPosition(backend, g);
        const cells = e.state().cells;
        for (let s = 0; s < e.topology.size; s += 3) {
          expect(e.reachable(s, power)).toEqual(proseDestinations(e.topology, cells, s, power));
        }
      }),
      { numRuns: 40 },
    );
  });

  it('isLegal agrees with legalMoves for arbitrary move-shaped data', async () => {
    await fc.assert(
      fc.asyncProperty(arbGame, fc.constantFrom('add', 'capture', 'move', 'pass', 'accept', 'swap'), fc.nat(200), fc.nat(200), async (g, kind, at, to) => {
        const e = await randomPosition(backend, g);
        const move = { kind: kind as 'add', at: at % e.topology.size, to: to % e.topology.size };
        const listed = e.legalMoves().some((m) => packMove(m) === packMove(move));
        expect(e.isLegal(move)).toBe(listed);
      }),
      { numRuns: 80 },
    );
  });
});

describe.each(BACKENDS)('random games on every board kind end without errors (%s)', (backend) => {
  it.each(BOARD_KINDS)('%s', async (spec) => {
    for (const setup of ['standard', 'pie'] as const) {
      const e = await engine(backend, { board: spec, setup });
      for (let seed = 0; seed < 3; seed++) {
        const result = e.playout(seed * 7919 + 1, { record: true });
        expect(result.outcome, `seed ${seed}`).not.toBeNull();
        expect(result.length).toBe(result.moves!.length);
        expect(result.scores).toEqual(result.outcome!.scores);
      }
      expect(e.history()).toEqual([]);
    }
  });
});
