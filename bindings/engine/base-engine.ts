/**
 * What both backends share, for any game: configuration, moves given as notation, legality checks
 * with a reason, the record of the game (start and every move) and replaying records. A backend
 * only supplies the rules core: install a state, list legal moves, apply one, take one back.
 */
import type { AnyGameRules, GameMove, GameOutcome, GameRules } from '../../reference/core/game.js';
import { checkLoadedState } from './state-check.js';
import { describeValue, excerpt, IllegalMoveError, NotationError, UsageError, unwrap } from '../../reference/core/errors.js';
import { DEFAULT_MAX_PLAYOUT_MOVES, MAX_PLAYOUT_MOVES, MAX_RECORDED_PLAYOUT_MOVES, type PlayoutOptions, type PlayoutResult } from '../../reference/search/playout.js';
import { isSeed } from '../../reference/core/rng.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Player } from '../../reference/core/types.js';
import type { Backend, Engine, GameConfig, RootSearchOptions } from './engine.js';
import { checkSearchOptions, runSearch, type SearchCore, type SearchOptions, type SearchResult } from './search.js';
import { checkAlphaBetaOptions, drawScore, runAlphaBeta, type AlphaBetaCore } from './alphabeta.js';
import { rootSearch, type AlphaBetaRoots } from './alphabeta-roots.js';
import { checkConfigShape, checkSearchShape } from './input-shapes.js';
import { readRecord, writeRecord, type Start } from './record-text.js';

interface Played<M> {
  readonly move: M;
  readonly player: Player;
}

type Options = Readonly<Record<string, unknown>>;

export abstract class BaseEngine<S, M extends GameMove> implements Engine<S, M> {
  abstract readonly backend: Backend;
  topology!: Topology;
  options!: Options;
  /** How the game began: a set-up name, or the position it was loaded from. */
  private start!: Start;
  private played: Played<M>[] = [];
  private searching = false;
  /** The weights the kept MCTS tree was valued with: a search with others starts afresh. */
  private treeWeights = '';

  constructor(readonly rules: GameRules<S, M>) {}

  /** The state the game started from (before any move of history()). */
  protected startState(): S {
    return 'setup' in this.start
      ? this.rules.initial(this.topology, this.start.setup, this.options)
      : unwrap(this.rules.parsePosition(this.start.position)).state;
  }

  /** Replaces the whole game; the state has already been checked. */
  protected abstract install(topology: Topology, options: Options, state: S): void;
  protected abstract legal(): M[];
  /** Applies a move taken from legal(). */
  protected abstract apply(move: M): void;
  /** Takes back the last applied move. */
  protected abstract retract(): void;
  /** The backend's tree search, rooted at the current position. */
  protected abstract searchCore(): SearchCore<M>;
  /** The backend's alpha-beta search, rooted at the current position. */
  protected abstract alphaBetaCore(): AlphaBetaCore<M>;

  /** P1's advantage by the game's heuristic evaluation, in hundredths of a point. */
  abstract evaluate(weights?: readonly number[]): number;

  /** `weights` checked, or the game's defaults. */
  protected evalWeights(weights?: readonly number[]): readonly number[] {
    const terms = this.rules.evaluation.terms;
    return checkAlphaBetaOptions({ depth: 1, weights }, terms.length) ?? terms.map((t) => t.weight);
  }

  abstract state(): S;
  abstract toMove(): Player;
  abstract scores(): [number, number];
  abstract outcome(): GameOutcome | null;
  abstract playout(seed: number, options?: PlayoutOptions): PlayoutResult;

  /**
   * The checks every backend makes before a playout, the same on both: no search running (a
   * playout would move the search's own random numbers and state), and numbers the wasm cores
   * hold exactly. Returns the move cap.
   */
  protected checkPlayout(seed: number, options: PlayoutOptions): number {
    this.requireIdle('play out a game');
    if (!isSeed(seed)) throw new UsageError(`seed must be an integer from 0 to 2^32-1, got ${String(seed)}`);
    if (options === null || typeof options !== 'object') throw new UsageError(`playout options must be an object, got ${describeValue(options)}`);
    return this.checkMaxMoves(options.maxMoves ?? DEFAULT_MAX_PLAYOUT_MOVES, options.record ? MAX_RECORDED_PLAYOUT_MOVES : MAX_PLAYOUT_MOVES, !!options.record);
  }

  /** A playout's move cap: a whole number from 0 to `most`. */
  protected checkMaxMoves(maxMoves: unknown, most = MAX_PLAYOUT_MOVES, recorded = false): number {
    if (typeof maxMoves !== 'number' || !Number.isInteger(maxMoves) || maxMoves < 0 || maxMoves > most) {
      throw new UsageError(`maxMoves must be a whole number from 0 to ${most}${recorded ? ' for a recorded playout' : ''}, got ${describeValue(maxMoves)}`);
    }
    return maxMoves;
  }

  seatOf(colour: Player): Player {
    if (colour !== 1 && colour !== 2) throw new UsageError(`colour must be 1 or 2, got ${String(colour)}`);
    return this.rules.seatOf ? this.rules.seatOf(this.state(), colour) : colour;
  }

  seatToMove(): Player {
    return this.seatOf(this.toMove());
  }

  cells(): Uint8Array {
    return this.rules.cells(this.state()).slice();
  }

  /**
   * Refuses `what` while a search runs: the search owns the game (and a wasm core's memory) until
   * it ends. Anything allowed may change the game or the core, which ends a root search.
   */
  protected requireIdle(what: string): void {
    if (this.searching) throw new UsageError(`cannot ${what} while a search is running`);
    this.changed();
  }

  /** Counts the changes that end a root search (alphaBetaRoots). */
  private changes = 0;

  protected changed(): void {
    this.changes++;
  }

  /** The game's contempt for draws unless the search sets one. */
  private withContempt<O extends Pick<SearchOptions, 'settings'>>(options: O): O {
    const contempt = this.rules.contempt;
    return contempt === undefined ? options : { ...options, settings: { ...options.settings, contempt: options.settings?.contempt ?? contempt } };
  }

  alphaBetaRoots(options: RootSearchOptions = {}): AlphaBetaRoots<M> {
    this.requireIdle('start a search');
    if (options === null || typeof options !== 'object') throw new UsageError(`root search options must be an object, got ${describeValue(options)}`);
    options = this.withContempt(options);
    const settings = checkSearchOptions({ ...options, depth: 1, algorithm: 'alphabeta' });
    const weights = this.evalWeights(options.weights);
    if (this.legal().length === 0) throw new UsageError('there is nothing to search: the game is over');
    const core = this.alphaBetaCore();
    core.begin(weights, drawScore(settings.contempt, settings.evalScale));
    const at = this.changes;
    return rootSearch(core, () => {
      if (this.searching || this.changes !== at) throw new UsageError('this root search has ended: the engine changed since it began');
    });
  }

  async search(options: SearchOptions): Promise<SearchResult<M>> {
    this.requireIdle('start a search');
    checkSearchShape(options);
    this.searching = true;
    try {
      options = this.withContempt(options);
      if (options.algorithm === 'alphabeta') {
        const terms = this.rules.evaluation.terms;
        const weights = checkAlphaBetaOptions(options, terms.length) ?? terms.map((t) => t.weight);
        return await runAlphaBeta(this.alphaBetaCore(), this.legal(), weights, options);
      }
      checkSearchOptions(options);
      const weights = this.evalWeights(options.weights);
      const key = weights.join('/');
      if (key !== this.treeWeights) {
        this.treeWeights = key;
        options = { ...options, fresh: true };
      }
      return await runSearch(this.searchCore(), this.legal(), options, (m) => this.rules.pack(m as M), weights);
    } finally {
      this.searching = false;
    }
  }

  private boardOf(spec: string): Topology {
    if (typeof spec !== 'string') throw new UsageError(`board must be a board spec string, got ${describeValue(spec)}`);
    return unwrap(this.rules.board(spec));
  }

  reset(config: GameConfig = {}): void {
    this.requireIdle('start a new game');
    checkConfigShape(config);
    if (config.game !== undefined && config.game !== this.rules.id) {
      throw new UsageError(`this engine plays ${this.rules.title}; create another engine for ${describeValue(config.game)}`);
    }
    const options = this.rules.resolveOptions(config.options ?? (this.topology ? this.options : {}));
    if (config.position !== undefined) {
      const parsed = unwrap(this.rules.parsePosition(config.position));
      this.rules.checkState(parsed.topology, parsed.state);
      this.begin(parsed.topology, options, parsed.state, { position: this.rules.formatPosition(parsed.topology, parsed.state) });
      return;
    }
    const topology = this.boardOf(config.board ?? this.topology?.spec ?? this.rules.defaultBoard);
    const setup = config.setup ?? this.rules.setups[0]!;
    if (!this.rules.setups.includes(setup)) {
      throw new UsageError(`set-up must be ${this.rules.setups.map((s) => `'${s}'`).join(' or ')}, got ${describeValue(setup)}`);
    }
    this.begin(topology, options, this.rules.initial(topology, setup, options), { setup });
  }

  load(position: string | S): void {
    this.requireIdle('load a position');
    if (typeof position !== 'string' && (position === null || typeof position !== 'object' || Array.isArray(position))) {
      throw new UsageError(`load takes a position in notation or a state object, got ${describeValue(position)}`);
    }
    if (typeof position === 'string') {
      const parsed = unwrap(this.rules.parsePosition(position));
      this.rules.checkState(parsed.topology, parsed.state);
      this.begin(parsed.topology, this.options, parsed.state, { position: this.rules.formatPosition(parsed.topology, parsed.state) });
    } else {
      const state = checkLoadedState(this.rules as AnyGameRules, this.topology, this.state(), position);
      this.begin(this.topology, this.options, state, { position: this.rules.formatPosition(this.topology, state) });
    }
  }

  private begin(topology: Topology, options: Options, state: S, start: Start): void {
    this.install(topology, options, state);
    this.topology = topology;
    this.options = options;
    this.start = start;
    this.played = [];
  }

  position(form: 'human' | 'machine' = 'human'): string {
    return this.rules.formatPosition(this.topology, this.state(), form);
  }

  legalMoves(): M[] {
    return this.legal().slice();
  }

  /** The codes of legal(), kept while legal() returns the same list. */
  private codes: Uint32Array = new Uint32Array(0);
  private codesOf: readonly M[] | null = null;

  /**
   * The legal moves' codes, in the order of legal(). Here they are packed from the move objects;
   * a backend that holds its moves packed hands them over as they are.
   */
  protected legalCodeList(): Uint32Array {
    const legal = this.legal();
    if (this.codesOf !== legal) {
      this.codes = Uint32Array.from(legal, (m) => this.rules.pack(m));
      this.codesOf = legal;
    }
    return this.codes;
  }

  /** The legal move at `index` of legalCodeList(), as an object. */
  protected legalAt(index: number): M {
    return this.legal()[index]!;
  }

  /** Applies `move`, legal now, whose code is `code`. */
  protected applyCoded(move: M, _code: number): void {
    this.apply(move);
  }

  legalCodes(): Uint32Array {
    return this.legalCodeList();
  }

  playCode(code: number): void {
    this.requireIdle('play');
    if (typeof code !== 'number' || !Number.isInteger(code) || code < 0 || code > 0xffffffff) {
      throw new UsageError(`a move code is a whole number from 0 to 2^32-1, got ${describeValue(code)}`);
    }
    const index = this.legalCodeList().indexOf(code);
    if (index < 0) throw this.illegalCode(code);
    const move = this.legalAt(index);
    const player = this.toMove();
    this.applyCoded(move, code);
    this.played.push({ move, player });
  }

  undoCode(): number {
    return this.rules.pack(this.undo());
  }

  codeOf(move: GameMove | string): number {
    const m = typeof move === 'string' ? this.parseMove(move) : move;
    if (!this.rules.isMoveShaped(m, this.topology)) throw new UsageError(`not a ${this.rules.title} move on ${this.topology.spec}: ${describeValue(m)}`);
    return this.rules.pack(m);
  }

  moveOf(code: number): M {
    const index = typeof code === 'number' ? this.legalCodeList().indexOf(code) : -1;
    if (index < 0) throw this.illegalCode(code);
    return this.legalAt(index);
  }

  /** Why `code` is not a legal move now: not a move of this game at all, or the rules' reason. */
  private illegalCode(code: unknown): IllegalMoveError {
    let move: GameMove | null = null;
    try {
      move = this.rules.unpack(code as number);
    } catch {
      // A number no move packs to: said below.
    }
    if (!move || !this.rules.isMoveShaped(move, this.topology)) {
      return new IllegalMoveError(`code ${describeValue(code)}`, `not the code of a ${this.rules.title} move on ${this.topology.spec}`);
    }
    const why = this.rules.explainIllegal(this.topology, this.state(), move, this.legal(), this.options);
    return new IllegalMoveError(this.rules.formatMove(this.topology, move), why);
  }

  formatMove(move: GameMove): string {
    if (!this.rules.isMoveShaped(move, this.topology)) throw new UsageError(`not a ${this.rules.title} move on ${this.topology.spec}: ${describeValue(move)}`);
    return this.rules.formatMove(this.topology, move);
  }

  parseMove(text: string): GameMove {
    if (typeof text !== 'string') throw new UsageError(`a move in notation must be a string, got ${typeof text}`);
    return unwrap(this.rules.parseMove(this.topology, text, this.state()));
  }

  private find(move: GameMove | string): { move: GameMove; legal: M | undefined } {
    const m = typeof move === 'string' ? this.parseMove(move) : move;
    if (!this.rules.isMoveShaped(m, this.topology)) {
      throw new IllegalMoveError(describeValue(m), `not a ${this.rules.title} move on ${this.topology.spec} (cells 0..${this.topology.size - 1})`);
    }
    // By the codes kept with the list: packing each legal move per look-up cost as much as the move.
    const index = this.legalCodeList().indexOf(this.rules.pack(m));
    return { move: m, legal: index < 0 ? undefined : this.legalAt(index) };
  }

  isLegal(move: GameMove | string): boolean {
    try {
      return this.find(move).legal !== undefined;
    } catch (e) {
      if (e instanceof NotationError || e instanceof IllegalMoveError) return false;
      throw e;
    }
  }

  play(move: GameMove | string): M {
    return this.playMove(move, false);
  }

  /** `play`, where a whole move's token may stop before its end when `unfinished` (a record's last move). */
  private playMove(move: GameMove | string, unfinished: boolean): M {
    this.requireIdle('play');
    const steps = typeof move === 'string' ? this.rules.splitMove?.(move) : undefined;
    if (steps && steps.length > 1) return this.playSteps(steps, unfinished);
    const { move: m, legal } = this.find(move);
    if (!legal) {
      const why = this.rules.explainIllegal(this.topology, this.state(), m, this.legal(), this.options);
      throw new IllegalMoveError(this.rules.formatMove(this.topology, m), why);
    }
    const player = this.toMove();
    this.apply(legal);
    this.played.push({ move: legal, player });
    return legal;
  }

  /**
   * A whole move written as one token, played step by step: all of it, or (on an error) none.
   * Only the last move of a record may be unfinished (a push whose string is still being built).
   */
  private playSteps(steps: readonly string[], unfinished: boolean): M {
    let done = 0;
    try {
      let last: M | undefined;
      for (const step of steps) {
        last = this.play(step);
        done++;
      }
      // A whole move's token must be whole: the position may not be waiting for its next step.
      if (!unfinished && this.legal().some((m) => this.rules.continuesMove!(m))) {
        throw new IllegalMoveError(steps.join(''), 'the move is not finished: its string does not end on an empty node');
      }
      return last!;
    } catch (e) {
      for (; done > 0; done--) {
        this.retract();
        this.played.pop();
      }
      throw e;
    }
  }

  undo(): M {
    this.requireIdle('undo');
    const last = this.played.at(-1);
    if (!last) throw new UsageError('there is no move to undo');
    this.retract();
    this.played.pop();
    return last.move;
  }

  history(): M[] {
    return this.played.map((p) => p.move);
  }

  moveLog(): Array<{ move: M; player: Player; notation: string }> {
    return this.played.map((p) => ({ move: p.move, player: p.player, notation: this.rules.formatMove(this.topology, p.move) }));
  }

  /** Where a move starting at `site` may end, from the legal list (a placement ends where it starts). */
  destinations(site: number): number[] {
    if (!this.topology.isCell(site)) {
      throw new UsageError(`site ${String(site)} is not on ${this.topology.spec} (0..${this.topology.size - 1})`);
    }
    const ends = new Set<number>();
    for (const m of this.legal()) if (m.at === site) ends.add(m.to ?? m.at);
    return [...ends].sort((a, b) => a - b);
  }

  record(): string {
    return writeRecord({ rules: this.rules, topology: this.topology, start: this.start, options: this.options, outcome: this.outcome(), seatOf: (c) => this.seatOf(c), moves: this.played });
  }

  loadRecord(text: string): void {
    this.requireIdle('load a record');
    if (typeof text !== 'string') throw new UsageError(`a game record must be a string, got ${typeof text}`);
    const record = readRecord(this.rules, text);
    const config = record.config;

    // Replay on a scratch copy first, so that a bad record leaves the current game untouched.
    const saved = { topology: this.topology, options: this.options, start: this.start, played: this.played };
    try {
      this.reset(config);
      record.moves.forEach((token, i) => {
        try {
          this.playMove(token, i === record.moves.length - 1);
        } catch (e) {
          if (e instanceof NotationError || e instanceof IllegalMoveError) {
            const why = e instanceof NotationError ? e.detail : e.message;
            // Short: the reason often quotes the token again.
            throw new NotationError(`move ${i + 1} (${excerpt(token, 20)}) cannot be played: ${why}`, text, record.offsets[i]!);
          }
          throw e;
        }
      });
    } catch (e) {
      this.restore(saved);
      throw e;
    }
  }

  private restore(saved: { topology: Topology; options: Options; start: Start; played: Played<M>[] }): void {
    this.topology = saved.topology;
    this.start = saved.start;
    this.options = saved.options;
    this.begin(saved.topology, saved.options, this.startState(), saved.start);
    for (const p of saved.played) this.play(p.move);
  }

  /**
   * Rebuilds the backend's state from the start and the moves played, the first `moves` of them
   * (all by default). For backends whose own undo history is bounded, or that must recover.
   */
  protected rebuild(moves = this.played.length): void {
    this.install(this.topology, this.options, this.startState());
    for (const p of this.played.slice(0, moves)) this.apply(p.move);
  }
}
