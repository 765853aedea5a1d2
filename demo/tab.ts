/**
 * Which game this tab shows. The tab owns one game of the store at a time, named in its address
 * (`#id=…`), so that a reload, Back and Forward bring back the game they name, and two tabs each
 * keep their own. Nothing replaces another game: a link, New game, a record loaded, the editor's
 * "Play from here" each make a new game (Back brings the one before), and the Games panel
 * switches between them. Where the browser refuses storage, the address holds the whole game
 * instead, so that a reload still keeps it.
 */
import type { GameConfig } from '../bindings/worker/client.js';
import { board, defaultGame, errorText, gameInfo, games, say, setGames } from './page.js';
import { session } from './session.js';
import { anyAi, type Players } from './seats.js';
import { gameStore, keep, learned, useStore, written } from './keeper.js';
import { openStore } from './store.js';
import { gameLink, readLink, storedLink, type Link } from './link.js';
import { readSaved, forgetSaved } from './saved.js';

/** The id the address was last written for (a different one is another game: a new history entry). */
let addressFor: string | null = null;
/** The next address is written over the entry on show (start-up, a link followed), not after it. */
let replaceNext = true;
let started: Promise<void> | null = null;

/** The link to the game on show, at the move on show, for another browser. */
export function shareUrl(): string {
  const v = session.snapshot();
  return v ? gameLink(v.game, v.line, v.cursor, v.players) : location.href;
}

/** The address of the game on show: its id, or where nothing is stored, the game itself. */
function addressOfGame(): string | null {
  const v = session.snapshot();
  if (!v) return null;
  return gameStore().persistent ? storedLink(v.id) : gameLink(v.game, v.line, v.cursor, v.players);
}

/** Writes the address after a change: a new history entry for another game, else over the one on show. */
export function syncAddress(): void {
  const url = addressOfGame();
  const id = session.currentId();
  if (url === null) return;
  if (url !== location.href) {
    if (replaceNext || id === addressFor) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
  }
  addressFor = id;
  replaceNext = false;
}

const readAddress = (): Link | null => readLink(location.hash, gameInfo, defaultGame());

/** Shows a game of the store by id; false when the store does not hold it. */
export async function switchTo(id: string): Promise<boolean> {
  const game = await gameStore().get(id);
  if (!game) return false;
  await written();
  learned(game);
  await session.open(game);
  return true;
}

/** A new game from the New game dialog, with its players. */
export function startGame(config: GameConfig, players: Players): Promise<unknown> {
  return session.newGame(config, players);
}

/** A new game from a position (the editor's Play from here). */
export function playFrom(position: string): Promise<unknown> {
  return session.newGame({ game: session.currentGame().id, position }, session.currentPlayers(), 'editor');
}

/** A new game from a record (Import): at its end, its moves all played. */
export function loadRecordText(text: string): Promise<unknown> {
  return session.openLine(text, null, session.currentPlayers(), 'record');
}

/**
 * Opens what a link names, as a new game (or the stored game it names). What happened is said
 * first, so that what the game then says (its end, at once, for a finished game) comes after it;
 * a link that cannot be opened says why. False when the link brought no game.
 */
async function openLink(link: Link): Promise<boolean> {
  if (link.problem) say(link.problem);
  const players = link.players ?? session.currentPlayers();
  try {
    if (link.id) {
      if (link.id === session.currentId()) return true;
      if (await switchTo(link.id)) return true;
      say('That game is no longer kept in this browser (it keeps the last 200 games).');
      return false;
    }
    if (link.record || link.position) {
      const shown = link.record
        ? await session.openLine(link.record, link.move, players, 'link')
        : await session.newGame({ game: link.game ?? session.currentGame().id, position: link.position! }, players, 'link');
      const total = shown.history.length + session.redoCount();
      // A finished game says so itself ("Game over."), which says more than that it was opened.
      if (!shown.outcome)
        say(
          link.position
            ? 'Opened the position of the link.'
            : shown.history.length < total
              ? `Opened the game of the link at move ${shown.history.length} of ${total}: the later moves are on Redo${anyAi(players) ? ', and the AI waits' : ''}.`
              : 'Opened the game of the link.',
        );
      if (link.board && link.board !== shown.board.spec) say(`The link’s board “${link.board}” was not used: its game is on ${shown.board.spec}.`);
      return true;
    }
    if (link.game) {
      const title = gameInfo(link.game)?.title ?? link.game;
      if (link.board) {
        try {
          await session.newGame({ game: link.game, board: link.board }, players, 'link');
          say(`New ${title} game on ${link.board} from the link.`);
          return true;
        } catch (e) {
          await session.newGame({ game: link.game }, players, 'link');
          say(`The link’s board could not be used (${errorText(e)}); a new ${title} game on its usual board.`);
          return true;
        }
      }
      await session.newGame({ game: link.game }, players, 'link');
      say(`New ${title} game from the link.`);
      return true;
    }
    if (link.board) say('The link names a board but no game: it was not used.');
    return false;
  } catch (e) {
    say(`The link’s game could not be opened (${errorText(e)}).`);
    return false;
  }
}

/** The most recently changed game of the store, or a new game when it holds none. */
async function openLatest(): Promise<void> {
  const [latest] = await gameStore().list();
  if (latest && (await switchTo(latest.id))) return;
  await session.newGame({ game: board.getAttribute('game') ?? defaultGame().id });
}

/** A link followed in this tab (the address changed: typed, pasted, Back or Forward). */
async function followAddress(): Promise<void> {
  await started?.catch(() => undefined);
  const link = readAddress();
  if (!link) return;
  replaceNext = true;
  const opened = await openLink(link);
  if (!opened && link.players) await session.setPlayers(link.players);
  replaceNext = true;
  syncAddress();
}

/** A game the page kept in localStorage before it had a store: it joins the store once. */
async function importSaved(): Promise<void> {
  const saved = readSaved((name) => gameInfo(name)?.id ?? null);
  if (!saved || !gameStore().persistent) return;
  try {
    await session.openLine(saved.record, saved.move ?? null, saved.players, 'saved');
    for (const name of saved.overlays) await session.setOverlay(name, true);
    keep();
    await written();
    forgetSaved();
  } catch (e) {
    console.warn('the game saved before the game store could not be read:', e);
  }
}

/** Starts the tab: the games from the worker, the store, then the game of the address or the latest. */
export function start(): Promise<void> {
  window.addEventListener('hashchange', () => void followAddress());
  started = (async () => {
    setGames(await board.games());
    if (games().length === 0) throw new Error('the engine plays no game');
    useStore(await openStore());
    await importSaved();
    const link = readAddress();
    const opened = link ? await openLink(link) : false;
    if (!opened) {
      await openLatest();
      if (link?.players) await session.setPlayers(link.players);
    }
    if (!gameStore().persistent) say('This browser keeps nothing for this page: games last only while this tab is open, and the address holds the game on show, so a reload keeps it.');
    replaceNext = true;
    syncAddress();
  })();
  return started;
}
