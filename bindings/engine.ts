/**
 * The public engine API: one `Engine` interface over two backends, the pure-TypeScript
 * reference engine and the WebAssembly core. Both accept moves as data or notation, refuse bad
 * input with typed errors before anything changes, and keep a game record that is never lost.
 */
import type { LegalMove } from '../reference/games/throngs/moves.js';
import type { ThrongsState } from '../reference/games/throngs/state.js';
import type { ScoreBreakdown } from '../reference/games/throngs/scoring.js';
import type { PlayoutOptions, PlayoutResult } from '../reference/search/playout.js';
import type { Topology } from '../reference/topology/topology.js';
import type { Move, Outcome, Player, RuleOptions, Setup } from '../reference/types.js';
import type { SearchOptions, SearchResult } from './search.js';

export type Backend = 'reference' | 'wasm';

export interface GameConfig {
  readonly game?: 'throngs';
  /** Board spec, e.g. `ragged63` (the default), `hexhex(6)`, `torus(8,8)`. */
  readonly board?: string;
  readonly setup?: Setup;
  readonly options?: Partial<RuleOptions>;
  /** Start from this position (notation of THRONGS.md §10.2) instead of a set-up. */
  readonly position?: string;
}

export interface EngineConfig extends GameConfig {
  readonly backend?: Backend;
  /** Size of the wasm core's search arena in megabytes (default 64). */
  readonly arenaMB?: number;
}

export interface Engine {
  readonly backend: Backend;
  readonly topology: Topology;
  readonly options: RuleOptions;

  /** Starts a new game; the board, set-up and options default to the current ones. */
  reset(config?: GameConfig): void;
  /** Replaces the game with a position (text or state); the history starts afresh. */
  load(position: string | ThrongsState): void;
  /** Replaces the game with the one a record describes, replayed move by move. */
  loadRecord(record: string): void;
  position(form?: 'human' | 'machine'): string;
  state(): ThrongsState;

  legalMoves(): LegalMove[];
  isLegal(move: Move | string): boolean;
  /** Plays a move; an illegal or malformed one throws and changes nothing. */
  play(move: Move | string): LegalMove;
  undo(): LegalMove;
  /** Moves played since the game started or was loaded. */
  history(): LegalMove[];
  /** The same moves with who played each and their notation. */
  moveLog(): Array<{ move: LegalMove; player: Player; notation: string }>;
  /** The game record (tags and moves); loadRecord(record()) gives the same game. */
  record(): string;

  toMove(): Player;
  moveIndex(): 1 | 2;
  counters(): [number, number];
  /** Pie placements made (0..3) while the pie is on, else null. */
  pieStep(): number | null;
  scores(): [number, number];
  scoreBreakdown(player: Player): ScoreBreakdown;
  /** Who each site counts for in the score: 0 nobody, 1 or 2. */
  territory(): Uint8Array;
  outcome(): Outcome | null;

  actionPotential(site: number, player?: Player): number;
  /** AP of every site for `player` (default: the player to move). */
  actionPotentials(player?: Player): Int8Array;
  /** Legal end sites of moves starting at `site` (the stay included where allowed). */
  destinations(site: number): number[];
  /**
   * Dest(site, power) of THRONGS.md §8 on the current board, whatever the rules allow this turn:
   * the sites a stone on `site` could reach for at most `power`.
   */
  reachable(site: number, power: number): number[];

  /** A seeded random game from the current position; the position is not changed. */
  playout(seed: number, options?: PlayoutOptions): PlayoutResult;

  /**
   * Monte Carlo tree search from the current position within an iteration and/or time budget.
   * The tree is kept between searches and follows the moves played. The position must not be
   * changed while a search runs.
   */
  search(options: SearchOptions): Promise<SearchResult>;

  formatMove(move: Move): string;
  parseMove(text: string): Move;
}

/**
 * Creates an engine. The wasm backend is the default; it loads its module on first use, hence
 * the promise.
 */
export async function createEngine(config: EngineConfig = {}): Promise<Engine> {
  const backend = config.backend ?? 'wasm';
  if (config.game !== undefined && config.game !== 'throngs') {
    throw new TypeError(`unknown game ${JSON.stringify(config.game)}; this engine plays 'throngs'`);
  }
  if (backend === 'reference') {
    const { ReferenceEngine } = await import('./reference-engine.js');
    return new ReferenceEngine(config);
  }
  if (backend === 'wasm') {
    const { createWasmEngine } = await import('./wasm.js');
    return createWasmEngine(config);
  }
  throw new TypeError(`unknown backend ${JSON.stringify(backend)}; use 'wasm' or 'reference'`);
}
