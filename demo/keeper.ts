/**
 * The keeper: writes the game on show to the store after each change, and follows what other
 * tabs write. A game's writes are compare-and-set on its revision, so a write that finds another
 * tab's newer version joins the two lines without losing a move of either: the longer wins where
 * one holds the other, and lines that parted are both kept (this tab's as a new game).
 */
import { errorText, say } from './page.js';
import { relation } from './line.js';
import { currentId, open, renamed, snapshot, type GameBody } from './session.js';
import { MemoryStore, newGameId, type GameStore, type StoredGame } from './store.js';

let store: GameStore = new MemoryStore();
/** Each game's revision as this tab last wrote or read it. */
const revisions = new Map<string, number>();
/** What was last written or read of each game (a body equal to it needs no write). */
const known = new Map<string, string>();
/** The latest body of each game waiting to be written. */
const waiting = new Map<string, GameBody>();
let writing: Promise<void> | null = null;
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
    if (change.kind === 'saved' && change.id === currentId() && change.rev > (revisions.get(change.id) ?? 0)) void takeUp(change.id);
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
  const body = snapshot();
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
  const keepShown = new Set([currentId() ?? '']);
  const result = await store.save({ ...body, rev, updated: 0 }, keepShown);
  if (result.ok) {
    learned(result.game);
    stored();
    return;
  }
  // Another tab wrote this game since this tab last saw it: join the two lines.
  const theirs = result.stored;
  const shown = body.id === currentId();
  switch (relation(body.steps, theirs.steps)) {
    case 'same':
    case 'ours-longer':
      // Ours holds every move of theirs: it is written over them.
      revisions.set(body.id, theirs.rev);
      return write(body);
    case 'theirs-longer':
      // Theirs holds every move of ours: this tab takes their line, where it stood in it (the
      // session's change then asks for the joined game to be written).
      learned(theirs);
      // A tab that was at the end of its line follows the game to the end of theirs.
      if (shown) await open({ ...theirs, cursor: body.cursor === body.steps.length ? theirs.steps.length : body.cursor, paused: body.paused, players: body.players, overlays: body.overlays });
      return;
    case 'parted': {
      // Both have moves the other lacks: theirs stays, ours is kept as a new game.
      learned(theirs);
      const fork = { ...body, id: newGameId(), origin: 'fork' as const, created: Date.now() };
      const saved = await store.save({ ...fork, rev: 0, updated: 0 }, new Set([fork.id]));
      if (saved.ok) learned(saved.game);
      if (shown) renamed(fork.id, fork.origin, fork.created);
      stored();
      say('This game was changed in another tab at the same time: the other tab’s moves stay in it, and yours are kept here as a new game (both are in Games).', 'kept');
      return;
    }
  }
}

/** Another tab wrote the game on show: this tab shows what it wrote. */
async function takeUp(id: string): Promise<void> {
  await written();
  const game = await store.get(id);
  if (!game || game.rev <= (revisions.get(id) ?? 0) || currentId() !== id) return;
  learned(game);
  await open(game);
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
