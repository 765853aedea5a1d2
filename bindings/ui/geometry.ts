/**
 * Where a board's cells go on the page, from the board geometry alone (no rules): the cell
 * centres of the triangular lattice, the hexagon of a cell, the view box and where the row and
 * column labels sit. Lattice neighbours are one unit apart, so stones on points (Throngs) and
 * hexagonal cells (Refugia) share one scale: a cell is a pointy-top hexagon of circumradius
 * 1/√3 (REFUGIA.md §2.1's geometry divided by √3).
 */
import type { SiteGeometry } from '../engine/view.js';

export type Drawing = 'points' | 'cells';

export const ROW_HEIGHT = Math.sqrt(3) / 2;
/** Circumradius of a cell's hexagon: its flat sides touch the neighbours' (inradius 1/2). */
export const CELL_RADIUS = 1 / Math.sqrt(3);

export type Point = readonly [number, number];

/** The centre of a site; `flip` -1 turns the board half way round. SVG y grows downwards. */
export function siteCentre(s: Pick<SiteGeometry, 'column' | 'row'>, flip: 1 | -1 = 1): Point {
  return [flip * (s.column - s.row / 2), -flip * s.row * ROW_HEIGHT];
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
  const points = sites.map((s) => siteCentre(s, flip));
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
  const margin = cells ? 1.15 : 1.0;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const minX = Math.min(...xs) - margin;
  const minY = Math.min(...ys) - margin;
  const width = Math.max(...xs) - minX + margin;
  const height = Math.max(...ys) - minY + margin;
  return { points, viewBox: [minX, minY, width, height], labels };
}

/**
 * The site nearest to one step from `from` in a direction on the page (dc columns across, dr
 * rows up; staying in the row when dr is 0): the keyboard's cursor moves.
 */
export function stepFrom(sites: readonly SiteGeometry[], from: number, dc: number, dr: number, flip: 1 | -1 = 1): number {
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
 * Whether the first player's stones sit higher on the board than the second's (by their mean
 * row): a board whose set-up is drawn upside down for the first player.
 */
export function firstPlayerHigh(v: { readonly board: { readonly sites: readonly Pick<SiteGeometry, 'row'>[] }; readonly cells: ArrayLike<number> }): boolean {
  const rows: [number[], number[]] = [[], []];
  v.board.sites.forEach((s, i) => {
    const c = v.cells[i];
    if (c === 1 || c === 2) rows[c === 1 ? 0 : 1].push(s.row);
  });
  if (rows[0].length === 0 || rows[1].length === 0) return false;
  const mean = (xs: number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
  return mean(rows[0]) > mean(rows[1]);
}
