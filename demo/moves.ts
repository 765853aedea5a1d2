/**
 * The move list (one line per turn, the last move kept in view), the game-over panel and the
 * Undo and Redo buttons.
 */
import type { GameView } from '../bindings/engine/view.js';
import { formatScore } from '../bindings/ui/overlays.js';
import { $, board, noticeNow, say } from './page.js';
import { session } from './session.js';
import { seatOf } from './seats.js';

const movesList = $<HTMLOListElement>('moves');
const gameOver = $<HTMLDivElement>('gameover');

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
}

/**
 * Keeps the last move in view: scrolled within the list only (the page stays where it is), and
 * after the game-over panel has taken its room from the list.
 */
function showLastMove(): void {
  movesList.scrollTop = movesList.scrollHeight;
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

function updateButtons(): void {
  const view = session.currentView();
  // While the editor's draft is on the board, the game's moves wait for it to close.
  $<HTMLButtonElement>('undo').disabled = !view || view.history.length === 0 || session.isDrafting();
  $<HTMLButtonElement>('redo').disabled = session.redoCount() === 0 || session.isDrafting();
}

export function initMoves(): void {
  session.onGame((v) => {
    renderMoves(v);
    renderGameOver(v);
    showLastMove();
    // A game taken back from its end (undo, or another game) is no longer over.
    const notice = noticeNow();
    if (!v.outcome && notice.kind === 'gameover') say('');
    updateButtons();
  });
  session.onState(updateButtons);
  board.addEventListener('gameover', () => say('Game over.', 'gameover'));
}
