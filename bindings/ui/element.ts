/**
 * <game-board>: a board of any game of the family for any web page, in the manner of
 * chessboard-element and chessground (<throngs-board> is the same element, for Throngs unless
 * its `game` attribute says otherwise). It draws the board in SVG, stones on lattice points,
 * hexagonal cells or the nodes of two woven webs (webs-draw.ts) as the game's view says, takes
 * clicks and keys, and leaves the rules to the engine worker (through EngineClient): it only
 * ever offers the worker's legal moves. A move the game takes a step at a time (a Tholian Go
 * push) is built click by click: its path is drawn, its head stays selected, and cancelMove()
 * (a button, or Escape) takes its steps back.
 *
 *   <game-board game="refugia" interactive ai="white:3"></game-board>
 *   <throngs-board board="ragged63" interactive ai="white:3" show-potential></throngs-board>
 *
 * Attributes: game (throngs, refugia, populace, tholian), board, position, orientation (black | white, or
 * the game's player names), interactive, show-<overlay> (show-potential, show-territory,
 * show-enemies, show-control: whatever the game's view lists), ai (e.g. "white:3", "black:5",
 * "both:2", "none"; the AI plays a seat, the player who began with that colour, so after
 * Populace's swap "white:3" plays Black), ai-paused (the AI holds back and the user may play
 * any side; the status line says so beside a Resume AI button, which removes the attribute and
 * fires `airesume`), ai-delay (ms between the AI's moves), workers (a timed search's workers,
 * levels 7-8 too: a number or `auto`), hints (a Hint button), editing (clicks only report cells, as
 * `cellpick`; the AI waits), site-labels (sites to name on the board, e.g. "D2.2 L4.2", part
 * `site-label`; unknown ones are reported and left out). Events: move, change, gameover, hint,
 * analysis, cellpick, illegal (`{ reason }`: a click made no legal move; the reason, from the
 * rules' explainIllegal, is also shown under the status line, part `explanation`),
 * enginerestart, airesume, and `render` (`{ frame, parts }`), fired once a frame's redraw is on
 * the page: redraws are batched to one per animation frame, so a page or a test that wants to
 * see a state waits for it. Styling: CSS custom properties (--throngs-*) and the parts named in
 * ui/style.ts and below.
 *
 * The element wires the pieces beside it, each of one concern: the controller (controller.ts:
 * the game through the worker, the AI, hints, analysis), the renderer (render.ts and
 * annotations.ts: a scene to SVG layers), the legend, the status line, input and the frame
 * scheduler (frame.ts).
 */
import type { GameMove } from '../../reference/core/game.js';
import type { Player } from '../../reference/core/types.js';
import type { SearchProgress } from '../engine/search.js';
import type { GameView } from '../engine/view.js';
import { EngineClient, type GameConfig, type GameInfo, type WorkerSearchOptions } from '../worker/client.js';
import { AttributeReadings, readAiDelay, readWorkers } from './attributes.js';
import { aiLevelFor, boardClick, destinationsOf, lastMoveSpan, moveEnd, parseAiAttribute, seatOf, sitesNamedIn, type AiSides } from './board-logic.js';
import { ANALYSIS_SEARCH, GameController, HINT_SEARCH, type Analysis } from './controller.js';
import { booleanAttribute, html, svg } from './dom.js';
import { FrameScheduler, type Part } from './frame.js';
import { bindInput } from './input.js';
import { Legend } from './legend.js';
import { Orientation } from './orientation.js';
import { overlayStyle } from './overlays.js';
import { BoardRenderer } from './render.js';
import { sceneOf } from './scene.js';
import { Selection } from './selection.js';
import { StatusLine } from './status.js';
import { STYLE } from './style.js';

export { boardClick, parseAiAttribute, type AiSides, type Analysis };

export class GameBoard extends HTMLElement {
  static readonly observedAttributes = ['game', 'board', 'position', 'orientation', 'interactive', 'show-potential', 'show-territory', 'ai', 'ai-paused', 'hints', 'editing', 'site-labels'];

  /** The engine connection; assign your own client before the element is connected to share one. */
  client: EngineClient | null = null;
  private controller: GameController | null = null;
  private readonly attrs = new AttributeReadings(this.localName, (name) => this.getAttribute(name));
  /** The game the ai and orientation attributes were last read for (their side names are its). */
  private attributesReadFor: string | null = null;
  /** Sites the explanation line names (named on the board while it shows). */
  private explained: number[] = [];
  private started = false;
  private readonly overlayWatch: MutationObserver | null;
  private readonly root: ShadowRoot;
  private readonly board: SVGSVGElement;
  private readonly renderer: BoardRenderer;
  private readonly status: StatusLine;
  private readonly legend = new Legend();
  private readonly orientation = new Orientation();
  private readonly frames = new FrameScheduler((parts, frame) => this.draw(parts, frame));
  private readonly selection = new Selection({
    view: () => this.view,
    canMove: () => this.canUserMove(),
    editing: () => booleanAttribute(this, 'editing'),
    flip: () => this.orientation.flip(this.view, this.getAttribute('orientation')),
    play: (move) => this.userMove(move),
    cancelMove: () => void this.cancelMove().catch((err: unknown) => this.report(err)),
    explain: (text, illegal) => this.explain(text, illegal),
    whyIllegal: (meant, stuck) => this.controller!.explain(meant, stuck),
    emit: (type, detail) => this.emit(type, detail),
    redraw: (...parts) => this.frames.request(...parts),
  });

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    const style = html('style');
    style.textContent = STYLE;
    const frame = html('div', { class: 'frame', part: 'frame' });
    this.board = svg('svg', { part: 'board', role: 'grid', tabindex: '0', 'aria-label': 'Game board' });
    frame.append(this.board);
    this.renderer = new BoardRenderer(this.board);
    this.status = new StatusLine({
      move: (kind) => this.userMove({ kind }),
      hint: () => void this.hint().catch((e: unknown) => this.report(e)),
      cancelMove: () => void this.cancelMove().catch((e: unknown) => this.report(e)),
      resumeAi: () => {
        this.removeAttribute('ai-paused');
        this.emit('airesume');
      },
    });
    this.root.append(style, frame, this.status.element, this.legend.element);
    bindInput(this.board, { click: (site) => this.clickSite(site), hover: (site) => this.selection.setHover(site), key: (action) => this.selection.key(action) });
    this.board.addEventListener('focus', () => this.frames.request('marks'));
    this.board.addEventListener('blur', () => this.frames.request('marks'));
    // show-<overlay> attributes are open-ended (each game names its own overlays).
    this.overlayWatch =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver((records) => {
            if (this.started && records.some((r) => r.attributeName?.startsWith('show-'))) void this.controller?.queue(() => this.controller!.refreshOverlays());
          });
  }

  // ------------------------------------------------------------------ lifecycle and attributes

  connectedCallback(): void {
    this.overlayWatch?.observe(this, { attributes: true });
    if (this.started) return;
    this.started = true;
    const controller = this.ensureController();
    void controller.queue(() => controller.start({ game: this.getAttribute('game'), position: this.getAttribute('position'), board: this.getAttribute('board') }));
  }

  disconnectedCallback(): void {
    this.overlayWatch?.disconnect();
    void this.client?.cancel().catch(() => undefined);
  }

  /** The controller over the worker client, made once; the client's restarts are passed on as `enginerestart`. */
  private ensureController(): GameController {
    if (this.controller) return this.controller;
    this.client ??= new EngineClient();
    this.client.addEventListener('restart', (e) => {
      const { restarts } = (e as CustomEvent<{ restarts: number }>).detail;
      console.warn(`game-board: the engine worker stopped; a new one took over the game (restart ${restarts})`);
      this.emit('enginerestart', { restarts });
    });
    this.controller = new GameController(this.client, {
      tag: this.localName,
      ai: () => this.attrs.ai,
      paused: () => this.paused,
      editing: () => booleanAttribute(this, 'editing'),
      aiDelay: () => this.attrs.reading(readAiDelay(this.getAttribute('ai-delay'))),
      workers: () => this.attrs.reading(readWorkers(this.getAttribute('workers'))),
      wanted: (offered) => offered.filter((name) => booleanAttribute(this, `show-${name}`) || overlayStyle(name, this.view ?? undefined).tip !== undefined),
      showing: (view) => this.showing(view),
      redraw: (...parts) => this.frames.request(...parts),
      emit: (type, detail) => this.emit(type, detail),
      report: (e) => this.report(e),
      say: (text) => this.status.say(text),
    });
    return this.controller;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    const c = this.controller;
    if (!this.started || !c || old === value || name.startsWith('show-')) return;
    if (name === 'game' || name === 'board' || name === 'position') {
      void c.change(() => c.start({ game: this.getAttribute('game'), position: this.getAttribute('position'), board: this.getAttribute('board') }));
    } else if (name === 'editing') {
      // Editing ends: the AI plays on if the position is its move.
      this.selection.clear();
      this.frames.request('status');
      if (value === null) c.think();
    } else if (name === 'ai-paused') {
      // Paused, the AI's search is dropped and the user may play any side; resumed, it plays on.
      if (value !== null) void c.abandonSearch();
      this.frames.request('status');
      if (value === null) c.think();
    } else if (name === 'ai') {
      this.attrs.readAi(this.view);
      // A side the AI no longer plays stops thinking at once (its answer is then dropped).
      if (c.thinkingFor !== null && aiLevelFor(this.attrs.ai, c.view?.seats, c.thinkingFor) === undefined) void this.client?.cancel();
      c.think();
    } else if (name === 'site-labels') {
      this.attrs.readSiteLabels(this.view);
      this.frames.request('board');
    } else {
      if (name === 'orientation') this.attrs.checkOrientation(this.view);
      this.frames.request('board');
    }
  }

  private get view(): GameView | null {
    return this.controller?.view ?? null;
  }

  /** Whether the `ai-paused` attribute holds the AI back (its sides are kept for when it resumes). */
  private get paused(): boolean {
    return booleanAttribute(this, 'ai-paused');
  }

  private emit(type: string, detail?: unknown): void {
    this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
  }

  private report(e: unknown): void {
    console.error(`${this.localName}:`, e);
    this.status.say(e instanceof Error ? e.message : String(e));
  }

  // ------------------------------------------------------------------ public API

  /** The current game as the worker last described it. */
  get game(): GameView | null {
    return this.view;
  }

  /** Who the AI plays for, by player (read from the `ai` attribute). */
  get aiSides(): AiSides {
    return this.attrs.ai;
  }

  /** The games the board can play (their boards, set-ups, options, side names), the default first. */
  games(): Promise<readonly GameInfo[]> {
    return this.ensureController().client.games();
  }

  /**
   * Starts a new game: `config.game` picks the game (default: the one on the board), with its
   * board, set-up, options or a position. The attributes are not changed.
   */
  newGame(config: GameConfig = {}): Promise<GameView> {
    return this.ensureController().newGame(config);
  }

  /**
   * Replaces the game with a record's (of whatever game its Game tag names). With `at`, the
   * game is shown after its first `at` moves (the later ones taken back, so that a page can
   * offer them again), and the AI waits as after undo.
   */
  loadRecord(record: string, at?: number): Promise<GameView> {
    if (at !== undefined && !(Number.isInteger(at) && at >= 0)) return Promise.reject(new RangeError(`a move index is a whole number from 0, not ${String(at)}`));
    return this.ensureController().loadRecord(record, at);
  }

  /** Plays a move for whoever is to move (an AI side included). */
  play(move: GameMove | string): Promise<GameView> {
    return this.ensureController().play(move);
  }

  /**
   * Takes back the last move. A search in progress is abandoned, and the AI does not move again
   * until the next move, new game or change of the ai attribute (so that undo can go back past
   * its moves).
   */
  undo(): Promise<GameView> {
    return this.ensureController().undo();
  }

  /**
   * Cancels the move being built a step at a time (GameDetails.path, e.g. a Tholian Go push
   * whose string is not yet ended): its steps are taken back, and the same player is to move as
   * before it began. Resolves to the view afterwards (unchanged when no move is being built).
   */
  cancelMove(): Promise<GameView | null> {
    this.selection.clear();
    return this.ensureController().cancelMove();
  }

  /** Lets the AI move if it is its turn (after undo or moves played through the API). */
  think(): void {
    this.ensureController().think();
  }

  /** Stops the AI's current search; it plays the best move found so far. */
  stopThinking(): Promise<void> {
    return this.ensureController().stopThinking();
  }

  /**
   * Asks the engine for a move for the side to move and draws it on the board: an arrow from
   * origin to destination, a ring on a placement (a move without a cell is named in the status
   * line). The hint stays until the position changes; it is also sent as a `hint` event.
   * Resolves to the move and its notation, or null when the game is over.
   */
  hint(options: WorkerSearchOptions = HINT_SEARCH): Promise<{ move: GameMove; notation: string } | null> {
    return this.ensureController().hint(options);
  }

  /**
   * Searches the position on show and draws what the search thought of each move: a heat map of
   * the share of visits each cell's moves got. `onProgress` follows the search as it runs.
   * Resolves to the search's answer with the best line in notation and the win probability of
   * the side to move (the value of the best move), or null when the game is over. The heat map
   * stays until the position changes or clearAnalysis().
   */
  analyse(options: WorkerSearchOptions = ANALYSIS_SEARCH, onProgress?: (progress: SearchProgress) => void): Promise<Analysis | null> {
    return this.ensureController().analyse(options, onProgress);
  }

  /** Takes the heat map and the hint off the board. */
  clearAnalysis(): void {
    this.ensureController().clearAnalysis();
  }

  /** The click logic of the board: pick an origin, then one of its destinations. */
  clickSite(site: number): void {
    this.selection.click(site);
  }

  // ------------------------------------------------------------------ moves and what they show

  private userMove(move: GameMove): void {
    if (this.canUserMove()) this.controller!.userMove(move);
  }

  private canUserMove(): boolean {
    const v = this.view;
    return (
      !!v &&
      booleanAttribute(this, 'interactive') &&
      !booleanAttribute(this, 'editing') &&
      !v.outcome &&
      this.controller!.thinkingFor === null &&
      (this.paused || aiLevelFor(this.attrs.ai, v.seats, v.toMove) === undefined)
    );
  }

  /**
   * Who a colour's seat is, where the element knows it: "AI" for a seat the ai attribute gives
   * the AI, "you" for the other seat of an interactive board whose opponent is the AI; else ''.
   */
  private who(colour: Player): string {
    const seat = seatOf(this.view?.seats, colour);
    if (this.attrs.ai[seat] !== undefined) return 'AI';
    return booleanAttribute(this, 'interactive') && this.attrs.ai[seat === 1 ? 2 : 1] !== undefined ? 'you' : '';
  }

  /** Shows why a click made no legal move (`illegal`), or a note on a selection; '' clears the line. */
  private explain(text: string, illegal = true): void {
    const shown = this.status.explain(text, !illegal);
    const explained = this.view ? sitesNamedIn(shown, this.view.board.sites.map((s) => s.label)) : [];
    if (explained.join() !== this.explained.join()) {
      this.explained = explained;
      this.frames.request('marks');
    }
    if (text && illegal) this.emit('illegal', { reason: shown });
  }

  /** A new view from the controller: the element's own state follows it, then the page hears of it. */
  private showing(view: GameView): void {
    const newGame = this.attributesReadFor !== view.game;
    // A game started afresh (another game, or no moves yet): the legend forgets what it saw.
    if (newGame || view.history.length === 0) this.legend.forget();
    this.orientation.learn(view, this.controller!.fromPosition);
    this.explain('');
    if (newGame) {
      // Side names are the game's: read the attributes that use them again.
      this.attributesReadFor = view.game;
      this.attrs.readAi(this.view);
      this.attrs.checkOrientation(this.view);
      this.board.setAttribute('aria-label', `${view.title} board`);
    }
    this.attrs.readSiteLabels(this.view);
    this.selection.follow(view);
    this.frames.request('board');
    this.emit('change', view);
    if (view.outcome) this.emit('gameover', { outcome: view.outcome, breakdown: view.details.breakdown });
  }

  // ------------------------------------------------------------------ drawing

  /** One frame's redraw of the parts asked for since the last; then `render` tells the page. */
  private draw(parts: ReadonlySet<Part>, frame: number): void {
    const v = this.view;
    const c = this.controller;
    if (!v || !c) return;
    const drawn: string[] = [];
    if ([...parts].some((p) => p !== 'status')) drawn.push(...this.renderer.draw(
          sceneOf({
            view: v,
            flip: this.orientation.flip(v, this.getAttribute('orientation')),
            shows: (name) => booleanAttribute(this, `show-${name}`),
            overlays: c.overlays,
            selected: this.selection.selected,
            focus: this.root.activeElement === this.board ? this.selection.focusSite : -1,
            hover: this.selection.hover,
            hintMove: c.hintMove,
            heat: c.heat,
            named: this.attrs.named,
            explained: this.explained,
          }),
          parts,
        ));
    this.status.update({
      view: v,
      who: (colour) => this.who(colour),
      level: (colour) => aiLevelFor(this.attrs.ai, v.seats, colour),
      paused: this.paused,
      hasAi: Object.keys(this.attrs.ai).length > 0,
      canMove: this.canUserMove(),
      hints: booleanAttribute(this, 'hints'),
      thinkingFor: c.thinkingFor,
      thinking: c.thinking,
      hintText: c.hintText,
      hintKind: c.hintMove && c.hintMove.at === undefined ? c.hintMove.kind : null,
    });
    this.board.setAttribute('aria-busy', c.thinkingFor !== null ? 'true' : 'false');
    drawn.push('status');
    if (parts.has('board')) {
      this.legend.update(v);
      drawn.push('legend');
    }
    this.emit('render', { frame, parts: drawn });
  }
}

/** <throngs-board>: the family's name for the same element (the name the package began with). */
export class ThrongsBoard extends GameBoard {}

if (typeof customElements !== 'undefined') {
  if (!customElements.get('game-board')) customElements.define('game-board', GameBoard);
  if (!customElements.get('throngs-board')) customElements.define('throngs-board', ThrongsBoard);
}

declare global {
  interface HTMLElementTagNameMap {
    'game-board': GameBoard;
    'throngs-board': ThrongsBoard;
  }
}
