/**
 * The keeper: writes the game on show to the store after each change, and follows what other
 * tabs write. A game's writes are compare-and-set on its revision, so a write that finds another
 * tab's newer version joins the two lines without losing a move of either: the longer wins where
 * one holds the other, and lines that parted are both kept (this tab's as a new game).
 */
import { errorText, say } from './page.js';
import { relation } from './line.js';
import { session, type GameBody } from './session.js';
import { MemoryStore, newGameId, type GameStore, type StoredGame } from './store.js';

let store: GameStore = new MemoryStore();
/** Each game's revision as this tab last wrote or read it. */
const revisions = new Map<string, number>();
/** What was last written or read of each game (a body equal to it needs no write). */
const known = new Map<string, string>();
/** The latest body of each game waiting to be written. */
const waiting = new Map<string, GameBody>();
let writing: Promise<void> | null = null;
/** A game from another tab is being put on the board: nothing is written until it is on. */
let adopting = false;
/** Taking up other tabs' writes, one at a time; `again` when one came in meanwhile. */
let takingUp: Promise<void> | null = null;
let again = false;
const listeners = new Set<() => void>();
const writingListeners = new Set<(on: boolean) => void>();

const bodyKey = (g: GameBody): string =>
  JSON.stringify([g.line, g.steps, g.cursor, g.players, g.overlays, g.paused, g.result, g.origin, g.created]);

export const gameStore = (): GameStore => store;

/** Called after each write of this tab, and when another tab changes the store. */
export function onStored(listener: () => void): void {
  listeners.add(listener);
}
const stored = (): void => listeners.forEach((l) => l());

/** Starts keeping games in `s`; other tabs' changes to the game on show are taken up. */
export function useStore(s: GameStore): void {
  store = s;
  s.listen((change) => {
    stored();
    if (change.kind === 'saved' && change.id === session.currentId() && change.rev > (revisions.get(change.id) ?? 0)) takeUpLater();
  });
}

/** A game read from the store (or just written): later writes build on its revision. */
export function learned(game: StoredGame): void {
  revisions.set(game.id, game.rev);
  known.set(game.id, bodyKey(game));
}

/** Called when writing starts and when everything asked for is written. */
export function onWriting(listener: (on: boolean) => void): void {
  writingListeners.add(listener);
}

/** Asks for the game on show to be written, if it changed since it was last written or read. */
export function keep(): void {
  // The board shows a mix of this tab's game and the one being taken up: it is written once on.
  if (adopting) return;
  const body = session.snapshot();
  if (!body || known.get(body.id) === bodyKey(body)) return;
  waiting.set(body.id, body);
  if (writing) return;
  writingListeners.forEach((l) => l(true));
  writing = writeAll().finally(() => {
    writing = null;
    writingListeners.forEach((l) => l(false));
  });
}

/** Resolves once every change asked for so far is written (or has failed and been said). */
export async function written(): Promise<void> {
  while (writing) await writing;
}

async function writeAll(): Promise<void> {
  for (let next = waiting.values().next(); !next.done; next = waiting.values().next()) {
    const body = next.value;
    waiting.delete(body.id);
    try {
      await write(body);
    } catch (e) {
      await fallBack(e);
    }
  }
}

async function write(body: GameBody): Promise<void> {
  const rev = revisions.get(body.id) ?? 0;
  const keepShown = new Set([session.currentId() ?? '']);
  const result = await store.save({ ...body, rev, updated: 0 }, keepShown);
  if (result.ok) {
    learned(result.game);
    stored();
    return;
  }
  // Another tab wrote this game since this tab last saw it: join the two lines.
  const theirs = result.stored;
  const shown = body.id === session.currentId();
  switch (relation(body.steps, theirs.steps)) {
    case 'same':
    case 'ours-longer':
      // Ours holds every move of theirs: it is written over them.
      revisions.set(body.id, theirs.rev);
      return write(body);
    case 'theirs-longer':
      // Theirs holds every move of ours: this tab takes their line, where it stood in it (a tab
      // at the end of its line follows the game to the end of theirs), and writes that back.
      if (shown) await adopt({ ...theirs, cursor: body.cursor === body.steps.length ? theirs.steps.length : body.cursor, paused: body.paused, players: body.players, overlays: body.overlays }, theirs);
      else learned(theirs);
      return;
    case 'parted': {
      // Both have moves the other lacks: theirs stays, ours is kept as a new game.
      learned(theirs);
      const fork = { ...body, id: newGameId(), origin: 'fork' as const, created: Date.now() };
      const saved = await store.save({ ...fork, rev: 0, updated: 0 }, new Set([fork.id]));
      if (saved.ok) learned(saved.game);
      if (shown) session.renamed(fork.id, fork.origin, fork.created);
      stored();
      say('This game was changed in another tab at the same time: the other tab’s moves stay in it, and yours are kept here as a new game (both are in Games).', 'kept');
      return;
    }
  }
}

/**
 * Puts `game` on the board, a version of the game on show that `stored` (another tab's write)
 * brought: nothing is written meanwhile (the tab's state is half the old, half the new), then
 * the revision is learned, and only a difference between `game` and `stored` is written back.
 */
async function adopt(game: StoredGame, stored: StoredGame): Promise<void> {
  adopting = true;
  try {
    await session.open(game);
  } finally {
    adopting = false;
  }
  learned(stored);
  keep();
}

/** Another tab wrote the game on show: this tab takes it up, once the takings-up before are done. */
function takeUpLater(): void {
  if (takingUp) {
    again = true;
    return;
  }
  takingUp = (async () => {
    do {
      again = false;
      await takeUp();
    } while (again);
  })().finally(() => (takingUp = null));
}

/** Shows the newest version of the game on show that another tab wrote. */
async function takeUp(): Promise<void> {
  await written();
  const id = session.currentId();
  if (id === null) return;
  const game = await store.get(id);
  if (!game || game.rev <= (revisions.get(id) ?? 0) || session.currentId() !== id) return;
  await adopt(game, game);
}

/** Storage failed under a write (full, or taken away): the games go on in memory, and the page says so. */
async function fallBack(e: unknown): Promise<void> {
  say(`The game could not be saved in this browser (${errorText(e)}); from now on games are kept only while this tab is open.`, 'kept');
  if (!store.persistent) return;
  const memory = new MemoryStore();
  revisions.clear();
  known.clear();
  for (const game of await store.list().catch(() => [])) {
    const copy = await memory.save({ ...game, rev: 0 });
    if (copy.ok) learned(copy.game);
  }
  store = memory;
  stored();
  keep();
}
