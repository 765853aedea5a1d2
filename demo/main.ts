/**
 * The demo page: a <game-board> against the engine's AI, for every game the engine plays, with a
 * panel per concern (players, move list, share link, analysis and graph, editor, how to play,
 * records, new game, games) around the game's lifetime: the session (session.ts: the game on the
 * board and its whole line), the keeper (keeper.ts: the store) and the tab (tab.ts: which game
 * the tab shows, its address). This file wires them together.
 */
import { $, board, clearNotice, say } from './page.js';
import { session } from './session.js';
import { keep, onWriting } from './keeper.js';
import { start, syncAddress } from './tab.js';
import { initGames, openGames } from './games-panel.js';
import { initPlayers } from './players.js';
import { initMoves } from './moves.js';
import { initShare } from './share.js';
import { analyse, initAnalysis } from './analysis.js';
import { initEditor, toggleEditor } from './editor.js';
import { initHowTo, toggleHowTo } from './howto.js';
import { initRecords } from './records.js';
import { fillGameChoices, initNewGame, openNewGame } from './new-game.js';

initPlayers();
initMoves();
initShare();
initAnalysis();
initEditor();
initHowTo();
initRecords();
initNewGame();
initGames();

// Every change of the game is kept in the store, and the address follows the game on show.
session.onState(() => {
  keep();
  syncAddress();
});
// The page says it is busy while the game changes or is being written (aria-busy on <main>).
const main = document.querySelector('main')!;
let changing = false;
let writing = false;
const showBusy = (): void => main.setAttribute('aria-busy', String(changing || writing));
session.onBusy((on) => {
  changing = on;
  showBusy();
});
onWriting((on) => {
  writing = on;
  showBusy();
});
// What a notice said of the last action goes with the next move.
board.addEventListener('move', clearNotice);

session.onGame((v, previous) => {
  if (v.game === previous?.game) return;
  $('title').textContent = v.title;
  document.title = `${v.title} — play against the engine`;
});

$('undo').addEventListener('click', () => void session.undo());
$('redo').addEventListener('click', () => void session.redo());
document.addEventListener('keydown', (e) => {
  if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLSelectElement) return;
  if (document.querySelector('dialog[open]')) return;
  if (e.key === 'n') openNewGame();
  else if (e.key === 'g') openGames();
  else if (e.key === 'u') void session.undo();
  else if (e.key === 'r') void session.redo();
  else if (e.key === 'h') toggleHowTo();
  else if (e.key === 'a') void analyse();
  else if (e.key === 'e') toggleEditor();
  else return;
  e.preventDefault();
});
board.addEventListener('enginerestart', () => say('The engine stopped and was restarted; the game is as it was.'));

void start().then(fillGameChoices, (e: unknown) => say(`The page could not start: ${e instanceof Error ? e.message : String(e)}`));

// Offline after the first visit: the built page only (the dev server, which has import.meta.hot,
// changes its files under it). Not import.meta.env.PROD, which follows NODE_ENV, not the build.
if (!(import.meta as ImportMeta & { hot?: unknown }).hot && 'serviceWorker' in navigator) {
  navigator.serviceWorker.register('./sw.js').catch((e: unknown) => console.warn('the page will not work offline:', e));
}
