/**
 * The game on the board, in one place: the whole line of the game shown (the moves waiting on
 * Redo after the one on show), the players, the overlays, the pause, and the game's id in the
 * store. Panels ask it to change the game and listen to it; the keeper (keeper.ts) writes what it
 * holds to the store and the tab (tab.ts) decides which game it shows.
 *
 * Rules it keeps by construction:
 * - Changes it makes run one at a time, and listeners hear of the game once, at the end of each,
 *   when the board and the redo line agree (never in between).
 * - Moves made on the board itself (clicks, the AI, Pass, Hint) are followed from the board's
 *   change events: a move that is the next of the redo line keeps the rest of it, another move
 *   ends it, and moves taken back by the board join it.
 * - Opening a game never plays: the board holds the AI back while the game is put on it, and
 *   after, whenever the cursor is short of the line's end or the AI is to move, until the user
 *   acts in this tab (a move, Resume AI, Undo, Redo, a step). Short of the line's end the AI
 *   waits after Undo, Redo and a person's move too, until the end is reached or it is resumed.
 * - The editor's drafts are not the game: while one is on the board nothing of it is followed,
 *   and closing the editor puts the game back as it was.
 */
import type { GameConfig, GameInfo } from '../bindings/worker/client.js';
import type { GameView } from '../bindings/engine/view.js';
import { formatScore } from '../bindings/ui/overlays.js';
import { board, defaultGame, gameInfo } from './page.js';
import { aiAttribute, anyAi, anyHuman, choiceFor, type Players } from './seats.js';
import { gameTags } from './line.js';
import { newGameId, type Origin, type StoredGame } from './store.js';

/** What the store keeps of the game on show, less what the store itself sets. */
export type GameBody = Omit<StoredGame, 'rev' | 'updated'>;

/** The game shown, as the store knows it. */
interface Identity {
  id: string;
  origin: Origin;
  created: number;
}

let identity: Identity | null = null;
let view: GameView | null = null;
/** The moves after the one on show, in the order they were played (Redo replays the first). */
let later: string[] = [];
/** The record of the whole line (to the last move on Redo), and its result in words. */
let line = '';
let result = '';
let players: Players = { black: 'human', white: 3 };
/** The user's pause (Pause AI, stepping): kept with the game. */
let paused = false;
/** The hold of an opened game (see the rules above): this tab's alone, never kept. */
let held = false;
const overlays = new Set<string>();
/** The game as it was when a draft was put on the board (see beginDraft). */
let drafting: { held: boolean } | null = null;
/** Changes under way (see run): listeners hear of the state once they are all made. */
let running = 0;
/** A game is being put on the board (show, newGame): its views are not moves to follow. */
let replacing = false;
let tail: Promise<unknown> = Promise.resolve();

type Listener = () => void;
const listeners = { game: new Set<(v: GameView, previous: GameView | null) => void>(), state: new Set<Listener>(), busy: new Set<(busy: boolean) => void>() };

/** Called with each new view of the game (after the session has followed it); drafts are not views of the game. */
export function onGame(listener: (v: GameView, previous: GameView | null) => void): void {
  listeners.game.add(listener);
}
/** Called when anything the store keeps changes: the line, the cursor, the players, the pause, the overlays, the game shown. */
export function onState(listener: Listener): void {
  listeners.state.add(listener);
}
/** Called when the session starts or ends a change of the game. */
export function onBusy(listener: (busy: boolean) => void): void {
  listeners.busy.add(listener);
}
const stateChanged = (): void => listeners.state.forEach((l) => l());
const emitGame = (v: GameView, previous: GameView | null): void => listeners.game.forEach((l) => l(v, previous));

export const currentView = (): GameView | null => view;
export const currentPlayers = (): Players => players;
export const currentGame = (): GameInfo => gameInfo(view?.game) ?? defaultGame();
export const currentId = (): string | null => identity?.id ?? null;
/** Whether the AI is held back, by the user's pause or by the hold of an opened game. */
export const isPaused = (): boolean => paused || held;
export const shownOverlays = (): ReadonlySet<string> => overlays;
export const isDrafting = (): boolean => drafting !== null;
/** How many moves wait on Redo. */
export const redoCount = (): number => later.length;
/** The record of the whole line, the moves on Redo included. */
export const wholeRecord = (): string => line;

/** What the store keeps of the game on show (null before a game is shown). */
export function snapshot(): GameBody | null {
  if (!identity || !view) return null;
  const steps = [...view.history.map((h) => h.notation), ...later];
  return {
    id: identity.id,
    origin: identity.origin,
    created: identity.created,
    game: view.game,
    title: view.title,
    board: view.board.spec,
    line,
    steps,
    cursor: view.history.length,
    players,
    overlays: [...overlays].sort(),
    paused,
    result,
  };
}

function resultOf(v: GameView): string {
  const o = v.outcome;
  if (!o) return '';
  const score = `${formatScore(o.scores[0])}–${formatScore(o.scores[1])}`;
  return o.winner === 0 ? `draw ${score}` : `${v.players[o.winner - 1]} wins ${score}`;
}

/** The line's record and result follow the game whenever the move on show is its last. */
function atLineEnd(v: GameView): void {
  if (later.length > 0) return;
  line = v.record;
  result = resultOf(v);
}

const aiToMove = (v: GameView): boolean => !v.outcome && choiceFor(players, v, v.toMove) !== 'human';

function holdAi(): void {
  board.toggleAttribute('ai-paused', paused || held);
}

/**
 * Whether the AI waits short of the line's end: with the AI to move against a person there, it
 * waits (the user may redo, play its move, or resume it) rather than play over the redo line.
 */
const shortOfEnd = (): boolean => !!view && later.length > 0 && aiToMove(view) && anyHuman(players);

/**
 * Runs a change of the game after those before it; listeners hear of it once, at the end. A
 * change that throws has changed nothing the page keeps (the caller says why). `user` marks a
 * user's action in this tab, which lifts the hold of an opened game.
 */
function run<T>(change: () => Promise<T>, user = true): Promise<T> {
  const result = tail.then(async () => {
    if (running++ === 0) listeners.busy.forEach((l) => l(true));
    try {
      return await change();
    } finally {
      // The hold is lifted once the change is made (lifted before, the AI could play in between).
      if (user && !drafting) {
        held = shortOfEnd();
        holdAi();
      }
      if (--running === 0) listeners.busy.forEach((l) => l(false));
      stateChanged();
    }
  });
  tail = result.catch(() => undefined);
  return result;
}

/** Resolves once the changes asked for so far are made. */
export const settled = (): Promise<unknown> => tail;

/** Follows a move or a take-back made on the board itself, keeping the redo line true to the game. */
function follow(previous: GameView | null, now: GameView): void {
  if (!previous || gameTags(previous.record) !== gameTags(now.record)) {
    later = [];
    atLineEnd(now);
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
  atLineEnd(now);
}

board.addEventListener('change', (e) => {
  // Before a game is opened the board shows its own default; a draft is not the game; a game
  // being put on the board is followed by the change that puts it there.
  if (!identity || drafting || replacing) return;
  const shown = (e as CustomEvent<GameView>).detail;
  const previous = view;
  view = shown;
  // Another game put on the board past the session (the element's own API) is a game of its own.
  if (previous && gameTags(previous.record) !== gameTags(shown.record)) identity = { id: newGameId(), origin: 'new', created: Date.now() };
  follow(previous, shown);
  // Only the user plays while the AI is held back: the hold ends with their move, unless it was
  // along the redo line, whose rest is then for Redo, not for the AI to play over.
  const byUser = held || paused || (previous !== null && choiceFor(players, previous, previous.toMove) === 'human');
  if (running === 0 && previous && shown.history.length > previous.history.length && byUser) {
    held = !paused && shortOfEnd();
    holdAi();
  }
  emitGame(shown, previous);
  if (running === 0) stateChanged();
});
// The element's own Resume AI button.
board.addEventListener('airesume', () => void setPaused(false));

// ------------------------------------------------------------------ settings

function applyPlayers(p: Players): void {
  players = p;
  board.setAttribute('ai', aiAttribute(p));
}

function applyOverlays(names: readonly string[]): void {
  for (const name of [...overlays]) if (!names.includes(name)) setOverlayShown(name, false);
  for (const name of names) setOverlayShown(name, true);
}

function setOverlayShown(name: string, on: boolean): void {
  if (on) overlays.add(name);
  else overlays.delete(name);
  board.toggleAttribute(`show-${name}`, on);
}

export function setPlayers(p: Players): Promise<void> {
  return run(async () => applyPlayers(p));
}

/** Holds the AI back (the user may play any side) or lets it play on; the board says so beside its Resume button. */
export function setPaused(on: boolean): Promise<void> {
  // Not a change that holds short of the end: resumed, the AI plays from where the user stands.
  return run(async () => {
    paused = on;
    held = false;
    holdAi();
    if (!on) board.think();
  }, false);
}

export function setOverlay(name: string, on: boolean): Promise<void> {
  return run(async () => setOverlayShown(name, on), false);
}

// ------------------------------------------------------------------ games shown

/**
 * Puts a stored game on the board exactly as it was left: its line, its cursor, its players and
 * overlays, its pause. Nothing plays: the AI stays held while the cursor is short of the line's
 * end or the AI is to move. A line whose steps the board does not replay as stored is read again
 * from its record, which is the truth of the game.
 */
async function show(game: GameBody): Promise<GameView> {
  board.toggleAttribute('ai-paused', true);
  applyPlayers(game.players);
  applyOverlays(game.overlays);
  const cursor = Math.min(game.cursor, game.steps.length);
  let steps = game.steps;
  let shown: GameView;
  replacing = true;
  try {
    shown = await board.loadRecord(game.line, cursor);
    if (shown.history.some((h, i) => h.notation !== steps[i]) || shown.history.length !== cursor) {
      const whole = await board.loadRecord(game.line);
      steps = whole.history.map((h) => h.notation);
      shown = await board.loadRecord(game.line, Math.min(cursor, steps.length));
    }
  } finally {
    replacing = false;
  }
  const previous = view;
  drafting = null;
  identity = { id: game.id, origin: game.origin, created: game.created };
  view = shown;
  later = steps.slice(shown.history.length);
  line = game.line;
  result = game.result;
  atLineEnd(shown);
  paused = game.paused;
  held = !shown.outcome && (later.length > 0 || aiToMove(shown));
  holdAi();
  emitGame(shown, previous);
  return shown;
}

/** Shows a stored game (a reload, the Games panel, Back, another tab's change); nothing plays. */
export function open(game: StoredGame): Promise<GameView> {
  return run(() => show(game), false);
}

/**
 * A new game from a record, open at `move` moves (its end when null), the rest on Redo, as a
 * link or an imported record brings it; nothing plays. The game gets a new id (the store keeps
 * the one shown before).
 */
export function openLine(record: string, move: number | null, p: Players, origin: Origin): Promise<GameView> {
  return run(async () => {
    board.toggleAttribute('ai-paused', true);
    let whole: GameView;
    replacing = true;
    try {
      whole = await board.loadRecord(record);
    } catch (e) {
      // The board refused the record and still shows the game.
      holdAi();
      throw e;
    } finally {
      replacing = false;
    }
    const steps = whole.history.map((h) => h.notation);
    const now = Date.now();
    try {
      return await show({
        id: newGameId(),
        origin,
        created: now,
        game: whole.game,
        title: whole.title,
        board: whole.board.spec,
        line: whole.record,
        steps,
        cursor: move === null ? steps.length : Math.min(move, steps.length),
        players: p,
        overlays: [...overlays],
        // A line opened short of its end is for study, as stepping back is: the AI waits for Resume.
        paused: move !== null && move < steps.length,
        result: resultOf(whole),
      });
    } catch (e) {
      await restore();
      throw e;
    }
  }, false);
}

/** Puts the game shown back on the board after a change that failed half-way. */
async function restore(): Promise<void> {
  const game = snapshot();
  if (game) await show(game);
  else holdAi();
}

/**
 * A new game (New game, a link that names a game, the editor's position): a refused one changes
 * nothing, players included. The AI may play at once: starting a game is the user's act.
 */
export function newGame(config: GameConfig, p: Players = players, origin: Origin = 'new'): Promise<GameView> {
  return run(async () => {
    const before = players;
    board.toggleAttribute('ai-paused', true);
    applyPlayers(p);
    let shown: GameView;
    replacing = true;
    try {
      shown = await board.newGame(config);
    } catch (e) {
      // The board refused the game and still shows the one before.
      replacing = false;
      applyPlayers(before);
      holdAi();
      throw e;
    }
    replacing = false;
    const previous = view;
    drafting = null;
    identity = { id: newGameId(), origin, created: Date.now() };
    view = shown;
    later = [];
    atLineEnd(shown);
    paused = false;
    held = false;
    holdAi();
    emitGame(shown, previous);
    return shown;
  });
}

/** The game on show is kept under another id from now on (the keeper set it apart from another tab's). */
export function renamed(id: string, origin: Origin, created: number): void {
  if (!identity) return;
  identity = { id, origin, created };
  stateChanged();
}

// ------------------------------------------------------------------ moving through the line

function humanToMove(v: GameView): boolean {
  return choiceFor(players, v, v.toMove) === 'human';
}

/** Takes back at least one move, and on until a human is to move (past the AI's replies). */
export function undo(): Promise<void> {
  return run(async () => {
    if (!view || drafting || view.history.length === 0) return;
    // Each take-back is followed from the board's change (the move joins the redo line).
    do await board.undo();
    while (view.history.length > 0 && !humanToMove(view) && anyHuman(players));
    // AI against AI: the game goes on from the position taken back to (the board waits otherwise).
    if (!anyHuman(players)) board.think();
  });
}

/** Replays the next move of the redo line; at its end the AI may play on. */
export function redo(): Promise<void> {
  return run(async () => {
    const next = later[0];
    if (next === undefined || drafting) return;
    // The move is followed from the board's change: the redo line's first, it keeps the rest.
    await board.play(next);
    if (later.length === 0) board.think();
  });
}

/** Steps through the game line to `target` moves played. Stepping is studying: the AI waits until resumed. */
export function stepTo(target: number): Promise<void> {
  return run(async () => {
    if (!view || drafting) return;
    if (!paused && anyAi(players)) {
      paused = true;
      holdAi();
    }
    const to = Math.max(0, Math.min(view.history.length + later.length, target));
    while (view.history.length > to) await board.undo();
    while (view.history.length < to && later.length > 0) await board.play(later[0]!);
  });
}

// ------------------------------------------------------------------ the editor's drafts

/** The editor opens: what the board shows from now on is a draft, not the game. */
export function beginDraft(): Promise<void> {
  return run(async () => {
    if (!drafting) drafting = { held };
  }, false);
}

/** Shows a draft position on the board; the engine's refusal is thrown and the board keeps the last draft. */
export function showDraft(position: string): Promise<GameView> {
  return run(async () => {
    if (!drafting) drafting = { held };
    return board.newGame({ game: currentGame().id, position });
  }, false);
}

/** The editor closes: the game goes back on the board as it was. */
export function endDraft(): Promise<void> {
  return run(async () => {
    const was = drafting;
    const game = snapshot();
    if (!was || !game) return;
    await show(game);
    held = was.held;
    holdAi();
  }, false);
}
