/**
 * The renderer: a Scene to SVG, in layers that are redrawn on their own. A new position redraws
 * them all; a selection only the highlights (annotations.ts), a hover only the tooltip, a hint or
 * an analysis only theirs. It knows no rules: what it draws comes in the scene.
 */
import { NO_VALUE, type GameView } from '../engine/view.js';
import { svg } from './dom.js';
import type { Part } from './frame.js';
import { CELL_RADIUS, hexagonPoints, layoutBoard, type Point } from './geometry.js';
import { formatOverlayValue, markStyle, overlayStyle } from './overlays.js';
import type { Scene } from './scene.js';
import { stoneGradients, stoneKind } from './stones.js';
import { heatLayer, hintLayer, marksLayer, siteLabelLayer, tooltip } from './annotations.js';
import { nodeMarker, pathLayer, ringMark, token, websLayer } from './webs-draw.js';

/** The layers bottom to top, with their parts where pages may style them. */
const LAYERS = ['base', 'overlay', 'heat', 'mark-rings', 'stones', 'path', 'marks', 'overlay-pieces', 'marks-on-pieces', 'site-labels', 'hint', 'hits', 'tip'] as const;
type Layer = (typeof LAYERS)[number];
/** Groups whose part names stay as pages knew them; the others have none. */
const UNNAMED: ReadonlySet<Layer> = new Set(['base', 'path', 'hits', 'tip']);

export class BoardRenderer {
  private readonly layers = new Map<Layer, SVGGElement>();
  private points: readonly Point[] = [];
  /** The top of the view box, so that a tooltip near it goes below its site. */
  private top = 0;
  private viewBox: readonly [number, number, number, number] = [0, 0, 1, 1];

  constructor(private readonly board: SVGSVGElement) {
    for (const name of LAYERS) {
      const g = svg('g', UNNAMED.has(name) ? { class: `layer-${name}` } : { part: name, class: `layer-${name}` });
      this.layers.set(name, g);
    }
  }

  /** Draws what `parts` cover; returns the layers drawn. */
  draw(scene: Scene, parts: ReadonlySet<Part>): Layer[] {
    const drawn: Layer[] = [];
    const whole = parts.has('board') || this.points.length !== scene.view.board.sites.length;
    if (whole) drawn.push(...this.drawPosition(scene));
    if (whole || parts.has('marks')) drawn.push(this.fill('marks', marksLayer(scene, this.points)), this.fill('site-labels', siteLabelLayer(scene, this.points, this.viewBox)));
    if (whole || parts.has('analysis')) drawn.push(this.fill('heat', heatLayer(scene, this.points)), this.fill('hint', hintLayer(scene, this.points)));
    if (whole || parts.has('tip')) drawn.push(this.fill('tip', tooltip(scene, this.points, this.top)));
    return drawn;
  }

  private fill(layer: Layer, nodes: readonly Node[]): Layer {
    this.layers.get(layer)!.replaceChildren(...nodes);
    return layer;
  }

  /** Everything that follows from the position: the board, pieces, overlays, marks, the sites' hit areas. */
  private drawPosition(scene: Scene): Layer[] {
    const v = scene.view;
    const layout = layoutBoard(v.board.sites, v.drawing, scene.flip);
    this.points = layout.points;
    this.top = layout.viewBox[1];
    this.viewBox = layout.viewBox;
    const g = this.board;
    g.setAttribute('viewBox', layout.viewBox.join(' '));
    g.setAttribute('class', `drawing-${v.drawing}`);
    g.style.setProperty('--aspect', String(layout.viewBox[2] / layout.viewBox[3]));
    if (g.childElementCount !== LAYERS.length) g.replaceChildren(...this.layers.values());

    const layers: Layer[] = [this.fill('base', this.base(v, scene.flip, layout.labels))];
    const overlay: Node[] = [];
    const onPieces: Node[] = [];
    const stones: Node[] = [];
    const rings: Node[] = [];
    const badges: Node[] = [];
    const hits: Node[] = [];
    const cellsDrawing = v.drawing === 'cells';
    const marked = new Map<number, string[]>();
    for (const { cell, mark } of v.details.marks ?? []) marked.set(cell, [...(marked.get(cell) ?? []), mark]);
    this.points.forEach(([x, y], i) => {
      const content = v.cells[i]!;
      stones.push(...pieceAt(v, i, x, y));
      for (const [name, values] of scene.shown) {
        const drawn = overlayAt(v, name, values[i]!, content, x, y);
        if (drawn) (content === 0 || drawn.tagName !== 'text' ? overlay : onPieces).push(drawn);
      }
      for (const mark of marked.get(i) ?? []) {
        const style = markStyle(mark);
        if (style.shape && style.shape !== 'badge') {
          // Rings around the site (Tholian Go's targets), in a player's colour or the highlight's.
          rings.push(ringMark(x, y, style.shape, style.player ? stoneKind(style.player, v.pieces) : 'highlight', mark));
        } else {
          badges.push(badge(mark, style.symbol, x, y));
        }
      }
      const label = describeSite(v, i, marked.get(i) ?? []);
      hits.push(
        cellsDrawing
          ? svg('polygon', { class: 'hit', points: hexagonPoints(x, y), 'data-site': i, role: 'gridcell', 'aria-label': label })
          : svg('circle', { class: 'hit', cx: x, cy: y, r: 0.5, 'data-site': i, role: 'gridcell', 'aria-label': label }),
      );
    });
    layers.push(
      this.fill('overlay', overlay),
      this.fill('overlay-pieces', onPieces),
      this.fill('stones', stones),
      this.fill('mark-rings', rings),
      this.fill('marks-on-pieces', badges),
      this.fill('path', [pathLayer(v.details.path ?? [], this.points)]),
      this.fill('hits', hits),
    );
    return layers;
  }

  /** The board itself: gradients, cells or lines or webs, the rows' and columns' labels. */
  private base(v: GameView, flip: 1 | -1, labels: ReadonlyArray<{ text: string; at: Point }>): Node[] {
    const defs = svg('defs');
    defs.append(...stoneGradients(v.pieces, v.drawing === 'webs'));
    const head = svg('marker', { id: 'hint-head', viewBox: '0 0 10 10', refX: '6', refY: '5', markerWidth: '3.2', markerHeight: '3.2', orient: 'auto-start-reverse' });
    head.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'hint-head' }));
    defs.append(head);
    let grid: SVGGElement;
    if (v.drawing === 'cells') {
      grid = svg('g', { part: 'cells' });
      for (const [x, y] of this.points) grid.append(svg('polygon', { class: 'cell', part: 'cell', points: hexagonPoints(x, y) }));
    } else if (v.drawing === 'webs') {
      grid = websLayer(v.board, v.cells, flip, (value) => stoneKind(value, v.pieces));
    } else {
      grid = svg('g', { part: 'lines' });
      for (const [a, b] of v.board.links) {
        const [x1, y1] = this.points[a]!;
        const [x2, y2] = this.points[b]!;
        grid.append(svg('line', { class: 'line', x1, y1, x2, y2 }));
      }
    }
    const names = svg('g', { part: 'labels' });
    for (const { text, at } of labels) {
      const t = svg('text', { class: 'label', x: at[0], y: at[1] });
      t.textContent = text;
      names.append(t);
    }
    return [defs, grid, names];
  }
}

/** What stands on site `i`: a stone (with a neutral stone's ring), a token, or an empty point's dot. */
function pieceAt(v: GameView, i: number, x: number, y: number): SVGElement[] {
  const content = v.cells[i]!;
  if (v.drawing === 'webs') return content === 0 ? [nodeMarker(x, y, v.board.sites[i]!.web)] : token(x, y, v.board.sites[i]!.web, stoneKind(content, v.pieces));
  if (content === 0) return v.drawing === 'cells' ? [] : [svg('circle', { class: 'point', cx: x, cy: y, r: 0.06 })];
  const kind = stoneKind(content, v.pieces);
  const stone = svg('circle', { class: 'stone', part: `stone stone-${kind}`, cx: x, cy: y, r: v.drawing === 'cells' ? 0.4 : 0.43, fill: `url(#stone-${kind})` });
  return content > 2 ? [stone, svg('circle', { class: 'neutral-ring', cx: x, cy: y, r: 0.22 })] : [stone];
}

/** An overlay's value on a site: an owner's tint or square, or a number (on a piece only where the drawing leaves room). */
function overlayAt(v: GameView, name: string, value: number, content: number, x: number, y: number): SVGElement | null {
  if (value === NO_VALUE) return null;
  const style = overlayStyle(name, v);
  const cellsDrawing = v.drawing === 'cells';
  if (style.kind === 'owner') {
    if (value !== 1 && value !== 2) return null;
    return cellsDrawing
      ? svg('polygon', { class: `tint-${value}`, part: `${name} ${name}-${value}`, points: hexagonPoints(x, y, CELL_RADIUS - 0.02) })
      : svg('rect', { class: `territory-${value}`, part: `${name} ${name}-${value}`, x: x - 0.11, y: y - 0.11, width: 0.22, height: 0.22 });
  }
  if (content !== 0 && !(cellsDrawing && style.pieces)) return null;
  const tone = content === 0 ? (value > 0 ? 'pos' : value < 0 ? 'neg' : 'zero') : `on-${stoneKind(content, v.pieces)}`;
  const label = svg('text', { class: `ap ${tone}`, part: name, x, y: cellsDrawing ? y : y - 0.24 });
  label.textContent = formatOverlayValue(style, value);
  return label;
}

/** A badge at the piece's upper right (part mark-<name>), e.g. Populace's threatened `!`. */
function badge(mark: string, symbol: string, x: number, y: number): SVGGElement {
  const g = svg('g', { class: `mark mark-${mark}`, part: `mark mark-${mark}` });
  const [bx, by] = [x + 0.27, y - 0.27];
  g.append(svg('circle', { class: 'mark-disc', cx: bx, cy: by, r: 0.15 }));
  const t = svg('text', { class: 'mark-text', x: bx, y: by });
  t.textContent = symbol;
  g.append(t);
  return g;
}

function pieceName(v: GameView, value: number): string {
  return value === 0 ? 'empty' : value <= 2 ? v.players[value - 1]! : `${v.pieces[value] ?? 'piece'} stone`;
}

/** A site as a screen reader names it: label, what stands there, its marks. */
function describeSite(v: GameView, i: number, marks: readonly string[]): string {
  return [v.board.sites[i]!.label, pieceName(v, v.cells[i]!), ...marks].join(' ');
}
