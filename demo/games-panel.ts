/**
 * The Games panel: the games this browser keeps, the most recently played first (game, board,
 * players, moves, result, when), to resume, export as records or delete, and all of them to
 * export at once. The game on show cannot be deleted (it is being played); a deleted game can be
 * brought back until the page is left.
 */
import { $, errorText, say } from './page.js';
import { session } from './session.js';
import { gameStore, onStored } from './keeper.js';
import { KEPT_GAMES, type StoredGame } from './store.js';
import { seatLabel } from './seats.js';
import { switchTo } from './tab.js';

const dialog = $<HTMLDialogElement>('games-dialog');
const list = $<HTMLTableSectionElement>('games-list');
const note = $<HTMLParagraphElement>('games-note');
/** The last game deleted, to bring back. */
let deleted: StoredGame | null = null;

const when = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** How long ago `time` was, in the largest unit that fits ("5 minutes ago", "yesterday"). */
export function ago(time: number, now = Date.now()): string {
  const seconds = Math.round((time - now) / 1000);
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return when.format(Math.round(seconds / size), unit);
  return 'just now';
}

const movesText = (g: StoredGame): string => (g.cursor < g.steps.length ? `${g.cursor} of ${g.steps.length}` : String(g.steps.length));

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  a.click();
  URL.revokeObjectURL(url);
}

function button(text: string, action: () => void, label: string): HTMLButtonElement {
  const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
  b.setAttribute('aria-label', label);
  b.addEventListener('click', action);
  return b;
}

function row(g: StoredGame): HTMLTableRowElement {
  const tr = document.createElement('tr');
  tr.dataset.id = g.id;
  const shown = g.id === session.currentId();
  if (shown) tr.setAttribute('aria-current', 'true');
  const cells = [g.title, g.board, `${seatLabel(g.players.black)} – ${seatLabel(g.players.white)}`, movesText(g), g.result || (shown ? 'on show' : 'in play'), ago(g.updated)];
  for (const text of cells) tr.append(Object.assign(document.createElement('td'), { textContent: text }));
  const actions = document.createElement('td');
  const name = `${g.title} game of ${new Date(g.created).toLocaleString('en-GB')}`;
  const resume = button('Resume', () => void resumeGame(g.id), `Resume the ${name}`);
  resume.disabled = shown;
  const remove = button('Delete', () => void deleteGame(g), `Delete the ${name}`);
  remove.disabled = shown;
  actions.append(resume, button('Export', () => download(`${g.game}-${g.id}.txt`, g.line), `Export the ${name} as a record`), remove);
  tr.append(actions);
  return tr;
}

async function render(): Promise<void> {
  const store = gameStore();
  const games = await store.list();
  list.replaceChildren(...games.map(row));
  note.textContent = store.persistent
    ? `This browser keeps the last ${KEPT_GAMES} games played on this page (${games.length} now); older ones are let go as new ones come.`
    : 'This browser refused storage: these games are kept only while this tab is open.';
  $<HTMLButtonElement>('games-undelete').hidden = deleted === null;
  $<HTMLButtonElement>('games-export').disabled = games.length === 0;
}

async function resumeGame(id: string): Promise<void> {
  try {
    if (!(await switchTo(id))) {
      say('That game is no longer kept in this browser.');
      return;
    }
    dialog.close();
    say('');
  } catch (e) {
    say(`The game could not be opened (${errorText(e)}).`);
  }
  await render();
}

async function deleteGame(g: StoredGame): Promise<void> {
  if (g.id === session.currentId()) return;
  deleted = g;
  await gameStore().remove(g.id);
  await render();
}

async function undelete(): Promise<void> {
  const g = deleted;
  deleted = null;
  if (g) await gameStore().save({ ...g, rev: 0 });
  await render();
}

async function exportAll(): Promise<void> {
  const games = await gameStore().list();
  download('games.txt', games.map((g) => g.line.trimEnd()).join('\n\n') + '\n');
}

/** Opens the panel (its button, or the g key). */
export function openGames(): void {
  void render();
  dialog.showModal();
}

export function initGames(): void {
  $('games').addEventListener('click', openGames);
  $('games-undelete').addEventListener('click', () => void undelete());
  $('games-export').addEventListener('click', () => void exportAll());
  onStored(() => {
    if (dialog.open) void render();
  });
}
