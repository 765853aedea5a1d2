/**
 * The demo page: a <game-board> against the engine's AI, for every game the engine plays
 * (Throngs, Refugia, Populace, Tholian Go), with a new-game dialog, the move list, undo/redo, record
 * import/export, a shareable link, and the game kept across reloads. Players are seats: the one
 * who began as Black and the one who began as White, whatever colour a pie's swap (Populace)
 * later gives them.
 */
import { GameBoard } from '../bindings/ui/element.js';
import { EngineClient, type GameInfo } from '../bindings/worker/client.js';
import type { GameView } from '../bindings/engine/view.js';
import { hexhexSpec, perforatedExample, torusSpec } from '../bindings/ui/catalog.js';
import { formatScore, overlayStyle } from '../bindings/ui/overlays.js';
import { recordMoves } from '../bindings/ui/board-logic.js';
import { joinPosition, placePiece, setSideToMove, sideToMove, splitPosition, type PositionParts } from '../bindings/ui/position-edit.js';

type Seat = 'human' | number;
/**
 * Who plays the first and the second seat (black and white in Throngs, dark and light in
 * Refugia): the players who began with those colours, who keep their choice after a swap.
 */
interface Players {
  black: Seat;
  white: Seat;
}
interface Saved {
  /** The whole game line, the moves taken back with Undo included (see wholeRecord). */
  record: string;
  /** How many of its moves are played (the rest wait on Redo); all when absent. */
  move?: number;
  game: string | null;
  players: Players;
  /** Overlays shown, by name (show-<name> on the board). */
  overlays: string[];
}

// The element module defines <game-board> when loaded; defining it here as well keeps the page
// working where a bundler drops modules imported only for their side effects (package.json's
// `sideEffects` lists the published files, not these sources).
if (!customElements.get('game-board')) customElements.define('game-board', GameBoard);

const STORAGE_KEY = 'throngs-demo';
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const board = $<GameBoard>('board');
const movesList = $<HTMLOListElement>('moves');
const notice = $<HTMLParagraphElement>('notice');
const gameOver = $<HTMLDivElement>('gameover');
const newDialog = $<HTMLDialogElement>('new-dialog');
const newForm = $<HTMLFormElement>('new-form');
const gameChoice = $<HTMLSelectElement>('game-choice');
const boardChoice = $<HTMLSelectElement>('board-choice');
const recordDialog = $<HTMLDialogElement>('record-dialog');
const recordText = $<HTMLTextAreaElement>('record-text');
const recordError = $<HTMLParagraphElement>('record-error');
const toggles = $<HTMLDivElement>('overlay-toggles');

/** The games the engine plays, the default first (asked from the board's worker at start-up). */
let games: readonly GameInfo[] = [];
let players: Players = { black: 'human', white: 3 };
/** Overlays the player has switched on. */
let shownOverlays = new Set<string>();
/** Moves taken back with Undo, most recent last, for Redo. */
let redoStack: string[] = [];
let view: GameView | null = null;
/** Whether the address holds the game (after Share, or opened from a link with a record). */
let linkInAddress = false;
/** True while Redo replays a move (which must not clear the redo line). */
let redoing = false;

const defaultGame = (): GameInfo => games[0]!;
/** A game by id or title (any case), else null. */
function gameInfo(value: string | null | undefined): GameInfo | null {
  const key = value?.trim().toLowerCase();
  return games.find((g) => g.id === key || g.title.toLowerCase() === key) ?? null;
}
const currentGame = (): GameInfo => gameInfo(view?.game) ?? defaultGame();

/** Longest run of characters without a space an error shows, and longest error shown. */
const MAX_RUN = 48;
const MAX_ERROR = 240;

/**
 * An error as the page shows it: the typed error's message (the engine's errors quote only the
 * part of a record around the fault), with any long run of characters without a space cut short
 * and the whole kept to a couple of lines, so that a pasted record is never echoed back whole.
 */
function errorText(e: unknown): string {
  const message = e instanceof Error ? e.message : String(e);
  const runs = message.replace(new RegExp(`\\S{${MAX_RUN + 1},}`, 'g'), (run) => `${run.slice(0, MAX_RUN - 8)}…${run.slice(-4)}`);
  return runs.length > MAX_ERROR ? `${runs.slice(0, MAX_ERROR - 1)}…` : runs;
}

// ------------------------------------------------------------------ players and settings

function seatLabel(seat: Seat): string {
  return seat === 'human' ? 'Human' : `AI level ${seat}`;
}

/** The board's ai attribute: black and white are the first and second side of any game. */
function aiAttribute(p: Players): string {
  const parts: string[] = [];
  if (p.black !== 'human') parts.push(`black:${p.black}`);
  if (p.white !== 'human') parts.push(`white:${p.white}`);
  return parts.join(',') || 'none';
}

/** The seat now playing `colour` (1 or 2): the colour itself unless a swap exchanged seats. */
function seatOf(v: GameView | null, colour: 1 | 2): 1 | 2 {
  return v?.seats?.[colour - 1] ?? colour;
}

/** Who plays a colour now: the choice of the seat that plays it. */
function choiceFor(v: GameView | null, colour: 1 | 2): Seat {
  return seatOf(v, colour) === 1 ? players.black : players.white;
}

function renderPlayers(): void {
  const panel = $('players');
  if (games.length === 0) return;
  panel.replaceChildren();
  const names = currentGame().players;
  for (const colour of [1, 2] as const) {
    const line = document.createElement('div');
    line.dataset.colour = String(colour);
    const strong = document.createElement('strong');
    strong.textContent = `${names[colour - 1]}: `;
    line.append(strong, seatLabel(choiceFor(view, colour)));
    if (seatOf(view, colour) !== colour) {
      const note = document.createElement('span');
      note.className = 'seat-note';
      note.textContent = ` (the ${colour === 1 ? 'second' : 'first'} player, after the swap)`;
      line.append(note);
    }
    panel.append(line);
  }
}

function applyPlayers(p: Players): void {
  players = p;
  board.setAttribute('ai', aiAttribute(p));
  renderPlayers();
}

function parseSeat(value: string | null | undefined): Seat | null {
  if (value === 'human') return 'human';
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : null;
}

function save(): void {
  if (!view) return;
  const saved: Saved = { record: wholeRecord(), move: view.history.length, game: view.game, players, overlays: [...shownOverlays] };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage can be full or disabled; the game goes on without it.
  }
  // An address that holds the game follows it, so that a reload never goes back to an older move.
  if (linkInAddress) history.replaceState(null, '', shareUrl());
}

function loadSaved(): Saved | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Saved> & { showPotential?: boolean; showTerritory?: boolean };
    const black = parseSeat(String(s.players?.black));
    const white = parseSeat(String(s.players?.white));
    if (typeof s.record !== 'string' || black === null || white === null) return null;
    // Games saved before the demo played several games have no game: their record says it.
    const game = gameInfo(s.game)?.id ?? null;
    // Games saved before the demo played several games named their two overlays apart.
    const overlays = Array.isArray(s.overlays) ? s.overlays.filter((o): o is string => typeof o === 'string') : [];
    if (s.showPotential) overlays.push('potential');
    if (s.showTerritory) overlays.push('territory');
    const move = typeof s.move === 'number' && Number.isInteger(s.move) && s.move >= 0 ? s.move : undefined;
    return { record: s.record, move, game, players: { black, white }, overlays };
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ overlays

function setOverlay(name: string, on: boolean): void {
  if (on) shownOverlays.add(name);
  else shownOverlays.delete(name);
  board.toggleAttribute(`show-${name}`, on);
}

/** One checkbox per overlay the game offers (Throngs: action potential, territory; Refugia: enemies). */
function renderToggles(v: GameView): void {
  if (toggles.dataset.game === v.game) return;
  toggles.dataset.game = v.game;
  toggles.replaceChildren();
  for (const name of v.overlays) {
    const label = document.createElement('label');
    label.className = 'toggle';
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.id = `show-${name}`;
    box.checked = shownOverlays.has(name);
    box.addEventListener('change', () => {
      setOverlay(name, box.checked);
      save();
    });
    label.append(box, ` Show ${overlayStyle(name).label}`);
    toggles.append(label);
  }
}

// ------------------------------------------------------------------ share links

const toBase64Url = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

/** The moves Redo would replay, in the order they were played. */
const laterMoves = (): string[] => [...redoStack].reverse();

/**
 * The whole game line: the record with the moves taken back (Redo's) after it, so that a link
 * or an evaluation covers the game and not only the moves up to the one on show. A record's
 * moves need no parentheses, so the later moves are simply written after it.
 */
function wholeRecord(): string {
  const record = view?.record ?? '';
  const later = laterMoves();
  return later.length === 0 ? record : `${record.trimEnd()} ${later.join(' ')}\n`;
}

/** A link to the whole game, open at the move on show (`move`: how many moves are played). */
function shareUrl(): string {
  const params = new URLSearchParams({
    game: currentGame().id,
    record: toBase64Url(wholeRecord()),
    move: String(view?.history.length ?? 0),
    black: String(players.black),
    white: String(players.white),
  });
  return `${location.origin}${location.pathname}#${params}`;
}

/**
 * A link's game and players: `#game=refugia&record=<record>&black=human&white=3`; any part may
 * be left out. `game` names the game (a new one starts when there is no record); links made
 * before the demo played several games carry the record itself in `game`. The sides may also be
 * called by the game's player names (`#game=refugia&dark=human&light=6`).
 */
/** Longest link read: a record of any real game fits many times over; a giant one is refused at once. */
const MAX_LINK = 200_000;

interface Link {
  game: string | null;
  record: string | null;
  /** The move the link opens at (moves played), when it names one. */
  move: number | null;
  /** A position to start from (a link from the position editor). */
  position: string | null;
  players: Players | null;
}

function fromHash(): Link | null {
  if (!location.hash.startsWith('#')) return null;
  if (location.hash.length > MAX_LINK) {
    notice.textContent = `The link is too long to be a game (over ${MAX_LINK.toLocaleString('en-US')} characters); a new game starts.`;
    return null;
  }
  const params = new URLSearchParams(location.hash.slice(1));
  const gameParam = params.get('game');
  const game = gameInfo(gameParam)?.id ?? null;
  let record: string | null = null;
  try {
    const encoded = params.get('record') ?? (game === null ? gameParam : null);
    record = encoded ? fromBase64Url(encoded) : null;
  } catch {
    notice.textContent = 'The link’s game could not be read.';
  }
  const [first, second] = (gameInfo(game) ?? defaultGame()).players.map((n) => n.toLowerCase());
  const black = parseSeat(params.get('black') ?? params.get(first!));
  const white = parseSeat(params.get('white') ?? params.get(second!));
  const seats = black !== null || white !== null ? { black: black ?? 'human', white: white ?? 'human' } : null;
  const moveParam = params.get('move');
  let move: number | null = null;
  if (moveParam !== null) {
    move = /^\d{1,6}$/.test(moveParam) ? Number(moveParam) : null;
    if (move === null) notice.textContent = `The link’s move “${moveParam.slice(0, 20)}” is not a move number; the game opens at its last move.`;
  }
  let position: string | null = null;
  try {
    const encoded = params.get('position');
    position = encoded ? fromBase64Url(encoded) : null;
  } catch {
    notice.textContent = 'The link’s position could not be read.';
  }
  return record !== null || position !== null || seats || game ? { game, record, move, position, players: seats } : null;
}

// ------------------------------------------------------------------ move list and game over

/**
 * The seat that played each move. Seats follow colours until a swap of seats (Populace's pie):
 * when the game's seats are exchanged now, every move after its last `swap` was played by the
 * other seat than its colour's first one.
 */
function seatsOfMoves(v: GameView): Array<1 | 2> {
  const swappedNow = seatOf(v, 1) !== 1;
  const swapAt = swappedNow ? v.history.map((h) => h.move.kind).lastIndexOf('swap') : -1;
  return v.history.map((h, i) => (swapAt >= 0 && i > swapAt ? (h.player === 1 ? 2 : 1) : h.player));
}

function renderMoves(v: GameView): void {
  movesList.replaceChildren();
  // One line per turn (block of moves by one player at the table).
  let line: HTMLLIElement | null = null;
  let last = '';
  const seats = seatsOfMoves(v);
  v.history.forEach((entry, i) => {
    const who = `${entry.player}/${seats[i]}`;
    if (who !== last || !line) {
      line = document.createElement('li');
      line.className = entry.player === 1 ? 'black' : 'white';
      line.textContent = `${v.players[entry.player - 1]}: `;
      movesList.append(line);
      last = who;
    }
    // A push path's next step is written on to its move (D1.1>D2.1>D2.2), as in records.
    if (entry.continues && line.textContent.endsWith(' ')) line.textContent = line.textContent.slice(0, -1);
    line.textContent += `${entry.notation} `;
  });
  movesList.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

const REASONS: Readonly<Record<string, string>> = {
  allPassed: 'both sides passed',
  scoreThreshold: 'a score passed half the board plus 3',
  fullScore: 'the scores filled the board',
  twoPasses: 'two passes in a row',
};

function renderGameOver(v: GameView): void {
  const o = v.outcome;
  gameOver.hidden = !o;
  if (!o) return;
  gameOver.replaceChildren();
  const title = document.createElement('strong');
  const winner = o.winner === 0 ? 'A draw' : `${v.players[o.winner - 1]}${seatOf(v, o.winner) !== o.winner ? ` (the ${o.winner === 1 ? 'second' : 'first'} player)` : ''} wins`;
  title.textContent = `${winner} ${formatScore(o.scores[0])}–${formatScore(o.scores[1])} (${REASONS[o.reason] ?? o.reason})`;
  const table = document.createElement('table');
  const row = (cells: string[], header = false): HTMLTableRowElement => {
    const tr = document.createElement('tr');
    for (const c of cells) {
      const td = document.createElement(header ? 'th' : 'td');
      td.textContent = c;
      tr.append(td);
    }
    return tr;
  };
  table.append(row(['', ...v.players], true));
  for (const part of v.details.breakdown) {
    table.append(row([part.label.charAt(0).toUpperCase() + part.label.slice(1), formatScore(part.values[0]), formatScore(part.values[1])]));
  }
  gameOver.append(title, table);
}

function renderTitle(v: GameView): void {
  $('title').textContent = v.title;
  document.title = `${v.title} — play against the engine`;
}

function updateButtons(): void {
  ($('undo') as HTMLButtonElement).disabled = !view || view.history.length === 0;
  ($('redo') as HTMLButtonElement).disabled = redoStack.length === 0;
}

board.addEventListener('change', (e) => {
  const previous = view;
  view = (e as CustomEvent<GameView>).detail;
  if (view.game !== previous?.game) {
    renderTitle(view);
    renderHowTo();
  }
  if (view.game !== previous?.game || String(view.seats) !== String(previous?.seats)) renderPlayers();
  renderToggles(view);
  renderMoves(view);
  renderGameOver(view);
  // A game taken back from its end (undo, or another game) is no longer over.
  if (!view.outcome && notice.dataset.kind === 'gameover' && notice.textContent === 'Game over.') {
    notice.textContent = '';
    delete notice.dataset.kind;
  }
  updateButtons();
  // What the analysis said belongs to the position it was made for.
  if (analysisText.dataset.record !== view.record) {
    analysisText.textContent = '';
    delete analysisText.dataset.win;
  }
  drawGraph();
  save();
});
board.addEventListener('analysis', () => (analysisText.dataset.record = view?.record ?? ''));

board.addEventListener('move', (e) => {
  const { notation } = (e as CustomEvent<{ notation: string }>).detail;
  // A move other than the one Redo would replay ends the redo line.
  if (redoStack.length > 0 && redoStack.at(-1) === notation) redoStack.pop();
  else if (!redoing) redoStack = [];
  updateButtons();
  // The change event saved the game before the redo line caught up with the move.
  save();
});

// ------------------------------------------------------------------ how to play

const howto = $<HTMLElement>('howto');
const howtoButton = $<HTMLButtonElement>('howto-button');
/** The example boards, made once per game (each has its own engine worker, kept for the page's life). */
const examples = new Map<string, GameBoard>();

/**
 * Fills the "How to play" panel for the game on the board: the guide's text, and its worked
 * example drawn by a small non-interactive <game-board> (made anew only when the game changes).
 */
function renderHowTo(): void {
  if (howto.hidden || games.length === 0) return;
  const game = currentGame();
  if (howto.dataset.game === game.id) return;
  howto.dataset.game = game.id;
  $('howto-title').textContent = `How to play ${game.title}`;
  const guide = game.howToPlay;
  const text = $('howto-text');
  text.replaceChildren();
  const diagram = $('howto-diagram');
  diagram.replaceChildren();
  $('howto-caption').textContent = '';
  for (const section of guide.sections) {
    const h = document.createElement('h3');
    h.textContent = section.heading;
    text.append(h);
    for (const paragraph of section.paragraphs) {
      const p = document.createElement('p');
      p.textContent = paragraph;
      text.append(p);
    }
  }
  let example = examples.get(game.id);
  if (!example) {
    example = document.createElement('game-board');
    example.className = 'howto-board';
    example.setAttribute('game', game.id);
    example.setAttribute('position', guide.diagram.position);
    for (const name of guide.diagram.overlays) example.toggleAttribute(`show-${name}`, true);
    example.setAttribute('aria-label', `Example: ${guide.diagram.caption}`);
    examples.set(game.id, example);
  }
  diagram.append(example);
  $('howto-caption').textContent = guide.diagram.caption;
}

function toggleHowTo(open = howto.hidden): void {
  howto.hidden = !open;
  howtoButton.setAttribute('aria-expanded', String(open));
  if (!open) return;
  renderHowTo();
  howto.scrollIntoView({ block: 'nearest' });
}

// ------------------------------------------------------------------ undo and redo

function humanToMove(v: GameView): boolean {
  return choiceFor(v, v.toMove) === 'human';
}

async function undo(): Promise<void> {
  if (!view || view.history.length === 0) return;
  // Take back at least one move, and on until a human is to move (past the AI's replies).
  do {
    const last = view.history.at(-1)!;
    redoStack.push(last.notation);
    view = await board.undo();
  } while (view.history.length > 0 && !humanToMove(view) && (players.black === 'human' || players.white === 'human'));
  // AI against AI: the game goes on from the position taken back to (the board waits otherwise).
  if (players.black !== 'human' && players.white !== 'human') board.think();
  updateButtons();
}

async function redo(): Promise<void> {
  const next = redoStack.at(-1);
  if (!next) return;
  redoing = true;
  try {
    await board.play(next);
  } finally {
    redoing = false;
  }
  if (redoStack.length === 0) board.think();
  updateButtons();
}

// ------------------------------------------------------------------ analysis

/** Whether the AI is paused (its seats keep their choice; the board's ai-paused attribute holds it back). */
let paused = false;
const analysisText = $<HTMLParagraphElement>('analysis');
const graph = $<HTMLDivElement>('graph');
/** The first player's chance to win after each move (index: moves played), from the last evaluation. */
let evaluation: { line: string; tags: string; values: number[] } | null = null;
/** A record's tag lines (game, board, set-up, options): which game a line of moves belongs to. */
const recordTags = (record: string): string => record.split(/\n\s*\n/)[0] ?? '';
/** Its own engine worker, so that evaluating a game never disturbs the board's. */
let evaluator: EngineClient | null = null;

const percent = (p: number): string => `${Math.round(p * 100)}%`;

/** Searches the position on the board and says what it found: the heat map is on the board. */
async function analyse(): Promise<void> {
  if (!view) return;
  if (view.outcome) {
    analysisText.textContent = 'The game is over: nothing to analyse.';
    return;
  }
  const mover = view.players[view.toMove - 1];
  analysisText.textContent = `Analysing (${mover} to move)…`;
  const found = await board.analyse({ timeMs: 1500 }, (p) => {
    analysisText.textContent = `Analysing… ${p.iterations.toLocaleString('en-US')} playouts, ${mover} ${percent(p.bestValue)} to win`;
  });
  if (!found) return;
  analysisText.replaceChildren(
    `${mover} to move: ${percent(found.winProbability)} to win (${found.result.iterations.toLocaleString('en-US')} playouts). Best line: `,
    Object.assign(document.createElement('span'), { className: 'line', textContent: found.line.join(' ') }),
  );
  analysisText.dataset.win = found.winProbability.toFixed(4);
}

/** Steps through the game: back with undo one move at a time, forward with the redo line. */
async function stepTo(target: number): Promise<void> {
  if (!view) return;
  // Stepping through a game is studying it: the AI waits until resumed.
  if (!paused && (players.black !== 'human' || players.white !== 'human')) setPaused(true);
  const end = view.history.length + redoStack.length;
  const to = Math.max(0, Math.min(end, target));
  while (view && view.history.length > to) {
    redoStack.push(view.history.at(-1)!.notation);
    view = await board.undo();
  }
  while (view && view.history.length < to && redoStack.length > 0) {
    redoing = true;
    try {
      view = await board.play(redoStack.at(-1)!);
    } finally {
      redoing = false;
    }
  }
  updateButtons();
  drawGraph();
}

/**
 * The evaluation graph: after each move of the whole game line, a short search from its own
 * worker says how the first player stands (a finished game counts as won, lost or drawn).
 */
async function evaluateGame(): Promise<void> {
  if (!view) return;
  const line = wholeRecord();
  const total = view.history.length + redoStack.length;
  const button = $<HTMLButtonElement>('evaluate');
  button.disabled = true;
  try {
    evaluator ??= new EngineClient();
    let v = await evaluator.loadRecord(line);
    const values: number[] = new Array<number>(total + 1).fill(0.5);
    for (let i = v.history.length; i >= 0; i--) {
      graph.textContent = `Evaluating move ${total - i + 1} of ${total + 1}…`;
      if (v.outcome) {
        values[i] = v.outcome.winner === 1 ? 1 : v.outcome.winner === 2 ? 0 : 0.5;
      } else {
        const r = await evaluator.search({ iterations: 600, seed: i + 1 });
        values[i] = v.toMove === 1 ? r.value : 1 - r.value;
      }
      if (i > 0) v = await evaluator.undo();
    }
    evaluation = { line, tags: recordTags(line), values };
    drawGraph();
  } catch (e) {
    graph.textContent = `The game could not be evaluated (${errorText(e)}).`;
  } finally {
    button.disabled = false;
  }
}

/** Draws the evaluation graph (a step per move, 50% dashed, the move on show in red); a click on it goes to that move. */
function drawGraph(): void {
  if (!evaluation || !view) return;
  // Only while the position on show is on the evaluated line.
  const evaluated = recordMoves(evaluation.line) ?? [];
  const sameGame = recordTags(view.record) === evaluation.tags;
  if (!sameGame || view.history.length >= evaluated.length + 1 || view.history.some((h, i) => h.notation !== evaluated[i])) {
    graph.replaceChildren();
    delete graph.dataset.values;
    return;
  }
  const { values } = evaluation;
  const NS = 'http://www.w3.org/2000/svg';
  const el = <K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] => {
    const node = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    return node;
  };
  const n = Math.max(1, values.length - 1);
  const W = 100;
  const H = 40;
  const x = (i: number): number => (i / n) * W;
  const y = (p: number): number => (1 - p) * H;
  const chart = el('svg', { viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: 'none', role: 'img', 'aria-label': `${view.players[0]}'s chance to win after each move` });
  const points = values.map((p, i) => `${x(i).toFixed(2)},${y(p).toFixed(2)}`).join(' ');
  chart.append(
    el('polygon', { class: 'area', points: `0,${H} ${points} ${W},${H}` }),
    el('line', { class: 'mid', x1: 0, y1: H / 2, x2: W, y2: H / 2 }),
    el('polyline', { class: 'curve', points }),
    el('line', { class: 'now', x1: x(view.history.length), y1: 0, x2: x(view.history.length), y2: H }),
  );
  values.forEach((p, i) => {
    const hit = el('rect', { class: 'point', x: x(i) - W / n / 2, y: 0, width: W / n, height: H, 'data-move': i });
    const title = el('title', {});
    title.textContent = `after move ${i}: ${view!.players[0]} ${percent(p)}`;
    hit.append(title);
    hit.addEventListener('click', () => void stepTo(i));
    chart.append(hit);
  });
  graph.replaceChildren(chart);
  graph.dataset.values = values.map((v) => v.toFixed(3)).join(' ');
}

function setPaused(on: boolean): void {
  paused = on;
  const button = $<HTMLButtonElement>('pause');
  button.setAttribute('aria-pressed', String(on));
  button.textContent = on ? 'Resume AI' : 'Pause AI';
  board.toggleAttribute('ai-paused', on);
}
board.addEventListener('airesume', () => setPaused(false));

$('analyse').addEventListener('click', () => void analyse());
$('evaluate').addEventListener('click', () => void evaluateGame());
$('step-first').addEventListener('click', () => void stepTo(0));
$('step-prev').addEventListener('click', () => void stepTo((view?.history.length ?? 0) - 1));
$('step-next').addEventListener('click', () => void stepTo((view?.history.length ?? 0) + 1));
$('step-last').addEventListener('click', () => void stepTo(Infinity));
$('pause').addEventListener('click', () => setPaused(!paused));
$<HTMLSelectElement>('ai-pace').addEventListener('change', (e) => board.setAttribute('ai-delay', (e.target as HTMLSelectElement).value));

// ------------------------------------------------------------------ position editor

const editor = $<HTMLElement>('editor');
const editButton = $<HTMLButtonElement>('edit');
const editorPosition = $<HTMLInputElement>('editor-position');
const editorStatus = $<HTMLParagraphElement>('editor-status');
const editorSide = $<HTMLSelectElement>('editor-side');
/** The piece kind a click puts down (index in GameView.pieces; 0 empties the cell). */
let editorKind = 1;
/** The position being edited as last written (the board shows the last valid one). */
let edited = '';

const editing = (): boolean => !editor.hidden;
const pieceName = (v: GameView, kind: number): string => (kind === 0 ? 'Empty' : kind <= 2 ? v.players[kind - 1]! : `${v.pieces[kind]!.charAt(0).toUpperCase()}${v.pieces[kind]!.slice(1)}`);

function editedParts(): PositionParts | null {
  if (!view) return null;
  const parts = splitPosition(edited, view.pieces.length - 1);
  if ('error' in parts) {
    editorStatus.textContent = `The position cannot be edited by clicks: ${parts.error}.`;
    editorStatus.dataset.valid = 'false';
    return null;
  }
  return parts;
}

function openEditor(): void {
  if (!view) return;
  editor.hidden = false;
  editButton.setAttribute('aria-expanded', 'true');
  board.setAttribute('editing', '');
  edited = view.position;
  editorPosition.value = edited;
  const pieces = $('editor-pieces');
  pieces.replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Piece' }));
  for (let kind = 0; kind < view.pieces.length; kind++) {
    const label = document.createElement('label');
    const radio = Object.assign(document.createElement('input'), { type: 'radio', name: 'editor-kind', value: String(kind), checked: kind === editorKind });
    radio.addEventListener('change', () => (editorKind = kind));
    label.append(radio, ` ${pieceName(view, kind)}`);
    pieces.append(label);
  }
  if (editorKind >= view.pieces.length) editorKind = 1;
  editorSide.replaceChildren(...view.players.map((name, i) => option(String(i + 1), name)));
  editorSide.value = String(view.toMove);
  editorStatus.textContent = 'Click a cell to change it.';
  delete editorStatus.dataset.valid;
}

function closeEditor(): void {
  editor.hidden = true;
  editButton.setAttribute('aria-expanded', 'false');
  board.removeAttribute('editing');
}

/** Shows `text` on the board when the engine takes it; else says why and keeps the board as it was. */
async function tryPosition(text: string): Promise<boolean> {
  edited = text;
  editorPosition.value = text;
  try {
    await board.newGame({ game: currentGame().id, position: text });
    redoStack = [];
    updateButtons();
    editorStatus.textContent = 'A valid position.';
    editorStatus.dataset.valid = 'true';
    const parts = editedParts();
    const side = parts ? sideToMove(parts) : null;
    if (side) editorSide.value = String(side);
    return true;
  } catch (e) {
    editorStatus.textContent = `Not a valid position: ${errorText(e)}`;
    editorStatus.dataset.valid = 'false';
    return false;
  }
}

board.addEventListener('cellpick', (e) => {
  const { label } = (e as CustomEvent<{ label: string }>).detail;
  const parts = editedParts();
  if (parts) void tryPosition(joinPosition(placePiece(parts, label, editorKind)));
});
editorSide.addEventListener('change', () => {
  const parts = editedParts();
  if (parts) void tryPosition(joinPosition(setSideToMove(parts, Number(editorSide.value) === 2 ? 2 : 1)));
});
$('editor-check').addEventListener('click', () => void tryPosition(editorPosition.value.trim()));
editorPosition.addEventListener('keydown', (e) => {
  if (e.key === 'Enter') void tryPosition(editorPosition.value.trim());
});
$('editor-clear').addEventListener('click', () => {
  const parts = editedParts();
  if (parts) void tryPosition(joinPosition({ ...parts, lists: parts.lists.map((l) => ({ key: l.key, cells: [] })) }));
});
$('editor-play').addEventListener('click', async () => {
  // What the board shows is the last valid position: play from it only when it is the one written.
  if (editorStatus.dataset.valid === 'false' || !(await tryPosition(edited))) return;
  closeEditor();
  notice.textContent = 'Playing from the edited position.';
});
$('editor-share').addEventListener('click', async () => {
  const params = new URLSearchParams({ game: currentGame().id, position: toBase64Url(edited), black: String(players.black), white: String(players.white) });
  const url = `${location.origin}${location.pathname}#${params}`;
  history.replaceState(null, '', url);
  linkInAddress = false;
  try {
    await navigator.clipboard.writeText(url);
    editorStatus.textContent = 'Link copied: it opens this position.';
  } catch {
    editorStatus.textContent = 'This page’s address now holds the position; copy it from the address bar.';
  }
});
editButton.addEventListener('click', () => (editing() ? closeEditor() : openEditor()));

// ------------------------------------------------------------------ new game

const SETUP_LABELS: Readonly<Record<string, string>> = { standard: 'Standard stones', pie: 'Three-stone pie', empty: 'Empty board' };

function option(value: string, text: string): HTMLOptionElement {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  return o;
}

function fillPlayerChoices(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('.player-choice')) {
    select.replaceChildren();
    for (const value of ['human', '1', '2', '3', '4', '5', '6', '7', '8']) select.append(option(value, value === 'human' ? 'Human' : `AI level ${value}`));
  }
}

function fillGameChoices(): void {
  gameChoice.replaceChildren(...games.map((g) => option(g.id, g.title)));
}

/** The dialog's boards, set-ups, rule options and side names follow the chosen game. */
function fillGameForm(rules: GameInfo): void {
  const unit = rules.drawing === 'cells' ? 'cells' : rules.drawing === 'webs' ? 'nodes' : 'sites';
  boardChoice.replaceChildren();
  for (const name of rules.namedBoards) {
    const size = rules.boardSizes[name] !== undefined ? ` — ${rules.boardSizes[name]} ${unit}` : '';
    boardChoice.append(option(name, `${name}${size}${name === rules.defaultBoard ? ' (default)' : ''}`));
  }
  // Shapes only for a game that plays them (Tholian Go's webs are its named boards alone).
  if (rules.shapes) boardChoice.append(option('hexhex', 'Hexagon of side…'), option('torus', 'Torus…'), option('perforated', 'Perforated hexagon (example)'));
  boardChoice.value = rules.defaultBoard;

  const setup = $<HTMLSelectElement>('setup-choice');
  setup.replaceChildren(...rules.setups.map((s) => option(s, SETUP_LABELS[s] ?? s)));
  $('setup-row').hidden = rules.setups.length < 2;

  const list = $('options-list');
  list.replaceChildren();
  for (const [name, spec] of Object.entries(rules.options)) {
    const label = document.createElement('label');
    const text = spec.description.charAt(0).toUpperCase() + spec.description.slice(1);
    if (isOnOff(spec.values)) {
      // A rule that is on or off: a checkbox, ticked when the rule is on by default.
      const box = document.createElement('input');
      box.type = 'checkbox';
      box.name = `option-${name}`;
      box.checked = spec.values[0] === true;
      label.append(box, ` ${text}`);
    } else {
      const select = document.createElement('select');
      select.name = `option-${name}`;
      select.append(...spec.values.map((v, i) => option(String(i), optionText(v))));
      label.append(`${text}: `, select);
    }
    list.append(label);
  }
  $('options-block').hidden = Object.keys(rules.options).length === 0;
  const [first, second] = rules.players;
  $('first-name').textContent = first;
  $('second-name').textContent = second;
  syncSizeRows();
}

/** Whether an option's values are just on and off (in either order). */
function isOnOff(values: readonly unknown[]): boolean {
  return values.length === 2 && values.includes(true) && values.includes(false);
}

/** An option value as the dialog shows it (0 for a limit means none). */
function optionText(value: string | boolean | number): string {
  return value === 0 ? 'none' : String(value);
}

/** The rule options the form sets, by name (every option of the game, defaults included). */
function formOptions(rules: GameInfo, data: FormData): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(rules.options)) {
    const value = data.get(`option-${name}`);
    if (isOnOff(spec.values)) options[name] = value !== null;
    else options[name] = spec.values[Number(value ?? 0)] ?? spec.values[0];
  }
  return options;
}

function syncSizeRows(): void {
  const choice = boardChoice.value;
  $('hex-size-row').hidden = choice !== 'hexhex';
  $('torus-size-row').hidden = choice !== 'torus';
}

function openNewGame(): void {
  const game = currentGame();
  if (gameChoice.value !== game.id || boardChoice.options.length === 0) {
    gameChoice.value = game.id;
    fillGameForm(game);
  }
  (newForm.elements.namedItem('black') as HTMLSelectElement).value = String(players.black);
  (newForm.elements.namedItem('white') as HTMLSelectElement).value = String(players.white);
  syncSizeRows();
  newDialog.showModal();
}

newDialog.addEventListener('close', async () => {
  if (newDialog.returnValue !== 'start') return;
  const data = new FormData(newForm);
  const rules = gameInfo(String(data.get('game'))) ?? defaultGame();
  const choice = String(data.get('board'));
  const spec = rules.namedBoards.includes(choice)
    ? choice
    : choice === 'hexhex'
      ? hexhexSpec(Number(data.get('hexSide')))
      : choice === 'torus'
        ? torusSpec(Number(data.get('torusSize')), Number(data.get('torusSize')))
        : perforatedExample();
  const setup = String(data.get('setup') ?? rules.setups[0]);
  const before = players;
  applyPlayers({ black: parseSeat(String(data.get('black'))) ?? 'human', white: parseSeat(String(data.get('white'))) ?? 'human' });
  try {
    // The engine checks the board (a torus too small for Refugia, ...); a refused game changes nothing.
    await board.newGame({ game: rules.id, board: spec, setup: rules.setups.includes(setup) ? setup : rules.setups[0], options: formOptions(rules, data) });
    redoStack = [];
    updateButtons();
    notice.textContent = `New ${rules.title} game on ${spec}.`;
  } catch (e) {
    applyPlayers(before);
    notice.textContent = errorText(e);
  }
});

// ------------------------------------------------------------------ records and links

function openRecord(): void {
  recordText.value = view?.record ?? '';
  recordError.textContent = '';
  recordDialog.showModal();
}

$('record-copy').addEventListener('click', () => void navigator.clipboard?.writeText(recordText.value));
$('record-download').addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([recordText.value], { type: 'text/plain' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = `${currentGame().id}-game.txt`;
  a.click();
  URL.revokeObjectURL(url);
});
$('record-load').addEventListener('click', async () => {
  try {
    redoStack = [];
    await board.loadRecord(recordText.value);
    recordDialog.close();
    notice.textContent = 'Game loaded from the record.';
  } catch (e) {
    recordError.textContent = errorText(e);
  }
});

$('share').addEventListener('click', async () => {
  const url = shareUrl();
  history.replaceState(null, '', url);
  linkInAddress = true;
  try {
    await navigator.clipboard.writeText(url);
    notice.textContent = 'Link copied: it opens this game at this move.';
  } catch {
    notice.textContent = 'This page’s address now holds the game; copy it from the address bar.';
  }
});

// ------------------------------------------------------------------ wiring

$('new').addEventListener('click', openNewGame);
$('undo').addEventListener('click', () => void undo());
$('redo').addEventListener('click', () => void redo());
$('record').addEventListener('click', openRecord);
howtoButton.addEventListener('click', () => toggleHowTo());
$('howto-close').addEventListener('click', () => toggleHowTo(false));
boardChoice.addEventListener('change', syncSizeRows);
gameChoice.addEventListener('change', () => fillGameForm(gameInfo(gameChoice.value) ?? defaultGame()));
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  if (document.querySelector('dialog[open]')) return;
  if (e.key === 'n') openNewGame();
  else if (e.key === 'u') void undo();
  else if (e.key === 'r') void redo();
  else if (e.key === 'h') toggleHowTo();
  else if (e.key === 'a') void analyse();
  else if (e.key === 'e') editButton.click();
  else return;
  e.preventDefault();
});
board.addEventListener('gameover', () => {
  notice.textContent = 'Game over.';
  notice.dataset.kind = 'gameover';
});
board.addEventListener('enginerestart', () => (notice.textContent = 'The engine stopped and was restarted; the game is as it was.'));

/** Starts the page: the games from the worker, then the game of the link, or the saved one. */
async function start(): Promise<void> {
  fillPlayerChoices();
  games = await board.games();
  fillGameChoices();
  const shared = fromHash();
  const saved = loadSaved();
  shownOverlays = new Set(saved?.overlays ?? []);
  for (const name of shownOverlays) board.toggleAttribute(`show-${name}`, true);
  // The board plays the link's game (or the saved one) from the start.
  const startGame = shared ? shared.game : (saved?.game ?? null);
  if (startGame !== null && startGame !== defaultGame().id) board.setAttribute('game', startGame);
  applyPlayers(shared?.players ?? saved?.players ?? players);
  // A link with players only starts a new game (of the game it names); one with a game shows that game.
  const record = shared ? shared.record : saved?.record;
  if (shared?.position) {
    void followLink();
  } else if (record) {
    if (shared?.record) linkInAddress = true;
    openRecordAt(record, shared ? shared.move : (saved?.move ?? null)).catch((e: unknown) => {
      notice.textContent = `The saved game could not be restored (${errorText(e)}); a new game starts.`;
      void board.newGame({ game: startGame ?? defaultGame().id });
    });
  }
  updateButtons();
}

/**
 * Shows a record's game at move `move` (all of it when null); the moves after it wait on Redo.
 * A bad record changes nothing (the caller says why).
 */
async function openRecordAt(record: string, move: number | null): Promise<void> {
  const moves = recordMoves(record) ?? [];
  const at = move === null ? undefined : Math.min(move, moves.length);
  const shown = await board.loadRecord(record, at);
  redoStack = shown.history.length < moves.length ? moves.slice(shown.history.length).reverse() : [];
  updateButtons();
}

/** A link followed in this tab (the address's #… changed): its game, at its move, with its players. */
async function followLink(): Promise<void> {
  const shared = fromHash();
  if (!shared) return;
  const before = players;
  if (shared.players) applyPlayers(shared.players);
  try {
    if (shared.position) {
      redoStack = [];
      await board.newGame({ game: shared.game ?? currentGame().id, position: shared.position });
      updateButtons();
    } else if (shared.record) {
      await openRecordAt(shared.record, shared.move);
      linkInAddress = true;
      notice.textContent = 'Opened the game of the link.';
    } else if (shared.game) {
      redoStack = [];
      await board.newGame({ game: shared.game });
      updateButtons();
    } else if (shared.players) {
      board.think();
    }
  } catch (e) {
    applyPlayers(before);
    notice.textContent = `The link’s game could not be opened (${errorText(e)}); the game on the board is unchanged.`;
  }
}
window.addEventListener('hashchange', () => void followLink());

void start();

// Offline after the first visit: the built page only (the dev server, which has import.meta.hot,
// changes its files under it). Not import.meta.env.PROD, which follows NODE_ENV, not the build.
if (!(import.meta as ImportMeta & { hot?: unknown }).hot && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch((e: unknown) => console.warn('the page will not work offline:', e));
}
