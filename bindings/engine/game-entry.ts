/**
 * What a game's bindings hand to the registry (bindings/games/registry.ts): its rules, its two
 * backends, and what pages, tools and benchmarks need to know of it. Every generic layer (worker,
 * element, CLI, agents, bench) reaches a game only through such an entry, so a game is added by
 * writing its folders and one registry line. Types only: the games depend on this contract, the
 * registry on the games. `E` is the game's engine type, what createEngine returns for it.
 */
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Engine, EngineConfig } from './engine.js';
import type { ClickKinds, GameDetails, GameWords, Weave } from './view.js';

export interface GameEntry<E extends Engine = Engine> {
  readonly rules: AnyGameRules;
  /** How the two sides are called on a board page: Black and White, ... */
  readonly players: readonly [string, string];
  reference(config: EngineConfig): E;
  /** The wasm backend; `module` is another build of the game's module (benchmarks compare builds). */
  wasm(config: EngineConfig, module?: WebAssembly.Module): Promise<E>;
  /** The game's own part of a board page's view (turn text, duty, score parts); `engine` plays this game. */
  describe(engine: Engine): GameDetails;
  /** For a game drawn as woven webs: each site's web and which links cross (the board draws barriers from them). */
  weave?(topology: Topology): Weave;
  /** Per-cell numbers a board page can show over the cells, by name. */
  readonly overlays: Readonly<Record<string, (engine: Engine) => Int8Array>>;
  /** What a click on the board means when it makes no legal move (so the engine can say why). */
  readonly clicks: ClickKinds;
  /** The game's own words for its buttons and overlays, where a board page's general ones would not do. */
  readonly words?: GameWords;
  /** A short guide for a board page's "How to play". */
  readonly howToPlay: HowToPlay;
  /** The boards and matches the benchmarks and the strength ladder measure. */
  readonly bench: BenchPlan;
  /** The game's reader of conformance data (Node only: loaded on demand). */
  conformance(): Promise<ConformanceReader>;
}

/** A worked example of a guide: a position the board draws itself. */
export interface Diagram {
  /** A position in the game's notation (what the board's `position` attribute takes). */
  readonly position: string;
  /** Overlays to show on it (show-<name>). */
  readonly overlays: readonly string[];
  /** Sites the caption names, written on the board beside them (the element's `site-labels`). */
  readonly labels?: readonly string[];
  readonly caption: string;
}

/** A short guide to a game, written for this project (the full rules are in docs/rules/). */
export interface HowToPlay {
  /** Section heading and paragraphs, in order. */
  readonly sections: ReadonlyArray<{ readonly heading: string; readonly paragraphs: readonly string[] }>;
  readonly diagram: Diagram;
}

/**
 * A match of the strength ladder: A, B and, for matches with alpha-beta on both sides (which
 * searches alike from the same position), the random plies that open each pair of games; then
 * the board, if not the ladder's.
 */
export type LadderMatch = readonly [a: string, b: string, openingPlies?: number, board?: string];

export interface BenchPlan {
  /** The boards `throngs bench` and `npm run bench` measure by default. */
  readonly boards: readonly string[];
  /**
   * Ludii's own random playouts per second on some of those boards, one thread, as measured by
   * the project on the same kind of machine: the benchmark table's outside anchor.
   */
  readonly ludiiPlayoutsPerSec?: Readonly<Record<string, string>>;
  /** The ladder's board and its matches in the order they run (the level steps follow them). */
  readonly ladder: { readonly board: string; readonly matches: readonly LadderMatch[] };
  /**
   * A board small enough to solve (docs/solved.md) on which each level's accuracy against perfect
   * play is measured (`npm run accuracy`); absent where no board of the game can be solved.
   */
  readonly solved?: SolvedBoard;
  /**
   * Where bench/parallel-alphabeta.ts --write measures the parallel alpha-beta's speed-up on the
   * ladder's board: positions (plies of a depth-2 alpha-beta from the start) and their depths.
   */
  readonly parallelAlphaBeta?: ReadonlyArray<readonly [plies: number, depths: readonly number[]]>;
  /**
   * Where bench/solvers.ts sets the exact searches side by side (alpha-beta and df-pn): boards
   * both solve from the start (docs/solved.md's rows, `resultOnly` where only the result is
   * asked), and boards too large for that, where positions near the ends of seeded games are
   * proved instead.
   */
  readonly solvers?: { readonly boards: readonly (SolvedBoard & { readonly resultOnly?: boolean })[]; readonly nearEnd: readonly SolvedBoard[] };
}

/** A board, and the set-up and rules, under which positions can be solved in seconds. */
export interface SolvedBoard {
  readonly board: string;
  readonly setup?: string;
  readonly options?: Readonly<Record<string, unknown>>;
}

export interface ConformanceNotes {
  note(problem: string): void;
}

/** One game's reading of its conformance records (bindings/cli/conformance.ts drives it). */
export interface ConformanceReader {
  /**
   * A position record (it has `legal`, every legal move): loads it into `engine`, notes every
   * difference, and names the record.
   */
  position(c: ConformanceNotes, engine: Engine, record: Readonly<Record<string, unknown>>): string;
  /** A game record (it has `moves`): replays it on `engine`, notes every difference, names it. */
  game(c: ConformanceNotes, engine: Engine, record: Readonly<Record<string, unknown>>): string;
}

/** One kind of record as a game reads it: its check on the game's engine, and its name. */
type RecordCheck<E, R> = readonly [check: (c: ConformanceNotes, engine: E, record: R) => void, name: (record: R) => string];

/**
 * A game's conformance reader from its checks of the two kinds of record, typed by its engine and
 * its records' shapes: the casts from the generic records, written once for every game.
 */
export function conformanceReader<E extends Engine, P, G>(checks: { readonly position: RecordCheck<E, P>; readonly game: RecordCheck<E, G> }): ConformanceReader {
  const read =
    <R>([check, name]: RecordCheck<E, R>) =>
    (c: ConformanceNotes, engine: Engine, record: Readonly<Record<string, unknown>>): string => {
      check(c, engine as E, record as unknown as R);
      return name(record as unknown as R);
    };
  return { position: read(checks.position), game: read(checks.game) };
}
