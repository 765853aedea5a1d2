/**
 * What a board of woven webs (drawing `webs`, Tholian Go) shows beyond sites and links, decided
 * from the board geometry and the cells alone, so that it can be tested without a page: which
 * web each link is on, the paths barriers block now, and the segments a link is drawn as (two
 * stubs off the edges for a link that wraps round a periodic board). Nothing here knows a game:
 * the webs and the crossing links come from the view (BoardGeometry.sites[].web and .duals).
 */
import type { BoardGeometry, SiteGeometry } from '../engine/view.js';
import { webCentre, type Point } from './geometry.js';

/** A token's radius: neighbouring nodes are WEB_SCALE (1.25) apart, so a path shows between two tokens. */
export const TOKEN_RADIUS = 0.36;

/** A path blocked now, and the colour whose two tokens block it. */
export interface Barrier {
  /** The blocked link, an index into BoardGeometry.links. */
  readonly link: number;
  /** The player whose tokens sit on both ends of the crossing link: the path is closed to the other player's tokens. */
  readonly colour: 1 | 2;
}

/**
 * Every link that a barrier blocks: the links whose crossing link (its dual) has two tokens of
 * one player on its ends. A pair of different colours blocks nothing; a link without a crossing
 * (a boundary path) is never blocked.
 */
export function barriers(board: Pick<BoardGeometry, 'links' | 'duals'>, cells: ArrayLike<number>): Barrier[] {
  const out: Barrier[] = [];
  const duals = board.duals;
  if (!duals) return out;
  board.links.forEach((_, i) => {
    const d = duals[i] ?? -1;
    if (d < 0) return;
    const [a, b] = board.links[d]!;
    const colour = cells[a];
    if ((colour === 1 || colour === 2) && cells[b] === colour) out.push({ link: i, colour });
  });
  return out;
}

/** The web a link lies on (both its ends are on it); 1 when the sites say nothing. */
export function linkWeb(sites: readonly SiteGeometry[], link: readonly [number, number]): number {
  return sites[link[0]]?.web ?? 1;
}

/**
 * The segments a link is drawn as: the line between its ends, or, when it wraps round a
 * periodic board (its ends are more than half the board's columns apart), a stub from each end
 * half way towards the other end's copy beyond the edge, so that no line crosses the board.
 */
export function linkSegments(sites: readonly SiteGeometry[], link: readonly [number, number], flip: 1 | -1, columns = columnRange(sites)): Array<[Point, Point]> {
  const [a, b] = link.map((i) => sites[i]!) as [SiteGeometry, SiteGeometry];
  const pa = webCentre(a, flip);
  const pb = webCentre(b, flip);
  const span = columns[1] - columns[0];
  const dc = b.column - a.column;
  if (Math.abs(dc) * 2 <= span + 1) return [[pa, pb]];
  // The copy of b next to a, one period (span + 1 columns) over, and of a next to b.
  const period = Math.sign(dc) * (span + 1);
  const nearB = webCentre({ column: b.column - period, row: b.row }, flip);
  const nearA = webCentre({ column: a.column + period, row: a.row }, flip);
  const half = (from: Point, to: Point): Point => [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2];
  return [
    [pa, half(pa, nearB)],
    [pb, half(pb, nearA)],
  ];
}

/** The lowest and highest column of the sites. */
export function columnRange(sites: readonly SiteGeometry[]): readonly [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const s of sites) {
    lo = Math.min(lo, s.column);
    hi = Math.max(hi, s.column);
  }
  return [lo, hi];
}

/** An SVG path's `d` through points (a move being built), or '' for fewer than two. */
export function polyline(points: readonly Point[]): string {
  if (points.length < 2) return '';
  const r = (v: number) => Math.round(v * 1e4) / 1e4;
  return points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r(x)},${r(y)}`).join(' ');
}
