/**
 * Populace's reference rules against brute-force models written from POPULACE.md alone (the
 * board from coordinates, distances by Floyd-Warshall, scores and legal actions by trying every
 * conceivable one), and properties of random positions on every kind of board and option set:
 * notation and packing round trips, the pie, games that end, positional superko, and a reason
 * for every illegal action.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../../../reference/core/game.js';
import { Rng } from '../../../reference/core/rng.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { populace, type PopulaceMove, type PopulaceState } from '../../../reference/games/populace/index.js';
import { DEFAULTS, engineKey, legal, opts, topo, type Options } from './helpers.js';


/**
 * The board from coordinates alone, without the topology's neighbour table: adjacency by the
 * unit steps of the lattice (wrapped on a torus) and all distances by Floyd-Warshall.
 */
class Lattice {
  readonly adj: boolean[][];
  readonly dist: number[][];
  constructor(readonly t: Topology) {
    const n = t.size;
    const units: readonly (readonly [number, number])[] = [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
      [1, 1],
      [-1, -1],
    ];
    const w = t.wrap;
    const norm = (c: number, r: number): string => (w ? `${((c % w.width) + w.width) % w.width},${((r % w.height) + w.height) % w.height}` : `${c},${r}`);
    this.adj = Array.from({ length: n }, (_, a) =>
      Array.from({ length: n }, (_, b) => a !== b && units.some(([dc, dr]) => norm(t.column[a]! + dc, t.row[a]! + dr) === norm(t.column[b]!, t.row[b]!))),
    );
    const INF = 1e9;
    this.dist = Array.from({ length: n }, (_, a) => Array.from({ length: n }, (_, b) => (a === b ? 0 : this.adj[a]![b] ? 1 : INF)));
    for (let k = 0; k < n; k++) {
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          const via = this.dist[i]![k]! + this.dist[k]![j]!;
          if (via < this.dist[i]![j]!) this.dist[i]![j] = via;
        }
      }
    }
  }

  count(cells: Uint8Array, x: number, colour: number): number {
    let k = 0;
    for (let y = 0; y < cells.length; y++) if (this.adj[x]![y] && cells[y] === colour) k++;
    return k;
  }
}

const lattices = new Map<string, Lattice>();
function lattice(t: Topology): Lattice {
  let l = lattices.get(t.spec);
  if (!l) lattices.set(t.spec, (l = new Lattice(t)));
  return l;
}

/** score(X) of §6 counted cell by cell, plus the button. */
function bruteScores(lat: Lattice, s: PopulaceState): [number, number] {
  const score = (colour: 1 | 2): number => {
    const them = colour === 1 ? 2 : 1;
    let n = 0;
    for (let x = 0; x < s.cells.length; x++) {
      if (s.cells[x] === colour) n += 1;
      else if (s.cells[x] === 0 && lat.count(s.cells, x, colour) > lat.count(s.cells, x, them)) n += 1;
    }
    return s.button === colour ? n + 0.5 : n;
  };
  return [score(1), score(2)];
}

/** Every legal action of §4-§5 (without superko), by trying every conceivable one. */
function bruteLegal(lat: Lattice, s: PopulaceState, o: Options): string[] {
  if (s.ended || (o.moveLimit > 0 && s.ply >= o.moveLimit)) return [];
  const { cells, toMove: me } = s;
  const them = me === 1 ? 2 : 1;
  const n = cells.length;
  const out: string[] = [];
  for (let x = 0; x < n; x++) {
    const lonely = lat.count(cells, x, 1) + lat.count(cells, x, 2) === 0;
    if (cells[x] === 0 && (lat.count(cells, x, me) > lat.count(cells, x, them) || lonely)) out.push(`place:${x}`);
  }
  if (o.pie && s.ply === 0) return out.sort();
  for (let x = 0; x < n; x++) {
    if (cells[x] === them && lat.count(cells, x, me) - lat.count(cells, x, them) >= 2) out.push(`replace:${x}`);
  }
  for (let a = 0; a < n; a++) {
    if (cells[a] !== me) continue;
    const pv = lat.count(cells, a, me) - lat.count(cells, a, them) + 1;
    for (let b = 0; b < n; b++) {
      const d = lat.dist[a]![b]!;
      if (cells[b] === 0 && d >= 1 && d <= pv) out.push(`move:${a}:${b}`);
    }
  }
  out.push('pass');
  if (o.pie && s.ply === 1) out.push('swap');
  return out.sort();
}

// ---------------------------------------------------------------- properties

const PROPERTY_BOARDS = [
  'hexhex(4)',
  'hexhex(3)',
  'althex(3,4)',
  'perforated(hexhex(5),c3,e5,g7,e7,c5)',
  'torus(6,6)',
  'torus(3,3)',
  // Two pieces of board and a lonely cell with no neighbours at all.
  'custom(0:0,1:0,2:0,0:1,1:1,2:1,1:2,2:2,6:6,7:6,7:7,9:9)',
];

const OPTION_SETS: readonly Options[] = [
  DEFAULTS,
  opts({ pie: false }),
  opts({ button: false }),
  opts({ superko: 'positional' }),
  opts({ pie: false, button: false, superko: 'positional' }),
];

/** Passes are rarer than other actions, so that games develop (the model's data did the same). */
function pickMove(rng: Rng, moves: readonly PopulaceMove[]): PopulaceMove {
  const active = moves.filter((m) => m.kind !== 'pass');
  if (active.length === 0 || rng.below(10) === 0) return moves[rng.below(moves.length)]!;
  return active[rng.below(active.length)]!;
}

function randomPosition(t: Topology, seed: number, plies: number, o: Options): PopulaceState {
  const rng = new Rng(seed);
  const s = populace.initial(t, 'empty', o);
  for (let i = 0; i < plies && !populace.outcome(t, s, o); i++) populace.apply(t, s, pickMove(rng, legal(t, s, o)), o);
  return s;
}

const arbPosition = fc.record({
  spec: fc.constantFrom(...PROPERTY_BOARDS),
  options: fc.constantFrom(...OPTION_SETS),
  seed: fc.nat(2 ** 32 - 1),
  plies: fc.nat(120),
});

/** The cells and colour to move: what positional superko compares. */
const positionKey = (s: PopulaceState): string => `${s.cells.join('')}:${s.toMove}`;

describe('properties', () => {
  it('apply on a clone never changes the original', () => {
    fc.assert(
      fc.property(arbPosition, fc.nat(), ({ spec, options, seed, plies }, pick) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        fc.pre(moves.length > 0);
        const before = populace.formatPosition(t, s, 'machine');
        const copy = populace.cloneState(s);
        expect(populace.statesEqual(copy, s)).toBe(true);
        populace.apply(t, copy, moves[pick % moves.length]!, options);
        expect(populace.formatPosition(t, s, 'machine')).toBe(before);
        expect(populace.statesEqual(copy, s)).toBe(false);
        populace.checkState(t, copy);
      }),
      { numRuns: 200 },
    );
  });

  it('move notation round-trips and packing is one-to-one, in canonical order', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        const packed = moves.map((m) => populace.pack(m));
        expect(packed.every((v, i) => i === 0 || v > packed[i - 1]!)).toBe(true);
        for (const m of moves) {
          const text = populace.formatMove(t, m);
          for (const variant of [text, ` ${text.toUpperCase()} `]) {
            const back = populace.parseMove(t, variant, s);
            expect(back.ok && back.value).toEqual(m);
          }
          expect(populace.unpack(populace.pack(m))).toEqual(m);
          expect(populace.isMoveShaped(m, t)).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('position notation round-trips in both forms, superko memory included', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        for (const form of ['human', 'machine'] as const) {
          const text = populace.formatPosition(t, s, form);
          const back = populace.parsePosition(text);
          expect(back.ok).toBe(true);
          if (!back.ok) return;
          expect(back.value.topology).toBe(t);
          populace.checkState(t, back.value.state);
          expect(populace.statesEqual(back.value.state, s)).toBe(true);
          expect(populace.formatPosition(t, back.value.state, form)).toBe(text);
          expect(legal(t, back.value.state, options)).toEqual(legal(t, s, options));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('scores equal the formula recomputed by brute force; legal actions equal a brute-force reading of §5', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const lat = lattice(t);
        const s = randomPosition(t, seed, plies, options);
        const [black, white] = populace.scores(t, s);
        expect([black, white]).toEqual(bruteScores(lat, s));
        expect(populace.margin(t, s)).toBe(black - white);
        const plain = { ...options, superko: 'none' as const };
        expect(legal(t, s, plain).map(engineKey).sort()).toEqual(bruteLegal(lat, s, plain));
      }),
      { numRuns: 150 },
    );
  });

  it('under the pie: no pass on ply 0, the swap only on ply 1; without it: pass on ply 0, never a swap', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        fc.pre(moves.length > 0);
        const kinds = new Set(moves.map((m) => m.kind));
        expect(kinds.has('swap')).toBe(options.pie && s.ply === 1);
        expect(kinds.has('pass')).toBe(!(options.pie && s.ply === 0));
        if (options.pie && s.ply === 0) expect([...kinds]).toEqual(['place']);
        // Whose seat is whose follows the swap.
        expect(populace.seatOf!(s, s.toMove)).toBe(s.swapped ? (s.toMove === 1 ? 2 : 1) : s.toMove);
      }),
      { numRuns: 150 },
    );
  });

  it('the first two actions under the pie, from every board of the test', () => {
    for (const spec of PROPERTY_BOARDS) {
      const t = topo(spec);
      const s = populace.initial(t, 'empty', DEFAULTS);
      expect(legal(t, s).map((m) => m.kind)).toEqual(Array(t.size).fill('place'));
      populace.apply(t, s, legal(t, s)[0]!, DEFAULTS);
      expect(legal(t, s).at(-1)).toEqual({ kind: 'swap' });
      populace.apply(t, s, { kind: 'swap' }, DEFAULTS);
      expect(legal(t, s).some((m) => m.kind === 'swap')).toBe(false);
      expect(s.toMove).toBe(2);
    }
  });

  it.each(PROPERTY_BOARDS)('random games on %s end within the cap, every action from the legal list and through notation', (spec) => {
    const t = topo(spec);
    const lat = lattice(t);
    const CAP = 3000;
    let longest = 0;
    for (let seed = 1; seed <= 8; seed++) {
      const o = OPTION_SETS[seed % OPTION_SETS.length]!;
      const rng = new Rng(seed * 7919);
      const s = populace.initial(t, 'empty', o);
      let plies = 0;
      while (!populace.outcome(t, s, o) && plies < CAP) {
        const moves = legal(t, s, o);
        expect(moves.length).toBeGreaterThan(0);
        if (plies % 10 === 0 && o.superko === 'none') expect(moves.map(engineKey).sort()).toEqual(bruteLegal(lat, s, o));
        const m = pickMove(rng, moves);
        const parsed = populace.parseMove(t, populace.formatMove(t, m), s);
        expect(parsed.ok).toBe(true);
        if (!parsed.ok) return;
        const found = moves.find((l) => populace.pack(l) === populace.pack(parsed.value));
        expect(found).toBe(m);
        populace.apply(t, s, found!, o);
        populace.checkState(t, s);
        expect(populace.scores(t, s)).toEqual(bruteScores(lat, s));
        plies++;
      }
      expect(s.ended).toBe(true);
      expect(s.passes).toBe(2);
      expect(s.ply).toBe(plies);
      const end = populace.outcome(t, s, o)!;
      expect(end.reason).toBe('twoPasses');
      expect(end.scores).toEqual(populace.scores(t, s));
      expect(end.winner).toBe(end.scores[0] > end.scores[1] ? 1 : end.scores[1] > end.scores[0] ? 2 : 0);
      if (o.button) expect(end.winner).not.toBe(0);
      longest = Math.max(longest, plies);
    }
    expect(longest).toBeLessThan(CAP);
  });

  it.each(['hexhex(3)', 'torus(3,3)', 'custom(0:0,1:0,2:0,0:1,1:1,2:1,1:2,2:2,6:6,7:6,7:7,9:9)'])(
    'positional superko on %s forbids exactly the actions that recreate a position of the whole game',
    (spec) => {
      const t = topo(spec);
      const lat = lattice(t);
      const o = opts({ superko: 'positional', pie: false });
      const plain = opts({ pie: false });
      let forbidden = 0;
      for (let seed = 1; seed <= 30; seed++) {
        const rng = new Rng(seed);
        const s = populace.initial(t, 'empty', o);
        const seen = new Set([positionKey(s)]);
        for (let ply = 0; ply < 300 && !populace.outcome(t, s, o); ply++) {
          const expected = bruteLegal(lat, s, plain).filter((k) => {
            if (!k.startsWith('replace') && !k.startsWith('move')) return true;
            const after = populace.cloneState(s);
            const m = legal(t, s, plain).find((l) => engineKey(l) === k)!;
            populace.apply(t, after, m, plain);
            return !seen.has(positionKey(after));
          });
          const moves = legal(t, s, o);
          expect(moves.map(engineKey).sort()).toEqual(expected);
          forbidden += legal(t, s, plain).length - moves.length;
          // Passes only when little else is left, so that pieces shuffle and positions recur.
          const active = moves.filter((m) => m.kind !== 'pass');
          const m = active.length > 0 && rng.below(50) !== 0 ? active[rng.below(active.length)]! : moves[rng.below(moves.length)]!;
          populace.apply(t, s, m, o);
          populace.checkState(t, s);
          seen.add(positionKey(s));
        }
      }
      expect(forbidden).toBeGreaterThan(0);
    },
  );

  it('explainIllegal gives a reason for every conceivable action that is not legal', () => {
    fc.assert(
      fc.property(arbPosition, ({ spec, options, seed, plies }) => {
        const t = topo(spec);
        const s = randomPosition(t, seed, plies, options);
        const moves = legal(t, s, options);
        const keys = new Set(moves.map((m) => populace.pack(m)));
        const candidates: GameMove[] = [{ kind: 'pass' }, { kind: 'swap' }];
        for (let a = 0; a < t.size; a++) {
          candidates.push({ kind: 'place', at: a }, { kind: 'replace', at: a });
          for (let b = 0; b < t.size; b++) candidates.push({ kind: 'move', at: a, to: b });
        }
        for (const m of candidates) {
          const reason = populace.explainIllegal(t, s, m, moves, options);
          if (keys.has(populace.pack(m))) expect(reason).toBe('it is legal');
          else expect(reason).not.toMatch(/^it is (legal|not among)/);
        }
      }),
      { numRuns: 40 },
    );
  });
});
