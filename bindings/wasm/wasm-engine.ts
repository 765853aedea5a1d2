/**
 * The Engine over a game's WebAssembly module (assembly/games/<id>, one module per game). Boards
 * arrive as the flat tables built by reference/boards; moves cross as packed u32; bulk results
 * are read through views on the module's memory. What differs between games (how a state is
 * written into the module and read back, how a packed move decodes) is the game's codec. Every
 * input is checked before it reaches wasm, and a trap in the core is turned into a WasmFault
 * after the game has been rebuilt from its record.
 *
 * Beside it: backend.ts, which makes a game's backend from its module and codec; loader.ts, which
 * compiles each game's module once per process or page; core-abi.ts, the exports every module
 * has; search-cores.ts, the searches' view of a module; wasm-fault.ts.
 */
import { EVAL_WEIGHT_COUNT, RESULT_END, RESULT_SCORE1, RESULT_SCORE2, RESULT_WINNER } from '../../assembly/core/abi.js';
import type { GameMove, GameOutcome, GameRules } from '../../reference/core/game.js';
import { UsageError } from '../../reference/core/errors.js';
import { isSeed } from '../../reference/core/rng.js';
import { DEFAULT_MAX_PLAYOUT_MOVES, type PlayoutOptions, type PlayoutResult } from '../../reference/search/playout.js';
import { DEFAULT_SEARCH_SETTINGS } from '../../reference/search/settings.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Player } from '../../reference/core/types.js';
import { BaseEngine } from '../engine/base-engine.js';
import { checkSearchShape } from '../engine/input-shapes.js';
import type { GameConfig, RootSearchOptions } from '../engine/engine.js';
import { checkSearchOptions, type SearchCore, type SearchOptions, type SearchResult } from '../engine/search.js';
import type { AlphaBetaCore } from '../engine/alphabeta.js';
import type { AlphaBetaRoots } from '../engine/alphabeta-roots.js';
import type { CoreAbi } from './core-abi.js';
import { WasmFault } from './wasm-fault.js';
import { wasmAlphaBetaCore, wasmSearchCore, type SearchHost } from './search-cores.js';

export { WasmFault };
export type { CoreAbi };

const MB = 1024 * 1024;
/** The arena a budget-sized engine starts with, and the most it grows to. */
const MIN_ARENA = 1 * MB;
const MAX_AUTO_ARENA = 96 * MB;
/**
 * Arena bytes one iteration takes at most: both semispaces, about 0.6 nodes of 32 bytes and 1.8
 * edges of 16 (measured on opening searches of all three games), with room to spare. Widening
 * goes deeper with fewer nodes, each holding all its edges: up to 350 bytes with 16-byte nodes
 * (Populace hexhex(7)), about 32 more since nodes hold their implicit minimax value.
 */
const BYTES_PER_ITERATION = 128;
const BYTES_PER_WIDENED_ITERATION = 448;
/** Alpha-beta's share: state and move stacks, and a transposition table of about a million entries. */
const ALPHABETA_ARENA = 16 * MB;
/** Iterations per millisecond a time budget is assumed to reach (a fast desktop core). */
const ITERATIONS_PER_MS = 1000;


/** What one game says about its module: how states and moves cross the boundary. */
export interface WasmCodec<S, M, C extends CoreAbi = CoreAbi> {
  /** Score units per point in the module (2 when it counts half points as integers); default 1. */
  readonly scoreUnits?: number;
  /** Writes the options, the cells and the rest of `state` into the module (board installed). */
  load(core: C, topology: Topology, options: Readonly<Record<string, unknown>>, state: S): void;
  read(core: C, topology: Topology): S;
  /**
   * The legal move that `packed` (with the module's move flags) stands for in the module's
   * position, where the packed move alone does not say it all; else the rules' `unpack`.
   */
  decode?(packed: number, flags: number, core: C, topology: Topology): M;
  /** The game's end from the module's end code (0 while it runs) and winner, with the scores in points. */
  outcome(end: number, winner: number, scores: [number, number]): GameOutcome | null;
}

/** A wasm engine's configuration: the game's, and the size of its search arena. */
export type WasmConfig = GameConfig & { arenaMB?: number };

export class WasmEngine<S, M extends GameMove, C extends CoreAbi = CoreAbi> extends BaseEngine<S, M> {
  readonly backend = 'wasm' as const;
  private installedBoard: Topology | null = null;
  private legalCache: M[] | null = null;
  /** The legal moves before each recent move, so that undo need not regenerate them. */
  private legalBefore: Array<M[] | null> = [];
  /** The search arena's size now; it grows between searches up to `arenaLimit` when sized by budget. */
  private arenaBytes: number;
  /** Null when `arenaMB` fixed the size; else the most the arena may grow to. */
  private readonly arenaLimit: number | null;

  constructor(
    rules: GameRules<S, M>,
    protected readonly codec: WasmCodec<S, M, C>,
    readonly core: C,
    config: WasmConfig = {},
  ) {
    super(rules);
    const mb = config.arenaMB;
    // wasm32 memory ends at 4 GB, and a browser tab rarely gets more than a few hundred MB.
    if (mb !== undefined && !(Number.isInteger(mb) && mb >= 1 && mb <= 512)) throw new UsageError(`arenaMB must be a whole number from 1 to 512, got ${String(mb)}`);
    // Without a fixed size the arena starts small and follows the budgets of the searches asked
    // for, so a page playing the low levels stays at a few MiB.
    this.arenaBytes = mb !== undefined ? mb * MB : MIN_ARENA;
    this.arenaLimit = mb !== undefined ? null : MAX_AUTO_ARENA;
    this.reset(config);
  }

  // ------------------------------------------------------------ memory access

  protected i32(ptr: number, length: number): Int32Array {
    return new Int32Array(this.core.memory.buffer, ptr, length);
  }

  /** Runs a call into the core; a trap rebuilds the game and surfaces as a WasmFault. */
  protected guard<T>(what: string, call: () => T): T {
    // Any call into the core may reuse the memory the legal codes are read from.
    this.codesView = null;
    try {
      return call();
    } catch (e) {
      throw this.fault(what, e);
    }
  }

  /** What a call that threw becomes: a trap rebuilds the game and surfaces as a WasmFault. */
  private fault(what: string, e: unknown): unknown {
    if (!(e instanceof WebAssembly.RuntimeError)) return e;
    this.changed();
    this.installedBoard = null;
    this.rebuild();
    return new WasmFault(`the wasm core failed during ${what} (${e.message}); the game was restored`);
  }

  protected requireSite(site: number): void {
    if (!this.topology.isCell(site)) {
      throw new UsageError(`site ${String(site)} is not on ${this.topology.spec} (0..${this.topology.size - 1})`);
    }
  }

  protected requirePlayer(player: Player | undefined): Player {
    if (player === undefined) return this.toMove();
    if (player !== 1 && player !== 2) throw new UsageError(`player must be 1 or 2, got ${String(player)}`);
    return player;
  }

  // ------------------------------------------------------------ BaseEngine

  protected install(topology: Topology, options: Readonly<Record<string, unknown>>, state: S): void {
    this.guard('set-up', () => {
      const core = this.core;
      if (this.installedBoard !== topology) {
        core.prepareBoard(topology.size, this.arenaBytes);
        this.i32(core.neighbourTable(), topology.size * 6).set(topology.neighbour);
        this.i32(core.columnTable(), topology.size).set(topology.column);
        this.i32(core.rowTable(), topology.size).set(topology.row);
        core.commitBoard(topology.wrap !== null);
        this.installedBoard = topology;
      }
      this.codec.load(core, topology, options, state);
      core.searchReset();
    });
    this.legalCache = null;
    this.legalBefore = [];
    this.viewsBuffer = null;
  }

  protected legal(): M[] {
    if (this.legalCache) return this.legalCache;
    const n = this.guard('move generation', () => this.core.generate());
    const moves = new Uint32Array(this.core.memory.buffer, this.core.movesPtr(), n);
    const flags = new Uint8Array(this.core.memory.buffer, this.core.moveFlagsPtr(), n);
    const out: M[] = new Array<M>(n);
    for (let i = 0; i < n; i++) out[i] = this.decode(moves[i]!, flags[i]!);
    this.legalCache = out;
    this.codesView = moves;
    return out;
  }

  /** The legal moves' codes as the module listed them, while nothing has changed since. */
  private codesView: Uint32Array | null = null;

  /**
   * Views of the module's move list, one for each length met: a search loop asks for the list
   * after every move, and a new view each time would be most of the cost. They are dropped when
   * the memory grows (its old buffer then reads as empty) or another board is installed.
   */
  private codeViews: Uint32Array[] = [];
  private flagViews: Uint8Array[] = [];
  private viewsBuffer: ArrayBuffer | null = null;

  private moveListView(n: number): Uint32Array {
    if (this.viewsBuffer === null || this.viewsBuffer.byteLength === 0) {
      this.viewsBuffer = this.core.memory.buffer;
      this.codeViews = [];
      this.flagViews = [];
    }
    return (this.codeViews[n] ??= new Uint32Array(this.viewsBuffer, this.core.movesPtr(), n));
  }

  protected override legalCodeList(): Uint32Array {
    if (this.codesView) return this.codesView;
    let n: number;
    try {
      n = this.core.generate();
    } catch (e) {
      throw this.fault('move generation', e);
    }
    return (this.codesView = this.moveListView(n));
  }

  protected override legalAt(index: number): M {
    if (this.legalCache) return this.legalCache[index]!;
    // legalCodeList() has just listed the moves: one is decoded, not the whole list.
    const codes = this.codesView!;
    const flags = (this.flagViews[codes.length] ??= new Uint8Array(this.viewsBuffer!, this.core.moveFlagsPtr(), codes.length));
    return this.decode(codes[index]!, flags[index]!);
  }

  private decode(packed: number, flags: number): M {
    return this.codec.decode ? this.codec.decode(packed, flags, this.core, this.topology) : (this.rules.unpack(packed) as M);
  }

  protected override applyCoded(move: M, code: number): void {
    this.applyPacked(move, code);
  }

  protected apply(move: M): void {
    this.applyPacked(move, this.rules.pack(move));
  }

  private applyPacked(move: M, packed: number): void {
    const before = this.legalCache;
    this.codesView = null;
    let rc: number;
    try {
      rc = this.core.play(packed);
    } catch (e) {
      throw this.fault('play', e);
    }
    if (rc === 0) this.core.searchAdvance(packed);
    this.legalBefore.push(before);
    if (this.legalBefore.length > 256) this.legalBefore.shift();
    this.legalCache = null;
    if (rc !== 0) throw new Error(`internal error: the wasm core refused ${JSON.stringify(move)}, which the engine found legal`);
  }

  protected retract(): void {
    this.core.searchReset();
    const before = this.legalBefore.pop() ?? null;
    this.codesView = null;
    let undone: number;
    try {
      undone = this.core.undo();
    } catch (e) {
      throw this.fault('undo', e);
    }
    if (undone === 0) {
      // The core keeps a bounded undo history; beyond it, replay the game minus its last move.
      this.rebuild(this.history().length - 1);
    }
    this.legalCache = before;
  }

  protected searchCore(): SearchCore<M> {
    return wasmSearchCore(this.searchHost());
  }

  protected alphaBetaCore(): AlphaBetaCore<M> {
    return wasmAlphaBetaCore(this.searchHost(), () => {
      throw new UsageError(`alpha-beta needs more than the ${this.arenaBytes / MB} MB search arena on ${this.topology.spec}: create the engine with a larger arenaMB`);
    });
  }

  /** What the search adapters (search-cores.ts) use of this engine, rooted at the current position. */
  private searchHost(): SearchHost<M> {
    const byPacked = new Map(this.legal().map((m) => [this.rules.pack(m), m] as const));
    return {
      core: this.core,
      guard: (what, call) => this.guard(what, call),
      i32: (ptr, length) => this.i32(ptr, length),
      writeWeights: (weights) => this.writeWeights(weights),
      legalByPacked: (packed) => byPacked.get(packed)!,
      unpack: (packed) => this.rules.unpack(packed),
    };
  }

  private writeWeights(weights: readonly number[]): void {
    const view = this.i32(this.core.evalWeightsPtr(), EVAL_WEIGHT_COUNT);
    view.fill(0);
    view.set(weights);
  }

  evaluate(weights?: readonly number[]): number {
    this.requireIdle('evaluate a position');
    const w = this.evalWeights(weights);
    return this.guard('evaluation', () => {
      this.writeWeights(w);
      return this.core.evaluate();
    });
  }

  /** Grows a budget-sized arena to what this search may use (never during a search), then searches. */
  override async search(options: SearchOptions): Promise<SearchResult<M>> {
    // Before the arena is touched: growing it rebuilds the core under the running search.
    this.requireIdle('start a search');
    checkSearchShape(options);
    if (this.arenaLimit !== null) this.growArena(options.algorithm === 'alphabeta' ? Math.min(this.arenaLimit, ALPHABETA_ARENA) : this.mctsArena(options, this.arenaLimit));
    return super.search(options);
  }

  override alphaBetaRoots(options: RootSearchOptions = {}): AlphaBetaRoots<M> {
    this.requireIdle('start a search');
    if (this.arenaLimit !== null) this.growArena(Math.min(this.arenaLimit, ALPHABETA_ARENA));
    return super.alphaBetaRoots(options);
  }

  /** Grows a budget-sized arena to alpha-beta's before the exact solver takes it (solver/wasm-core.ts). */
  prepareSolve(): void {
    this.requireIdle('start a solve');
    if (this.arenaLimit !== null) this.growArena(Math.min(this.arenaLimit, ALPHABETA_ARENA));
  }

  private growArena(wanted: number): void {
    if (wanted <= this.arenaBytes) return;
    this.arenaBytes = wanted;
    // A new layout: the board, the state and the moves played are installed again.
    this.installedBoard = null;
    this.guard('arena growth', () => this.rebuild());
  }

  /** The arena an MCTS search may use: its budget's iterations at their most bytes (bad options are refused first). */
  private mctsArena(options: SearchOptions, limit: number): number {
    const settings = checkSearchOptions(options);
    const iterations = Math.min(options.iterations ?? Infinity, (options.timeMs ?? Infinity) * ITERATIONS_PER_MS);
    if (!Number.isFinite(iterations)) return limit;
    // The transposition table takes up to an eighth of the arena (assembly/core/tree.ts).
    const share = settings.transpositions === 1 ? 8 / 7 : 1;
    // Measured with a node grown after eight visits (the default); grown sooner, more of them.
    const expansions = Math.max(1, DEFAULT_SEARCH_SETTINGS.expandAfter / settings.expandAfter);
    const perIteration = share * expansions * (settings.widen > 0 ? BYTES_PER_WIDENED_ITERATION : BYTES_PER_ITERATION);
    return Math.min(limit, Math.ceil((iterations * perIteration) / MB) * MB);
  }

  /** The search arena's size in bytes now. */
  arenaSize(): number {
    return this.arenaBytes;
  }

  // ------------------------------------------------------------ queries

  state(): S {
    return this.codec.read(this.core, this.topology);
  }

  toMove(): Player {
    return this.core.toMove() as Player;
  }

  scores(): [number, number] {
    const units = this.codec.scoreUnits ?? 1;
    return this.guard('scoring', () => [this.core.score(1) / units, this.core.score(2) / units]);
  }

  outcome(): GameOutcome | null {
    return this.codec.outcome(this.core.ended(), this.core.winner(), this.scores());
  }

  /** Many playouts in one call (seeds seed, seed+1, ...); returns the total moves played. */
  playouts(seed: number, count: number, maxMoves = DEFAULT_MAX_PLAYOUT_MOVES): number {
    this.requireIdle('play out games');
    if (!isSeed(seed) || !Number.isInteger(count) || count < 0 || !isSeed(seed + count)) throw new UsageError(`seeds must stay within 0..2^32-1`);
    const cap = this.checkMaxMoves(maxMoves);
    return this.guard('playouts', () => this.core.playouts(seed, count, cap));
  }

  /** Size of the core's linear memory in bytes. */
  memoryBytes(): number {
    return this.core.memory.buffer.byteLength;
  }

  playout(seed: number, options: PlayoutOptions = {}): PlayoutResult {
    const maxMoves = this.checkPlayout(seed, options);
    return this.guard('playout', () => {
      const length = this.core.playout(seed, maxMoves, !!options.record);
      // A view, not a copy: the slots are read at once, before anything else runs in the module.
      const slots = this.i32(this.core.resultPtr(), RESULT_WINNER + 1);
      const units = this.codec.scoreUnits ?? 1;
      const scores: [number, number] = [slots[RESULT_SCORE1]! / units, slots[RESULT_SCORE2]! / units];
      const result: PlayoutResult = { length, outcome: this.codec.outcome(slots[RESULT_END]!, slots[RESULT_WINNER]!, scores), scores };
      return options.record ? { ...result, moves: Array.from(new Uint32Array(this.core.memory.buffer, this.core.recordPtr(), length)) } : result;
    });
  }
}
