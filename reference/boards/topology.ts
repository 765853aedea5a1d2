/**
 * A Topology is a finite set of lattice sites with everything the rules need precomputed:
 * canonical numbering (rows bottom to top, left to right), labels, the neighbour table in the six
 * directions of §2.1 (-1 off the board), degrees and the edge flags of the scoring rule (§11).
 * Built once per board and shared; both engines read the same tables.
 */
import { BoardError } from '../core/errors.js';
import { DIRECTIONS, DIRECTION_COUNT, formatLabel, geometry, parseLabel } from './lattice.js';

/** Packed moves keep 13 bits per site (see reference/games/throngs/moves.ts). */
export const MAX_SITES = 8191;

export interface StartStones {
  readonly p1: readonly number[];
  readonly p2: readonly number[];
}

export interface TopologyInput {
  /** Canonical board specification (see board-spec.ts), e.g. `ragged63` or `hexhex(5)`. */
  readonly spec: string;
  readonly cells: ReadonlyArray<readonly [number, number]>;
  /** Torus dimensions; coordinates are then taken modulo (width, height) and never normalised. */
  readonly wrap?: { readonly width: number; readonly height: number };
  /** Standard set-up as labels in the final frame; generated when absent. */
  readonly standardStart?: { readonly p1: readonly string[]; readonly p2: readonly string[] };
  /**
   * A board that is a graph rather than a lattice (Tholian Go's woven webs): its sites keep the
   * given order, labels and links, and `cells` only places them for drawing. Lattice directions
   * mean nothing there, so `neighbour` lists the links in their given order and `ray` is unused.
   */
  readonly graph?: GraphInput;
}

export interface GraphInput {
  readonly labels: readonly string[];
  /** The sites each site is linked to, by index, at most DIRECTION_COUNT of them. */
  readonly adjacency: readonly (readonly number[])[];
  /** A label as written by a person (any accepted form) to its canonical form, or null. */
  readonly normalise: (label: string) => string | null;
}

export class Topology {
  readonly spec: string;
  readonly size: number;
  readonly column: Int32Array;
  readonly row: Int32Array;
  readonly labels: readonly string[];
  /** neighbour[cell * 6 + direction], -1 where the step leaves the board. */
  readonly neighbour: Int32Array;
  readonly degree: Uint8Array;
  /** 1 where deg ≤ 4: Ludii's `count(N(s)) < 5` edge test of the scoring rule. */
  readonly isEdge: Uint8Array;
  readonly wrap: { readonly width: number; readonly height: number } | null;
  /** A graph board (TopologyInput.graph): no lattice directions, `column`/`row` only place sites. */
  readonly isGraph: boolean;
  readonly maxDegree: number;
  /** The neighbours of each site, in direction order: N(s) of §2.1. */
  readonly adjacent: readonly (readonly number[])[];
  readonly standardStart: StartStones;
  private readonly byLabel: ReadonlyMap<string, number>;
  private readonly normalise: ((label: string) => string | null) | null = null;

  constructor(input: TopologyInput) {
    const { cells, wrap } = input;
    if (input.graph) {
      this.spec = input.spec;
      ({
        size: this.size,
        column: this.column,
        row: this.row,
        labels: this.labels,
        neighbour: this.neighbour,
        degree: this.degree,
        byLabel: this.byLabel,
      } = graphTables(input.spec, cells, input.graph));
      this.normalise = input.graph.normalise;
      this.isEdge = new Uint8Array(this.size);
      this.wrap = null;
      this.isGraph = true;
      this.maxDegree = Math.max(...this.degree);
      this.adjacent = input.graph.adjacency.map((links) => [...links]);
      this.standardStart = { p1: [], p2: [] };
      return;
    }
    if (cells.length === 0) throw new BoardError(`board ${input.spec} has no cells`);
    if (cells.length > MAX_SITES) {
      throw new BoardError(`board ${input.spec} has ${cells.length} cells; at most ${MAX_SITES} are supported`);
    }
    for (const [c, r] of cells) {
      if (!Number.isSafeInteger(c) || !Number.isSafeInteger(r)) {
        throw new BoardError(`board ${input.spec}: cell (${c}, ${r}) is not a pair of integers`);
      }
    }
    let minC = 0;
    let minR = 0;
    if (!wrap) {
      minC = Math.min(...cells.map(([c]) => c));
      minR = Math.min(...cells.map(([, r]) => r));
    }
    const sorted = cells.map(([c, r]) => [c - minC, r - minR] as const).sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    for (let i = 1; i < sorted.length; i++) {
      if (sorted[i]![0] === sorted[i - 1]![0] && sorted[i]![1] === sorted[i - 1]![1]) {
        const [c, r] = sorted[i]!;
        throw new BoardError(`board ${input.spec} lists cell ${formatLabel(c, r)} (c=${c + minC}, r=${r + minR}) twice`);
      }
    }

    this.spec = input.spec;
    this.size = sorted.length;
    this.isGraph = false;
    this.wrap = wrap ? { width: wrap.width, height: wrap.height } : null;
    this.column = Int32Array.from(sorted, ([c]) => c);
    this.row = Int32Array.from(sorted, ([, r]) => r);
    this.labels = Object.freeze(sorted.map(([c, r]) => formatLabel(c, r)));
    const index = new Map<string, number>();
    this.labels.forEach((label, i) => index.set(label, i));
    this.byLabel = index;

    const key = (c: number, r: number): string => `${c},${r}`;
    const at = new Map<string, number>();
    sorted.forEach(([c, r], i) => at.set(key(c, r), i));
    this.neighbour = new Int32Array(this.size * DIRECTION_COUNT).fill(-1);
    this.degree = new Uint8Array(this.size);
    this.isEdge = new Uint8Array(this.size);
    for (let cell = 0; cell < this.size; cell++) {
      const [c, r] = sorted[cell]!;
      DIRECTIONS.forEach((d, dir) => {
        let nc = c + d.dc;
        let nr = r + d.dr;
        if (wrap) {
          nc = (nc + wrap.width) % wrap.width;
          nr = (nr + wrap.height) % wrap.height;
        }
        const n = at.get(key(nc, nr));
        if (n !== undefined) {
          this.neighbour[cell * DIRECTION_COUNT + dir] = n;
          this.degree[cell]! += 1;
        }
      });
      this.isEdge[cell] = this.degree[cell]! <= 4 ? 1 : 0;
    }
    this.maxDegree = Math.max(...this.degree);
    // Not frozen: V8 reads frozen arrays several times slower, and these are read in every loop.
    this.adjacent = Array.from({ length: this.size }, (_, cell) =>
      Array.from(this.neighbour.subarray(cell * DIRECTION_COUNT, (cell + 1) * DIRECTION_COUNT)).filter((n) => n >= 0),
    );
    this.standardStart = input.standardStart
      ? Object.freeze({
          p1: Object.freeze(input.standardStart.p1.map((l) => this.requireCell(l))),
          p2: Object.freeze(input.standardStart.p2.map((l) => this.requireCell(l))),
        })
      : generatedStart(this);

  }

  /** Canonical index of a label (any case), or -1 when the board has no such site. */
  cellOf(label: string): number {
    if (this.normalise) {
      const canonical = this.normalise(label);
      return canonical === null ? -1 : (this.byLabel.get(canonical) ?? -1);
    }
    const parsed = parseLabel(label);
    if (!parsed) return -1;
    return this.byLabel.get(formatLabel(parsed.column, parsed.row)) ?? -1;
  }

  label(cell: number): string {
    const label = this.labels[cell];
    if (label === undefined) throw new RangeError(`cell ${cell} is not on board ${this.spec} (0..${this.size - 1})`);
    return label;
  }

  isCell(cell: unknown): cell is number {
    return typeof cell === 'number' && Number.isInteger(cell) && cell >= 0 && cell < this.size;
  }

  neighbours(cell: number): readonly number[] {
    return this.adjacent[cell]!;
  }

  /**
   * The sites of ray(cell, dir), nearest first, at most `limit` of them. On a torus a ray never
   * ends, so callers always pass the budget they can spend.
   */
  ray(cell: number, dir: number, limit: number): number[] {
    const out: number[] = [];
    let at = cell;
    while (out.length < limit) {
      at = this.neighbour[at * DIRECTION_COUNT + dir]!;
      if (at < 0) break;
      out.push(at);
    }
    return out;
  }

  private requireCell(label: string): number {
    const cell = this.cellOf(label);
    if (cell < 0) throw new BoardError(`board ${this.spec} has no site ${label} for its standard start`);
    return cell;
  }
}

/** The tables of a graph board, after checking that its labels and links are coherent. */
function graphTables(spec: string, cells: TopologyInput['cells'], graph: GraphInput) {
  const size = graph.labels.length;
  const fail = (why: string): never => {
    throw new BoardError(`board ${spec}: ${why}`);
  };
  if (size === 0) fail('it has no sites');
  if (size > MAX_SITES) fail(`it has ${size} sites; at most ${MAX_SITES} are supported`);
  if (cells.length !== size || graph.adjacency.length !== size) {
    fail(`${size} labels but ${cells.length} positions and ${graph.adjacency.length} link lists`);
  }
  const byLabel = new Map<string, number>();
  graph.labels.forEach((label, i) => {
    if (byLabel.has(label)) fail(`it lists site ${label} twice`);
    if (graph.normalise(label) !== label) fail(`label ${JSON.stringify(label)} is not in its canonical form`);
    byLabel.set(label, i);
  });
  const neighbour = new Int32Array(size * DIRECTION_COUNT).fill(-1);
  const degree = new Uint8Array(size);
  graph.adjacency.forEach((links, i) => {
    if (links.length > DIRECTION_COUNT) fail(`site ${graph.labels[i]} has ${links.length} links; at most ${DIRECTION_COUNT}`);
    links.forEach((n, k) => {
      if (!Number.isInteger(n) || n < 0 || n >= size || n === i) fail(`site ${graph.labels[i]} links to a bad site ${n}`);
      if (!graph.adjacency[n]!.includes(i)) fail(`site ${graph.labels[i]} links to ${graph.labels[n]} but not back`);
      if (links.indexOf(n) !== k) fail(`site ${graph.labels[i]} lists the link to ${graph.labels[n]} twice`);
      neighbour[i * DIRECTION_COUNT + k] = n;
    });
    degree[i] = links.length;
  });
  for (const [c, r] of cells) {
    if (!Number.isFinite(c) || !Number.isFinite(r)) fail(`a site is drawn at (${c}, ${r})`);
  }
  return {
    size,
    column: Int32Array.from(cells, ([c]) => c),
    row: Int32Array.from(cells, ([, r]) => r),
    labels: Object.freeze([...graph.labels]),
    neighbour,
    degree,
    byLabel,
  };
}

/**
 * A standard start for boards Ludii does not define, shaped like Ludii's own: one Black stone
 * below the centre and two White stones above it to the left and right, a third of the way out.
 * The result is deterministic, so a board spec always means the same game.
 */
function generatedStart(t: Topology): StartStones {
  const points = Array.from({ length: t.size }, (_, i) => geometry(t.column[i]!, t.row[i]!));
  const cx = points.reduce((s, p) => s + p.x, 0) / t.size;
  const cy = points.reduce((s, p) => s + p.y, 0) / t.size;
  const reach = Math.max(...points.map((p) => Math.hypot(p.x - cx, p.y - cy)));
  const radius = reach * 0.45;
  const taken = new Set<number>();
  const nearest = (angleDeg: number): number => {
    const a = (angleDeg * Math.PI) / 180;
    const tx = cx + radius * Math.cos(a);
    const ty = cy + radius * Math.sin(a);
    let best = -1;
    let bestD = Infinity;
    points.forEach((p, i) => {
      const d = Math.hypot(p.x - tx, p.y - ty);
      if (!taken.has(i) && d < bestD - 1e-9) {
        best = i;
        bestD = d;
      }
    });
    if (best >= 0) taken.add(best);
    return best;
  };
  const p1 = [nearest(270)].filter((c) => c >= 0);
  const p2 = [nearest(150), nearest(30)].filter((c) => c >= 0).sort((a, b) => a - b);
  return Object.freeze({ p1: Object.freeze(p1), p2: Object.freeze(p2) });
}
