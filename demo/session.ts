/**
 * The game's lifetime in the page, in one place: the game on the board, the whole game line
 * (the moves waiting on Redo after the one on show), the players, the overlays shown, whether
 * the AI is paused, the saved game in localStorage and the address. Panels ask it to change the
 * game and listen to it; nothing else writes the address or the saved game.
 *
 * Two rules hold by construction:
 * - Changes it makes run one at a time, and the address and the saved game are written once, at
 *   the end of each, when the game and its redo line agree (never in between, when a record
 *   loaded at an earlier move would look like a game of fewer moves).
 * - Moves made on the board itself (clicks, the AI, Pass, Hint) are followed from the board's
 *   change events: a move that is the next of the redo line keeps the rest of it, another move
 *   ends it, and moves taken back by the board join it.
 */
import type { GameConfig, GameInfo } from '../bindings/worker/client.js';
import type { GameView } from '../bindings/engine/view.js';
import { recordMoves } from '../bindings/ui/board-logic.js';
import { board, defaultGame, errorText, gameInfo, games, say, setGames } from './page.js';
import { aiAttribute, anyAi, anyHuman, choiceFor, type Players } from './seats.js';
import { gameLink, positionLink, readLink, type Link } from './link.js';
import { readSaved, writeSaved } from './saved.js';

let view: GameView | null = null;
let players: Players = { black: 'human', white: 3 };
/** The moves after the one on show, in the order they were played (Redo replays the first). */
let later: string[] = [];
let paused = false;
const overlays = new Set<string>();
/** Whether the address holds the game (after a link was followed, or Share): it then follows the game. */
let addressFollows = false;
/** Changes under way (see run): the board's change events are theirs, not moves to follow. */
let running = 0;
let tail: Promise<unknown> = Promise.resolve();
let started: Promise<void> | null = null;

type Listener = () => void;
const listeners = { game: new Set<(v: GameView, previous: GameView | null) => void>(), state: new Set<Listener>() };

/** Called with each new view of the game (after the session has followed it). */
export function onGame(listener: (v: GameView, previous: GameView | null) => void): void {
  listeners.game.add(listener);
}
/** Called when the players, the redo line or the pause change. */
export function onState(listener: Listener): void {
  listeners.state.add(listener);
}
const stateChanged = (): void => listeners.state.forEach((l) => l());

export const currentView = (): GameView | null => view;
export const currentPlayers = (): Players => players;
export const currentGame = (): GameInfo => gameInfo(view?.game) ?? defaultGame();
export const isPaused = (): boolean => paused;
export const shownOverlays = (): ReadonlySet<string> => overlays;
/** How many moves wait on Redo. */
export const redoCount = (): number => later.length;

/** A record's tag lines (game, board, set-up, options): which game a line of moves belongs to. */
export const recordTags = (record: string): string => record.split(/\n\s*\n/)[0] ?? '';

/**
 * The whole game line: the record with the moves waiting on Redo after it, so that a link, the
 * saved game or an evaluation covers the game and not only the moves up to the one on show.
 * A record's moves need no parentheses, so the later moves are simply written after it.
 */
export function wholeRecord(): string {
  const record = view?.record ?? '';
  return later.length === 0 ? record : `${record.trimEnd()} ${later.join(' ')}\n`;
}

/** The link to the whole game at the move on show. */
export const shareUrl = (): string => gameLink(currentGame().id, wholeRecord(), view?.history.length ?? 0, players);

function persist(): void {
  if (!view || running > 0) return;
  writeSaved({ record: wholeRecord(), move: view.history.length, game: view.game, players, overlays: [...overlays], paused });
  if (addressFollows) history.replaceState(null, '', shareUrl());
}

/**
 * Runs a change of the game after those before it, then writes the address and the saved game
 * once. A change that throws has changed nothing the page keeps (the caller says why).
 */
function run<T>(change: () => Promise<T>): Promise<T> {
  const result = tail.then(async () => {
    running++;
    try {
      return await change();
    } finally {
      running--;
      persist();
      stateChanged();
    }
  });
  tail = result.catch(() => undefined);
  return result;
}

/** Follows a move or a take-back made on the board itself, keeping the redo line true to the game. */
function follow(previous: GameView | null, now: GameView): void {
  if (!previous || recordTags(previous.record) !== recordTags(now.record)) {
    later = [];
    return;
  }
  const before = previous.history.map((h) => h.notation);
  const after = now.history.map((h) => h.notation);
  const common = before.findIndex((n, i) => after[i] !== n);
  const shared = common < 0 ? before.length : common;
  // Moves taken back by the board (a move being built, cancelled) wait on Redo like Undo's.
  later = [...before.slice(shared), ...later];
  for (const played of after.slice(shared)) {
    if (later[0] === played) later.shift();
    else later = [];
  }
}

board.addEventListener('change', (e) => {
  const previous = view;
  view = (e as CustomEvent<GameView>).detail;
  if (running === 0) {
    follow(previous, view);
    persist();
  }
  for (const l of listeners.game) l(view, previous);
  if (running === 0) stateChanged();
});
// The element's own Resume AI button.
board.addEventListener('airesume', () => setPaused(false));

// ------------------------------------------------------------------ settings

export function setPlayers(p: Players): void {
  players = p;
  board.setAttribute('ai', aiAttribute(p));
  persist();
  stateChanged();
}

/** Holds the AI back (the user may play any side) or lets it play on; the board says so beside its Resume button. */
export function setPaused(on: boolean): void {
  paused = on;
  board.toggleAttribute('ai-paused', on);
  persist();
  stateChanged();
}

export function setOverlay(name: string, on: boolean): void {
  if (on) overlays.add(name);
  else overlays.delete(name);
  board.toggleAttribute(`show-${name}`, on);
  persist();
}

// ------------------------------------------------------------------ changes of the game

/** A new game (a refused one changes nothing, players included). */
export function newGame(config: GameConfig, newPlayers?: Players): Promise<GameView> {
  return run(async () => {
    const before = players;
    if (newPlayers) setPlayers(newPlayers);
    try {
      const shown = await board.newGame(config);
      later = [];
      setPaused(false);
      return shown;
    } catch (e) {
      if (newPlayers) setPlayers(before);
      throw e;
    }
  });
}

/** A record's game at move `move` (all of it when null); the moves after it wait on Redo. */
export function openRecord(record: string, move: number | null): Promise<GameView> {
  return run(() => showRecord(record, move));
}

async function showRecord(record: string, move: number | null): Promise<GameView> {
  const moves = recordMoves(record) ?? [];
  const shown = await board.loadRecord(record, move === null ? undefined : Math.min(move, moves.length));
  later = moves.slice(shown.history.length);
  return shown;
}

function humanToMove(v: GameView): boolean {
  return choiceFor(players, v, v.toMove) === 'human';
}

/** Takes back at least one move, and on until a human is to move (past the AI's replies). */
export function undo(): Promise<void> {
  return run(async () => {
    if (!view || view.history.length === 0) return;
    do {
      later.unshift(view.history.at(-1)!.notation);
      view = await board.undo();
    } while (view.history.length > 0 && !humanToMove(view) && anyHuman(players));
    // AI against AI: the game goes on from the position taken back to (the board waits otherwise).
    if (!anyHuman(players)) board.think();
  });
}

/** Replays the next move of the redo line; at its end the AI may play on. */
export function redo(): Promise<void> {
  return run(async () => {
    const next = later[0];
    if (next === undefined) return;
    view = await board.play(next);
    later.shift();
    if (later.length === 0) board.think();
  });
}

/** Steps through the game line to `target` moves played. Stepping is studying: the AI waits until resumed. */
export function stepTo(target: number): Promise<void> {
  return run(async () => {
    if (!view) return;
    if (!paused && anyAi(players)) setPaused(true);
    const to = Math.max(0, Math.min(view.history.length + later.length, target));
    while (view.history.length > to) {
      later.unshift(view.history.at(-1)!.notation);
      view = await board.undo();
    }
    while (view.history.length < to && later.length > 0) {
      view = await board.play(later[0]!);
      later.shift();
    }
  });
}

/** A position to play from (the editor's): a game from it, no moves yet. */
export function playFrom(position: string): Promise<GameView> {
  return run(async () => {
    const shown = await board.newGame({ game: currentGame().id, position });
    later = [];
    return shown;
  });
}

/** Puts the game in the address (Share): the address then follows the game. */
export function shareGame(): Promise<string> {
  return run(async () => {
    addressFollows = true;
    return shareUrl();
  });
}

/**
 * Puts a position in the address (the editor's Share). The address then follows the game: once
 * played from, it holds the game (whose record starts from that position), so a reload brings
 * back the moves played since.
 */
export async function sharePosition(position: string): Promise<string> {
  await tail;
  const url = positionLink(currentGame().id, position, players);
  history.replaceState(null, '', url);
  addressFollows = true;
  return url;
}

// ------------------------------------------------------------------ links and start-up

const readAddress = (): Link | null => readLink(location.hash, gameInfo, defaultGame());

/**
 * Opens what a link names. What happened is said first, so that what the game then says (its
 * end, at once, for a finished game) comes after it; a link that cannot be opened says why.
 */
async function openLink(link: Link): Promise<void> {
  if (link.problem) say(link.problem);
  const before = players;
  if (link.players) setPlayers(link.players);
  try {
    if (link.position) {
      say('Opened the position of the link.');
      await board.newGame({ game: link.game ?? currentGame().id, position: link.position });
      later = [];
    } else if (link.record) {
      say('Opened the game of the link.');
      await showRecord(link.record, link.move);
    } else if (link.game) {
      say(`New ${gameInfo(link.game)?.title ?? link.game} game from the link.`);
      await board.newGame({ game: link.game });
      later = [];
    } else {
      if (link.players) board.think();
      return;
    }
    setPaused(false);
    addressFollows = true;
  } catch (e) {
    setPlayers(before);
    say(`The link’s game could not be opened (${errorText(e)}); the game on the board is unchanged.`);
  }
}

/** A link followed in this tab (the address's #… changed), once the page has started. */
async function followAddress(): Promise<void> {
  await started?.catch(() => undefined);
  const link = readAddress();
  if (link) await run(() => openLink(link));
}

/** Starts the page: the games from the worker, then the game of the link, or the saved one. */
export function start(): Promise<void> {
  window.addEventListener('hashchange', () => void followAddress());
  started = run(async () => {
    setGames(await board.games());
    if (games().length === 0) throw new Error('the engine plays no game');
    const link = readAddress();
    const saved = readSaved((name) => gameInfo(name)?.id ?? null);
    for (const name of saved?.overlays ?? []) setOverlay(name, true);
    // The board plays the link's game (or the saved one) from the start, not the default first.
    const startGame = link?.game ?? saved?.game ?? null;
    if (startGame !== null && startGame !== defaultGame().id) board.setAttribute('game', startGame);
    setPlayers(saved?.players ?? players);
    if (link && (link.record || link.position || link.game)) {
      await openLink(link);
    } else if (saved) {
      if (link?.problem) say(link.problem);
      if (link?.players) setPlayers(link.players);
      try {
        await showRecord(saved.record, saved.move ?? null);
        if (saved.paused) setPaused(true);
      } catch (e) {
        say(`The saved game could not be restored (${errorText(e)}); a new game starts.`);
        await board.newGame({ game: startGame ?? defaultGame().id });
        later = [];
      }
    } else if (link) {
      if (link.problem) say(link.problem);
      if (link.players) setPlayers(link.players);
    }
  });
  return started;
}
