/**
 * The Engine over the WebAssembly core (assembly/). Boards arrive as the flat tables built by
 * reference/topology; moves cross as packed u32; bulk results are read through views on the
 * module's memory. Every input is checked before it reaches wasm, and a trap in the core is
 * turned into a WasmFault after the game has been rebuilt from its record.
 */
import { hasSites, unpackMove, type LegalMove } from '../reference/games/throngs/moves.js';
import type { ScoreBreakdown } from '../reference/games/throngs/scoring.js';
import type { ThrongsState } from '../reference/games/throngs/state.js';
import { MAX_POWER } from '../reference/games/throngs/destinations.js';
import { ThrongsError, UsageError } from '../reference/errors.js';
import { packMove } from '../reference/games/throngs/moves.js';
import { isSeed } from '../reference/rng.js';
import { DEFAULT_MAX_PLAYOUT_MOVES, type PlayoutOptions, type PlayoutResult } from '../reference/search/playout.js';
import type { Topology } from '../reference/topology/topology.js';
import type { EndReason, Outcome, Player, RuleOptions } from '../reference/types.js';
import { BaseEngine } from './base-engine.js';
import type { GameConfig } from './engine.js';
import { instantiateCore, type CoreExports } from './wasm-module.js';
import type { SearchCore } from './search.js';
import type { Move } from '../reference/types.js';

/** The wasm core trapped. The game has been rebuilt from its record and is intact. */
export class WasmFault extends ThrongsError {}

const END_CODES: readonly (EndReason | null)[] = [null, 'allPassed', 'scoreThreshold', 'fullScore'];
const FIRST_WAS_PASS = 1;
const ALL_PASS = 2;

export function optionFlags(o: RuleOptions): number {
  return (
    (o.endOnPasses === 'fullRound' ? 1 : 0) |
    (o.endOnFullScore ? 2 : 0) |
    (o.thresholdChecksBoth ? 4 : 0) |
    (o.forcedPassConsumesSlot ? 8 : 0) |
    (o.obligationRelaxesToTravel ? 16 : 0)
  );
}

export class WasmEngine extends BaseEngine {
  readonly backend = 'wasm' as const;
  private installedBoard: Topology | null = null;
  private legalCache: LegalMove[] | null = null;
  /** The legal moves before each recent move, so that undo need not regenerate them. */
  private legalBefore: Array<LegalMove[] | null> = [];

  private readonly arenaBytes: number;

  constructor(
    readonly core: CoreExports,
    config: GameConfig & { arenaMB?: number } = {},
  ) {
    super();
    const mb = config.arenaMB ?? 64;
    if (!(Number.isInteger(mb) && mb >= 1 && mb <= 1024)) throw new UsageError(`arenaMB must be a whole number from 1 to 1024, got ${String(mb)}`);
    this.arenaBytes = mb * 1024 * 1024;
    this.reset(config);
  }

  // ------------------------------------------------------------ memory access

  private i32(ptr: number, length: number): Int32Array {
    return new Int32Array(this.core.memory.buffer, ptr, length);
  }

  private cells(size = this.topology.size): Uint8Array {
    return new Uint8Array(this.core.memory.buffer, this.core.cellsPtr(), size);
  }

  private scalars(): Int32Array {
    return this.i32(this.core.statePtr(), 10);
  }

  /** Runs a call into the core; a trap rebuilds the game and surfaces as a WasmFault. */
  private guard<T>(what: string, call: () => T): T {
    try {
      return call();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      this.installedBoard = null;
      this.rebuild();
      throw new WasmFault(`the wasm core failed during ${what} (${e.message}); the game was restored`);
    }
  }

  // ------------------------------------------------------------ BaseEngine

  protected install(topology: Topology, options: RuleOptions, state: ThrongsState): void {
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
      core.setOptions(optionFlags(options));
      this.cells(topology.size).set(state.cells);
      const flags = (b: ThrongsState['prevBlock']): number => (b.firstWasPass ? FIRST_WAS_PASS : 0) | (b.allPass ? ALL_PASS : 0);
      core.loadState(
        state.toMove,
        state.moveIndex,
        state.counters[0],
        state.counters[1],
        state.pieStep ?? -1,
        state.prevBlock.weight,
        flags(state.prevBlock),
        state.curBlock.weight,
        flags(state.curBlock),
        END_CODES.indexOf(state.ended),
      );
      core.searchReset();
    });
    this.legalCache = null;
    this.legalBefore = [];
  }

  protected legal(): LegalMove[] {
    if (this.legalCache) return this.legalCache;
    const n = this.guard('move generation', () => this.core.generate());
    const moves = new Uint32Array(this.core.memory.buffer, this.core.movesPtr(), n);
    const flags = new Uint8Array(this.core.memory.buffer, this.core.moveFlagsPtr(), n);
    const out: LegalMove[] = new Array<LegalMove>(n);
    for (let i = 0; i < n; i++) {
      const m = unpackMove(moves[i]!);
      const f = flags[i]!;
      const dec = f & 1 ? 2 : 1;
      out[i] = f & 2 ? { kind: 'pass', dec, forced: true } : hasSites(m.kind) ? { kind: m.kind, at: m.at, to: m.to, dec } : { kind: m.kind, dec };
    }
    this.legalCache = out;
    return out;
  }

  protected apply(move: LegalMove): void {
    const before = this.legalCache;
    const packed = packMove(move);
    const rc = this.guard('play', () => this.core.play(packed));
    if (rc === 0) this.core.searchAdvance(packed);
    this.legalBefore.push(before);
    if (this.legalBefore.length > 256) this.legalBefore.shift();
    this.legalCache = null;
    if (rc !== 0) throw new Error(`internal error: the wasm core refused ${JSON.stringify(move)}, which the engine found legal`);
  }

  protected retract(): void {
    this.core.searchReset();
    const before = this.legalBefore.pop() ?? null;
    if (this.guard('undo', () => this.core.undo()) === 0) {
      // The core keeps a bounded undo history; beyond it, replay the game minus its last move.
      this.rebuild(this.history().length - 1);
    }
    this.legalCache = before;
  }

  protected searchCore(): SearchCore {
    const core = this.core;
    const byPacked = new Map(this.legal().map((m) => [packMove(m), m] as const));
    return {
      begin: (seed, settings) =>
        this.guard('search', () => {
          core.searchConfigure(settings.exploration, settings.cutoff, settings.evalScale, settings.biasPercent, settings.expandAfter);
          core.searchBegin(seed);
        }),
      run: (n) => this.guard('search', () => core.searchRun(n)),
      full: () => core.searchFull() === 1,
      children: () => {
        const n = core.searchChildren();
        const buffer = core.memory.buffer;
        const words = new Uint32Array(buffer, core.recordPtr(), n * 3);
        const floats = new Float32Array(buffer, core.recordPtr(), n * 3);
        const out: Array<{ move: LegalMove; visits: number; valueSum: number }> = [];
        for (let i = 0; i < n; i++) out.push({ move: byPacked.get(words[i * 3]!)!, visits: words[i * 3 + 1]!, valueSum: floats[i * 3 + 2]! });
        return out;
      },
      principalVariation: (max): Move[] => {
        const n = core.searchPrincipalVariation(max);
        return Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), n), (p) => unpackMove(p));
      },
    };
  }

  // ------------------------------------------------------------ queries

  private requireSite(site: number): void {
    if (!this.topology.isCell(site)) {
      throw new UsageError(`site ${String(site)} is not on ${this.topology.spec} (0..${this.topology.size - 1})`);
    }
  }

  private requirePlayer(player: Player | undefined): Player {
    if (player === undefined) return this.toMove();
    if (player !== 1 && player !== 2) throw new UsageError(`player must be 1 or 2, got ${String(player)}`);
    return player;
  }

  state(): ThrongsState {
    const s = this.scalars();
    const block = (weight: number, flags: number): ThrongsState['prevBlock'] => ({
      weight,
      firstWasPass: (flags & FIRST_WAS_PASS) !== 0,
      allPass: (flags & ALL_PASS) !== 0,
    });
    return {
      cells: this.cells().slice(),
      toMove: s[0] as Player,
      moveIndex: s[1] as 1 | 2,
      counters: [s[2]!, s[3]!],
      pieStep: s[4]! < 0 ? null : s[4]!,
      prevBlock: block(s[5]!, s[6]!),
      curBlock: block(s[7]!, s[8]!),
      ended: END_CODES[s[9]!] ?? null,
    };
  }

  toMove(): Player {
    return this.scalars()[0] as Player;
  }

  moveIndex(): 1 | 2 {
    return this.scalars()[1] as 1 | 2;
  }

  counters(): [number, number] {
    const s = this.scalars();
    return [s[2]!, s[3]!];
  }

  pieStep(): number | null {
    const p = this.scalars()[4]!;
    return p < 0 ? null : p;
  }

  scores(): [number, number] {
    return this.guard('scoring', () => [this.core.score(1), this.core.score(2)]);
  }

  scoreBreakdown(player: Player): ScoreBreakdown {
    const p = this.requirePlayer(player);
    return this.guard('scoring', () => {
      this.core.scoreBreakdown(p);
      const [stones, empty, capturable] = this.i32(this.core.resultPtr(), 3);
      return { stones: stones!, empty: empty!, capturable: capturable!, total: stones! + empty! + capturable! };
    });
  }

  territory(): Uint8Array {
    return this.guard('scoring', () => {
      this.core.territory();
      return Uint8Array.from(this.i32(this.core.outPtr(), this.topology.size));
    });
  }

  outcome(): Outcome | null {
    const reason = END_CODES[this.scalars()[9]!] ?? null;
    if (!reason) return null;
    const s = this.scores();
    return { winner: s[0] > s[1] ? 1 : s[1] > s[0] ? 2 : 0, reason, scores: s };
  }

  actionPotential(site: number, player?: Player): number {
    this.requireSite(site);
    const p = this.requirePlayer(player);
    return this.guard('action potential', () => this.core.potential(site, p));
  }

  actionPotentials(player?: Player): Int8Array {
    const p = this.requirePlayer(player);
    return this.guard('action potentials', () => {
      this.core.potentials(p);
      return Int8Array.from(this.i32(this.core.outPtr(), this.topology.size));
    });
  }

  destinations(site: number): number[] {
    this.requireSite(site);
    const ends = new Set<number>();
    for (const m of this.legal()) if (m.at === site) ends.add(m.to!);
    return [...ends].sort((a, b) => a - b);
  }

  reachable(site: number, power: number): number[] {
    this.requireSite(site);
    if (!Number.isInteger(power) || power < 0 || power > MAX_POWER) {
      throw new UsageError(`power must be a whole number from 0 to ${MAX_POWER}, got ${String(power)}`);
    }
    return this.guard('destination search', () => {
      const n = this.core.reachable(site, power);
      return Array.from(this.i32(this.core.outPtr(), n));
    });
  }

  /** Many playouts in one call (seeds seed, seed+1, ...); returns the total moves played. */
  playouts(seed: number, count: number, maxMoves = DEFAULT_MAX_PLAYOUT_MOVES): number {
    if (!isSeed(seed) || !isSeed(seed + count)) throw new UsageError(`seeds must stay within 0..2^32-1`);
    return this.guard('playouts', () => this.core.playouts(seed, count, maxMoves));
  }

  /** Size of the core's linear memory in bytes. */
  memoryBytes(): number {
    return this.core.memory.buffer.byteLength;
  }

  playout(seed: number, options: PlayoutOptions = {}): PlayoutResult {
    if (!isSeed(seed)) throw new UsageError(`seed must be an integer from 0 to 2^32-1, got ${String(seed)}`);
    const maxMoves = options.maxMoves ?? DEFAULT_MAX_PLAYOUT_MOVES;
    if (!Number.isInteger(maxMoves) || maxMoves < 0) throw new UsageError(`maxMoves must be a whole number, got ${String(maxMoves)}`);
    if (options.record && maxMoves > this.core.recordCapacity()) {
      throw new UsageError(`a recorded playout may have at most ${this.core.recordCapacity()} moves`);
    }
    return this.guard('playout', () => {
      const length = this.core.playout(seed, maxMoves, !!options.record);
      const [, end, s1, s2] = this.i32(this.core.resultPtr(), 4);
      const reason = END_CODES[end!] ?? null;
      const scores: [number, number] = [s1!, s2!];
      const outcome: Outcome | null = reason ? { winner: s1! > s2! ? 1 : s2! > s1! ? 2 : 0, reason, scores } : null;
      const result: PlayoutResult = { length, outcome, scores };
      return options.record ? { ...result, moves: Array.from(new Uint32Array(this.core.memory.buffer, this.core.recordPtr(), length)) } : result;
    });
  }
}

export async function createWasmEngine(config: GameConfig & { arenaMB?: number } = {}): Promise<WasmEngine> {
  return new WasmEngine(await instantiateCore(), config);
}
