/**
 * The demo page: a <throngs-board> against the engine's AI, with a new-game dialog, the move
 * list, undo/redo, record import/export, a shareable link, and the game kept across reloads.
 */
import '../bindings/element.js';
import type { ThrongsBoard } from '../bindings/element.js';
import type { GameView } from '../bindings/view.js';
import { LUDII_BOARDS, boardProblem, hexhexSpec, perforatedExample, torusSpec } from '../bindings/catalog.js';

type Seat = 'human' | number;
interface Players {
  black: Seat;
  white: Seat;
}
interface Saved {
  record: string;
  players: Players;
  showPotential: boolean;
  showTerritory: boolean;
}

const STORAGE_KEY = 'throngs-demo';
const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T;
const board = $<ThrongsBoard>('board');
const movesList = $<HTMLOListElement>('moves');
const notice = $<HTMLParagraphElement>('notice');
const gameOver = $<HTMLDivElement>('gameover');
const newDialog = $<HTMLDialogElement>('new-dialog');
const recordDialog = $<HTMLDialogElement>('record-dialog');
const recordText = $<HTMLTextAreaElement>('record-text');
const recordError = $<HTMLParagraphElement>('record-error');
const potentialToggle = $<HTMLInputElement>('show-potential');
const territoryToggle = $<HTMLInputElement>('show-territory');

let players: Players = { black: 'human', white: 3 };
/** Moves taken back with Undo, most recent last, for Redo. */
let redoStack: string[] = [];
let view: GameView | null = null;
/** True while Redo replays a move (which must not clear the redo line). */
let redoing = false;

// ------------------------------------------------------------------ players and settings

function seatLabel(seat: Seat): string {
  return seat === 'human' ? 'Human' : `AI level ${seat}`;
}

function aiAttribute(p: Players): string {
  const parts: string[] = [];
  if (p.black !== 'human') parts.push(`black:${p.black}`);
  if (p.white !== 'human') parts.push(`white:${p.white}`);
  return parts.join(',') || 'none';
}

function applyPlayers(p: Players): void {
  players = p;
  board.setAttribute('ai', aiAttribute(p));
  const panel = $('players');
  panel.replaceChildren();
  for (const [name, seat] of [
    ['Black', p.black],
    ['White', p.white],
  ] as const) {
    const line = document.createElement('div');
    const strong = document.createElement('strong');
    strong.textContent = `${name}: `;
    line.append(strong, seatLabel(seat));
    panel.append(line);
  }
}

function parseSeat(value: string | null | undefined): Seat | null {
  if (value === 'human') return 'human';
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 8 ? n : null;
}

function save(): void {
  if (!view) return;
  const saved: Saved = { record: view.record, players, showPotential: potentialToggle.checked, showTerritory: territoryToggle.checked };
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(saved));
  } catch {
    // Storage can be full or disabled; the game goes on without it.
  }
}

function loadSaved(): Saved | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const s = JSON.parse(raw) as Partial<Saved>;
    const black = parseSeat(String(s.players?.black));
    const white = parseSeat(String(s.players?.white));
    if (typeof s.record !== 'string' || black === null || white === null) return null;
    return { record: s.record, players: { black, white }, showPotential: !!s.showPotential, showTerritory: !!s.showTerritory };
  } catch {
    return null;
  }
}

// ------------------------------------------------------------------ share links

const toBase64Url = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (text: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

function shareUrl(): string {
  const params = new URLSearchParams({ game: toBase64Url(view?.record ?? ''), black: String(players.black), white: String(players.white) });
  return `${location.origin}${location.pathname}#${params}`;
}

/** A link's game and players: `#game=<record>&black=human&white=3`; either part may be left out. */
function fromHash(): { record: string | null; players: Players | null } | null {
  if (!location.hash.startsWith('#')) return null;
  const params = new URLSearchParams(location.hash.slice(1));
  const black = parseSeat(params.get('black'));
  const white = parseSeat(params.get('white'));
  const players = black !== null || white !== null ? { black: black ?? 'human', white: white ?? 'human' } : null;
  let record: string | null = null;
  try {
    record = params.get('game') ? fromBase64Url(params.get('game')!) : null;
  } catch {
    notice.textContent = 'The link’s game could not be read.';
  }
  return record !== null || players ? { record, players } : null;
}

// ------------------------------------------------------------------ move list and game over

function renderMoves(v: GameView): void {
  movesList.replaceChildren();
  // One line per turn (block of moves by one player).
  let line: HTMLLIElement | null = null;
  let last = 0;
  for (const entry of v.history) {
    if (entry.player !== last || !line) {
      line = document.createElement('li');
      line.className = entry.player === 1 ? 'black' : 'white';
      line.textContent = `${entry.player === 1 ? 'Black' : 'White'}: `;
      movesList.append(line);
      last = entry.player;
    }
    line.textContent += `${entry.notation} `;
  }
  movesList.lastElementChild?.scrollIntoView({ block: 'nearest' });
}

function renderGameOver(v: GameView): void {
  const o = v.outcome;
  gameOver.hidden = !o;
  if (!o) return;
  gameOver.replaceChildren();
  const title = document.createElement('strong');
  const reasons: Record<string, string> = { allPassed: 'both sides passed', scoreThreshold: 'a score passed half the board plus 3', fullScore: 'the scores filled the board' };
  title.textContent = `${o.winner === 0 ? 'A draw' : `${o.winner === 1 ? 'Black' : 'White'} wins`} ${o.scores[0]}–${o.scores[1]} (${reasons[o.reason] ?? o.reason})`;
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
  const [b, w] = v.breakdown;
  table.append(
    row(['', 'Black', 'White'], true),
    row(['Safe stones', String(b.stones), String(w.stones)]),
    row(['Empty sites', String(b.empty), String(w.empty)]),
    row(['Capturable stones', String(b.capturable), String(w.capturable)]),
    row(['Total', String(b.total), String(w.total)]),
  );
  gameOver.append(title, table);
}

function updateButtons(): void {
  ($('undo') as HTMLButtonElement).disabled = !view || view.history.length === 0;
  ($('redo') as HTMLButtonElement).disabled = redoStack.length === 0;
}

board.addEventListener('change', (e) => {
  view = (e as CustomEvent<GameView>).detail;
  renderMoves(view);
  renderGameOver(view);
  updateButtons();
  save();
});

board.addEventListener('move', (e) => {
  const { notation } = (e as CustomEvent<{ notation: string }>).detail;
  // A move other than the one Redo would replay ends the redo line.
  if (redoStack.length > 0 && redoStack.at(-1) === notation) redoStack.pop();
  else if (!redoing) redoStack = [];
  updateButtons();
});

// ------------------------------------------------------------------ undo and redo

function humanToMove(v: GameView): boolean {
  return (v.toMove === 1 ? players.black : players.white) === 'human';
}

async function undo(): Promise<void> {
  if (!view || view.history.length === 0) return;
  // Take back at least one move, and on until a human is to move (past the AI's replies).
  do {
    const last = view.history.at(-1)!;
    redoStack.push(last.notation);
    view = await board.undo();
  } while (view.history.length > 0 && !humanToMove(view) && (players.black === 'human' || players.white === 'human'));
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

// ------------------------------------------------------------------ new game

function fillPlayerChoices(): void {
  for (const select of document.querySelectorAll<HTMLSelectElement>('.player-choice')) {
    select.replaceChildren();
    for (const value of ['human', '1', '2', '3', '4', '5', '6', '7', '8']) {
      const option = document.createElement('option');
      option.value = value;
      option.textContent = value === 'human' ? 'Human' : `AI level ${value}`;
      select.append(option);
    }
  }
}

function syncSizeRows(): void {
  const choice = ($('board-choice') as HTMLSelectElement).value;
  $('hex-size-row').hidden = choice !== 'hexhex';
  $('torus-size-row').hidden = choice !== 'torus';
}

function openNewGame(): void {
  const form = $<HTMLFormElement>('new-form');
  (form.elements.namedItem('black') as HTMLSelectElement).value = String(players.black);
  (form.elements.namedItem('white') as HTMLSelectElement).value = String(players.white);
  syncSizeRows();
  newDialog.showModal();
}

newDialog.addEventListener('close', async () => {
  if (newDialog.returnValue !== 'start') return;
  const data = new FormData($<HTMLFormElement>('new-form'));
  const choice = String(data.get('board'));
  const spec = LUDII_BOARDS.includes(choice)
    ? choice
    : choice === 'hexhex'
      ? hexhexSpec(Number(data.get('hexSide')))
      : choice === 'torus'
        ? torusSpec(Number(data.get('torusSize')), Number(data.get('torusSize')))
        : perforatedExample();
  const problem = boardProblem(spec);
  if (problem) {
    notice.textContent = problem;
    return;
  }
  const options = {
    endOnPasses: data.get('fullRound') ? ('fullRound' as const) : ('ludii' as const),
    endOnFullScore: !!data.get('endOnFullScore'),
    thresholdChecksBoth: !!data.get('thresholdChecksBoth'),
    forcedPassConsumesSlot: !!data.get('forcedPassConsumesSlot'),
    obligationRelaxesToTravel: !!data.get('obligationRelaxesToTravel'),
  };
  redoStack = [];
  applyPlayers({ black: parseSeat(String(data.get('black'))) ?? 'human', white: parseSeat(String(data.get('white'))) ?? 'human' });
  await board.newGame({ board: spec, setup: data.get('setup') === 'pie' ? 'pie' : 'standard', options });
  notice.textContent = `New game on ${spec}.`;
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
  a.download = 'throngs-game.txt';
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
    recordError.textContent = e instanceof Error ? e.message : String(e);
  }
});

$('share').addEventListener('click', async () => {
  const url = shareUrl();
  history.replaceState(null, '', url);
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
$('board-choice').addEventListener('change', syncSizeRows);
potentialToggle.addEventListener('change', () => {
  board.toggleAttribute('show-potential', potentialToggle.checked);
  save();
});
territoryToggle.addEventListener('change', () => {
  board.toggleAttribute('show-territory', territoryToggle.checked);
  save();
});
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  if (document.querySelector('dialog[open]')) return;
  if (e.key === 'n') openNewGame();
  else if (e.key === 'u') void undo();
  else if (e.key === 'r') void redo();
  else return;
  e.preventDefault();
});
board.addEventListener('gameover', () => (notice.textContent = 'Game over.'));

fillPlayerChoices();
const shared = fromHash();
const saved = loadSaved();
potentialToggle.checked = saved?.showPotential ?? false;
territoryToggle.checked = saved?.showTerritory ?? false;
board.toggleAttribute('show-potential', potentialToggle.checked);
board.toggleAttribute('show-territory', territoryToggle.checked);
applyPlayers(shared?.players ?? saved?.players ?? players);
// A link with players only starts a new game; one with a game shows that game.
const record = shared ? shared.record : saved?.record;
if (record) {
  board.loadRecord(record).catch((e: unknown) => {
    notice.textContent = `The saved game could not be restored (${e instanceof Error ? e.message : String(e)}); a new game starts.`;
    void board.newGame({ board: 'ragged63' });
  });
}
updateButtons();
