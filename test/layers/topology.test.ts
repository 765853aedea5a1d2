/** The shared board layer: every generator, labels, spec strings and bad definitions (a game's named boards are tested in its folder). */
import { describe, expect, it } from 'vitest';
import { BoardError } from '../../reference/core/errors.js';
import { board, buildShape, latticeHoles, parseShape, formatShape, columnLetters, parseLabel, formatLabel } from '../../reference/boards/index.js';

describe('generated boards', () => {
  it('hexhex(n) has 3n(n-1)+1 sites and six corners of degree 3', () => {
    for (const n of [2, 3, 5, 7, 10]) {
      const t = board(`hexhex(${n})`);
      expect(t.size).toBe(3 * n * (n - 1) + 1);
      expect(t.degree.filter((d) => d === 3)).toHaveLength(6);
      expect(t.degree.filter((d) => d === 4)).toHaveLength(6 * (n - 2));
    }
  });

  it('althex(n, n) is hexhex(n); althex(a, a+1) is Ludii\'s limping hexagon base', () => {
    expect(board('althex(5,5)').labels).toEqual(board('hexhex(5)').labels);
    // ragged63's base shape: tri Limping 5 6 = althex(5,6) = strips(9,9,-4,5), 75 sites.
    expect(board('althex(5,6)').labels).toEqual(board('strips(9,9,-4,5)').labels);
    expect(board('althex(5,6)').size).toBe(75);
    expect(board('althex(7,7)').size).toBe(127);
  });

  it('torus(W, H): every site has 6 distinct neighbours and rays wrap around', () => {
    const t = board('torus(5,4)');
    expect(t.size).toBe(20);
    for (let s = 0; s < t.size; s++) expect(new Set(t.neighbours(s)).size).toBe(6);
    const a1 = t.cellOf('a1');
    expect(t.ray(a1, 0, 7).map((s) => t.labels[s])).toEqual(['b1', 'c1', 'd1', 'e1', 'a1', 'b1', 'c1']);
    expect(t.labels[t.neighbour[a1 * 6 + 5]!]).toBe('e4');
  });

  it('perforated boards drop their holes from neighbours and rays', () => {
    const base = board('hexhex(7)');
    const holes = latticeHoles(base, 3);
    expect(holes.length).toBeGreaterThan(5);
    const spec = `perforated(hexhex(7),${holes.join(',')})`;
    const t = board(spec);
    expect(t.size).toBe(base.size - holes.length);
    expect(t.spec).toBe(spec);
    // The column a sites left after the holes still normalise to the same frame here.
    for (const h of holes) expect(t.cellOf(h)).toBe(-1);
    const d4 = board('perforated(hexhex(4),d4)');
    const c4 = d4.cellOf('c4');
    expect(d4.ray(c4, 0, 5)).toEqual([]);
    expect(d4.degree[c4]).toBe(5);
  });

  it('custom cell lists are normalised to start at a1', () => {
    const t = board('custom(5:5,6:5,5:6,7:7)');
    expect([...t.labels]).toEqual(['a1', 'b1', 'a2', 'c3']);
    expect(t.neighbours(t.cellOf('a1')).map((s) => t.labels[s]).sort()).toEqual(['a2', 'b1']);
  });

  it('every board spec prints back to itself', () => {
    for (const spec of ['hexhex(6)', 'althex(4,5)', 'strips(3,4,-1,2)', 'torus(8,8)', 'perforated(torus(6,6),a1,c3)', 'custom(0:0,1:0,-1:-1)']) {
      const shape = parseShape(spec);
      expect(shape.ok).toBe(true);
      if (shape.ok) expect(formatShape(shape.value)).toBe(spec);
      expect(buildShape(shape.ok ? shape.value : (undefined as never)).spec).toBe(spec);
    }
  });

  it('boards without a Ludii start get a deterministic one: 1 Black below, 2 White above', () => {
    for (const spec of ['hexhex(5)', 'torus(8,8)', 'althex(4,5)']) {
      const t = board(spec);
      expect(t.standardStart.p1).toHaveLength(1);
      expect(t.standardStart.p2).toHaveLength(2);
      const [b] = t.standardStart.p1;
      for (const w of t.standardStart.p2) expect(t.row[w]).toBeGreaterThan(t.row[b!]!);
    }
  });
});

describe('labels', () => {
  it('columns are bijective base 26', () => {
    expect([0, 25, 26, 27, 51, 52, 701, 702].map(columnLetters)).toEqual(['a', 'z', 'aa', 'ab', 'az', 'ba', 'zz', 'aaa']);
    for (let c = 0; c < 1000; c += 7) for (const r of [0, 9, 120]) expect(parseLabel(formatLabel(c, r))).toEqual({ column: c, row: r });
    expect(parseLabel('E5')).toEqual({ column: 4, row: 4 });
    expect(parseLabel('e0')).toBeNull();
    expect(parseLabel('5e')).toBeNull();
  });
});

describe('bad board definitions are refused with a clear error', () => {
  const bad: Array<[string, RegExp]> = [
    ['', /expected a board name/],
    ['hexagon', /unknown board 'hexagon'/],
    ['hexhex(1)', /hexhex side must be an integer from 2/],
    ['hexhex(3', /expected '\)'/],
    ['torus(2,5)', /torus width must be an integer from 3/],
    ['torus(5,2)', /torus height must be an integer from 3/],
    ['strips(3,3,5,6)', /contains no lattice points/],
    ['custom(0:0,1:1,0:0)', /lists cell a1 .* twice/],
    ['perforated(hexhex(3),z9)', /hole z9 .* is not a site of hexhex\(3\)/],
    ['perforated(hexhex(3),9z)', /'9z' is not a site label/],
    ['perforated(hexhex(2),a1,a1)', /listed twice/],
    ['hexhex(200)', /hexhex side must be an integer from 2 to 52/],
    ['hexhex(5) extra', /unexpected text after the board/],
    ['ragged63', /unknown board 'ragged63'/],
    ['custom(0:0', /expected '\)'/],
  ];
  it.each(bad)('%j', (spec, message) => {
    expect(() => board(spec)).toThrow(BoardError);
    expect(() => board(spec)).toThrow(message);
  });

  it('a board with no cells is refused', () => {
    const holes = board('hexhex(2)').labels.join(',');
    expect(() => board(`perforated(hexhex(2),${holes})`)).toThrow(/removes every cell/);
  });
});
