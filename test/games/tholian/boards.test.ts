/**
 * Tholian Go's board data (docs/rules/THOLIAN-GO.md §2, §3): the committed JSON of the main and
 * the periodic board against the independent model's boards (data/board-*.json), against the
 * script that builds them (reference/games/tholian/boards/construct.ts), and against the spec's
 * counts, map, lists and symmetry.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { boardText, buildBoard, type BoardNode, type TholianBoard } from '../../../reference/games/tholian/boards/construct.js';

type Name = 'main' | 'periodic';
const NAMES: Name[] = ['main', 'periodic'];

const committedUrl = (name: Name): URL => new URL(`../../../reference/games/tholian/boards/${name}.json`, import.meta.url);
const read = (url: URL): TholianBoard => JSON.parse(readFileSync(url, 'utf8')) as TholianBoard;
const committed: Record<Name, TholianBoard> = { main: read(committedUrl('main')), periodic: read(committedUrl('periodic')) };
const oracle: Record<Name, TholianBoard> = {
  main: read(new URL('./data/board-main.json', import.meta.url)),
  periodic: read(new URL('./data/board-periodic.json', import.meta.url)),
};

const pairKey = (a: string, b: string): string => [a, b].sort().join('-');
const range = (from: number, to: number): number[] => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Lookups over a board file, built from its nodes and paths only (never from its `counts`). */
function view(board: TholianBoard) {
  const node = new Map(board.nodes.map((n) => [n.label, n]));
  const at = (web: string, u: number, v: number): BoardNode | undefined => board.nodes.find((n) => n.web === web && n.u === u && n.v === v);
  const path = new Map(board.paths.map((p) => [pairKey(p.a, p.b), p]));
  const web = (w: 'dark' | 'light') => ({ nodes: board.nodes.filter((n) => n.web === w), paths: board.paths.filter((p) => p.web === w) });
  const degree = (label: string): number => board.paths.filter((p) => p.a === label || p.b === label).length;
  return { node, at, path, dark: web('dark'), light: web('light'), degree };
}

/** The board with every list that is a set sorted, so that two files can be compared as sets. */
function canonical(board: TholianBoard) {
  const { source: _source, ...rest } = board;
  return {
    ...rest,
    nodes: [...board.nodes]
      .map((n) => ({ ...n, neighbours: [...n.neighbours].sort(), ...(n.darkAround ? { darkAround: [...n.darkAround].sort() } : {}) }))
      .sort((s, t) => s.label.localeCompare(t.label)),
    paths: [...board.paths]
      .map((p) => {
        const [a, b] = [p.a, p.b].sort() as [string, string];
        return { ...p, a, b, dual: p.dual ? [...p.dual].sort() : null };
      })
      .sort((s, t) => pairKey(s.a, s.b).localeCompare(pairKey(t.a, t.b))),
    start: { R: [...board.start.R].sort(), B: [...board.start.B].sort() },
  };
}

/** Rotation by 180°, which takes Red's end of the board to Blue's (§3). */
const rotate = (u: number, v: number): [number, number] => [11 - u, 19 - v];

describe.each(NAMES)('the committed %s board', (name) => {
  it('equals the independent model\'s board as sets of nodes, paths, special nodes and start sets', () => {
    expect(canonical(committed[name])).toEqual(canonical(oracle[name]));
  });

  it('lists its nodes and paths in the model\'s order too', () => {
    expect(committed[name].nodes.map((n) => n.label)).toEqual(oracle[name].nodes.map((n) => n.label));
    expect(committed[name].paths.map((p) => `${p.web} ${p.a} ${p.b}`)).toEqual(oracle[name].paths.map((p) => `${p.web} ${p.a} ${p.b}`));
  });

  it('is what reference/games/tholian/boards/construct.ts builds, to the byte (its --check)', () => {
    const built = buildBoard(name === 'periodic');
    expect(built).toEqual(committed[name]);
    expect(boardText(built)).toBe(readFileSync(committedUrl(name), 'utf8'));
  });

  it('is consistent: neighbours, hexagons and darkAround follow from the paths and each other', () => {
    const b = committed[name];
    const { node, path } = view(b);
    for (const n of b.nodes) {
      const fromPaths = b.paths.filter((p) => p.a === n.label || p.b === n.label).map((p) => (p.a === n.label ? p.b : p.a));
      expect(new Set(n.neighbours)).toEqual(new Set(fromPaths));
      expect(n.neighbours).toHaveLength(fromPaths.length);
    }
    for (const p of b.paths) expect([node.get(p.a)?.web, node.get(p.b)?.web]).toEqual([p.web, p.web]);
    for (const d of b.nodes.filter((n) => n.web === 'dark')) {
      // A hexagon side between two existing vertices is a light path.
      const hex = d.hexagon!;
      hex.forEach((l, i) => {
        const next = hex[(i + 1) % 6];
        if (l && next) expect(path.get(pairKey(l, next))?.web).toBe('light');
      });
    }
    for (const l of b.nodes.filter((n) => n.web === 'light')) {
      const holders = b.nodes.filter((d) => d.hexagon?.includes(l.label)).map((d) => d.label);
      expect(new Set(l.darkAround)).toEqual(new Set(holders));
    }
    expect(b.counts).toEqual({
      darkNodes: b.nodes.filter((n) => n.web === 'dark').length,
      lightNodes: b.nodes.filter((n) => n.web === 'light').length,
      darkPaths: b.paths.filter((p) => p.web === 'dark').length,
      lightPaths: b.paths.filter((p) => p.web === 'light').length,
      boundaryLightPaths: b.paths.filter((p) => p.boundary).length,
    });
  });

  it('duality (§2.1): every dark path crosses one light path, a bijection onto the non-boundary light paths', () => {
    const b = committed[name];
    const { node, path, dark, light } = view(b);
    const crossed = new Set<string>();
    for (const d of dark.paths) {
      expect(d.dual).not.toBeNull();
      const [la, lb] = d.dual!;
      const l = path.get(pairKey(la, lb));
      expect(l?.web).toBe('light');
      expect(l?.boundary).toBe(false);
      expect(new Set(l?.dual)).toEqual(new Set([d.a, d.b]));
      // The crossing light path is the side the two hexagons share.
      for (const end of [la, lb]) {
        expect(node.get(d.a)?.hexagon).toContain(end);
        expect(node.get(d.b)?.hexagon).toContain(end);
      }
      crossed.add(pairKey(la, lb));
    }
    expect(crossed.size).toBe(dark.paths.length);
    const nonBoundary = light.paths.filter((p) => !p.boundary).map((p) => pairKey(p.a, p.b));
    expect(new Set(nonBoundary)).toEqual(crossed);
    for (const p of light.paths) expect(p.boundary).toBe(p.dual === null);
    for (const p of dark.paths) expect(p.boundary).toBe(false);
    expect(light.paths.filter((p) => p.boundary)).toHaveLength(24);
  });

  it('axes (§2.4): letters follow the direction, duals pair a-x, b-z, c-y, a light node has one path per axis at most', () => {
    const b = committed[name];
    const { node, path, light } = view(b);
    const periodic = b.periodic;
    for (const p of b.paths) {
      const s = node.get(p.a)!;
      const t = node.get(p.b)!;
      // On the cylinder a path may cross the seam; its direction is the short way round.
      const du = periodic ? ((((t.u - s.u + 6) % 12) + 12) % 12) - 6 : t.u - s.u;
      const dv = t.v - s.v;
      const rising = du * dv > 0;
      const expected = p.web === 'dark' ? (dv === 0 ? 'a' : rising ? 'b' : 'c') : du === 0 ? 'x' : rising ? 'y' : 'z';
      expect(`${p.a}-${p.b} ${p.axis}`).toBe(`${p.a}-${p.b} ${expected}`);
    }
    const pairs = new Set<string>();
    for (const d of b.paths.filter((p) => p.web === 'dark')) pairs.add(`${d.axis}${path.get(pairKey(...d.dual!))!.axis}`);
    expect([...pairs].sort()).toEqual(['ax', 'bz', 'cy']);
    for (const l of light.nodes) {
      const axes = light.paths.filter((p) => p.a === l.label || p.b === l.label).map((p) => p.axis);
      expect(new Set(axes).size).toBe(axes.length);
    }
    expect(b.axes.dualPairs).toEqual({ a: 'x', b: 'z', c: 'y' });
  });

  it('special nodes (§2.5): T_bottom at (4, 0) and T_top at (7, 19), each with one entry dark node', () => {
    const b = committed[name];
    const { node } = view(b);
    const tBottom = node.get(b.special.T_bottom)!;
    const tTop = node.get(b.special.T_top)!;
    expect([tBottom.web, tBottom.u, tBottom.v]).toEqual(['light', 4, 0]);
    expect([tTop.web, tTop.u, tTop.v]).toEqual(['light', 7, 19]);
    expect(rotate(tBottom.u, tBottom.v)).toEqual([tTop.u, tTop.v]);
    expect(b.special.target).toEqual({ R: b.special.T_top, B: b.special.T_bottom });
    const holders = (t: string): string[] => b.nodes.filter((d) => d.hexagon?.includes(t)).map((d) => d.label);
    expect(holders(b.special.T_top)).toEqual(['D4.6']);
    expect(holders(b.special.T_bottom)).toEqual(['D3.1']);
    expect(b.special.entry).toEqual({ R: 'D4.6', B: 'D3.1' });
  });

  it('chain endpoints (§2.3, §2.5): the lowest and highest levels, and a shortest end-to-end chain has 14 nodes', () => {
    const b = committed[name];
    const { node, light } = view(b);
    const levels = light.nodes.map((n) => n.v);
    const onLevel = (v: number): string[] => light.nodes.filter((n) => n.v === v).sort((s, t) => s.u - t.u).map((n) => n.label);
    expect(new Set(levels).size).toBe(14);
    expect(b.special.chainEndpoints).toEqual({ bottom: onLevel(Math.min(...levels)), top: onLevel(Math.max(...levels)) });
    // Breadth-first from the whole bottom end: the distance to the top end in nodes.
    const dist = new Map(b.special.chainEndpoints.bottom.map((l) => [l, 1]));
    const queue = [...b.special.chainEndpoints.bottom];
    for (let l = queue.shift(); l !== undefined; l = queue.shift()) {
      for (const m of node.get(l)!.neighbours) {
        if (!dist.has(m)) {
          dist.set(m, dist.get(l)! + 1);
          queue.push(m);
        }
      }
    }
    expect(Math.min(...b.special.chainEndpoints.top.map((l) => dist.get(l)!))).toBe(14);
  });

  it('start (§3): 6 dark and 14 light tokens each, Blue\'s set is the 180° rotation of Red\'s', () => {
    const b = committed[name];
    const { node, at } = view(b);
    for (const p of ['R', 'B'] as const) {
      expect(b.start[p].filter((l) => node.get(l)?.web === 'dark')).toHaveLength(6);
      expect(b.start[p].filter((l) => node.get(l)?.web === 'light')).toHaveLength(14);
    }
    const rotated = b.start.R.map((l) => {
      const n = node.get(l)!;
      return at(n.web, ...rotate(n.u, n.v))?.label;
    });
    expect(new Set(rotated)).toEqual(new Set(b.start.B));
  });
});

describe('the main board (§1, §2)', () => {
  const b = committed.main;
  const { node, path, dark, light, degree } = view(b);

  it('has 36 dark and 82 light nodes, 85 dark and 109 light paths', () => {
    expect([dark.nodes.length, light.nodes.length, dark.paths.length, light.paths.length]).toEqual([36, 82, 85, 109]);
  });

  it('has light degrees 3 (56 nodes), 2 (24 nodes) and 1 (L1.1 and L11.7 only)', () => {
    const of = (d: number): string[] => light.nodes.filter((n) => degree(n.label) === d).map((n) => n.label);
    expect([of(3).length, of(2).length]).toEqual([56, 24]);
    expect(of(1).sort()).toEqual(['L1.1', 'L11.7']);
  });

  it('has light rows of 11, 12, 12, 12, 12, 12, 11 nodes, labelled as §2.2 says', () => {
    expect(range(1, 7).map((y) => light.nodes.filter((n) => n.y === y).length)).toEqual([11, 12, 12, 12, 12, 12, 11]);
    for (const n of light.nodes) {
      // Rows 2-6: u = x-1; row 1 skips Go after x = 6, row 7 skips the QR code after x = 5.
      const skip = (n.y === 1 && n.x >= 7) || (n.y === 7 && n.x >= 6) ? 1 : 0;
      expect([n.label, n.u]).toEqual([`L${n.x}.${n.y}`, n.x - 1 + skip]);
      expect(n.v).toBe(3 * (n.y - 1) + ((n.u + n.y - 1) % 2));
    }
    for (const n of dark.nodes) expect([n.label, n.u, n.v]).toEqual([`D${n.x}.${n.y}`, 2 * (n.x - 1) + (n.y % 2 === 0 ? 1 : 0), 3 * n.y - 1]);
    expect(b.special.logoSpots).toEqual({ Go: [6, 0], QR: [5, 19] });
    expect(b.nodes.filter((n) => (n.u === 6 && n.v === 0) || (n.u === 5 && n.v === 19))).toEqual([]);
  });

  it('reads the map of §2.2 as stated: the hexagons of D2.1 and D1.1, the edge paths on the boundary', () => {
    expect(node.get('D2.1')?.hexagon).toEqual(['L3.1', 'L4.1', 'L4.2', 'L3.2', 'L2.2', 'L2.1']);
    const d11 = node.get('D1.1')!.hexagon!;
    expect(d11.filter((l) => l !== null)).toEqual(['L1.1', 'L2.1', 'L2.2', 'L1.2']);
    expect(d11.filter((l) => l === null)).toHaveLength(2);
    for (const [a, e] of [['L1.2', 'L1.3'], ['L1.4', 'L1.5'], ['L1.6', 'L1.7'], ['L11.1', 'L12.2'], ['L12.3', 'L12.4'], ['L12.5', 'L12.6']] as const) {
      expect(path.get(pairKey(a, e))).toMatchObject({ web: 'light', axis: 'x', dual: null, boundary: true });
    }
    // L11.1-L12.2 is the right side of D6.1.
    expect(node.get('D6.1')?.hexagon?.slice(1, 3)).toEqual(['L11.1', 'L12.2']);
  });

  it('has every label and light path where the map of §2.2 (read from the spec) draws it', () => {
    const drawn = parseMap(MAP);
    for (const n of b.nodes) expect([n.label, ...(drawn.nodes.get(n.label) ?? [])]).toEqual([n.label, n.u, n.v]);
    expect(drawn.nodes.size).toBe(b.nodes.length);
    expect(drawn.logos).toEqual(new Map([['Go', [6, 0]], ['QR', [5, 19]]]));
    expect(new Set(drawn.paths)).toEqual(new Set(light.paths.map((p) => pairKey(p.a, p.b))));
    expect(drawn.paths).toHaveLength(109);
  });

  it('has the special nodes and chain endpoints of §2.5', () => {
    expect([b.special.T_bottom, b.special.T_top]).toEqual(['L5.1', 'L7.7']);
    expect(b.special.chainEndpoints).toEqual({
      bottom: ['L1.1', 'L3.1', 'L5.1', 'L8.1', 'L10.1'],
      top: ['L2.7', 'L4.7', 'L7.7', 'L9.7', 'L11.7'],
    });
  });

  it('has the default start of §3', () => {
    const red = [...range(1, 6).map((x) => `D${x}.1`), ...range(1, 11).map((x) => `L${x}.1`), 'L4.2', 'L6.2', 'L8.2'];
    const blue = [...range(1, 6).map((x) => `D${x}.6`), ...range(1, 11).map((x) => `L${x}.7`), 'L5.6', 'L7.6', 'L9.6'];
    expect(new Set(b.start.R)).toEqual(new Set(red));
    expect(new Set(b.start.B)).toEqual(new Set(blue));
    expect(b.start.R).toHaveLength(red.length);
    expect(b.start.B).toHaveLength(blue.length);
  });
});

describe('the periodic board (§2.6)', () => {
  const b = committed.periodic;
  const { node, dark, light } = view(b);

  it('has 84 light nodes, 12 a row, with L(x, y) at u = x-1 in every row; the logo spots are nodes', () => {
    expect(dark.nodes).toHaveLength(36);
    expect(light.nodes).toHaveLength(84);
    expect(range(1, 7).map((y) => light.nodes.filter((n) => n.y === y).length)).toEqual(Array(7).fill(12));
    for (const n of light.nodes) expect([n.label, n.u]).toEqual([`L${n.x}.${n.y}`, n.x - 1]);
    expect([node.get('L7.1')?.u, node.get('L7.1')?.v, node.get('L6.7')?.u, node.get('L6.7')?.v]).toEqual([6, 0, 5, 19]);
    expect(b.special.logoSpots).toBeNull();
  });

  it('has 120 light paths, the 24 boundary ones at the two ends, and 96 dark paths', () => {
    expect(light.paths).toHaveLength(120);
    const boundary = light.paths.filter((p) => p.boundary);
    expect(boundary).toHaveLength(24);
    for (const p of boundary) {
      const rows = [node.get(p.a)!.y, node.get(p.b)!.y];
      expect(rows[0]).toBe(rows[1]);
      expect([1, 7]).toContain(rows[0]);
    }
    expect(dark.paths).toHaveLength(96);
    for (const l of light.nodes) expect(l.neighbours.length).toBe(l.y === 1 || l.y === 7 ? (l.v === 0 || l.v === 19 ? 2 : 3) : 3);
  });

  it('closes the cut hexagons: D1.3\'s is L1.3 L2.3 L2.4 L1.4 L12.3 L12.4', () => {
    expect(new Set(node.get('D1.3')?.hexagon)).toEqual(new Set(['L1.3', 'L2.3', 'L2.4', 'L1.4', 'L12.3', 'L12.4']));
    for (const d of dark.nodes) expect(d.hexagon?.filter((l) => l !== null)).toHaveLength(6);
  });

  it('keeps the transformation nodes and the start on the main board\'s spots', () => {
    const main = view(committed.main);
    const spot = (n: BoardNode): string => `${n.web} ${n.u},${n.v}`;
    for (const t of ['T_bottom', 'T_top'] as const) expect(spot(node.get(b.special[t])!)).toBe(spot(main.node.get(committed.main.special[t])!));
    expect(b.special.T_top).toBe('L8.7');
    for (const p of ['R', 'B'] as const) {
      expect(new Set(b.start[p].map((l) => spot(node.get(l)!)))).toEqual(new Set(committed.main.start[p].map((l) => spot(main.node.get(l)!))));
    }
  });
});

// ---------------------------------------------------------------- the map of §2.2

/** The map of THOLIAN-GO.md §2.2: the code block after "Map.", as the spec draws it. */
const MAP = ((): string => {
  const spec = readFileSync(new URL('../../../docs/rules/THOLIAN-GO.md', import.meta.url), 'utf8');
  const block = /^Map\.[^]*?\n```\n([^]*?)```/m.exec(spec);
  if (!block) throw new Error('THOLIAN-GO.md: no map in §2.2');
  return block[1]!;
})();

/**
 * Reads the map: a label starting at column 2 + 5u stands at u (the two-letter logos are centred,
 * one column further); the 14 label lines are the light levels v = 0, 1, 3, 4, ... from the
 * bottom; a D label stands halfway between the levels around it. Between two levels, `|` at
 * column 4 + 5u joins the nodes at u, `/` at 6 + 5u joins u below to u+1 above, and `\` at 2 + 5u
 * joins u below to u-1 above.
 */
function parseMap(map: string) {
  const lines = map.split('\n').filter((l) => l.trim() !== '');
  const levelLines = lines.map((l, i) => (/L\d/.test(l) ? i : -1)).filter((i) => i >= 0);
  const levelOf = (i: number): number => {
    const n = levelLines.length - 1 - levelLines.indexOf(i);
    return 3 * Math.floor(n / 2) + (n % 2);
  };
  const column = (c: number, offset: number): number => {
    if ((c - offset) % 5 !== 0) throw new Error(`map: column ${c} is off the grid`);
    return (c - offset) / 5;
  };
  const nodes = new Map<string, [number, number]>();
  const logos = new Map<string, [number, number]>();
  const labelAt = new Map<string, string>();
  const paths: string[] = [];
  // Labels first: a path line lies between two label lines and needs both.
  lines.forEach((line, i) => {
    for (const m of line.matchAll(/[LD]\d+\.\d+|Go|QR/g)) {
      if (m[0].startsWith('L')) {
        nodes.set(m[0], [column(m.index, 2), levelOf(i)]);
        labelAt.set(`${column(m.index, 2)},${levelOf(i)}`, m[0]);
      } else if (m[0].startsWith('D')) {
        const above = levelLines.filter((k) => k < i).at(-1)!;
        const below = levelLines.find((k) => k > i)!;
        nodes.set(m[0], [column(m.index, 2), (levelOf(above) + levelOf(below)) / 2]);
      } else {
        logos.set(m[0], [column(m.index, 3), levelOf(i)]);
      }
    }
  });
  lines.forEach((line, i) => {
    if (levelLines.includes(i)) return;
    const above = levelLines.filter((k) => k < i).at(-1)!;
    const below = levelLines.find((k) => k > i)!;
    const join = (uTop: number, uBottom: number): void => {
      const top = labelAt.get(`${uTop},${levelOf(above)}`);
      const bottom = labelAt.get(`${uBottom},${levelOf(below)}`);
      if (!top || !bottom) throw new Error(`map: a path on line ${i} has no node at an end`);
      const key = pairKey(top, bottom);
      if (!paths.includes(key)) paths.push(key);
    };
    for (let c = 0; c < line.length; c++) {
      if (line[c] === '|') join(column(c, 4), column(c, 4));
      else if (line[c] === '/') join(column(c, 6) + 1, column(c, 6));
      else if (line[c] === '\\') join(column(c, 2) - 1, column(c, 2));
    }
  });
  return { nodes, logos, paths };
}
