/**
 * Properties of Refugia's reference rules over seeded random positions on every kind of board it
 * accepts (named, hex-hex, holes, tori, a custom set): scores and legal moves equal brute-force
 * models written from the spec alone (REFUGIA.md §5, §6, from cell coordinates, not the board's
 * tables); random games end by two passes; a clone is independent; notation round-trips, the hop
 * alias included; every move that is not legal gets a reason.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../../../reference/core/game.js';
import { refugia, type RefugiaMove, type RefugiaState } from '../../../reference/games/refugia/index.js';
import { unpackMove } from '../../../reference/games/refugia/moves.js';
import { Rng } from '../../../reference/core/rng.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { engineKey, legal, NO_OPTIONS, topo } from './helpers.js';

// ---------------------------------------------------------------- brute-force models

/**
 * The lattice from coordinates alone, without the topology's neighbour table: the vector from a
 * to b, reduced on a torus, and the cell at a coordinate.
 */
class Lattice {
  private readonly at = new Map<string, number>();
  constructor(readonly t: Topology) {
    for (let i = 0; i < t.size; i++) this.at.set(`${t.column[i]},${t.row[i]}`, i);
  }

  private wrap(c: number, r: number): [number, number] {
    const w = this.t.wrap;
    return w ? [((c % w.width) + w.width) % w.width, ((r % w.height) + w.height) % w.height] : [c, r];
  }

  cellAt(c: number, r: number): number {
    const [x, y] = this.wrap(c, r);
    return this.at.get(`${x},${y}`) ?? -1;
  }

  /** The unit steps of §2.1: (±1, 0), (0, ±1), ±(1, 1). */
  static readonly UNITS: readonly (readonly [number, number])[] = [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
    [1, 1],
    [-1, -1],
  ];

  adjacent(a: number, b: number): boolean {
    return a !== b && Lattice.UNITS.some(([dc, dr]) => this.cellAt(this.t.column[a]! + dc, this.t.row[a]! + dr) === b);
  }

  /** The jumped cell when b is a + 2δ for a unit δ with a + δ on the board, else -1. */
  midpoint(a: number, b: number): number {
    for (const [dc, dr] of Lattice.UNITS) {
      const m = this.cellAt(this.t.column[a]! + dc, this.t.row[a]! + dr);
      if (m >= 0 && this.cellAt(this.t.column[a]! + 2 * dc, this.t.row[a]! + 2 * dr) === b) return m;
    }
    return -1;
  }
}

/** score(X) of §6: pairs of cells, both X, that share a side. */
function bruteScore(lat: Lattice, cells: Uint8Array, player: number): number {
  let n = 0;
  for (let a = 0; a < cells.length; a++) {
    for (let b = a + 1; b < cells.length; b++) if (cells[a] === player && cells[b] === player && lat.adjacent(a, b)) n++;
  }
  return n;
}

/** Every legal move of §5 by trying every conceivable move, as sorted engine keys. */
function bruteLegal(lat: Lattice, s: RefugiaState): string[] {
  if (s.ended) return [];
  const { cells, toMove: me } = s;
  const n = cells.length;
  const unf = (x: number): number => {
    let k = 0;
    for (let y = 0; y < n; y++) if (lat.adjacent(x, y) && cells[y] !== 0 && cells[y] !== me) k++;
    return k;
  };
  const out: string[] = ['pass::::'];
  for (let x = 0; x < n; x++) {
    let ownNeighbour = false;
    for (let y = 0; y < n; y++) if (lat.adjacent(x, y) && cells[y] === me) ownNeighbour = true;
    if (cells[x] === 0 && !ownNeighbour) out.push(`place:${x}:${x}::`);
  }
  for (let o = 0; o < n; o++) {
    if (cells[o] !== me) continue;
    for (let d = 0; d < n; d++) {
      if (cells[d] !== 0 || !(unf(d) < unf(o))) continue;
      if (lat.adjacent(o, d)) out.push(`step:${o}:${d}::`);
      const m = lat.midpoint(o, d);
      if (m >= 0 && cells[m] !== 0 && cells[m] !== me) out.push(`hop:${o}:${d}:${m}:${cells[m] === 3 ? 'neutral' : 'enemy'}`);
    }
  }
  return out.sort();
}

// ---------------------------------------------------------------- properties

const PROPERTY_BOARDS = [
  'hex3-4',
  'hex2-3',
  'hexhex(4)',
  'perforated(hexhex(5),c3,e5,g7,e7,c5)',
  'torus(6,6)',
  'torus(5,7)',
  'custom(0:0,1:0,2:0,3:0,0:1,1:1,2:1,3:1,4:1,1:2,2:2,4:2,5:2,2:3,3:3,4:3,5:3,3:4,6:3)',
];

/** A position after `plies` seeded random moves (passes rarer, so that games develop). */
function randomPosition(t: Topology, seed: number, plies: number): RefugiaState {
  const rng = new Rng(seed);
  const s = refugia.initial(t, 'empty', NO_OPTIONS);
  for (let i = 0; i < plies && !s.ended; i++) refugia.apply(t, s, pickMove(rng, legal(t, s)), NO_OPTIONS);
  return s;
}

function pickMove(rng: Rng, moves: readonly RefugiaMove[]): RefugiaMove {
  const nonPass = moves.filter((m) => m.kind !== 'pass');
  if (nonPass.length === 0 || rng.below(10) === 0) return moves[rng.below(moves.length)]!;
  return nonPass[rng.below(nonPass.length)]!;
}

const arbPosition = fc.record({
  spec: fc.constantFrom(...PROPERTY_BOARDS),
  seed: fc.nat(2 ** 32 - 1),
  plies: fc.nat(120),
});

describe('properties', () => {
  it('apply on a clone never changes the original', () => {
    fc.assert(
      fc.property(arbPosition, fc.nat(), ({ spec, seed, plies }, pick) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        fc.pre(moves.length > 0);
        const before = refugia.formatPosition(t, s, 'machine');
        const copy = refugia.cloneState(s);
        expect(refugia.statesEqual(copy, s)).toBe(true);
        refugia.apply(t, copy, moves[pick % moves.length]!, NO_OPTIONS);
        expect(refugia.formatPosition(t, s, 'machine')).toBe(before);
        expect(refugia.statesEqual(copy, s)).toBe(false);
      }),
      { numRuns: 200 },
    );
  });

  it('move notation round-trips, the hop alias included, and packing is one-to-one', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        expect(new Set(moves.map((m) => refugia.pack(m))).size).toBe(moves.length);
        for (const m of moves) {
          const text = refugia.formatMove(t, m);
          const back = refugia.parseMove(t, text, s);
          expect(back.ok && refugia.pack(back.value)).toBe(refugia.pack(m));
          expect(back.ok && back.value.kind).toBe(m.kind);
          expect(refugia.pack(unpackMove(refugia.pack(m)))).toBe(refugia.pack(m));
          expect(refugia.isMoveShaped(m, t)).toBe(true);
          if (m.kind === 'hop') {
            const alias = refugia.parseMove(t, text.replace('-', 'x').toUpperCase(), s);
            expect(alias.ok && refugia.pack(alias.value)).toBe(refugia.pack(m));
          }
        }
      }),
      { numRuns: 150 },
    );
  });

  it('position notation round-trips in both forms', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        for (const form of ['human', 'machine'] as const) {
          const text = refugia.formatPosition(t, s, form);
          const back = refugia.parsePosition(text);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(back.value.topology).toBe(t);
          refugia.checkState(t, back.value.state);
          expect(refugia.statesEqual(back.value.state, s)).toBe(true);
          expect(refugia.formatPosition(t, back.value.state, form)).toBe(text);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores equal the adjacency formula recomputed by brute force; legal moves equal a brute-force reading of §5', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const lat = new Lattice(t);
        const s = randomPosition(t, seed, plies);
        const [p1, p2] = refugia.scores(t, s);
        expect(p1).toBe(bruteScore(lat, s.cells, 1));
        expect(p2).toBe(bruteScore(lat, s.cells, 2));
        expect(refugia.margin(t, s)).toBe(p1 - p2);
        expect(legal(t, s).map(engineKey).sort()).toEqual(bruteLegal(lat, s));
      }),
      { numRuns: 120 },
    );
  });

  it.each(['hexhex(4)', 'perforated(hexhex(5),c3,e5,g7,e7,c5)', 'torus(6,6)', PROPERTY_BOARDS[6]!])(
    'random games on %s end by two passes within the cap, every move from the legal list',
    (spec) => {
      const t = topo(spec);
      const lat = new Lattice(t);
      const CAP = 3000;
      let longest = 0;
      for (let seed = 1; seed <= 12; seed++) {
        const rng = new Rng(seed * 7919);
        const s = refugia.initial(t, 'empty', NO_OPTIONS);
        let plies = 0;
        while (!s.ended && plies < CAP) {
          const moves = legal(t, s);
          if (plies % 10 === 0) expect(moves.map(engineKey).sort()).toEqual(bruteLegal(lat, s));
          const m = pickMove(rng, moves);
          // Through the text form, as a player would enter it.
          const parsed = refugia.parseMove(t, refugia.formatMove(t, m), s);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          const found = moves.find((l) => refugia.pack(l) === refugia.pack(parsed.value));
          expect(found).toBe(m);
          refugia.apply(t, s, found!, NO_OPTIONS);
          refugia.checkState(t, s);
          plies++;
        }
        expect(s.ended).toBe(true);
        expect(s.passCount).toBe(2);
        expect(refugia.outcome(t, s, NO_OPTIONS)?.reason).toBe('twoPasses');
        longest = Math.max(longest, plies);
      }
      expect(longest).toBeLessThan(CAP);
    },
  );

  it('explainIllegal gives a reason for every conceivable move that is not legal', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies);
        const moves = legal(t, s);
        const keys = new Set(moves.map((m) => refugia.pack(m)));
        const lat = new Lattice(t);
        for (let a = 0; a < t.size; a++) {
          const candidates: GameMove[] = [{ kind: 'place', at: a }];
          for (let b = 0; b < t.size; b++) {
            if (lat.adjacent(a, b)) candidates.push({ kind: 'step', at: a, to: b }, { kind: 'hop', at: a, to: b });
            if (lat.midpoint(a, b) >= 0) candidates.push({ kind: 'hop', at: a, to: b }, { kind: 'step', at: a, to: b });
          }
          for (const m of candidates) {
            const reason = refugia.explainIllegal(t, s, m, moves, NO_OPTIONS);
            if (keys.has(refugia.pack(m))) expect(reason).toBe('it is legal');
            else expect(reason).not.toMatch(/^it is (legal|not among)/);
          }
        }
      }),
      { numRuns: 40 },
    );
  });
});
