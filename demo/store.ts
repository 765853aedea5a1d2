/**
 * The game store: every game the page has seen, each under its own id with its whole line, kept
 * in IndexedDB (through idb) across reloads and shared by the tabs of the page. Each write is a
 * compare-and-set on the game's revision, so that a tab never overwrites unseen what another tab
 * wrote; a BroadcastChannel tells the other tabs what changed. Where the browser refuses storage
 * the games are kept in memory for the tab's life, and `persistent` says so.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { Players } from './seats.js';

/** How many games the store keeps: past that, the least recently changed go first. */
export const KEPT_GAMES = 200;

const DB_NAME = 'throngs-demo';
const CHANNEL = 'throngs-demo-games';

/** Where a game came from, for the Games panel. */
export type Origin = 'new' | 'link' | 'editor' | 'record' | 'fork' | 'saved';

/** A game as kept: its whole line (the moves on Redo included) and where the tab stood in it. */
export interface StoredGame {
  readonly id: string;
  /** Bumped by each write: a write that names an older revision than the stored one is refused. */
  readonly rev: number;
  /** The game's id in the engine, and its title and board, for the Games panel. */
  readonly game: string;
  readonly title: string;
  readonly board: string;
  /** The record of the whole line, from its start to the last move on Redo. */
  readonly line: string;
  /** The line's moves as the board's history writes them, one per step. */
  readonly steps: readonly string[];
  /** How many of the steps are played (the rest wait on Redo). */
  readonly cursor: number;
  readonly players: Players;
  readonly overlays: readonly string[];
  readonly paused: boolean;
  /** The result in words when the line ends the game ('' while it goes on). */
  readonly result: string;
  readonly origin: Origin;
  readonly created: number;
  readonly updated: number;
}

/** What a write did: the game as written (its new revision), or the newer game it found instead. */
export type SaveResult = { readonly ok: true; readonly game: StoredGame } | { readonly ok: false; readonly stored: StoredGame };

/** What another tab did to the store. */
export interface StoreChange {
  readonly kind: 'saved' | 'removed';
  readonly id: string;
  readonly rev: number;
}

export interface GameStore {
  /** False when the browser refused storage: the games then last as long as the tab. */
  readonly persistent: boolean;
  get(id: string): Promise<StoredGame | undefined>;
  /** Every game, the most recently changed first. */
  list(): Promise<StoredGame[]>;
  /**
   * Writes `game` when the stored game of its id is still at `game.rev` (or is not there: a game
   * another tab deleted comes back rather than be lost), as revision `game.rev + 1`. Past
   * KEPT_GAMES games, the oldest go, except those in `keep`.
   */
  save(game: StoredGame, keep?: ReadonlySet<string>): Promise<SaveResult>;
  remove(id: string): Promise<void>;
  /** Called when another tab changes the store. */
  listen(listener: (change: StoreChange) => void): void;
}

interface Schema extends DBSchema {
  games: { key: string; value: StoredGame; indexes: { updated: number } };
}

/** A fresh game id: short enough for an address, random enough for a browser's games. */
export function newGameId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (b) => 'abcdefghijkmnpqrstuvwxyz23456789'[b & 31]).join('');
}

/** The store: IndexedDB when the browser allows it, else memory (`persistent` false). */
export async function openStore(): Promise<GameStore> {
  try {
    const db = await openDB<Schema>(DB_NAME, 1, {
      upgrade(database) {
        database.createObjectStore('games', { keyPath: 'id' }).createIndex('updated', 'updated');
      },
    });
    return new IndexedStore(db);
  } catch (e) {
    console.warn('the games are kept in memory only: the browser refused storage:', e);
    return new MemoryStore();
  }
}

class IndexedStore implements GameStore {
  readonly persistent = true;
  private readonly channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);

  constructor(private readonly db: IDBPDatabase<Schema>) {}

  get(id: string): Promise<StoredGame | undefined> {
    return this.db.get('games', id);
  }

  async list(): Promise<StoredGame[]> {
    return (await this.db.getAllFromIndex('games', 'updated')).reverse();
  }

  async save(game: StoredGame, keep: ReadonlySet<string> = new Set()): Promise<SaveResult> {
    const tx = this.db.transaction('games', 'readwrite');
    const stored = await tx.store.get(game.id);
    if (stored && stored.rev !== game.rev) {
      await tx.done;
      return { ok: false, stored };
    }
    const written: StoredGame = { ...game, rev: Math.max(game.rev, stored?.rev ?? 0) + 1, updated: Date.now() };
    await tx.store.put(written);
    if (!stored) {
      // Past the bound, the least recently changed games go (oldest first along the index).
      let over = (await tx.store.count()) - KEPT_GAMES;
      for (let cursor = await tx.store.index('updated').openCursor(); cursor && over > 0; cursor = await cursor.continue()) {
        if (cursor.value.id === written.id || keep.has(cursor.value.id)) continue;
        await cursor.delete();
        over--;
      }
    }
    await tx.done;
    this.channel?.postMessage({ kind: 'saved', id: written.id, rev: written.rev } satisfies StoreChange);
    return { ok: true, game: written };
  }

  async remove(id: string): Promise<void> {
    await this.db.delete('games', id);
    this.channel?.postMessage({ kind: 'removed', id, rev: 0 } satisfies StoreChange);
  }

  listen(listener: (change: StoreChange) => void): void {
    this.channel?.addEventListener('message', (e: MessageEvent<StoreChange>) => listener(e.data));
  }
}

/** The tab's own games, where the browser keeps nothing: the same rules, gone with the tab. */
export class MemoryStore implements GameStore {
  readonly persistent = false;
  private readonly games = new Map<string, StoredGame>();

  async get(id: string): Promise<StoredGame | undefined> {
    return this.games.get(id);
  }

  async list(): Promise<StoredGame[]> {
    return [...this.games.values()].sort((a, b) => b.updated - a.updated);
  }

  async save(game: StoredGame, keep: ReadonlySet<string> = new Set()): Promise<SaveResult> {
    const stored = this.games.get(game.id);
    if (stored && stored.rev !== game.rev) return { ok: false, stored };
    const written: StoredGame = { ...game, rev: Math.max(game.rev, stored?.rev ?? 0) + 1, updated: Date.now() };
    this.games.set(game.id, written);
    for (const old of (await this.list()).reverse()) {
      if (this.games.size <= KEPT_GAMES) break;
      if (old.id !== written.id && !keep.has(old.id)) this.games.delete(old.id);
    }
    return { ok: true, game: written };
  }

  async remove(id: string): Promise<void> {
    this.games.delete(id);
  }

  listen(): void {
    // No other tab sees this tab's memory.
  }
}
