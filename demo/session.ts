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
import type { GameBoard } from '../bindings/ui/element.js';
import { board, defaultGame, gameInfo } from './page.js';
import { aiAttribute, anyAi, anyHuman, choiceFor, type Players } from './seats.js';
import { gameTags, redoLineAfter } from './line.js';
import { newGameId, type Origin, type StoredGame } from './store.js';

/** What the store keeps of the game on show, less what the store itself sets. */
export type GameBody = Omit<StoredGame, 'rev' | 'updated'>;

/** The game shown, as the store knows it. */
interface Identity {
  id: string;
  origin: Origin;
  created: number;
}

type Listener = () => void;

function resultOf(v: GameView): string {
  const o = v.outcome;
  if (!o) return '';
  const score = `${formatScore(o.scores[0])}–${formatScore(o.scores[1])}`;
  return o.winner === 0 ? `draw ${score}` : `${v.players[o.winner - 1]} wins ${score}`;
}

export class Session {
  private identity: Identity | null = null;
  private view: GameView | null = null;
  /** The moves after the one on show, in the order they were played (Redo replays the first). */
  private later: string[] = [];
  /** The record of the whole line (to the last move on Redo), and its result in words. */
  private line = '';
  private result = '';
  private players: Players = { black: 'human', white: 3 };
  /** The user's pause (Pause AI, stepping): kept with the game. */
  private paused = false;
  /** The hold of an opened game (see the rules above): this tab's alone, never kept. */
  private held = false;
  private readonly overlays = new Set<string>();
  /** The game as it was when a draft was put on the board (see beginDraft). */
  private drafting: { held: boolean } | null = null;
  /** Changes under way (see run): listeners hear of the state once they are all made. */
  private running = 0;
  /** A game is being put on the board (show, newGame): its views are not moves to follow. */
  private replacing = false;
  private tail: Promise<unknown> = Promise.resolve();
  private readonly listeners = { game: new Set<(v: GameView, previous: GameView | null) => void>(), state: new Set<Listener>(), busy: new Set<(busy: boolean) => void>() };

  constructor(private readonly board: GameBoard) {
    board.addEventListener('change', (e) => this.followBoard((e as CustomEvent<GameView>).detail));
    // The element's own Resume AI button.
    board.addEventListener('airesume', () => void this.setPaused(false));
  }

  /** Called with each new view of the game (after the session has followed it); drafts are not views of the game. */
  readonly onGame = (listener: (v: GameView, previous: GameView | null) => void): void => void this.listeners.game.add(listener);
  /** Called when anything the store keeps changes: the line, the cursor, the players, the pause, the overlays, the game shown. */
  readonly onState = (listener: Listener): void => void this.listeners.state.add(listener);
  /** Called when the session starts or ends a change of the game. */
  readonly onBusy = (listener: (busy: boolean) => void): void => void this.listeners.busy.add(listener);
  private readonly stateChanged = (): void => this.listeners.state.forEach((l) => l());
  private readonly emitGame = (v: GameView, previous: GameView | null): void => this.listeners.game.forEach((l) => l(v, previous));

  readonly currentView = (): GameView | null => this.view;
  readonly currentPlayers = (): Players => this.players;
  readonly currentGame = (): GameInfo => gameInfo(this.view?.game) ?? defaultGame();
  readonly currentId = (): string | null => this.identity?.id ?? null;
  /** Whether the AI is held back, by the user's pause or by the hold of an opened game. */
  readonly isPaused = (): boolean => this.paused || this.held;
  readonly shownOverlays = (): ReadonlySet<string> => this.overlays;
  readonly isDrafting = (): boolean => this.drafting !== null;
  /** How many moves wait on Redo. */
  readonly redoCount = (): number => this.later.length;
  /** The record of the whole line, the moves on Redo included. */
  readonly wholeRecord = (): string => this.line;

  /** What the store keeps of the game on show (null before a game is shown). */
  snapshot(): GameBody | null {
    const { identity, view } = this;
    if (!identity || !view) return null;
    const steps = [...view.history.map((h) => h.notation), ...this.later];
    return {
      id: identity.id,
      origin: identity.origin,
      created: identity.created,
      game: view.game,
      title: view.title,
      board: view.board.spec,
      line: this.line,
      steps,
      cursor: view.history.length,
      players: this.players,
      overlays: [...this.overlays].sort(),
      paused: this.paused,
      result: this.result,
    };
  }

  /** The line's record and result follow the game whenever the move on show is its last. */
  private atLineEnd(v: GameView): void {
    if (this.later.length > 0) return;
    this.line = v.record;
    this.result = resultOf(v);
  }

  private readonly aiToMove = (v: GameView): boolean => !v.outcome && choiceFor(this.players, v, v.toMove) !== 'human';
  private readonly holdAi = (): void => void this.board.toggleAttribute('ai-paused', this.paused || this.held);

  /**
   * Whether the AI waits short of the line's end: with the AI to move against a person there, it
   * waits (the user may redo, play its move, or resume it) rather than play over the redo line.
   */
  private shortOfEnd(): boolean {
    return !!this.view && this.later.length > 0 && this.aiToMove(this.view) && anyHuman(this.players);
  }

  /**
   * Runs a change of the game after those before it; listeners hear of it once, at the end. A
   * change that throws has changed nothing the page keeps (the caller says why). `user` marks a
   * user's action in this tab, which lifts the hold of an opened game.
   */
  private run<T>(change: () => Promise<T>, user = true): Promise<T> {
    const result = this.tail.then(async () => {
      if (this.running++ === 0) this.listeners.busy.forEach((l) => l(true));
      try {
        return await change();
      } finally {
        // The hold is lifted once the change is made (lifted before, the AI could play in between).
        if (user && !this.drafting) {
          this.held = this.shortOfEnd();
          this.holdAi();
        }
        if (--this.running === 0) this.listeners.busy.forEach((l) => l(false));
        this.stateChanged();
      }
    });
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once the changes asked for so far are made. */
  readonly settled = (): Promise<unknown> => this.tail;

  /** Follows a move or a take-back made on the board itself, keeping the redo line true to the game. */
  private follow(previous: GameView | null, now: GameView): void {
    if (!previous || gameTags(previous.record) !== gameTags(now.record)) {
      this.later = [];
      this.atLineEnd(now);
      return;
    }
    this.later = redoLineAfter(previous.history.map((h) => h.notation), now.history.map((h) => h.notation), this.later);
    this.atLineEnd(now);
  }

  /** The board's change event: a move or a take-back made on the board itself. */
  private followBoard(shown: GameView): void {
    // Before a game is opened the board shows its own default; a draft is not the game; a game
    // being put on the board is followed by the change that puts it there.
    if (!this.identity || this.drafting || this.replacing) return;
    const previous = this.view;
    this.view = shown;
    // Another game put on the board past the session (the element's own API) is a game of its own.
    if (previous && gameTags(previous.record) !== gameTags(shown.record)) this.identity = { id: newGameId(), origin: 'new', created: Date.now() };
    this.follow(previous, shown);
    // Only the user plays while the AI is held back: the hold ends with their move, unless it was
    // along the redo line, whose rest is then for Redo, not for the AI to play over.
    const byUser = this.held || this.paused || (previous !== null && choiceFor(this.players, previous, previous.toMove) === 'human');
    if (this.running === 0 && previous && shown.history.length > previous.history.length && byUser) {
      this.held = !this.paused && this.shortOfEnd();
      this.holdAi();
    }
    this.emitGame(shown, previous);
    if (this.running === 0) this.stateChanged();
  }

  // ---------------------------------------------------------------- settings

  private applyPlayers(p: Players): void {
    this.players = p;
    this.board.setAttribute('ai', aiAttribute(p));
  }

  private applyOverlays(names: readonly string[]): void {
    for (const name of [...this.overlays]) if (!names.includes(name)) this.setOverlayShown(name, false);
    for (const name of names) this.setOverlayShown(name, true);
  }

  private setOverlayShown(name: string, on: boolean): void {
    if (on) this.overlays.add(name);
    else this.overlays.delete(name);
    this.board.toggleAttribute(`show-${name}`, on);
  }

  setPlayers(p: Players): Promise<void> {
    return this.run(async () => this.applyPlayers(p));
  }

  /** Holds the AI back (the user may play any side) or lets it play on; the board says so beside its Resume button. */
  setPaused(on: boolean): Promise<void> {
    // Not a change that holds short of the end: resumed, the AI plays from where the user stands.
    return this.run(async () => {
      this.paused = on;
      this.held = false;
      this.holdAi();
      if (!on) this.board.think();
    }, false);
  }

  setOverlay(name: string, on: boolean): Promise<void> {
    return this.run(async () => this.setOverlayShown(name, on), false);
  }

  // ---------------------------------------------------------------- games shown

  /**
   * Puts a stored game on the board exactly as it was left: its line, its cursor, its players and
   * overlays, its pause. Nothing plays: the AI stays held while the cursor is short of the line's
   * end or the AI is to move. A line whose steps the board does not replay as stored is read again
   * from its record, which is the truth of the game.
   */
  private async show(game: GameBody): Promise<GameView> {
    const board = this.board;
    board.toggleAttribute('ai-paused', true);
    this.applyPlayers(game.players);
    this.applyOverlays(game.overlays);
    const cursor = Math.min(game.cursor, game.steps.length);
    let steps = game.steps;
    let shown: GameView;
    this.replacing = true;
    try {
      shown = await board.loadRecord(game.line, cursor);
      if (shown.history.some((h, i) => h.notation !== steps[i]) || shown.history.length !== cursor) {
        const whole = await board.loadRecord(game.line);
        steps = whole.history.map((h) => h.notation);
        shown = await board.loadRecord(game.line, Math.min(cursor, steps.length));
      }
    } finally {
      this.replacing = false;
    }
    const previous = this.view;
    this.drafting = null;
    this.identity = { id: game.id, origin: game.origin, created: game.created };
    this.view = shown;
    this.later = steps.slice(shown.history.length);
    this.line = game.line;
    this.result = game.result;
    this.atLineEnd(shown);
    this.paused = game.paused;
    this.held = !shown.outcome && (this.later.length > 0 || this.aiToMove(shown));
    this.holdAi();
    this.emitGame(shown, previous);
    return shown;
  }

  /** Shows a stored game (a reload, the Games panel, Back, another tab's change); nothing plays. */
  open(game: StoredGame): Promise<GameView> {
    return this.run(() => this.show(game), false);
  }

  /**
   * A new game from a record, open at `move` moves (its end when null), the rest on Redo, as a
   * link or an imported record brings it; nothing plays. The game gets a new id (the store keeps
   * the one shown before).
   */
  openLine(record: string, move: number | null, p: Players, origin: Origin): Promise<GameView> {
    return this.run(async () => {
      this.board.toggleAttribute('ai-paused', true);
      let whole: GameView;
      this.replacing = true;
      try {
        whole = await this.board.loadRecord(record);
      } catch (e) {
        // The board refused the record and still shows the game.
        this.holdAi();
        throw e;
      } finally {
        this.replacing = false;
      }
      const steps = whole.history.map((h) => h.notation);
      const now = Date.now();
      try {
        return await this.show({
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
          overlays: [...this.overlays],
          // A line opened short of its end is for study, as stepping back is: the AI waits for Resume.
          paused: move !== null && move < steps.length,
          result: resultOf(whole),
        });
      } catch (e) {
        await this.restore();
        throw e;
      }
    }, false);
  }

  /** Puts the game shown back on the board after a change that failed half-way. */
  private async restore(): Promise<void> {
    const game = this.snapshot();
    if (game) await this.show(game);
    else this.holdAi();
  }

  /**
   * A new game (New game, a link that names a game, the editor's position): a refused one changes
   * nothing, players included. The AI may play at once: starting a game is the user's act.
   */
  newGame(config: GameConfig, p: Players = this.players, origin: Origin = 'new'): Promise<GameView> {
    return this.run(async () => {
      const before = this.players;
      this.board.toggleAttribute('ai-paused', true);
      this.applyPlayers(p);
      let shown: GameView;
      this.replacing = true;
      try {
        shown = await this.board.newGame(config);
      } catch (e) {
        // The board refused the game and still shows the one before.
        this.replacing = false;
        this.applyPlayers(before);
        this.holdAi();
        throw e;
      }
      this.replacing = false;
      const previous = this.view;
      this.drafting = null;
      this.identity = { id: newGameId(), origin, created: Date.now() };
      this.view = shown;
      this.later = [];
      this.atLineEnd(shown);
      this.paused = false;
      this.held = false;
      this.holdAi();
      this.emitGame(shown, previous);
      return shown;
    });
  }

  /** The game on show is kept under another id from now on (the keeper set it apart from another tab's). */
  renamed(id: string, origin: Origin, created: number): void {
    if (!this.identity) return;
    this.identity = { id, origin, created };
    this.stateChanged();
  }

  // ---------------------------------------------------------------- moving through the line

  /** Takes back at least one move, and on until a human is to move (past the AI's replies). */
  undo(): Promise<void> {
    return this.run(async () => {
      if (!this.view || this.drafting || this.view.history.length === 0) return;
      // Each take-back is followed from the board's change (the move joins the redo line).
      do await this.board.undo();
      while (this.view.history.length > 0 && choiceFor(this.players, this.view, this.view.toMove) !== 'human' && anyHuman(this.players));
      // AI against AI: the game goes on from the position taken back to (the board waits otherwise).
      if (!anyHuman(this.players)) this.board.think();
    });
  }

  /** Replays the next move of the redo line; at its end the AI may play on. */
  redo(): Promise<void> {
    return this.run(async () => {
      const next = this.later[0];
      if (next === undefined || this.drafting) return;
      // The move is followed from the board's change: the redo line's first, it keeps the rest.
      await this.board.play(next);
      if (this.later.length === 0) this.board.think();
    });
  }

  /** Steps through the game line to `target` moves played. Stepping is studying: the AI waits until resumed. */
  stepTo(target: number): Promise<void> {
    return this.run(async () => {
      const view = this.view;
      if (!view || this.drafting) return;
      if (!this.paused && anyAi(this.players)) {
        this.paused = true;
        this.holdAi();
      }
      const to = Math.max(0, Math.min(view.history.length + this.later.length, target));
      while (this.view!.history.length > to) await this.board.undo();
      while (this.view!.history.length < to && this.later.length > 0) await this.board.play(this.later[0]!);
    });
  }

  // ---------------------------------------------------------------- the editor's drafts

  /** The editor opens: what the board shows from now on is a draft, not the game. */
  beginDraft(): Promise<void> {
    return this.run(async () => {
      if (!this.drafting) this.drafting = { held: this.held };
    }, false);
  }

  /** Shows a draft position on the board; the engine's refusal is thrown and the board keeps the last draft. */
  showDraft(position: string): Promise<GameView> {
    return this.run(async () => {
      if (!this.drafting) this.drafting = { held: this.held };
      return this.board.newGame({ game: this.currentGame().id, position });
    }, false);
  }

  /** The editor closes: the game goes back on the board as it was. */
  endDraft(): Promise<void> {
    return this.run(async () => {
      const was = this.drafting;
      const game = this.snapshot();
      if (!was || !game) return;
      await this.show(game);
      this.held = was.held;
      this.holdAi();
    }, false);
  }
}

/** The page's one session, over its board. */
export const session = new Session(board);
