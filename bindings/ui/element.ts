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
 * fires `airesume`), ai-delay (ms between the AI's moves), hints (a Hint
 * button), editing (clicks only report cells, as `cellpick`; the AI waits). Events: move,
 * change, gameover, hint, analysis, cellpick, and illegal (`{ reason }`: a click made no legal
 * move; the reason, from the rules' explainIllegal, is also shown under the status line, part
 * `explanation`). Styling: CSS custom properties (--throngs-*) and the
 * parts named in ui/style.ts and below.
 */
import type { GameMove } from '../../reference/core/game.js';
import type { Player } from '../../reference/core/types.js';
import { aiLevelFor, boardClick, buttonKinds, clickedMove, destinationsOf, lastMoveSpan, moveEnd, parseAiAttribute, parseOrientation, seatOf, visibleButtons, type AiSides } from './board-logic.js';
import { autoWorkers, EngineClient, MAX_WORKERS, type GameConfig, type GameInfo, type ParallelSearchOptions, type WorkerSearchOptions } from '../worker/client.js';
import { levelSearch } from '../agents/levels.js';
import type { SearchProgress, SearchResult } from '../engine/search.js';
import { booleanAttribute, html, svg } from './dom.js';
import { CELL_RADIUS, firstPlayerHigh, hexagonPoints, layoutBoard, stepFrom } from './geometry.js';
import { formatOverlayValue, formatScore, markStyle, NO_VALUE, overlayLegend, overlayStyle } from './overlays.js';
import { nodeMarker, pathLayer, ringMark, token, websLayer } from './webs-draw.js';
import { TOKEN_RADIUS } from './webs.js';
import { STYLE } from './style.js';
import type { GameView } from '../engine/view.js';

export { boardClick, parseAiAttribute, type AiSides };

/** What analyse() found: the search, its best line in notation, and how the side to move stands. */
export interface Analysis {
  readonly result: SearchResult;
  readonly line: readonly string[];
  /** The side to move's chance to win as the search sees it (its best move's mean value), 0 to 1. */
  readonly winProbability: number;
  readonly toMove: Player;
}

/** A hint is a level-5 search: strong enough to teach, quick enough to wait for. */
const HINT_SEARCH: WorkerSearchOptions = { iterations: 10_000, timeMs: 700 };
const ANALYSIS_SEARCH: WorkerSearchOptions = { timeMs: 1500 };
/** Longest wait asked for between the AI's moves (ai-delay), so that a typo cannot stall a game for hours. */
const MAX_AI_DELAY_MS = 60_000;

/**
 * The stones' colours by kind: the first stop of the gradient (its highlight) and the last; the
 * `-deep` variant is a board of webs' token on its dark web. The players' stones are black and
 * white unless the game names its pieces by another colour here (Tholian Go's red and blue).
 */
const STONE_TONES: Readonly<Record<string, readonly [string, string]>> = {
  black: ['#6b6b6b', 'var(--throngs-black-stone)'],
  white: ['#ffffff', 'var(--throngs-white-stone)'],
  red: ['#ff9d8c', 'var(--throngs-red-stone)'],
  blue: ['#9cc3ff', 'var(--throngs-blue-stone)'],
  'black-deep': ['#3a3a3a', '#000000'],
  'white-deep': ['#d8d3c8', '#8e887c'],
  'red-deep': ['var(--throngs-red-stone)', 'var(--throngs-red-stone-deep)'],
  'blue-deep': ['var(--throngs-blue-stone)', 'var(--throngs-blue-stone-deep)'],
};
const NEUTRAL_TONES: readonly [string, string] = ['#d0d0d0', 'var(--throngs-neutral-stone)'];

/** Parts and gradients of the stones by cell value: the players' own, then the game's other pieces. */
function stoneKind(value: number, pieces: readonly string[]): string {
  const named = (pieces[value] ?? '').toLowerCase();
  if ((value === 1 || value === 2) && Object.hasOwn(STONE_TONES, named)) return named;
  return value === 1 ? 'black' : value === 2 ? 'white' : (pieces[value] ?? `piece${value}`).toLowerCase();
}

/** The words on the button of a move without a cell, by its kind ("Pass", "End turn"). */
const BUTTON_TEXT: Readonly<Record<string, string>> = { end: 'End turn' };

const capitalised = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export class GameBoard extends HTMLElement {
  static readonly observedAttributes = ['game', 'board', 'position', 'orientation', 'interactive', 'show-potential', 'show-territory', 'ai', 'ai-paused', 'hints', 'editing'];

  /** The engine connection; assign your own client before the element is connected to share one. */
  client: EngineClient | null = null;
  private view: GameView | null = null;
  /** Overlay values by name, for the view on show. */
  private overlays = new Map<string, Int8Array>();
  private selected: number | null = null;
  private hover: number | null = null;
  private focusSite = -1;
  private thinking: SearchProgress | null = null;
  private thinkingFor: Player | null = null;
  private ai: AiSides = {};
  /** The move a hint suggests for the position on show (drawn as an arrow), until the position changes. */
  private hintMove: GameMove | null = null;
  /** The last analysis of the position on show: each end cell's share of the root visits (the heat map). */
  private heat: Map<number, number> | null = null;
  /** The record the hint and the heat map belong to: they go when the game moves on. */
  private markedRecord = '';
  /**
   * Which way up each board is drawn when no orientation is asked for: turned half way round
   * where the first player's set-up stones sit above the second's (Ludii's throngs93 and
   * ragged87 start Black high), so that the first player is at the bottom on every board.
   * Decided from the first position seen on the board and kept, so that it never turns mid-game.
   */
  private readonly autoFlip = new Map<string, 1 | -1>();
  /** The game the ai and orientation attributes were last read for (their side names are its). */
  private attributesReadFor: string | null = null;
  /** Whether the game on show was started from a position rather than the board's set-up. */
  private fromPosition = false;
  /** Set when a running search is stopped to be thrown away (undo, new game). */
  private discardSearch = false;
  private started = false;
  private pending: Promise<unknown> = Promise.resolve();
  private readonly overlayWatch: MutationObserver | null;

  private readonly root: ShadowRoot;
  private readonly board: SVGSVGElement;
  private readonly turn: HTMLSpanElement;
  private readonly duty: HTMLSpanElement;
  /** Who is to move (or won), where the element knows it: "your move", "the AI's move". */
  private readonly seat: HTMLSpanElement;
  private readonly scores: HTMLSpanElement;
  private readonly info: HTMLSpanElement;
  /** Why the last click made no legal move, in the rules' words; cleared by the next action. */
  private readonly why: HTMLDivElement;
  /** Counts clicks, so that a late answer about an earlier click is not shown. */
  private clicks = 0;
  private readonly controls: HTMLDivElement;
  /** Shown with the `hints` attribute: asks the engine for a move and draws it. */
  private readonly hintButton: HTMLButtonElement;
  /** Shown while the user builds a move a step at a time (GameDetails.path): takes its steps back. */
  private readonly cancelButton: HTMLButtonElement;
  /** Shown while the `ai-paused` attribute holds the AI back: removes it. */
  private readonly resumeButton: HTMLButtonElement;
  private readonly legend: HTMLDetailsElement;
  private readonly legendList: HTMLUListElement;
  /** What the legend explains beyond the game's overlays, as seen in the current game (reset per game). */
  private seen = { marks: new Set<string>(), stay: false, changed: false };
  /** The legend's text last drawn, so that it is rebuilt only when it changes. */
  private legendKey = '';
  /** The move buttons last on show, and for which game. */
  private shownButtons: { game: string; kinds: readonly string[] } = { game: '', kinds: [] };
  /** Buttons for the legal moves without a cell (pass, accept, swap, ...), by kind. */
  private readonly buttons = new Map<string, HTMLButtonElement>();

  constructor() {
    super();
    this.root = this.attachShadow({ mode: 'open' });
    const style = html('style');
    style.textContent = STYLE;
    const frame = html('div', { class: 'frame', part: 'frame' });
    this.board = svg('svg', { part: 'board', role: 'grid', tabindex: '0', 'aria-label': 'Game board' });
    frame.append(this.board);
    const status = html('div', { class: 'status', part: 'status' });
    const left = html('div');
    this.turn = html('span', { class: 'turn', part: 'turn', 'aria-live': 'polite' });
    this.duty = html('span', { class: 'duty', part: 'duty' });
    this.info = html('span', { class: 'thinking', part: 'thinking' });
    this.seat = html('span', { class: 'seat', part: 'seat' });
    left.append(this.turn, ' ', this.seat, ' ', this.duty, ' ', this.info);
    this.scores = html('span', { class: 'scores', part: 'scores' });
    this.controls = html('div', { class: 'controls', part: 'controls' });
    this.button('pass');
    this.hintButton = html('button', { part: 'hint-button', type: 'button', class: 'hidden', title: 'Ask the engine for a move' }, 'Hint');
    this.hintButton.addEventListener('click', () => void this.hint().catch((e: unknown) => this.report(e)));
    this.controls.prepend(this.hintButton);
    this.cancelButton = html('button', { part: 'cancel-button', type: 'button', class: 'hidden', title: 'Take back the steps of the move being built (Escape)' }, 'Cancel move');
    this.cancelButton.addEventListener('click', () => void this.cancelMove().catch((e: unknown) => this.report(e)));
    this.controls.append(this.cancelButton);
    this.resumeButton = html('button', { part: 'resume-button', type: 'button', class: 'hidden', title: 'Let the AI play its side again' }, 'Resume AI');
    this.resumeButton.addEventListener('click', () => {
      this.removeAttribute('ai-paused');
      this.dispatchEvent(new CustomEvent('airesume', { bubbles: true, composed: true }));
    });
    this.controls.append(this.resumeButton);
    this.why = html('div', { class: 'why', part: 'explanation', role: 'status', 'aria-live': 'polite' });
    status.append(left, this.scores, this.controls, this.why);
    this.legend = html('details', { class: 'legend', part: 'legend' });
    this.legend.append(html('summary', { part: 'legend-summary' }, 'Legend'));
    this.legendList = html('ul', { part: 'legend-list' });
    this.legend.append(this.legendList);
    this.root.append(style, frame, status, this.legend);

    this.board.addEventListener('click', (e) => this.onClick(e));
    this.board.addEventListener('pointermove', (e) => this.onHover(e));
    this.board.addEventListener('pointerleave', () => this.setHover(null));
    this.board.addEventListener('keydown', (e) => this.onKey(e));
    // show-<overlay> attributes are open-ended (each game names its own overlays).
    this.overlayWatch =
      typeof MutationObserver === 'undefined'
        ? null
        : new MutationObserver((records) => {
            if (this.started && records.some((r) => r.attributeName?.startsWith('show-'))) void this.queue(() => this.refreshOverlays());
          });
  }

  /** The button for moves of `kind`, made on first use (part: the kind). */
  private button(kind: string): HTMLButtonElement {
    let b = this.buttons.get(kind);
    if (!b) {
      b = html('button', { part: kind, type: 'button' }, BUTTON_TEXT[kind] ?? capitalised(kind));
      b.addEventListener('click', () => this.userMove({ kind }));
      this.buttons.set(kind, b);
      this.controls.append(b);
    }
    return b;
  }

  // ------------------------------------------------------------------ lifecycle

  connectedCallback(): void {
    this.overlayWatch?.observe(this, { attributes: true });
    if (this.started) return;
    this.started = true;
    this.ensureClient();
    void this.queue(() => this.startFromAttributes());
  }

  /** The worker client, made once; its restarts after a crash are passed on as `enginerestart`. */
  private ensureClient(): EngineClient {
    this.client ??= new EngineClient();
    if (this.heard !== this.client) {
      this.heard = this.client;
      this.client.addEventListener('restart', (e) => {
        const { restarts } = (e as CustomEvent<{ restarts: number }>).detail;
        console.warn(`game-board: the engine worker stopped; a new one took over the game (restart ${restarts})`);
        this.dispatchEvent(new CustomEvent('enginerestart', { detail: { restarts }, bubbles: true, composed: true }));
      });
    }
    return this.client;
  }

  /** The client whose restarts this board passes on. */
  private heard: EngineClient | null = null;

  disconnectedCallback(): void {
    this.overlayWatch?.disconnect();
    void this.client?.cancel().catch(() => undefined);
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    if (!this.started || old === value || name.startsWith('show-')) return;
    if (name === 'game' || name === 'board' || name === 'position') {
      void this.change(() => this.startFromAttributes());
    } else if (name === 'editing') {
      // Editing ends: the AI plays on if the position is its move.
      this.selected = null;
      this.render();
      if (value === null) void this.queue(() => this.maybeThink());
    } else if (name === 'ai-paused') {
      // Paused, the AI's search is dropped and the user may play any side; resumed, it plays on.
      if (value !== null) void this.abandonSearch();
      this.render();
      if (value === null) void this.queue(() => this.maybeThink());
    } else if (name === 'ai') {
      this.readAi();
      // A side the AI no longer plays stops thinking at once (its answer is then dropped).
      if (this.thinkingFor !== null && aiLevelFor(this.ai, this.view?.seats, this.thinkingFor) === undefined) void this.client?.cancel();
      void this.queue(() => this.maybeThink());
    } else {
      if (name === 'orientation') this.checkOrientation();
      this.render();
    }
  }

  /** The side names the attributes may use: the game's players, once a game is shown. */
  private get players(): readonly string[] {
    return this.view?.players ?? [];
  }

  /** The player at the bottom (the first by default); anything else is reported and ignored. */
  private checkOrientation(): void {
    const value = this.getAttribute('orientation');
    if (parseOrientation(value, this.players) === null) {
      const names = [...new Set(['black', 'white', ...this.players.map((p) => p.toLowerCase())])].join(', ');
      console.warn(`${this.localName}: bad orientation "${value}" (${names}); using ${this.players[0]?.toLowerCase() ?? 'black'}`);
    }
  }

  /** -1 when the board is turned half way round (the second player at the bottom), else 1. */
  private flip(): 1 | -1 {
    // The first player's way up for this board, turned round when the second player is asked for.
    const base = this.view ? (this.autoFlip.get(this.view.board.spec) ?? 1) : 1;
    return parseOrientation(this.getAttribute('orientation'), this.players) === 2 ? (-base as 1 | -1) : base;
  }

  /** Learns which way up a board goes the first time it is shown (see autoFlip). */
  private learnOrientation(v: GameView): void {
    // A position made up for a diagram says nothing about how the board's set-up sits.
    if (this.autoFlip.has(v.board.spec) || this.fromPosition) return;
    this.autoFlip.set(v.board.spec, firstPlayerHigh(v) ? -1 : 1);
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
    console.error(`${this.localName}:`, e);
    this.info.textContent = e instanceof Error ? e.message : String(e);
  }

  private readAi(): void {
    const parsed = parseAiAttribute(this.getAttribute('ai'), this.players);
    if (typeof parsed === 'string') {
      console.warn(`${this.localName}: bad ai attribute: ${parsed}; no AI will play`);
      this.ai = {};
    } else {
      this.ai = parsed;
    }
  }

  /** Starts the game the attributes describe; bad values are reported and replaced by defaults. */
  private async startFromAttributes(): Promise<void> {
    const client = this.client!;
    const games = await client.games();
    // The worker lists the registry's default game first: the game when the attribute is absent.
    const fallback = games[0]!;
    const requested = this.getAttribute('game');
    let info: GameInfo = fallback;
    if (requested !== null && requested.trim() !== '') {
      const key = requested.trim().toLowerCase();
      const found = games.find((g) => g.id === key || g.title.toLowerCase() === key);
      if (found) info = found;
      else console.warn(`${this.localName}: bad game attribute "${requested}" (${games.map((g) => g.id).join(', ')}); using ${fallback.id}`);
    }
    const game = info.id;
    const position = this.getAttribute('position');
    if (position !== null && position.trim() !== '') {
      try {
        const view = await client.newGame({ game, position });
        this.fromPosition = true;
        await this.show(view);
        return;
      } catch (e) {
        console.warn(`${this.localName}: bad position attribute: ${(e as Error).message}; starting from the set-up of the board instead`);
      }
    }
    this.fromPosition = false;
    const board = this.getAttribute('board');
    if (board !== null && board.trim() !== '') {
      try {
        await this.show(await client.newGame({ game, board: board.trim() }));
        return;
      } catch (e) {
        console.warn(`${this.localName}: bad board attribute: ${(e as Error).message}; using ${info.defaultBoard}`);
      }
    }
    await this.show(await client.newGame({ game, board: info.defaultBoard }));
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

  /** The games the board can play (their boards, set-ups, options, side names), the default first. */
  games(): Promise<readonly GameInfo[]> {
    return this.ensureClient().games();
  }

  /**
   * Starts a new game: `config.game` picks the game (default: the one on the board), with its
   * board, set-up, options or a position. The attributes are not changed.
   */
  newGame(config: GameConfig = {}): Promise<GameView> {
    return this.change(async () => {
      const view = await this.client!.newGame(config);
      this.fromPosition = typeof config.position === 'string' && config.position.trim() !== '';
      return this.show(view);
    }, false);
  }

  /**
   * Replaces the game with a record's (of whatever game its Game tag names). With `at`, the
   * game is shown after its first `at` moves (the later ones taken back, so that a page can
   * offer them again), and the AI waits as after undo.
   */
  loadRecord(record: string, at?: number): Promise<GameView> {
    if (at !== undefined && !(Number.isInteger(at) && at >= 0)) return Promise.reject(new RangeError(`a move index is a whole number from 0, not ${String(at)}`));
    return this.change(async () => {
      let view = await this.client!.loadRecord(record);
      this.fromPosition = false;
      if (at === undefined || at >= view.history.length) return this.show(view);
      while (view.history.length > at) view = await this.client!.undo();
      return this.show(view, false);
    }, false);
  }

  /** Plays a move for whoever is to move (an AI side included). */
  play(move: GameMove | string): Promise<GameView> {
    return this.queue(() => this.commit(move), false);
  }

  /**
   * Takes back the last move. A search in progress is abandoned, and the AI does not move again
   * until the next move, new game or change of the ai attribute (so that undo can go back past
   * its moves).
   */
  undo(): Promise<GameView> {
    return this.change(async () => this.show(await this.client!.undo(), false), false);
  }

  /**
   * Cancels the move being built a step at a time (GameDetails.path, e.g. a Tholian Go push
   * whose string is not yet ended): its steps are taken back, and the same player is to move as
   * before it began. Resolves to the view afterwards (unchanged when no move is being built).
   */
  cancelMove(): Promise<GameView | null> {
    return this.queue(async () => {
      let view = this.view;
      if (!view) return null;
      // Each step added one cell to the path (GameDetails.path).
      for (let steps = (view.details.path?.length ?? 0) - 1; steps > 0; steps--) view = await this.client!.undo();
      this.selected = null;
      return view === this.view ? view : this.show(view, false);
    }, false);
  }

  /** Lets the AI move if it is its turn (after undo or moves played through the API). */
  think(): void {
    void this.queue(() => this.maybeThink());
  }

  /** Stops the AI's current search; it plays the best move found so far. */
  async stopThinking(): Promise<void> {
    if (this.thinkingFor !== null) await this.client!.cancel();
  }

  /**
   * Asks the engine for a move for the side to move and draws it on the board: an arrow from
   * origin to destination, a ring on a placement (a move without a cell is named in the status
   * line). The hint stays until the position changes; it is also sent as a `hint` event.
   * Resolves to the move and its notation, or null when the game is over.
   */
  hint(options: WorkerSearchOptions = HINT_SEARCH): Promise<{ move: GameMove; notation: string } | null> {
    return this.queue(async () => {
      const v = this.view;
      if (!v || v.outcome) return null;
      this.info.textContent = 'Looking for a hint…';
      const result = await this.client!.search(this.withWorkers(options, true));
      const [notation = result.move.kind] = await this.client!.formatMoves([result.move]);
      this.info.textContent = '';
      if (this.view !== v) return null;
      this.hintMove = result.move;
      this.markedRecord = v.record;
      this.hintText = `Hint: ${notation}`;
      this.render();
      this.dispatchEvent(new CustomEvent('hint', { detail: { move: result.move, notation }, bubbles: true, composed: true }));
      return { move: result.move, notation };
    }, false);
  }

  /**
   * Searches the position on show and draws what the search thought of each move: a heat map of
   * the share of visits each cell's moves got. `onProgress` follows the search as it runs.
   * Resolves to the search's answer with the best line in notation and the win probability of
   * the side to move (the value of the best move), or null when the game is over. The heat map
   * stays until the position changes or clearAnalysis().
   */
  analyse(options: WorkerSearchOptions = ANALYSIS_SEARCH, onProgress?: (progress: SearchProgress) => void): Promise<Analysis | null> {
    return this.queue(async () => {
      const v = this.view;
      if (!v || v.outcome) return null;
      const result = await this.client!.search(options, onProgress);
      const line = await this.client!.formatMoves(result.principalVariation.length > 0 ? result.principalVariation : [result.move]);
      if (this.view !== v) return null;
      const total = result.children.reduce((sum, c) => sum + c.visits, 0) || 1;
      const heat = new Map<number, number>();
      for (const child of result.children) {
        const end = moveEnd(child.move);
        if (end !== undefined) heat.set(end, Math.max(heat.get(end) ?? 0, child.visits / total));
      }
      this.heat = heat;
      this.markedRecord = v.record;
      this.render();
      const best = result.children[0];
      const analysis: Analysis = { result, line, winProbability: best?.value ?? result.value, toMove: v.toMove };
      this.dispatchEvent(new CustomEvent('analysis', { detail: analysis, bubbles: true, composed: true }));
      return analysis;
    }, false);
  }

  /** Takes the heat map and the hint off the board. */
  clearAnalysis(): void {
    this.heat = null;
    this.hintMove = null;
    this.hintText = '';
    this.render();
  }

  /** The hint in words, for the status line ('' when none). */
  private hintText = '';

  /**
   * Queues a change of the game (new game, record, undo) that replaces the position: a search
   * running now is abandoned, and none starts until the change is made (an AI queued to move
   * before it, as AI against AI always is, does not play on in the meantime).
   */
  private change<T>(task: () => Promise<T>, report = true): Promise<T> {
    this.changesPending++;
    void this.abandonSearch();
    return this.queue(async () => {
      this.changesPending--;
      return task();
    }, report);
  }

  /** Changes of the game requested and not yet begun (see change()). */
  private changesPending = 0;

  /** Stops the AI's current search and throws its answer away. */
  private async abandonSearch(): Promise<void> {
    if (this.thinkingFor === null) return;
    this.discardSearch = true;
    await this.client!.cancel();
  }

  // ------------------------------------------------------------------ moves

  private async commit(move: GameMove | string): Promise<GameView> {
    const player = this.view?.toMove ?? 1;
    const seat = this.seatOf(player);
    const view = await this.client!.play(move);
    const last = view.history.at(-1)!;
    this.selected = null;
    await this.show(view, false);
    this.dispatchEvent(new CustomEvent('move', { detail: { move: last.move, notation: last.notation, player, seat }, bubbles: true, composed: true }));
    return view;
  }

  private userMove(move: GameMove): void {
    if (!this.canUserMove()) return;
    void this.queue(async () => {
      await this.commit(move);
      await this.maybeThink();
    });
  }

  private canUserMove(): boolean {
    const v = this.view;
    return (
      !!v &&
      booleanAttribute(this, 'interactive') &&
      !booleanAttribute(this, 'editing') &&
      !v.outcome &&
      this.thinkingFor === null &&
      (this.paused || aiLevelFor(this.ai, v.seats, v.toMove) === undefined)
    );
  }

  /** Whether the `ai-paused` attribute holds the AI back (its sides are kept for when it resumes). */
  private get paused(): boolean {
    return booleanAttribute(this, 'ai-paused');
  }

  /** The seat (the player who began with that colour) now playing `colour`. */
  private seatOf(colour: Player): Player {
    return seatOf(this.view?.seats, colour);
  }

  /**
   * Who a seat is, where the element knows it: "AI" for a seat the ai attribute gives the AI,
   * "you" for the other seat of an interactive board whose opponent is the AI; else ''.
   */
  private seatName(seat: Player): string {
    if (this.ai[seat] !== undefined) return 'AI';
    const other = seat === 1 ? 2 : 1;
    return booleanAttribute(this, 'interactive') && this.ai[other] !== undefined ? 'you' : '';
  }

  private async show(view: GameView, think = true): Promise<GameView> {
    const newGame = this.view?.game !== view.game;
    // A game started afresh (another game, or no moves yet): the legend forgets what it saw.
    if (newGame || view.history.length === 0) this.seen = { marks: new Set(), stay: false, changed: false };
    this.view = view;
    this.learnOrientation(view);
    if (view.record !== this.markedRecord) {
      this.hintMove = null;
      this.hintText = '';
      this.heat = null;
    }
    this.clicks++;
    this.explain('');
    if (newGame || this.attributesReadFor !== view.game) {
      // Side names are the game's: read the attributes that use them again.
      this.attributesReadFor = view.game;
      this.readAi();
      this.checkOrientation();
      this.board.setAttribute('aria-label', `${view.title} board`);
    }
    if (this.selected !== null && !view.legal.some((m) => m.at === this.selected)) this.selected = null;
    // A move being built goes on from its head: select it, so that the user sees its next steps.
    if (this.canUserMove()) this.selected ??= this.pathHead(view);
    if (this.focusSite >= view.board.sites.length) this.focusSite = -1;
    await this.refreshOverlays();
    this.dispatchEvent(new CustomEvent('change', { detail: view, bubbles: true, composed: true }));
    if (view.outcome) {
      this.dispatchEvent(new CustomEvent('gameover', { detail: { outcome: view.outcome, breakdown: view.details.breakdown }, bubbles: true, composed: true }));
    }
    if (think) void this.queue(() => this.maybeThink());
    return view;
  }

  /** The cell a move being built goes on from (the last of GameDetails.path), when it has a legal step; else null. */
  private pathHead(v: GameView): number | null {
    const head = v.details.path?.at(-1);
    return head !== undefined && (v.details.path?.length ?? 0) > 0 && v.legal.some((m) => m.at === head) ? head : null;
  }

  /** Overlays to fetch: those shown (show-<name>) and those the hover tip names. */
  private wantedOverlays(v: GameView): string[] {
    return v.overlays.filter((name) => booleanAttribute(this, `show-${name}`) || overlayStyle(name).tip !== undefined);
  }

  private async refreshOverlays(): Promise<void> {
    const v = this.view;
    if (!v) return;
    const next = new Map<string, Int8Array>();
    for (const name of this.wantedOverlays(v)) next.set(name, await this.client!.overlay(name));
    if (this.view === v) this.overlays = next;
    this.render();
  }

  /** If an AI plays the side to move, searches and plays its move. */
  private async maybeThink(): Promise<void> {
    const v = this.view;
    if (!v || v.outcome || this.thinkingFor !== null || this.changesPending > 0 || booleanAttribute(this, 'editing') || this.paused) return;
    // The ai attribute names seats: after a swap of seats the AI plays the other colour.
    const level = aiLevelFor(this.ai, v.seats, v.toMove);
    if (level === undefined) return;
    this.thinkingFor = v.toMove;
    this.thinking = null;
    this.discardSearch = false;
    this.render();
    const started = performance.now();
    try {
      const info = (await this.client!.games()).find((g) => g.id === v.game);
      const result = await this.client!.search(this.withWorkers(levelSearch(level, info ?? {})), (p) => {
        this.thinking = p;
        this.renderStatus();
      });
      // A watchable pace for AI against AI: the move waits out the rest of ai-delay.
      const wait = this.aiDelay() - (performance.now() - started);
      if (wait > 0 && !this.discardSearch && this.changesPending === 0) await new Promise((r) => setTimeout(r, wait));
      this.thinkingFor = null;
      this.thinking = null;
      // The AI was taken off this side while it thought (ai="none" pauses a game): no move.
      const stillAi = aiLevelFor(this.ai, v.seats, v.toMove) !== undefined && !this.paused;
      if (this.discardSearch || this.changesPending > 0 || !stillAi) {
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

  /** The ai-delay attribute: the least time, in ms, between the AI's moves (0 when absent; bad values are reported). */
  private aiDelay(): number {
    const raw = this.getAttribute('ai-delay');
    if (raw === null || raw.trim() === '') return 0;
    const ms = Number(raw);
    if (!Number.isFinite(ms) || ms < 0) {
      if (this.warnedDelay !== raw) console.warn(`${this.localName}: bad ai-delay "${raw}" (milliseconds, 0 to ${MAX_AI_DELAY_MS}); no delay`);
      this.warnedDelay = raw;
      return 0;
    }
    return Math.min(ms, MAX_AI_DELAY_MS);
  }

  private warnedDelay: string | null = null;

  /**
   * The workers attribute: how many workers a timed tree search uses (root-parallel), `auto` for
   * one per core but the page's (at most 8); 1 when absent. Searches counted in iterations (levels
   * 1 to 5) stay on one worker, so that a level plays alike on any machine.
   */
  private workers(): number {
    const raw = this.getAttribute('workers');
    if (raw === null || raw.trim() === '') return 1;
    if (raw.trim() === 'auto') return autoWorkers();
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) {
      if (this.warnedWorkers !== raw) console.warn(`${this.localName}: bad workers "${raw}" (auto, or 1 to ${MAX_WORKERS}); one worker`);
      this.warnedWorkers = raw;
      return 1;
    }
    return n;
  }

  private warnedWorkers: string | null = null;

  /** A search's options with the workers it may use: timed AI levels, and hints (`always`). */
  private withWorkers(options: WorkerSearchOptions, always = false): ParallelSearchOptions {
    const timed = options.iterations === undefined && options.algorithm !== 'alphabeta';
    return timed || always ? { ...options, workers: this.workers() } : options;
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
    if (v && booleanAttribute(this, 'editing')) {
      // A position editor decides what a click does: the board only says where.
      this.dispatchEvent(new CustomEvent('cellpick', { detail: { cell: site, label: v.board.sites[site]?.label }, bubbles: true, composed: true }));
      return;
    }
    if (!v || !this.canUserMove()) return;
    const click = ++this.clicks;
    this.explain('');
    const action = boardClick(v.legal, this.selected, site);
    if ('play' in action) {
      this.userMove(action.play);
      return;
    }
    const selected = this.selected;
    // A move being built keeps its head selected: a click elsewhere cannot start another.
    this.selected = 'select' in action ? action.select : this.pathHead(v);
    this.render();
    if ('clear' in action) {
      // No legal move: the engine says why the move the click meant is illegal.
      const meant = clickedMove({ kinds: v.clicks, cells: v.cells, toMove: v.toMove, links: v.board.links }, selected, site);
      // A click on a piece of the mover's that has no move at all: why it cannot move, not why one destination is wrong.
      const stuck = selected === null && v.cells[site] === v.toMove && !v.legal.some((m) => m.at === site);
      if (meant) {
        void this.queue(async () => {
          const reason = (stuck ? await this.client!.explainStuck(site) : '') || (await this.client!.explain(meant));
          if (click === this.clicks && this.view === v) this.explain(reason);
        });
      }
    }
  }

  /** Shows why a click made no legal move (a sentence of the rules), or clears it with ''. */
  private explain(reason: string): void {
    // A sentence, capitalised unless it starts with a cell's label ("b2 touches your stone at c3.").
    const sentence = /^[a-z]+\d/.test(reason) ? reason : reason.charAt(0).toUpperCase() + reason.slice(1);
    this.why.textContent = reason ? `${sentence}.` : '';
    if (reason) this.dispatchEvent(new CustomEvent('illegal', { detail: { reason: this.why.textContent }, bubbles: true, composed: true }));
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
    const step = (dc: number, dr: number): void => {
      this.focusSite = stepFrom(sites, this.focusSite, dc, dr, this.flip(), v.drawing);
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
        // Escape drops a selection, and cancels a move being built.
        if ((v.details.path?.length ?? 0) > 1 && this.canUserMove()) void this.cancelMove().catch((err: unknown) => this.report(err));
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
    const cellsDrawing = v.drawing === 'cells';
    const websDrawing = v.drawing === 'webs';
    const sites = v.board.sites;
    const flip = this.flip();
    const layout = layoutBoard(sites, v.drawing, flip);
    const points = layout.points;
    const g = this.board;
    g.setAttribute('viewBox', layout.viewBox.join(' '));
    g.setAttribute('class', `drawing-${v.drawing}`);
    g.style.setProperty('--aspect', String(layout.viewBox[2] / layout.viewBox[3]));
    g.replaceChildren();

    const defs = svg('defs');
    // A gradient per kind of stone the game has (and, on webs, each kind's dark-web shade).
    const kinds = v.pieces.slice(1).map((_, k) => stoneKind(k + 1, v.pieces));
    for (const id of websDrawing ? [...kinds, ...kinds.map((k) => `${k}-deep`)] : kinds) {
      const [light, dark] = STONE_TONES[id] ?? NEUTRAL_TONES;
      const grad = svg('radialGradient', { id: `stone-${id}`, cx: '35%', cy: '30%', r: '70%' });
      grad.append(svg('stop', { offset: '0%', 'stop-color': light }), svg('stop', { offset: '100%', 'stop-color': dark }));
      defs.append(grad);
    }
    const head = svg('marker', { id: 'hint-head', viewBox: '0 0 10 10', refX: '6', refY: '5', markerWidth: '3.2', markerHeight: '3.2', orient: 'auto-start-reverse' });
    head.append(svg('path', { d: 'M 0 0 L 10 5 L 0 10 z', class: 'hint-head' }));
    defs.append(head);
    g.append(defs);

    if (cellsDrawing) {
      const cells = svg('g', { part: 'cells' });
      for (const [x, y] of points) cells.append(svg('polygon', { class: 'cell', part: 'cell', points: hexagonPoints(x, y) }));
      g.append(cells);
    } else if (websDrawing) {
      g.append(websLayer(v.board, v.cells, flip, (value) => stoneKind(value, v.pieces)));
    } else {
      const lines = svg('g', { part: 'lines' });
      for (const [a, b] of v.board.links) {
        const [x1, y1] = points[a]!;
        const [x2, y2] = points[b]!;
        lines.append(svg('line', { class: 'line', x1, y1, x2, y2 }));
      }
      g.append(lines);
    }
    const labels = svg('g', { part: 'labels' });
    for (const { text, at } of layout.labels) {
      const t = svg('text', { class: 'label', x: at[0], y: at[1] });
      t.textContent = text;
      labels.append(t);
    }
    g.append(labels);

    const overlay = svg('g', { part: 'overlay' });
    const stones = svg('g', { part: 'stones' });
    const marks = svg('g', { part: 'marks' });
    const hits = svg('g');
    const destinations = new Set(destinationsOf(v.legal, this.selected));
    // How far the rings around a site reach: a stone's radius and a little.
    const stoneRadius = websDrawing ? TOKEN_RADIUS : cellsDrawing ? 0.4 : 0.43;
    // A move being built shows its path instead; a finished one is marked from its first step's origin.
    const last = (v.details.path?.length ?? 0) > 0 ? null : lastMoveSpan(v.history);
    const changed = new Set(v.details.changed);
    const marked = new Map<number, string[]>();
    for (const { cell, mark } of v.details.marks ?? []) marked.set(cell, [...(marked.get(cell) ?? []), mark]);
    const shown = v.overlays.filter((name) => booleanAttribute(this, `show-${name}`) && this.overlays.has(name));
    // Numbers on pieces go above the stones; tints and numbers on empty cells below them.
    const onPieces = svg('g', { part: 'overlay-pieces' });
    const badges = svg('g', { part: 'marks-on-pieces' });
    // Marks drawn as rings around a site, under the stones (whose edge they clear).
    const rings = svg('g', { part: 'mark-rings' });
    points.forEach(([x, y], i) => {
      const content = v.cells[i]!;
      if (websDrawing) {
        stones.append(...(content === 0 ? [nodeMarker(x, y, sites[i]!.web)] : token(x, y, sites[i]!.web, stoneKind(content, v.pieces))));
      } else if (content === 0) {
        if (!cellsDrawing) stones.append(svg('circle', { class: 'point', cx: x, cy: y, r: 0.06 }));
      } else {
        const kind = stoneKind(content, v.pieces);
        stones.append(svg('circle', { class: 'stone', part: `stone stone-${kind}`, cx: x, cy: y, r: cellsDrawing ? 0.4 : 0.43, fill: `url(#stone-${kind})` }));
        if (content > 2) stones.append(svg('circle', { class: 'neutral-ring', cx: x, cy: y, r: 0.22 }));
      }
      for (const name of shown) {
        const style = overlayStyle(name);
        const value = this.overlays.get(name)![i]!;
        if (value === NO_VALUE) continue;
        if (style.kind === 'owner') {
          if (value !== 1 && value !== 2) continue;
          overlay.append(
            cellsDrawing
              ? svg('polygon', { class: `tint-${value}`, part: `${name} ${name}-${value}`, points: hexagonPoints(x, y, CELL_RADIUS - 0.02) })
              : svg('rect', { class: `territory-${value}`, part: `${name} ${name}-${value}`, x: x - 0.11, y: y - 0.11, width: 0.22, height: 0.22 }),
          );
        } else if (content === 0 || (cellsDrawing && style.pieces)) {
          const tone = content === 0 ? (value > 0 ? 'pos' : value < 0 ? 'neg' : 'zero') : `on-${stoneKind(content, v.pieces)}`;
          const label = svg('text', { class: `ap ${tone}`, part: name, x, y: cellsDrawing ? y : y - 0.24 });
          label.textContent = formatOverlayValue(style, value);
          (content === 0 ? overlay : onPieces).append(label);
        }
      }
      for (const mark of marked.get(i) ?? []) {
        const style = markStyle(mark);
        if (style.shape && style.shape !== 'badge') {
          // Rings around the site (Tholian Go's targets), in a player's colour or the highlight's.
          rings.append(ringMark(x, y, style.shape, style.player ? stoneKind(style.player, v.pieces) : 'highlight', mark));
          continue;
        }
        // A badge at the piece's upper right (part mark-<name>), e.g. Populace's threatened `!`.
        const badge = svg('g', { class: `mark mark-${mark}`, part: `mark mark-${mark}` });
        const [bx, by] = [x + 0.27, y - 0.27];
        badge.append(svg('circle', { class: 'mark-disc', cx: bx, cy: by, r: 0.15 }));
        const t = svg('text', { class: 'mark-text', x: bx, y: by });
        t.textContent = style.symbol;
        badge.append(t);
        badges.append(badge);
      }
      if (destinations.has(i)) {
        if (cellsDrawing && i !== this.selected) marks.append(svg('polygon', { class: 'dest-cell', points: hexagonPoints(x, y) }));
        marks.append(i === this.selected ? svg('circle', { class: 'stay', part: 'highlight stay', cx: x, cy: y, r: 0.3 }) : svg('circle', { class: 'dest', part: 'highlight', cx: x, cy: y, r: websDrawing ? 0.22 : 0.18 }));
      }
      if (i === this.selected) {
        marks.append(
          cellsDrawing
            ? svg('polygon', { class: 'selected', part: 'selected', points: hexagonPoints(x, y, CELL_RADIUS - 0.05) })
            : svg('circle', { class: 'selected', part: 'selected', cx: x, cy: y, r: stoneRadius + 0.07 }),
        );
      }
      if (last?.to === i) marks.append(svg('circle', { class: 'last', part: 'last-move', cx: x, cy: y, r: websDrawing ? 0.23 : 0.2 }));
      if (last?.from === i) marks.append(svg('circle', { class: 'from', part: 'last-move-from', cx: x, cy: y, r: 0.09 }));
      // Around the stone, clear of a neutral stone's own ring.
      if (changed.has(i)) marks.append(svg('circle', { class: 'changed', part: 'changed', cx: x, cy: y, r: stoneRadius + 0.06 }));
      if (i === this.focusSite && this.root.activeElement === this.board) marks.append(svg('circle', { class: 'focus', cx: x, cy: y, r: stoneRadius + 0.09 }));
      const label = this.describeSite(i);
      hits.append(
        cellsDrawing
          ? svg('polygon', { class: 'hit', points: hexagonPoints(x, y), 'data-site': i, role: 'gridcell', 'aria-label': label })
          : svg('circle', { class: 'hit', cx: x, cy: y, r: 0.5, 'data-site': i, role: 'gridcell', 'aria-label': label }),
      );
    });
    const path = v.details.path ?? [];
    g.append(overlay, this.drawHeat(points, cellsDrawing), rings, stones, pathLayer(path, points), onPieces, marks, badges, this.drawHint(points), hits);
    this.drawTip(points, layout.viewBox[1]);
    this.renderStatus();
    this.renderLegend();
  }

  /**
   * The legend under the board: every overlay the game offers, every mark it has shown in this
   * game, its other pieces (Refugia's neutral stone), and the highlights in use.
   */
  private renderLegend(): void {
    const v = this.view;
    if (!v) return;
    for (const { mark } of v.details.marks ?? []) this.seen.marks.add(mark);
    if (v.legal.some((m) => m.at !== undefined && m.to === m.at)) this.seen.stay = true;
    if (v.details.changed.length > 0) this.seen.changed = true;
    const cells = v.drawing === 'cells';
    const items: Array<{ swatch: string; text: string }> = [];
    for (const mark of this.seen.marks) items.push({ swatch: `mark:${mark}`, text: markStyle(mark).legend });
    for (const name of v.overlays) {
      const style = overlayStyle(name);
      items.push({ swatch: style.kind === 'owner' ? (cells ? 'tint' : 'square') : 'number', text: overlayLegend(name, v.players, v.drawing) });
    }
    v.pieces.slice(3).forEach((piece, k) => items.push({ swatch: `piece:${k + 3}`, text: `${piece} stone: an enemy of both players` }));
    const webs = v.drawing === 'webs';
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
    if (key === this.legendKey) return;
    this.legendKey = key;
    this.legendList.replaceChildren(
      ...items.map(({ swatch, text }) => {
        const li = html('li', { part: 'legend-item' });
        li.append(this.legendSwatch(swatch, v), ` ${text}`);
        return li;
      }),
    );
  }

  /**
   * A small picture of what a legend line explains, drawn as on the board with the same custom
   * properties (HTML and CSS, so that the board stays the element's only SVG).
   */
  private legendSwatch(kind: string, v: GameView): HTMLSpanElement {
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

  /** The analysis' heat map: each cell tinted by its moves' share of the search (part heat), the share written on it. */
  private drawHeat(points: readonly (readonly [number, number])[], cellsDrawing: boolean): SVGGElement {
    const layer = svg('g', { part: 'heat' });
    if (!this.heat) return layer;
    const top = Math.max(...this.heat.values(), 1e-9);
    for (const [cell, share] of this.heat) {
      const at = points[cell];
      // Moves the search hardly looked at would tint the whole board: only those with a tenth of the best's share or more.
      if (!at || share < top / 10) continue;
      const [x, y] = at;
      const strength = (0.1 + 0.7 * (share / top)).toFixed(3);
      layer.append(
        cellsDrawing
          ? svg('polygon', { class: 'heat', points: hexagonPoints(x, y, CELL_RADIUS - 0.02), 'fill-opacity': strength, 'data-share': share.toFixed(4), 'data-cell': cell })
          : svg('circle', { class: 'heat', cx: x, cy: y, r: 0.42, 'fill-opacity': strength, 'data-share': share.toFixed(4), 'data-cell': cell }),
      );
      if (share >= 0.02) {
        const t = svg('text', { class: 'heat-share', x, y: y + 0.3 });
        t.textContent = `${Math.round(share * 100)}%`;
        layer.append(t);
      }
    }
    return layer;
  }

  /** The hint: an arrow from origin to destination, or a ring on a placement (part hint). */
  private drawHint(points: readonly (readonly [number, number])[]): SVGGElement {
    const layer = svg('g', { part: 'hint' });
    const m = this.hintMove;
    if (!m || m.at === undefined || !points[m.at]) return layer;
    const [x1, y1] = points[m.at]!;
    const end = moveEnd(m);
    if (end === undefined || end === m.at || !points[end]) {
      layer.append(svg('circle', { class: 'hint-ring', cx: x1, cy: y1, r: 0.36, 'data-at': m.at }));
      return layer;
    }
    const [x2, y2] = points[end]!;
    // Stops short of the destination's centre, so the head points at the site rather than covering it.
    const length = Math.hypot(x2 - x1, y2 - y1);
    const k = Math.max(0, (length - 0.22) / length);
    layer.append(svg('line', { class: 'hint-arrow', x1, y1, x2: x1 + (x2 - x1) * k, y2: y1 + (y2 - y1) * k, 'marker-end': 'url(#hint-head)', 'data-at': m.at, 'data-to': end }));
    return layer;
  }

  /** The hover tip: the site's label and the values of the overlays that have a short name. */
  private drawTip(points: readonly (readonly [number, number])[], top0: number): void {
    const v = this.view!;
    if (this.hover === null || this.hover >= points.length) return;
    const parts = [v.board.sites[this.hover]!.label];
    for (const { cell, mark } of v.details.marks ?? []) if (cell === this.hover) parts.push(markStyle(mark).tip ?? mark);
    for (const name of v.overlays) {
      const style = overlayStyle(name);
      const values = this.overlays.get(name);
      const value = values?.[this.hover];
      if (style.tip !== undefined && value !== undefined && value !== NO_VALUE) parts.push(`${style.tip} ${formatOverlayValue(style, value)}`);
    }
    // Webs letter no rows or columns at the edges: there the tip always names the node.
    if (parts.length < 2 && v.drawing !== 'webs') return;
    const text = parts.join('  ');
    const [x, y] = points[this.hover]!;
    const width = Math.max(1.8, text.length * 0.17 + 0.3);
    // Above the site, or below it where above would leave the board.
    const top = y - 1.05 < top0 ? y + 0.63 : y - 1.05;
    const tip = svg('g', { part: 'tooltip' });
    tip.append(svg('rect', { class: 'tip-bg', x: x - width / 2, y: top, width, height: 0.42, rx: 0.1 }));
    const t = svg('text', { class: 'tip', x, y: top + 0.21 });
    t.textContent = text;
    tip.append(t);
    this.board.append(tip);
  }

  private pieceName(value: number): string {
    const v = this.view!;
    return value === 0 ? 'empty' : value <= 2 ? v.players[value - 1]! : `${v.pieces[value] ?? 'piece'} stone`;
  }

  private describeSite(i: number): string {
    const v = this.view!;
    const marks = (v.details.marks ?? []).filter((m) => m.cell === i).map((m) => m.mark);
    return [v.board.sites[i]!.label, this.pieceName(v.cells[i]!), ...marks].join(' ');
  }

  private renderStatus(): void {
    const v = this.view;
    if (!v) return;
    // A colour's name, with who plays it where the element knows ("Black (you)", "White (AI)").
    // Who plays, where the element knows it: the seat span says "you" or "AI".
    if (v.outcome) {
      const o = v.outcome;
      this.turn.textContent = o.winner === 0 ? `Game over: a draw` : `Game over: ${v.players[o.winner - 1]} wins`;
      const name = o.winner === 0 ? '' : this.seatName(this.seatOf(o.winner));
      this.seat.textContent = name === 'you' ? '(you win)' : name === 'AI' ? '(the AI wins)' : '';
      this.duty.textContent = '';
    } else {
      this.turn.textContent = v.details.turn;
      const name = this.seatName(this.seatOf(v.toMove));
      this.seat.textContent = name === 'AI' && this.paused ? '· the AI is paused: play its move yourself, or resume it' : name === 'you' ? '· your move' : name === 'AI' ? '· the AI’s move' : '';
      this.duty.textContent = v.details.duty;
    }
    const notes = v.details.scoreNotes ?? ['', ''];
    const score = (k: 0 | 1): string => `${v.players[k]} ${formatScore(v.scores[k])}${notes[k] ? ` (${notes[k]})` : ''}`;
    this.scores.textContent = `${score(0)} · ${score(1)}`;
    if (this.thinkingFor !== null) {
      const p = this.thinking;
      const who = v.players[this.thinkingFor - 1];
      const best = p ? (p.best.at !== undefined ? v.board.sites[p.best.at]?.label : undefined) ?? p.best.kind : '';
      // Alpha-beta reports depths and nodes, the tree search its playouts.
      const work = p?.depth !== undefined ? `depth ${p.depth}, ${p.iterations.toLocaleString()} positions` : `${p?.iterations.toLocaleString()} playouts`;
      this.info.textContent = p ? `${who} is thinking… ${work}, best ${best}` : `${who} is thinking…`;
    } else if (!this.info.textContent?.startsWith('Error')) {
      this.info.textContent = this.hintText;
    }
    // One button per kind of legal move without a cell; those shown last stay (disabled) otherwise.
    const canMove = this.canUserMove();
    const kinds = buttonKinds(v.legal);
    const visible = visibleButtons(kinds, this.shownButtons.game === v.game ? this.shownButtons.kinds : []);
    this.shownButtons = { game: v.game, kinds: visible };
    for (const kind of visible) this.button(kind);
    for (const [kind, b] of this.buttons) {
      b.classList.toggle('hidden', !visible.includes(kind));
      b.disabled = !canMove || !kinds.includes(kind);
    }
    this.cancelButton.classList.toggle('hidden', (v.details.path?.length ?? 0) < 2 || !canMove);
    this.resumeButton.classList.toggle('hidden', !this.paused || Object.keys(this.ai).length === 0 || !!v.outcome);
    this.hintButton.classList.toggle('hidden', !booleanAttribute(this, 'hints'));
    this.hintButton.disabled = !canMove;
    this.board.setAttribute('aria-busy', this.thinkingFor !== null ? 'true' : 'false');
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
