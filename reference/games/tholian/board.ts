/**
 * A Tholian Go board (THOLIAN-GO.md §2) read from its data: two webs of nodes in one Topology
 * (dark nodes first, then light), every path with its axis letter and its dual in the other web,
 * the special nodes of §2.5 and the start sets of §3. Everything the rules know about the
 * geometry comes from these tables, so a new board (an expansion) is new data, not new code.
 */
import { BoardError } from '../../core/errors.js';
import { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';

/** The board data, in the format of the project's JSON files (boards/*.json). */
export interface BoardData {
  readonly name: string;
  readonly periodic?: boolean;
  readonly nodes: readonly { label: string; web: string; x: number; y: number; u: number; v: number; neighbours: readonly string[] }[];
  readonly paths: readonly { web: string; a: string; b: string; axis: string; dual: readonly string[] | null }[];
  readonly special: {
    readonly target: { readonly R: string; readonly B: string };
    readonly entry: { readonly R: string; readonly B: string };
    readonly chainEndpoints: { readonly bottom: readonly string[]; readonly top: readonly string[] };
  };
  readonly start: { readonly R: readonly string[]; readonly B: readonly string[] };
}

export const DARK = 0;
export const LIGHT = 1;
export type Web = typeof DARK | typeof LIGHT;

/** Axis letters of §2.4: a, b, c on the dark web, x, y, z on the light web; index 0..2 in each. */
export const AXES: readonly [string, string] = ['abc', 'xyz'];

const LABEL = /^\s*([DL])\s*(?:([0-9]+)\s*\.\s*([0-9]+)|\(\s*([0-9]+)\s*,\s*([0-9]+)\s*\))\s*$/i;

/** `D3.2`, `d(3, 2)` → `D3.2`; null when the text is not a node label of either form (§2.2). */
export function normaliseLabel(text: string): string | null {
  const m = LABEL.exec(text);
  if (!m) return null;
  const x = Number(m[2] ?? m[4]);
  const y = Number(m[3] ?? m[5]);
  if (x < 1 || y < 1 || x > 999 || y > 999) return null;
  return `${m[1]!.toUpperCase()}${x}.${y}`;
}

export class TholianBoard extends Topology {
  readonly name: string;
  readonly periodic: boolean;
  /** The web of each node. */
  readonly web: Uint8Array;
  /** The author's indices and the drawing frame of §2.1, per node. */
  readonly x: Int32Array;
  readonly y: Int32Array;
  readonly u: Int32Array;
  readonly v: Int32Array;
  /** Rows of each web: a node is in an end row when y is 1 or the web's highest. */
  readonly topRow: readonly [number, number];
  /**
   * Per link (node * 6 + k, k indexing neighbours(node)): the two nodes of its dual path, or -1
   * where the path has none (the boundary light paths of §2.1, never blocked), and its axis.
   */
  readonly dualA: Int32Array;
  readonly dualB: Int32Array;
  readonly axis: Int8Array;
  /** The node a player's light token must reach (§2.5; indexed by player, 0 unused). */
  readonly target: readonly [number, number, number];
  /** The dark node a transformed token enters (§8). */
  readonly entry: readonly [number, number, number];
  readonly chainBottom: readonly number[];
  readonly chainTop: readonly number[];
  /** The default start sets of §3, by player. */
  readonly start: readonly [readonly number[], readonly number[], readonly number[]];
  /** Nodes of each web. */
  readonly nodesOf: readonly [readonly number[], readonly number[]];

  constructor(spec: string, data: BoardData) {
    const fail = (why: string): never => {
      throw new BoardError(`board ${spec}: ${why}`);
    };
    if (typeof data !== 'object' || data === null || !Array.isArray(data.nodes) || !Array.isArray(data.paths)) {
      fail('the data needs arrays `nodes` and `paths`');
    }
    const index = new Map<string, number>();
    data.nodes.forEach((n, i) => {
      const label = typeof n?.label === 'string' ? normaliseLabel(n.label) : null;
      if (label === null || label !== n.label) fail(`node ${i} has a bad label ${JSON.stringify(n?.label)}`);
      if ((n.web === 'dark') !== label!.startsWith('D') || (n.web !== 'dark' && n.web !== 'light')) {
        fail(`node ${label} is on web ${JSON.stringify(n.web)}, not the one its label names`);
      }
      if (![n.x, n.y, n.u, n.v].every((k) => Number.isSafeInteger(k))) fail(`node ${label} needs whole numbers x, y, u, v`);
      if (`${label![0]}${n.x}.${n.y}` !== label) fail(`node ${label} has x=${n.x}, y=${n.y}, which its label does not say`);
      index.set(label!, i);
    });
    const nodeOf = (label: unknown, where: string): number => {
      const i = typeof label === 'string' ? index.get(label) : undefined;
      if (i === undefined) fail(`${where} names ${JSON.stringify(label)}, which is not a node`);
      return i!;
    };
    const adjacency = data.nodes.map((n) => {
      if (!Array.isArray(n.neighbours)) fail(`node ${n.label} has no neighbours list`);
      return n.neighbours.map((l) => nodeOf(l, `the neighbours of ${n.label}`));
    });
    super({
      spec,
      cells: data.nodes.map((n) => [n.u, n.v] as const),
      graph: { labels: data.nodes.map((n) => n.label), adjacency, normalise: normaliseLabel },
    });
    this.name = String(data.name);
    this.periodic = data.periodic === true;
    this.web = Uint8Array.from(data.nodes, (n) => (n.web === 'dark' ? DARK : LIGHT));
    this.x = Int32Array.from(data.nodes, (n) => n.x);
    this.y = Int32Array.from(data.nodes, (n) => n.y);
    this.u = Int32Array.from(data.nodes, (n) => n.u);
    this.v = Int32Array.from(data.nodes, (n) => n.v);
    this.nodesOf = [0, 1].map((w) => [...this.web.keys()].filter((i) => this.web[i] === w)) as [number[], number[]];
    if (this.nodesOf[DARK].length === 0 || this.nodesOf[LIGHT].length === 0) fail('both webs need nodes');
    const top = (w: Web) => Math.max(...this.nodesOf[w].map((i) => this.y[i]!));
    this.topRow = [top(DARK), top(LIGHT)];

    this.dualA = new Int32Array(this.size * 6).fill(-1);
    this.dualB = new Int32Array(this.size * 6).fill(-1);
    this.axis = new Int8Array(this.size * 6).fill(-1);
    const link = (a: number, b: number): number => {
      const k = this.neighbours(a).indexOf(b);
      return k < 0 ? -1 : a * 6 + k;
    };
    const seen = new Set<string>();
    for (const p of data.paths) {
      const a = nodeOf(p?.a, 'a path');
      const b = nodeOf(p?.b, 'a path');
      const key = a < b ? `${a},${b}` : `${b},${a}`;
      if (seen.has(key)) fail(`path ${p.a}–${p.b} is listed twice`);
      seen.add(key);
      const w = this.web[a]!;
      if (this.web[b] !== w || (p.web === 'dark' ? DARK : LIGHT) !== w) fail(`path ${p.a}–${p.b} is not within web ${p.web}`);
      const ab = link(a, b);
      const ba = link(b, a);
      if (ab < 0 || ba < 0) fail(`path ${p.a}–${p.b} joins nodes that are not neighbours`);
      const axis = AXES[w]!.indexOf(String(p.axis));
      if (axis < 0 || String(p.axis).length !== 1) fail(`path ${p.a}–${p.b} has axis ${JSON.stringify(p.axis)}; its web uses ${AXES[w]}`);
      let da = -1;
      let db = -1;
      if (p.dual !== null) {
        if (!Array.isArray(p.dual) || p.dual.length !== 2) fail(`path ${p.a}–${p.b} needs a dual of two nodes or null`);
        da = nodeOf(p.dual[0], `the dual of ${p.a}–${p.b}`);
        db = nodeOf(p.dual[1], `the dual of ${p.a}–${p.b}`);
        if (this.web[da] === w || this.web[db] === w || link(da, db) < 0) fail(`the dual of ${p.a}–${p.b} is not a path of the other web`);
      }
      for (const l of [ab, ba]) {
        this.dualA[l] = da;
        this.dualB[l] = db;
        this.axis[l] = axis;
      }
    }
    for (let n = 0; n < this.size; n++) {
      this.neighbours(n).forEach((m, k) => {
        if (this.axis[n * 6 + k]! < 0) fail(`the link ${this.labels[n]}–${this.labels[m]} is not listed among the paths`);
      });
    }
    for (let n = 0; n < this.size; n++) {
      const axes = this.neighbours(n).map((_, k) => this.axis[n * 6 + k]!);
      if (new Set(axes).size !== axes.length && this.web[n] === LIGHT) fail(`light node ${this.labels[n]} has two paths on one axis`);
    }

    const sp = data.special;
    if (typeof sp !== 'object' || sp === null) fail('the data needs `special` nodes');
    const onWeb = (label: string, w: Web, what: string): number => {
      const i = nodeOf(label, what);
      if (this.web[i] !== w) fail(`${what} ${label} must be a ${w === DARK ? 'dark' : 'light'} node`);
      return i;
    };
    this.target = [-1, onWeb(sp.target?.R, LIGHT, "Red's target"), onWeb(sp.target?.B, LIGHT, "Blue's target")];
    this.entry = [-1, onWeb(sp.entry?.R, DARK, "Red's entry node"), onWeb(sp.entry?.B, DARK, "Blue's entry node")];
    this.chainBottom = (sp.chainEndpoints?.bottom ?? []).map((l) => onWeb(l, LIGHT, 'a chain endpoint'));
    this.chainTop = (sp.chainEndpoints?.top ?? []).map((l) => onWeb(l, LIGHT, 'a chain endpoint'));
    const startOf = (list: readonly string[] | undefined, who: string): number[] => {
      if (!Array.isArray(list)) fail(`the data needs the start set of ${who}`);
      const nodes = list!.map((l) => nodeOf(l, `${who}'s start set`));
      if (new Set(nodes).size !== nodes.length) fail(`${who}'s start set names a node twice`);
      return nodes.sort((a, b) => a - b);
    };
    this.start = [[], startOf(data.start?.R, 'Red'), startOf(data.start?.B, 'Blue')];
    if (this.start[1].some((n) => this.start[2].includes(n))) fail('the start sets share a node');
  }

  /** Whether `node` lies in an end row of its web (the `ends-open` option of §7). */
  isEndRow(node: number): boolean {
    return this.y[node] === 1 || this.y[node] === this.topRow[this.web[node] as Web];
  }

  targetOf(p: Player): number {
    return this.target[p];
  }
}
