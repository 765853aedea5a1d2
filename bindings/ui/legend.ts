/**
 * The legend under the board: every overlay the game offers, every mark it has shown in this
 * game, its other pieces (Refugia's neutral stone), and the highlights in use, each beside a
 * small picture drawn as on the board with the same custom properties (HTML and CSS, so that the
 * board stays the element's only SVG).
 */
import type { GameView } from '../engine/view.js';
import { html } from './dom.js';
import { markStyle, overlayLegend, overlayStyle } from './overlays.js';
import { stoneKind } from './stones.js';

export class Legend {
  readonly element: HTMLDetailsElement;
  private readonly list: HTMLUListElement;
  /** What the legend explains beyond the game's overlays, as seen in the current game. */
  private seen = { marks: new Set<string>(), stay: false, changed: false };
  /** The text last drawn, so that the list is rebuilt only when it changes. */
  private key = '';

  constructor() {
    this.element = html('details', { class: 'legend', part: 'legend' });
    this.element.append(html('summary', { part: 'legend-summary' }, 'Legend'));
    this.list = html('ul', { part: 'legend-list' });
    this.element.append(this.list);
  }

  /** A game started afresh: what was seen in the last one no longer needs explaining. */
  forget(): void {
    this.seen = { marks: new Set(), stay: false, changed: false };
  }

  update(v: GameView): void {
    for (const { mark } of v.details.marks ?? []) this.seen.marks.add(mark);
    if (v.legal.some((m) => m.at !== undefined && m.to === m.at)) this.seen.stay = true;
    if (v.details.changed.length > 0) this.seen.changed = true;
    const cells = v.drawing === 'cells';
    const webs = v.drawing === 'webs';
    const items: Array<{ swatch: string; text: string }> = [];
    for (const mark of this.seen.marks) items.push({ swatch: `mark:${mark}`, text: markStyle(mark).legend });
    for (const name of v.overlays) {
      const style = overlayStyle(name, v);
      items.push({ swatch: style.kind === 'owner' ? (cells ? 'tint' : 'square') : 'number', text: overlayLegend(name, v.players, v.drawing, v) });
    }
    v.pieces.slice(3).forEach((piece, k) => items.push({ swatch: `piece:${k + 3}`, text: `${piece} stone: an enemy of both players` }));
    if (webs) {
      items.push(
        { swatch: 'web-light', text: 'solid line: a path of the light web (the honeycomb)' },
        { swatch: 'web-dark', text: 'dashed line: a path of the dark web, between the hexagons’ centres; it crosses one light path' },
        { swatch: 'token-dark', text: 'token with a diamond: a token on the dark web' },
        { swatch: 'barrier', text: 'coloured band: a path blocked by a barrier, two tokens of that colour on both ends of the path crossing it' },
      );
    }
    items.push({ swatch: 'dest', text: cells ? 'blue cell: where the selected piece may go' : webs ? 'blue dot: where the selected token may go' : 'blue dot: where the selected stone may go' });
    if (this.seen.stay) items.push({ swatch: 'stay', text: 'ring on the selected site: the move stays there' });
    items.push({ swatch: 'last', text: webs ? 'yellow ring: the last move' : 'red ring: the last move' });
    if (this.seen.changed) items.push({ swatch: 'changed', text: 'dashed ring: a stone the last move changed' });
    const key = `${v.game}|${v.drawing}|${items.map((i) => `${i.swatch}=${i.text}`).join('|')}`;
    if (key === this.key) return;
    this.key = key;
    this.list.replaceChildren(
      ...items.map(({ swatch, text }) => {
        const li = html('li', { part: 'legend-item' });
        li.append(swatchOf(swatch, v), ` ${text}`);
        return li;
      }),
    );
  }
}

/** A small picture of what a legend line explains. */
function swatchOf(kind: string, v: GameView): HTMLSpanElement {
  const cells = v.drawing === 'cells';
  const box = html('span', { class: `swatch ${cells ? 'on-cell' : 'on-point'}`, 'aria-hidden': 'true' });
  const stone = (value: number): HTMLSpanElement => html('span', { class: `sw-stone sw-${stoneKind(value, v.pieces)}` });
  const mark = kind.startsWith('mark:') ? markStyle(kind.slice(5)) : null;
  if (mark && mark.shape && mark.shape !== 'badge') {
    const ring = `sw-ring-mark sw-ring-${mark.player ? stoneKind(mark.player, v.pieces) : 'highlight'}`;
    box.append(html('span', { class: `${ring}${mark.shape === 'dashed-ring' ? ' dashed' : ''}` }));
    if (mark.shape === 'double-ring') box.append(html('span', { class: `${ring} outer` }));
  } else if (mark) {
    box.append(stone(2), html('span', { class: 'sw-badge' }, mark.symbol));
  } else if (kind === 'web-light' || kind === 'web-dark') {
    box.append(html('span', { class: `sw-${kind}` }));
  } else if (kind === 'token-dark') {
    const piece = html('span', { class: `sw-stone sw-${stoneKind(1, v.pieces)} deep` });
    piece.append(html('span', { class: 'sw-diamond' }));
    box.append(piece);
  } else if (kind === 'barrier') {
    box.append(html('span', { class: `sw-barrier sw-barrier-${stoneKind(1, v.pieces)}` }), html('span', { class: 'sw-web-light' }));
  } else if (kind === 'tint' || kind === 'square') {
    box.classList.add('pair');
    box.append(html('span', { class: `sw-${kind} sw-${kind}-1` }), html('span', { class: `sw-${kind} sw-${kind}-2` }));
  } else if (kind === 'number') {
    box.append(html('span', { class: 'sw-number' }, '+2'));
  } else if (kind.startsWith('piece:')) {
    const piece = stone(Number(kind.slice(6)));
    piece.append(html('span', { class: 'sw-ring' }));
    box.append(piece);
  } else {
    // dest, stay, last, changed
    if (kind === 'last' || kind === 'changed') box.append(stone(kind === 'last' ? 1 : 3));
    box.append(html('span', { class: `sw-${kind}${v.drawing === 'webs' ? ' webs' : ''}` }));
  }
  return box;
}
