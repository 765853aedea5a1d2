/**
 * Board shapes as data (a small tree) and how each becomes a Topology: the generators of
 * THRONGS.md §2.4, and a game's named boards (a name for another shape, with the stones the game
 * starts it with). A shape is what a board spec string means; board-spec.ts reads and writes the
 * strings.
 */
import { BoardError } from '../core/errors.js';
import { Topology } from './topology.js';

export type Shape =
  | { readonly kind: 'named'; readonly name: string; readonly base: Shape; readonly start?: { readonly p1: readonly string[]; readonly p2: readonly string[] } }
  | { readonly kind: 'hexhex'; readonly n: number }
  | { readonly kind: 'althex'; readonly a: number; readonly b: number }
  | { readonly kind: 'strips'; readonly rows: number; readonly cols: number; readonly d0: number; readonly d1: number }
  | { readonly kind: 'torus'; readonly width: number; readonly height: number }
  | { readonly kind: 'perforated'; readonly base: Shape; readonly holes: readonly string[] }
  | { readonly kind: 'custom'; readonly cells: ReadonlyArray<readonly [number, number]> };

/** Canonical text of a shape; parseShape(formatShape(s)) gives s back. */
export function formatShape(shape: Shape): string {
  switch (shape.kind) {
    case 'named':
      return shape.name;
    case 'hexhex':
      return `hexhex(${shape.n})`;
    case 'althex':
      return `althex(${shape.a},${shape.b})`;
    case 'strips':
      return `strips(${shape.rows},${shape.cols},${shape.d0},${shape.d1})`;
    case 'torus':
      return `torus(${shape.width},${shape.height})`;
    case 'perforated':
      return `perforated(${[formatShape(shape.base), ...shape.holes].join(',')})`;
    case 'custom':
      return `custom(${shape.cells.map(([c, r]) => `${c}:${r}`).join(',')})`;
  }
}

function requireInt(value: number, what: string, min: number, max = 10000): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new BoardError(`${what} must be an integer from ${min} to ${max}, got ${value}`);
  }
}

/** The convex strip shape 0 ≤ r ≤ R, 0 ≤ c ≤ C, D0 ≤ c − r ≤ D1 (§2.3). */
function stripCells(rows: number, cols: number, d0: number, d1: number): Array<[number, number]> {
  const cells: Array<[number, number]> = [];
  for (let r = 0; r <= rows; r++) {
    for (let c = 0; c <= cols; c++) {
      if (c - r >= d0 && c - r <= d1) cells.push([c, r]);
    }
  }
  return cells;
}

/** Builds the Topology a shape describes; a bad shape throws BoardError naming the problem. */
export function buildShape(shape: Shape): Topology {
  const spec = formatShape(shape);
  switch (shape.kind) {
    case 'named': {
      const base = buildShape(shape.base);
      const cells = Array.from({ length: base.size }, (_, i) => [base.column[i]!, base.row[i]!] as [number, number]);
      return new Topology({ spec, cells, wrap: base.wrap ?? undefined, standardStart: shape.start });
    }
    case 'hexhex':
      requireInt(shape.n, 'hexhex side', 2, 52);
      return new Topology({ spec, cells: stripCells(2 * shape.n - 2, 2 * shape.n - 2, -(shape.n - 1), shape.n - 1) });
    case 'althex': {
      requireInt(shape.a, 'althex side a', 2, 52);
      requireInt(shape.b, 'althex side b', 2, 52);
      const size = shape.a + shape.b - 2;
      return new Topology({ spec, cells: stripCells(size, size, -(shape.a - 1), shape.b - 1) });
    }
    case 'strips': {
      requireInt(shape.rows, 'strips R', 0, 200);
      requireInt(shape.cols, 'strips C', 0, 200);
      requireInt(shape.d0, 'strips D0', -200, 200);
      requireInt(shape.d1, 'strips D1', -200, 200);
      const cells = stripCells(shape.rows, shape.cols, shape.d0, shape.d1);
      if (cells.length === 0) throw new BoardError(`${spec} contains no lattice points`);
      return new Topology({ spec, cells });
    }
    case 'torus': {
      requireInt(shape.width, 'torus width', 3, 90);
      requireInt(shape.height, 'torus height', 3, 90);
      const cells: Array<[number, number]> = [];
      for (let r = 0; r < shape.height; r++) for (let c = 0; c < shape.width; c++) cells.push([c, r]);
      return new Topology({ spec, cells, wrap: { width: shape.width, height: shape.height } });
    }
    case 'perforated': {
      const base = buildShape(shape.base);
      const holes = new Set<number>();
      for (const label of shape.holes) {
        const cell = base.cellOf(label);
        if (cell < 0) throw new BoardError(`hole ${label} of ${spec} is not a site of ${base.spec}`);
        if (holes.has(cell)) throw new BoardError(`hole ${label} of ${spec} is listed twice`);
        holes.add(cell);
      }
      const cells: Array<[number, number]> = [];
      for (let i = 0; i < base.size; i++) if (!holes.has(i)) cells.push([base.column[i]!, base.row[i]!]);
      if (cells.length === 0) throw new BoardError(`${spec} removes every cell of ${base.spec}`);
      return new Topology({ spec, cells, wrap: base.wrap ?? undefined });
    }
    case 'custom':
      return new Topology({ spec, cells: shape.cells });
  }
}

/**
 * The holes of the spec's illustrative perforated board: every site of `base` whose (c, r) are
 * both multiples of `period`, as labels in the base frame.
 */
export function latticeHoles(base: Topology, period: number): string[] {
  const holes: string[] = [];
  for (let i = 0; i < base.size; i++) {
    if (base.column[i]! % period === 0 && base.row[i]! % period === 0) holes.push(base.labels[i]!);
  }
  return holes;
}
