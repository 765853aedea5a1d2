/**
 * <throngs-board>: a Throngs board for any web page, in the manner of chessboard-element and
 * chessground. It draws the lattice and the stones in SVG, takes clicks and keys, and leaves the
 * rules to the engine worker (through EngineClient): it only ever shows the worker's legal moves.
 *
 *   <throngs-board board="ragged63" interactive ai="white:3" show-potential></throngs-board>
 *
 * Attributes: board, position, orientation (black | white), interactive, show-potential,
 * show-territory, ai (e.g. "white:3", "black:5", "both:2", "none"). Events: move, change,
 * gameover. Styling: CSS custom properties (--throngs-*) and the parts named in STYLE below.
 */
import { parseShape } from '../reference/topology/board-spec.js';
import { parsePosition } from '../reference/notation.js';
import type { LegalMove } from '../reference/games/throngs/moves.js';
import type { Move, Player } from '../reference/types.js';
import { EngineClient } from './client.js';
import { levelSearch } from './levels.js';
import type { SearchProgress } from './search.js';
import type { GameView } from './view.js';
import { boardClick, parseAiAttribute, type AiSides } from './board-logic.js';

export { boardClick, parseAiAttribute, type AiSides };

const SVG = 'http://www.w3.org/2000/svg';
const ROW_HEIGHT = Math.sqrt(3) / 2;
const NAMES = ['', 'Black', 'White'] as const;

function booleanAttribute(el: Element, name: string): boolean {
  const v = el.getAttribute(name);
  return v !== null && v !== 'false';
}

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number> = {}): SVGElementTagNameMap[K] {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  return node;
}

function html<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

const STYLE = `
:host {
  display: block;
  --throngs-background: #dcb35c;
  --throngs-line: #5a4318;
  --throngs-label: #5a4318;
  --throngs-black-stone: #1b1b1b;
  --throngs-white-stone: #f4f2ec;
  --throngs-highlight: #1f7ae0;
  --throngs-last-move: #e0442c;
  --throngs-territory-black: rgba(20, 20, 20, 0.55);
  --throngs-territory-white: rgba(255, 255, 255, 0.8);
  font-family: var(--throngs-font, system-ui, sans-serif);
  user-select: none;
  -webkit-user-select: none;
}
.frame { position: relative; }
svg { display: block; width: 100%; height: auto; background: var(--throngs-background); border-radius: 6px; touch-action: manipulation; }
svg:focus { outline: 3px solid var(--throngs-highlight); outline-offset: 2px; }
.line { stroke: var(--throngs-line); stroke-width: 0.04; stroke-linecap: round; }
.point { fill: var(--throngs-line); }
.label { fill: var(--throngs-label); font-size: 0.3px; text-anchor: middle; dominant-baseline: central; opacity: 0.8; }
.stone { stroke: rgba(0, 0, 0, 0.45); stroke-width: 0.02; }
.dest { fill: var(--throngs-highlight); opacity: 0.55; pointer-events: none; }
.stay { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.07; pointer-events: none; }
.selected { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.09; pointer-events: none; }
.focus { fill: none; stroke: var(--throngs-highlight); stroke-width: 0.05; stroke-dasharray: 0.12 0.08; pointer-events: none; }
.last { fill: none; stroke: var(--throngs-last-move); stroke-width: 0.07; pointer-events: none; }
.from { fill: var(--throngs-last-move); opacity: 0.6; pointer-events: none; }
.ap { font-size: 0.28px; text-anchor: middle; dominant-baseline: central; pointer-events: none; font-weight: 600; }
.ap.pos { fill: #0b5d1e; } .ap.neg { fill: #8b1a1a; } .ap.zero { fill: #5a4318; opacity: 0.6; }
.territory-1 { fill: var(--throngs-territory-black); pointer-events: none; }
.territory-2 { fill: var(--throngs-territory-white); stroke: rgba(0,0,0,0.4); stroke-width: 0.015; pointer-events: none; }
.hit { fill: transparent; cursor: pointer; }
.tip { font-size: 0.3px; fill: #fff; text-anchor: middle; dominant-baseline: central; pointer-events: none; }
.tip-bg { fill: rgba(0, 0, 0, 0.75); pointer-events: none; }
.status { display: flex; flex-wrap: wrap; gap: 0.3em 1em; align-items: center; justify-content: space-between; margin-top: 0.4em; font-size: 0.95em; }
.turn { font-weight: 600; }
.duty { color: #a33; font-weight: 600; }
.scores { font-variant-numeric: tabular-nums; }
.thinking { color: #555; font-style: italic; }
.controls { display: flex; gap: 0.5em; }
button { font: inherit; padding: 0.25em 0.9em; border-radius: 4px; border: 1px solid #888; background: #fafafa; cursor: pointer; }
button:disabled { opacity: 0.4; cursor: default; }
.hidden { display: none; }
`;

export class ThrongsBoard extends HTMLElement {
  static readonly observedAttributes = ['board', 'position', 'orientation', 'interactive', 'show-potential', 'show-territory', 'ai'];

  /** The engine connection; assign your own client before the element is connected to share one. */
  client: EngineClient | null = null;
  private view: GameView | null = null;
  private potentials: Int8Array | null = null;
  private territory: Uint8Array | null = null;
  private selected: number | null = null;
  private hover: number | null = null;
  private focusSite = -1;
  private thinking: SearchProgress | null = null;
  private thinkingFor: Player | null = null;
  private ai: AiSides = {};
  /** Set when a running search is stopped to be thrown away (undo, new game). */
  private discardSearch = false;
  private started = false;
  private pending: Promise<unknown> = Promise.resolve();

  private readonly root: ShadowRoot;
  private readonly board: SVGSVGElement;
  private readonly turn: HTMLSpanElement;
  private readonly duty: HTMLSpanElement;
  private readonly scores: HTMLSpanElement;
  private readonly info: HTMLSpanElement;
  private readonly passButton: HTMLButtonElement;
  private readonly acceptButton: HTMLButtonElement;
  private readonly swapButton: HTMLButtonElement;

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    const style = html('style');
    style.textContent = STYLE;
    const frame = html('div', { class: 'frame', part: 'frame' });
    this.board = svg('svg', { part: 'board', role: 'grid', tabindex: '0', 'aria-label': 'Throngs board' });
    frame.append(this.board);
    const status = html('div', { class: 'status', part: 'status' });
    const left = html('div');
    this.turn = html('span', { class: 'turn', part: 'turn', 'aria-live': 'polite' });
    this.duty = html('span', { class: 'duty', part: 'duty' });
    this.info = html('span', { class: 'thinking', part: 'thinking' });
    left.append(this.turn, ' ', this.duty, ' ', this.info);
    this.scores = html('span', { class: 'scores', part: 'scores' });
    const controls = html('div', { class: 'controls', part: 'controls' });
    this.passButton = html('button', { part: 'pass', type: 'button' }, 'Pass');
    this.acceptButton = html('button', { part: 'accept', type: 'button', class: 'hidden' }, 'Accept');
    this.swapButton = html('button', { part: 'swap', type: 'button', class: 'hidden' }, 'Swap');
    controls.append(this.passButton, this.acceptButton, this.swapButton);
    status.append(left, this.scores, controls);
    this.root.append(style, frame, status);

    this.passButton.addEventListener('click', () => this.userMove({ kind: 'pass' }));
    this.acceptButton.addEventListener('click', () => this.userMove({ kind: 'accept' }));
    this.swapButton.addEventListener('click', () => this.userMove({ kind: 'swap' }));
    this.board.addEventListener('click', (e) => this.onClick(e));
    this.board.addEventListener('pointermove', (e) => this.onHover(e));
    this.board.addEventListener('pointerleave', () => this.setHover(null));
    this.board.addEventListener('keydown', (e) => this.onKey(e));
  }

  // ------------------------------------------------------------------ lifecycle

  connectedCallback(): void {
    if (this.started) return;
    this.started = true;
    this.client ??= new EngineClient();
    this.ai = this.readAi();
    this.checkOrientation();
    void this.queue(() => this.startFromAttributes());
  }

  disconnectedCallback(): void {
    void this.client?.cancel().catch(() => undefined);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.started || old === value) return;
    if (name === 'board' || name === 'position') void this.queue(() => this.startFromAttributes());
    else if (name === 'ai') {
      this.ai = this.readAi();
      void this.queue(() => this.maybeThink());
    } else if (name === 'show-potential' || name === 'show-territory') void this.queue(() => this.refreshOverlays());
    else {
      if (name === 'orientation') this.checkOrientation();
      this.render();
    }
  }

  /** Black at the bottom (default) or White; anything else is reported and ignored. */
  private checkOrientation(): void {
    const orientation = this.getAttribute('orientation');
    if (orientation !== null && orientation !== 'black' && orientation !== 'white') {
      console.warn(`throngs-board: bad orientation "${orientation}" (black or white); using black`);
    }
  }

  /** -1 when the board is turned half way round (White at the bottom), else 1. */
  private flip(): 1 | -1 {
    return this.getAttribute('orientation') === 'white' ? -1 : 1;
  }

  /**
   * Serialises changes to the game so that clicks, attributes and the AI never interleave.
   * Failures of the element's own work are reported; API calls reject to their caller instead.
   */
  private queue<T>(task: () => Promise<T>, report = true): Promise<T> {
    const run = this.pending.then(task, task);
    this.pending = run.then(
      () => undefined,
      (e: unknown) => {
        if (report) this.report(e);
      },
    );
    return run;
  }

  private report(e: unknown): void {
    console.error('throngs-board:', e);
    this.info.textContent = e instanceof Error ? e.message : String(e);
  }

  private readAi(): AiSides {
    const parsed = parseAiAttribute(this.getAttribute('ai'));
    if (typeof parsed === 'string') {
      console.warn(`throngs-board: bad ai attribute: ${parsed}; no AI will play`);
      return {};
    }
    return parsed;
  }

  private async startFromAttributes(): Promise<void> {
    const position = this.getAttribute('position');
    if (position !== null && position.trim() !== '') {
      const parsed = parsePosition(position);
      if (parsed.ok) {
        await this.show(await this.client!.newGame({ position }));
        return;
      }
      console.warn(`throngs-board: bad position attribute: ${parsed.error.message}; starting from the set-up of the board instead`);
    }
    let board = this.getAttribute('board') ?? 'ragged63';
    const shape = parseShape(board);
    if (!shape.ok) {
      console.warn(`throngs-board: bad board attribute: ${shape.error.message}; using ragged63`);
      board = 'ragged63';
    }
    try {
      await this.show(await this.client!.newGame({ board }));
    } catch (e) {
      console.warn(`throngs-board: board ${board} cannot be played (${(e as Error).message}); using ragged63`);
      await this.show(await this.client!.newGame({ board: 'ragged63' }));
    }
  }

  // ------------------------------------------------------------------ public API

  /** The current game as the worker last described it. */
  get game(): GameView | null {
    return this.view;
  }

  /** Who the AI plays for, by player (read from the `ai` attribute). */
  get aiSides(): AiSides {
    return this.ai;
  }

  /** Starts a new game; the board attribute is not changed. */
  newGame(config: Parameters<EngineClient['newGame']>[0] = {}): Promise<GameView> {
    void this.abandonSearch();
    return this.queue(async () => this.show(await this.client!.newGame(config)), false);
  }

  loadRecord(record: string): Promise<GameView> {
    void this.abandonSearch();
    return this.queue(async () => this.show(await this.client!.loadRecord(record)), false);
  }

  /** Plays a move for whoever is to move (an AI side included). */
  play(move: Move | string): Promise<GameView> {
    return this.queue(() => this.commit(move), false);
  }

  /**
   * Takes back the last move. A search in progress is abandoned, and the AI does not move again
   * until the next move, new game or change of the ai attribute (so that undo can go back past
   * its moves).
   */
  undo(): Promise<GameView> {
    void this.abandonSearch();
    return this.queue(async () => this.show(await this.client!.undo(), false), false);
  }

  /** Lets the AI move if it is its turn (after undo or moves played through the API). */
  think(): void {
    void this.queue(() => this.maybeThink());
  }

  /** Stops the AI's current search; it plays the best move found so far. */
  async stopThinking(): Promise<void> {
    if (this.thinkingFor !== null) await this.client!.cancel();
  }

  /** Stops the AI's current search and throws its answer away. */
  private async abandonSearch(): Promise<void> {
    if (this.thinkingFor === null) return;
    this.discardSearch = true;
    await this.client!.cancel();
  }

  // ------------------------------------------------------------------ moves

  private async commit(move: Move | string): Promise<GameView> {
    const player = this.view?.toMove ?? 1;
    const view = await this.client!.play(move);
    const last = view.history.at(-1)!;
    this.selected = null;
    await this.show(view, false);
    this.dispatchEvent(new CustomEvent('move', { detail: { move: last.move, notation: last.notation, player }, bubbles: true, composed: true }));
    return view;
  }

  private userMove(move: Move): void {
    if (!this.canUserMove()) return;
    void this.queue(async () => {
      await this.commit(move);
      await this.maybeThink();
    });
  }

  private canUserMove(): boolean {
    const v = this.view;
    return !!v && booleanAttribute(this, 'interactive') && !v.outcome && this.thinkingFor === null && this.ai[v.toMove] === undefined;
  }

  private async show(view: GameView, think = true): Promise<GameView> {
    this.view = view;
    if (this.selected !== null && !view.legal.some((m) => m.at === this.selected)) this.selected = null;
    await this.refreshOverlays();
    this.dispatchEvent(new CustomEvent('change', { detail: view, bubbles: true, composed: true }));
    if (view.outcome) {
      this.dispatchEvent(new CustomEvent('gameover', { detail: { outcome: view.outcome, breakdown: view.breakdown }, bubbles: true, composed: true }));
    }
    if (think) void this.queue(() => this.maybeThink());
    return view;
  }

  private async refreshOverlays(): Promise<void> {
    const v = this.view;
    if (!v) return;
    this.potentials = await this.client!.potentials(v.toMove);
    this.territory = booleanAttribute(this, 'show-territory') ? await this.client!.territory() : null;
    this.render();
  }

  /** If an AI plays the side to move, searches and plays its move. */
  private async maybeThink(): Promise<void> {
    const v = this.view;
    if (!v || v.outcome || this.thinkingFor !== null) return;
    const level = this.ai[v.toMove];
    if (level === undefined) return;
    this.thinkingFor = v.toMove;
    this.thinking = null;
    this.discardSearch = false;
    this.render();
    try {
      const result = await this.client!.search({ ...levelSearch(level) }, (p) => {
        this.thinking = p;
        this.renderStatus();
      });
      this.thinkingFor = null;
      this.thinking = null;
      if (this.discardSearch) {
        this.discardSearch = false;
        this.render();
        return;
      }
      await this.commit(result.move);
    } finally {
      this.thinkingFor = null;
      this.thinking = null;
    }
    await this.maybeThink();
  }

  // ------------------------------------------------------------------ input

  private siteFromEvent(e: Event): number | null {
    const target = e.target as Element | null;
    const site = target?.getAttribute?.('data-site');
    return site === null || site === undefined ? null : Number(site);
  }

  private onClick(e: MouseEvent): void {
    const site = this.siteFromEvent(e);
    if (site !== null) this.clickSite(site);
  }

  /** The click logic of the board: pick an origin, then one of its destinations. */
  clickSite(site: number): void {
    const v = this.view;
    if (!v || !this.canUserMove()) return;
    const action = boardClick(v.legal, this.selected, site);
    if ('play' in action) {
      this.userMove(action.play);
      return;
    }
    this.selected = 'select' in action ? action.select : null;
    this.render();
  }

  private onHover(e: PointerEvent): void {
    this.setHover(this.siteFromEvent(e));
  }

  private setHover(site: number | null): void {
    if (site === this.hover) return;
    this.hover = site;
    this.render();
  }

  private onKey(e: KeyboardEvent): void {
    const v = this.view;
    if (!v) return;
    const sites = v.board.sites;
    if (this.focusSite < 0 || this.focusSite >= sites.length) this.focusSite = Math.floor(sites.length / 2);
    const at = sites[this.focusSite]!;
    const step = (dc: number, dr: number): void => {
      // The site nearest to one step away on the plane, among those in that direction.
      const flip = this.flip();
      const tx = at.column - at.row / 2 + dc * flip;
      const ty = at.row + dr * flip;
      let best = -1;
      let bestD = Infinity;
      sites.forEach((s, i) => {
        if (i === this.focusSite) return;
        const dx = s.column - s.row / 2 - tx;
        const dy = (s.row - ty) * ROW_HEIGHT;
        const d = Math.hypot(dx, dy);
        if (d < bestD && (dr === 0 ? s.row === at.row : s.row !== at.row)) {
          bestD = d;
          best = i;
        }
      });
      if (best >= 0) this.focusSite = best;
      this.render();
    };
    switch (e.key) {
      case 'ArrowLeft':
        step(-1, 0);
        break;
      case 'ArrowRight':
        step(1, 0);
        break;
      case 'ArrowUp':
        step(0.5, 1);
        break;
      case 'ArrowDown':
        step(-0.5, -1);
        break;
      case 'Enter':
      case ' ':
        this.clickSite(this.focusSite);
        break;
      case 'Escape':
        this.selected = null;
        this.render();
        break;
      case 'p':
      case 'P':
        if (v.legal.some((m) => m.kind === 'pass')) this.userMove({ kind: 'pass' });
        break;
      default:
        return;
    }
    e.preventDefault();
  }

  // ------------------------------------------------------------------ drawing

  private render(): void {
    const v = this.view;
    if (!v) return;
    const flip = this.flip();
    const sites = v.board.sites;
    const xy = (i: number): [number, number] => {
      const s = sites[i]!;
      return [flip * (s.column - s.row / 2), -flip * s.row * ROW_HEIGHT];
    };
    const points = sites.map((_, i) => xy(i));
    const xs = points.map((p) => p[0]);
    const ys = points.map((p) => p[1]);
    const margin = 1.0;
    const minX = Math.min(...xs) - margin;
    const minY = Math.min(...ys) - margin;
    const width = Math.max(...xs) - minX + margin;
    const height = Math.max(...ys) - minY + margin;
    const g = this.board;
    g.setAttribute('viewBox', `${minX} ${minY} ${width} ${height}`);
    g.replaceChildren();

    const defs = svg('defs');
    for (const [id, light, dark] of [
      ['black', '#6b6b6b', 'var(--throngs-black-stone)'],
      ['white', '#ffffff', 'var(--throngs-white-stone)'],
    ] as const) {
      const grad = svg('radialGradient', { id: `stone-${id}`, cx: '35%', cy: '30%', r: '70%' });
      grad.append(svg('stop', { offset: '0%', 'stop-color': light }), svg('stop', { offset: '100%', 'stop-color': dark }));
      defs.append(grad);
    }
    g.append(defs);

    const lines = svg('g', { part: 'lines' });
    for (const [a, b] of v.board.links) {
      const [x1, y1] = points[a]!;
      const [x2, y2] = points[b]!;
      lines.append(svg('line', { class: 'line', x1, y1, x2, y2 }));
    }
    g.append(lines);
    g.append(this.drawLabels(points));

    const overlay = svg('g', { part: 'overlay' });
    const stones = svg('g', { part: 'stones' });
    const marks = svg('g', { part: 'marks' });
    const hits = svg('g');
    const destinations = new Set(this.selected !== null ? v.legal.filter((m) => m.at === this.selected).map((m) => m.to!) : []);
    const last = v.history.at(-1)?.move;
    const showAp = booleanAttribute(this, 'show-potential');
    points.forEach(([x, y], i) => {
      const content = v.cells[i]!;
      if (content === 0) stones.append(svg('circle', { class: 'point', cx: x, cy: y, r: 0.06 }));
      else {
        stones.append(
          svg('circle', {
            class: 'stone',
            part: content === 1 ? 'stone stone-black' : 'stone stone-white',
            cx: x,
            cy: y,
            r: 0.43,
            fill: `url(#stone-${content === 1 ? 'black' : 'white'})`,
          }),
        );
      }
      const owner = this.territory?.[i] ?? 0;
      if (owner) overlay.append(svg('rect', { class: `territory-${owner}`, part: 'territory', x: x - 0.11, y: y - 0.11, width: 0.22, height: 0.22 }));
      if (showAp && content === 0 && this.potentials) {
        const ap = this.potentials[i]!;
        const label = svg('text', { class: `ap ${ap > 0 ? 'pos' : ap < 0 ? 'neg' : 'zero'}`, part: 'potential', x, y: y - 0.24 });
        label.textContent = ap > 0 ? `+${ap}` : String(ap);
        overlay.append(label);
      }
      if (destinations.has(i)) {
        marks.append(i === this.selected ? svg('circle', { class: 'stay', part: 'highlight stay', cx: x, cy: y, r: 0.3 }) : svg('circle', { class: 'dest', part: 'highlight', cx: x, cy: y, r: 0.18 }));
      }
      if (i === this.selected) marks.append(svg('circle', { class: 'selected', part: 'selected', cx: x, cy: y, r: 0.5 }));
      if (last && last.to === i) marks.append(svg('circle', { class: 'last', part: 'last-move', cx: x, cy: y, r: 0.2 }));
      if (last && last.at === i && last.to !== i) marks.append(svg('circle', { class: 'from', part: 'last-move-from', cx: x, cy: y, r: 0.09 }));
      if (i === this.focusSite && this.root.activeElement === this.board) marks.append(svg('circle', { class: 'focus', cx: x, cy: y, r: 0.52 }));
      const hit = svg('circle', { class: 'hit', cx: x, cy: y, r: 0.5, 'data-site': i, role: 'gridcell', 'aria-label': this.describeSite(i) });
      hits.append(hit);
    });
    g.append(overlay, stones, marks, hits);
    if (this.hover !== null && this.potentials && this.hover < sites.length) {
      const [x, y] = points[this.hover]!;
      const ap = this.potentials[this.hover]!;
      const text = `${sites[this.hover]!.label}  AP ${ap > 0 ? '+' : ''}${ap}`;
      const tip = svg('g', { part: 'tooltip' });
      tip.append(svg('rect', { class: 'tip-bg', x: x - 0.9, y: y - 1.05, width: 1.8, height: 0.42, rx: 0.1 }));
      const t = svg('text', { class: 'tip', x, y: y - 0.84 });
      t.textContent = text;
      tip.append(t);
      g.append(tip);
    }
    this.renderStatus();
  }

  private drawLabels(points: Array<[number, number]>): SVGGElement {
    const v = this.view!;
    const group = svg('g', { part: 'labels' });
    const flip = this.flip();
    const rows = new Map<number, number>();
    const columns = new Map<number, number>();
    v.board.sites.forEach((s, i) => {
      const r = rows.get(s.row);
      if (r === undefined || points[i]![0] * flip < points[r]![0] * flip) rows.set(s.row, i);
      const c = columns.get(s.column);
      if (c === undefined || s.row < v.board.sites[c]!.row) columns.set(s.column, i);
    });
    for (const [row, i] of rows) {
      const [x, y] = points[i]!;
      const t = svg('text', { class: 'label', x: x - flip * 0.65, y });
      t.textContent = String(row + 1);
      group.append(t);
    }
    for (const i of columns.values()) {
      // Where the column's line would continue below its lowest site (down and to the right).
      const [x, y] = points[i]!;
      const t = svg('text', { class: 'label', x: x + flip * 0.3, y: y + flip * 0.62 });
      t.textContent = v.board.sites[i]!.label.replace(/[0-9]+$/, '');
      group.append(t);
    }
    return group;
  }

  private describeSite(i: number): string {
    const v = this.view!;
    const content = v.cells[i]!;
    return `${v.board.sites[i]!.label} ${content === 0 ? 'empty' : NAMES[content]}`;
  }

  private renderStatus(): void {
    const v = this.view;
    if (!v) return;
    const mover = NAMES[v.toMove];
    if (v.outcome) {
      const o = v.outcome;
      this.turn.textContent = o.winner === 0 ? `Game over: a draw` : `Game over: ${NAMES[o.winner]} wins`;
      this.duty.textContent = '';
    } else if (v.pieStep !== null) {
      this.turn.textContent = v.pieStep < 3 ? `Black places pie stone ${v.pieStep + 1} of 3 (${['black', 'white', 'black'][v.pieStep]})` : 'White: accept the offer or swap colours';
      this.duty.textContent = '';
    } else {
      this.turn.textContent = `${mover} to move, move ${v.moveIndex} of 2`;
      this.duty.textContent = v.mustAddOrCapture ? `${mover} must add or capture` : '';
    }
    this.scores.textContent = `Black ${v.scores[0]} · White ${v.scores[1]}`;
    if (this.thinkingFor !== null) {
      const p = this.thinking;
      this.info.textContent = p
        ? `${NAMES[this.thinkingFor]} is thinking… ${p.iterations.toLocaleString()} playouts, best ${v.board.sites[p.best.at ?? -1]?.label ?? p.best.kind}`
        : `${NAMES[this.thinkingFor]} is thinking…`;
    } else if (!this.info.textContent?.startsWith('Error')) {
      this.info.textContent = '';
    }
    const canMove = this.canUserMove();
    const passable = v.legal.some((m: LegalMove) => m.kind === 'pass');
    this.passButton.disabled = !canMove || !passable;
    const pie = v.pieStep === 3;
    this.acceptButton.classList.toggle('hidden', !pie);
    this.swapButton.classList.toggle('hidden', !pie);
    this.passButton.classList.toggle('hidden', pie);
    this.acceptButton.disabled = !canMove;
    this.swapButton.disabled = !canMove;
    this.board.setAttribute('aria-busy', this.thinkingFor !== null ? 'true' : 'false');
  }
}

if (typeof customElements !== 'undefined' && !customElements.get('throngs-board')) {
  customElements.define('throngs-board', ThrongsBoard);
}

declare global {
  interface HTMLElementTagNameMap {
    'throngs-board': ThrongsBoard;
  }
}
