/**
 * The SVG of a board of woven webs (drawing `webs`): the paths of both webs, the light web's as
 * the honeycomb's solid lines and the dark web's as thinner dashed lines between the hexagons'
 * centres, so that every crossing shows; the paths barriers block now, as a band in the
 * blocking player's colour; the nodes (dots on the light web, diamonds on the dark); tokens,
 * those on the dark web a deeper shade with a diamond inset; and a move being built as a line
 * through its cells. What to draw is decided in webs.ts; this only makes the elements.
 */
import type { BoardGeometry } from '../engine/view.js';
import { svg } from './dom.js';
import type { Point } from './geometry.js';
import { barriers, columnRange, linkSegments, linkWeb, polyline, TOKEN_RADIUS } from './webs.js';

/** The web whose nodes sit at the other's hexagon centres (BoardGeometry.sites[].web). */
const CENTRES = 0;

const r4 = (v: number): number => Math.round(v * 1e4) / 1e4;

/** A small square on its corner around (x, y), as SVG `points`. */
export function diamondPoints(x: number, y: number, radius: number): string {
  return [
    [x, y - radius],
    [x + radius, y],
    [x, y + radius],
    [x - radius, y],
  ]
    .map(([px, py]) => `${r4(px!)},${r4(py!)}`)
    .join(' ');
}

/**
 * The webs' paths (part `webs`): barrier bands first (part `barrier`, class barrier-<stone kind>),
 * then the dark web's dashed paths and the light web's solid ones over them.
 */
export function websLayer(board: BoardGeometry, cells: ArrayLike<number>, flip: 1 | -1, kindOf: (value: number) => string): SVGGElement {
  const layer = svg('g', { part: 'webs' });
  const bands = svg('g', { part: 'barriers' });
  const dark = svg('g', { part: 'dark-web' });
  const light = svg('g', { part: 'light-web' });
  const columns = columnRange(board.sites);
  const segments = board.links.map((link) => linkSegments(board.sites, link, flip, columns));
  const line = (cls: string, [[x1, y1], [x2, y2]]: [Point, Point], extra: Record<string, string | number> = {}) =>
    svg('line', { class: cls, x1: r4(x1), y1: r4(y1), x2: r4(x2), y2: r4(y2), ...extra });
  for (const { link, colour } of barriers(board, cells)) {
    const [a, b] = board.links[link]!;
    const kind = kindOf(colour);
    for (const seg of segments[link]!) {
      bands.append(line(`barrier barrier-${kind}`, seg, { part: `barrier barrier-${kind}`, 'data-from': a, 'data-to': b }));
    }
  }
  board.links.forEach((link, i) => {
    const onCentres = linkWeb(board.sites, link) === CENTRES;
    for (const seg of segments[i]!) (onCentres ? dark : light).append(line(onCentres ? 'web-line dark-path' : 'web-line light-path', seg));
  });
  layer.append(bands, dark, light);
  return layer;
}

/** An empty node: a dot on the light web, a diamond on the dark web. */
export function nodeMarker(x: number, y: number, web: number | undefined): SVGElement {
  return web === CENTRES
    ? svg('polygon', { class: 'node dark-node', points: diamondPoints(x, y, 0.13) })
    : svg('circle', { class: 'node light-node', cx: x, cy: y, r: 0.09 });
}

/**
 * A token of stone kind `kind` (red, blue, black, ...): a stone with its colour's gradient; on
 * the dark web the gradient's deeper variant and a diamond inset, so the web shows without colour.
 */
export function token(x: number, y: number, web: number | undefined, kind: string): SVGElement[] {
  const onCentres = web === CENTRES;
  const stone = svg('circle', {
    class: 'stone',
    part: `stone stone-${kind} ${onCentres ? 'token-dark' : 'token-light'}`,
    cx: x,
    cy: y,
    r: TOKEN_RADIUS,
    fill: `url(#stone-${kind}${onCentres ? '-deep' : ''})`,
  });
  return onCentres ? [stone, svg('polygon', { class: 'token-diamond', points: diamondPoints(x, y, TOKEN_RADIUS * 0.5) })] : [stone];
}

/** A move being built (GameDetails.path): a line through its cells (part `path`), the head ringed. */
export function pathLayer(path: readonly number[], points: readonly Point[]): SVGGElement {
  const layer = svg('g', { part: 'path' });
  const at = path.map((c) => points[c]).filter((p): p is Point => p !== undefined);
  const d = polyline(at);
  if (d) layer.append(svg('path', { class: 'build-path', d }));
  return layer;
}

/** A mark drawn as rings around a node (MarkStyle.shape), in the colour of `kind`. */
export function ringMark(x: number, y: number, shape: 'ring' | 'double-ring' | 'dashed-ring', kind: string, mark: string): SVGGElement {
  const g = svg('g', { class: `mark mark-${mark}`, part: `mark mark-${mark}` });
  const r = TOKEN_RADIUS + 0.09;
  g.append(svg('circle', { class: `mark-ring ring-${kind}${shape === 'dashed-ring' ? ' dashed' : ''}`, cx: x, cy: y, r }));
  if (shape === 'double-ring') g.append(svg('circle', { class: `mark-ring ring-${kind}`, cx: x, cy: y, r: r + 0.1 }));
  return g;
}
