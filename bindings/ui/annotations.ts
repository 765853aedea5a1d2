/**
 * What the board draws over a position without changing it, each a layer of its own so that it
 * is redrawn alone: the highlights (selection, destinations, the last move, the focus), the
 * hint, the analysis' heat map, the names of sites a caption or an explanation speaks of, and the
 * hover tip.
 */
import { svg } from './dom.js';
import { CELL_RADIUS, hexagonPoints, type Point } from './geometry.js';
import { formatOverlayValue, markStyle, overlayStyle } from './overlays.js';
import { NO_VALUE } from '../engine/view.js';
import { gapTo, placeLabels } from './label-places.js';
import type { Scene } from './scene.js';
import { TOKEN_RADIUS } from './webs.js';

/** How far the rings around a site reach: a stone's radius and a little. */
function stoneRadius(drawing: string): number {
  return drawing === 'webs' ? TOKEN_RADIUS : drawing === 'cells' ? 0.4 : 0.43;
}

/** The selection and its destinations, the last move, the stones it changed, the keyboard's focus. */
export function marksLayer(scene: Scene, points: readonly Point[]): SVGElement[] {
  const v = scene.view;
  const cells = v.drawing === 'cells';
  const webs = v.drawing === 'webs';
  const radius = stoneRadius(v.drawing);
  const changed = new Set(v.details.changed);
  const out: SVGElement[] = [];
  points.forEach(([x, y], i) => {
    if (scene.destinations.has(i)) {
      if (cells && i !== scene.selected) out.push(svg('polygon', { class: 'dest-cell', points: hexagonPoints(x, y) }));
      out.push(i === scene.selected ? svg('circle', { class: 'stay', part: 'highlight stay', cx: x, cy: y, r: 0.3 }) : svg('circle', { class: 'dest', part: 'highlight', cx: x, cy: y, r: webs ? 0.22 : 0.18 }));
    }
    if (i === scene.selected) {
      out.push(
        cells
          ? svg('polygon', { class: 'selected', part: 'selected', points: hexagonPoints(x, y, CELL_RADIUS - 0.05) })
          : svg('circle', { class: 'selected', part: 'selected', cx: x, cy: y, r: radius + 0.07 }),
      );
    }
    // On a cell the ring goes round the number a piece may carry (Populace's potential), not through it.
    if (scene.last?.to === i) out.push(svg('circle', { class: 'last', part: 'last-move', cx: x, cy: y, r: webs ? 0.23 : cells ? 0.32 : 0.2 }));
    if (scene.last?.from === i) out.push(svg('circle', { class: 'from', part: 'last-move-from', cx: x, cy: y, r: 0.09 }));
    // Around the stone, clear of a neutral stone's own ring.
    if (changed.has(i)) out.push(svg('circle', { class: 'changed', part: 'changed', cx: x, cy: y, r: radius + 0.06 }));
    if (i === scene.focus) out.push(svg('circle', { class: 'focus', cx: x, cy: y, r: radius + 0.09 }));
  });
  return out;
}

/** The analysis' heat map: each cell tinted by its moves' share of the search (part heat), the share written on it. */
export function heatLayer(scene: Scene, points: readonly Point[]): SVGElement[] {
  const heat = scene.heat;
  if (!heat) return [];
  const cells = scene.view.drawing === 'cells';
  const top = Math.max(...heat.values(), 1e-9);
  const out: SVGElement[] = [];
  for (const [cell, share] of heat) {
    const at = points[cell];
    // Moves the search hardly looked at would tint the whole board: only those with a tenth of the best's share or more.
    if (!at || share < top / 10) continue;
    const [x, y] = at;
    const strength = (0.1 + 0.7 * (share / top)).toFixed(3);
    out.push(
      cells
        ? svg('polygon', { class: 'heat', points: hexagonPoints(x, y, CELL_RADIUS - 0.02), 'fill-opacity': strength, 'data-share': share.toFixed(4), 'data-cell': cell })
        : svg('circle', { class: 'heat', cx: x, cy: y, r: 0.42, 'fill-opacity': strength, 'data-share': share.toFixed(4), 'data-cell': cell }),
    );
    if (share >= 0.02) {
      const t = svg('text', { class: 'heat-share', x, y: y + 0.3 });
      t.textContent = `${Math.round(share * 100)}%`;
      out.push(t);
    }
  }
  return out;
}

/** The hint: an arrow from origin to destination, or a ring on a placement. */
export function hintLayer(scene: Scene, points: readonly Point[]): SVGElement[] {
  const m = scene.hint;
  if (!m || !points[m.at]) return [];
  const [x1, y1] = points[m.at]!;
  if (m.end === undefined || m.end === m.at || !points[m.end]) return [svg('circle', { class: 'hint-ring', cx: x1, cy: y1, r: 0.36, 'data-at': m.at })];
  const [x2, y2] = points[m.end]!;
  // Stops short of the destination's centre, so the head points at the site rather than covering it.
  const length = Math.hypot(x2 - x1, y2 - y1);
  const k = Math.max(0, (length - 0.22) / length);
  return [svg('line', { class: 'hint-arrow', x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k, 'marker-end': 'url(#hint-head)', 'data-at': m.at, 'data-to': m.end })];
}

/**
 * The names of the sites a caption speaks of (site-labels) and of those the explanation line
 * names, each beside its site where it covers no piece, ring or other name (label-places.ts).
 */
export function siteLabelLayer(scene: Scene, points: readonly Point[], viewBox: readonly [number, number, number, number]): SVGElement[] {
  const v = scene.view;
  const sites = [...new Set([...scene.named, ...scene.explained])].filter((site) => points[site] !== undefined);
  if (sites.length === 0) return [];
  const piece = stoneRadius(v.drawing) + 0.04;
  // Ring marks reach beyond the piece: a double ring by two ring widths.
  const ringed = new Map<number, number>();
  for (const { cell, mark } of v.details.marks ?? []) {
    const shape = markStyle(mark).shape;
    if (shape && shape !== 'badge') ringed.set(cell, Math.max(ringed.get(cell) ?? 0, piece + (shape === 'double-ring' ? 0.22 : 0.12)));
  }
  const reach = (i: number): number => Math.max(ringed.get(i) ?? 0, v.cells[i] !== 0 ? piece : 0);
  const obstacles = points.map(([x, y], i) => {
    const r = reach(i);
    return { x, y, r: r > 0 ? r : 0.12, hard: r > 0 };
  });
  const boxes = placeLabels(
    sites.map((site) => ({ at: points[site]!, text: v.board.sites[site]!.label, own: Math.max(reach(site), 0.16) })),
    obstacles,
    viewBox,
  );
  const attribute = new Set(scene.named);
  return sites.flatMap((site, k) => {
    const box = boxes[k]!;
    const at = points[site]!;
    const kind = attribute.has(site) ? 'site-label' : 'site-label explained';
    const t = svg('text', { class: kind, part: 'site-label', x: box.x, y: box.y, 'data-site': site });
    t.textContent = v.board.sites[site]!.label;
    // A name set apart from its site gets a line to it, so that it names no neighbour.
    const own = Math.max(reach(site), 0.1);
    if (gapTo(box, at) <= own + 0.12) return [t];
    const [dx, dy] = [box.x - at[0], box.y - at[1]];
    const length = Math.hypot(dx, dy);
    // From the rim round the site to the box's edge along the line between their centres.
    const edge = Math.min(box.width / 2 / Math.max(Math.abs(dx), 1e-9), box.height / 2 / Math.max(Math.abs(dy), 1e-9)) * length;
    const [ux, uy] = [dx / length, dy / length];
    const leader = svg('line', { class: `${kind} leader`, x1: at[0] + ux * own, y1: at[1] + uy * own, x2: box.x - ux * edge, y2: box.y - uy * edge });
    return [leader, t];
  });
}

/** The hover tip: the site's label, its marks and the values of the overlays that have a short name. */
export function tooltip(scene: Scene, points: readonly Point[], top0: number): SVGElement[] {
  const v = scene.view;
  const site = scene.hover;
  if (site === null || site >= points.length) return [];
  const parts = [v.board.sites[site]!.label];
  for (const { cell, mark } of v.details.marks ?? []) if (cell === site) parts.push(markStyle(mark).tip ?? mark);
  for (const name of v.overlays) {
    const style = overlayStyle(name, v);
    const value = scene.values.get(name)?.[site];
    if (style.tip !== undefined && value !== undefined && value !== NO_VALUE) parts.push(`${style.tip} ${formatOverlayValue(style, value)}`);
  }
  // Webs letter no rows or columns at the edges: there the tip always names the node.
  if (parts.length < 2 && v.drawing !== 'webs') return [];
  const text = parts.join('  ');
  const [x, y] = points[site]!;
  const width = Math.max(1.8, text.length * 0.17 + 0.3);
  // Above the site, or below it where above would leave the board.
  const top = y - 1.05 < top0 ? y + 0.63 : y - 1.05;
  const tip = svg('g', { part: 'tooltip' });
  tip.append(svg('rect', { class: 'tip-bg', x: x - width / 2, y: top, width, height: 0.42, rx: 0.1 }));
  const t = svg('text', { class: 'tip', x, y: top + 0.21 });
  t.textContent = text;
  tip.append(t);
  return [tip];
}
