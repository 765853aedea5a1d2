/**
 * Where a board's cells go on the page, from the board geometry alone (no rules): the cell
 * centres of the triangular lattice, the hexagon of a cell, the view box and where the row and
 * column labels sit. Lattice neighbours are one unit apart, so stones on points (Throngs) and
 * hexagonal cells (Refugia) share one scale: a cell is a pointy-top hexagon of circumradius
 * 1/√3 (REFUGIA.md §2.1's geometry divided by √3). Woven webs (drawing `webs`) place a site's
 * (column, row) as the (u, v) of a honeycomb: u half hexagon widths across, v half circumradii up.
 */
import type { SiteGeometry } from '../engine/view.js';

export type { Drawing } from '../../reference/core/game.js';
import type { Drawing } from '../../reference/core/game.js';

export const ROW_HEIGHT = Math.sqrt(3) / 2;
/** Circumradius of a cell's hexagon: its flat sides touch the neighbours' (inradius 1/2). */
export const CELL_RADIUS = 1 / Math.sqrt(3);

export type Point = readonly [number, number];

/** The centre of a site; `flip` -1 turns the board half way round. SVG y grows downwards. */
export function siteCentre(s: Pick<SiteGeometry, 'column' | 'row'>, flip: 1 | -1 = 1): Point {
  return [flip * (s.column - s.row / 2), -flip * s.row * ROW_HEIGHT];
}

/**
 * The hexagons' circumradius on a board of woven webs, in the units of the other drawings (where
 * neighbours are 1 apart). A honeycomb's sides and the distance from a centre to its vertices
 * are both one circumradius, so this is how far apart neighbouring nodes are: a little more than
 * lattice points, to leave room between a token and the paths that pass it.
 */
export const WEB_SCALE = 1.25;

/** A node of woven webs at (u, v) (column, row): x = u·√3/2, y = v/2 circumradii, the lowest v at the bottom. */
export function webCentre(s: Pick<SiteGeometry, 'column' | 'row'>, flip: 1 | -1 = 1): Point {
  return [flip * s.column * ROW_HEIGHT * WEB_SCALE, -flip * (s.row / 2) * WEB_SCALE];
}

/** Where a site is drawn in a drawing. */
export function sitePoint(s: Pick<SiteGeometry, 'column' | 'row'>, drawing: Drawing, flip: 1 | -1 = 1): Point {
  return drawing === 'webs' ? webCentre(s, flip) : siteCentre(s, flip);
}

/** The corners of a pointy-top hexagon around (x, y), as an SVG `points` list. */
export function hexagonPoints(x: number, y: number, radius = CELL_RADIUS): string {
  const corners: string[] = [];
  for (let k = 0; k < 6; k++) {
    const angle = (Math.PI / 3) * k + Math.PI / 6;
    corners.push(`${round(x + radius * Math.cos(angle))},${round(y + radius * Math.sin(angle))}`);
  }
  return corners.join(' ');
}

const round = (v: number): number => Math.round(v * 1e4) / 1e4;

export interface BoardLayout {
  readonly points: readonly Point[];
  /** minX minY width height */
  readonly viewBox: readonly [number, number, number, number];
  /** Row numbers left of each row, column letters below each column's lowest site. */
  readonly labels: ReadonlyArray<{ readonly text: string; readonly at: Point }>;
}

/** Everything the drawing needs to place, for sites drawn as `drawing`. */
export function layoutBoard(sites: readonly SiteGeometry[], drawing: Drawing, flip: 1 | -1 = 1): BoardLayout {
  const points = sites.map((s) => sitePoint(s, drawing, flip));
  // Webs have no rows or columns to letter: a node's label is in its hover tip instead.
  if (drawing === 'webs') return { points, viewBox: viewBoxAround(points, 0.9), labels: [] };
  const cells = drawing === 'cells';
  // How far labels sit from the sites they name: clear of a stone, or of a cell's hexagon.
  const rowGap = cells ? 0.85 : 0.65;
  const columnGap: Point = cells ? [0.45, 0.82] : [0.3, 0.62];
  const rows = new Map<number, number>();
  const columns = new Map<number, number>();
  sites.forEach((s, i) => {
    const r = rows.get(s.row);
    if (r === undefined || points[i]![0] * flip < points[r]![0] * flip) rows.set(s.row, i);
    const c = columns.get(s.column);
    if (c === undefined || s.row < sites[c]!.row) columns.set(s.column, i);
  });
  const labels: Array<{ text: string; at: Point }> = [];
  for (const [row, i] of rows) {
    const [x, y] = points[i]!;
    labels.push({ text: String(row + 1), at: [x - flip * rowGap, y] });
  }
  for (const i of columns.values()) {
    // Where the column's line would continue below its lowest site (down and to the right).
    const [x, y] = points[i]!;
    labels.push({ text: sites[i]!.label.replace(/[0-9]+$/, ''), at: [x + flip * columnGap[0], y + flip * columnGap[1]] });
  }
  return { points, viewBox: viewBoxAround(points, cells ? 1.15 : 1.0), labels };
}

function viewBoxAround(points: readonly Point[], margin: number): BoardLayout['viewBox'] {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  return [minX, minY, Math.max(...xs) - minX + margin, Math.max(...ys) - minY + margin];
}

/**
 * The site nearest to one step from `from` in a direction on the page (dc columns across, dr
 * rows up; staying in the row when dr is 0): the keyboard's cursor moves.
 */
export function stepFrom(sites: readonly SiteGeometry[], from: number, dc: number, dr: number, flip: 1 | -1 = 1, drawing: Drawing = 'points'): number {
  // The arrow's direction on the page, as on the lattice (ArrowUp's half column makes it straight up).
  if (drawing === 'webs') return stepOnPage(sites.map((s) => webCentre(s, flip)), from, dc - dr / 2, dr * ROW_HEIGHT);
  const at = sites[from]!;
  const tx = at.column - at.row / 2 + dc * flip;
  const ty = at.row + dr * flip;
  let best = -1;
  let bestD = Infinity;
  sites.forEach((s, i) => {
    if (i === from) return;
    const d = Math.hypot(s.column - s.row / 2 - tx, (s.row - ty) * ROW_HEIGHT);
    if (d < bestD && (dr === 0 ? s.row === at.row : s.row !== at.row)) {
      bestD = d;
      best = i;
    }
  });
  return best >= 0 ? best : from;
}

/**
 * The keyboard's step where sites have no rows to follow (woven webs): the nearest site whose
 * direction from `from` on the page is within 60° of the arrow's (dx right, dy up), the angle
 * counted against the distance so that a site straight ahead beats a nearer one off to the side.
 */
export function stepOnPage(points: readonly Point[], from: number, dx: number, dy: number): number {
  const [x0, y0] = points[from]!;
  const length = Math.hypot(dx, dy) || 1;
  const [ux, uy] = [dx / length, -dy / length];
  let best = from;
  let bestCost = Infinity;
  points.forEach(([x, y], i) => {
    const d = Math.hypot(x - x0, y - y0);
    if (i === from || d === 0) return;
    const cos = ((x - x0) * ux + (y - y0) * uy) / d;
    if (cos < 0.5) return;
    const cost = d * (2 - cos);
    if (cost < bestCost) {
      bestCost = cost;
      best = i;
    }
  });
  return best;
}

/**
 * Whether the first player's stones sit clearly higher on the board than the second's (their
 * mean rows more than 30% of the board's height apart): a board whose set-up is drawn upside
 * down for the first player (Ludii's throngs93 and ragged87). The margin keeps a random start
 * (Tholi Go Lucky) from turning the board round by chance.
 */
export function firstPlayerHigh(v: { readonly board: { readonly sites: readonly Pick<SiteGeometry, 'row'>[] }; readonly cells: ArrayLike<number> }): boolean {
  const rows: [number[], number[]] = [[], []];
  let lowest = Infinity;
  let highest = -Infinity;
  v.board.sites.forEach((s, i) => {
    lowest = Math.min(lowest, s.row);
    highest = Math.max(highest, s.row);
    const c = v.cells[i];
    if (c === 1 || c === 2) rows[c === 1 ? 0 : 1].push(s.row);
  });
  if (rows[0].length === 0 || rows[1].length === 0) return false;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  return mean(rows[0]) - mean(rows[1]) > 0.3 * (highest - lowest);
}
