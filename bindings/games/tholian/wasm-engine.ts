/**
 * Tholian Go on the wasm backend: the generic WasmEngine with Tholian's codec. The module knows
 * no geometry: the board's tables (webs, links, dual paths, axes, node flags, targets and entry
 * nodes) are built here from the TypeScript TholianBoard, checked, and written into the module
 * once per layout. The rule options cross as the features of the state's variant (reference
 * options.ts) plus the option bits and the dice's seed; a state crosses field for field,
 * including the push path in progress. Lucky's random start is the reference's initial state,
 * loaded like any other position.
 */
import * as abi from '../../../assembly/games/tholian/abi.js';
import { instantiate } from '../../../build/tholian.js';
import type { GameOutcome } from '../../../reference/core/game.js';
import { BoardError, UsageError, describeValue } from '../../../reference/core/errors.js';
import type { Topology } from '../../../reference/boards/topology.js';
import type { Player } from '../../../reference/core/types.js';
import { tholian, TholianBoard, type TholianMove, type TholianOptions, type TholianState, type Variant } from '../../../reference/games/tholian/index.js';
import { features, VARIANTS } from '../../../reference/games/tholian/options.js';
import type { TholianResult } from '../../../reference/games/tholian/state.js';
import { wasmBackend, type CoreOf } from '../../wasm/backend.js';
import { WasmEngine, type WasmCodec, type WasmConfig } from '../../wasm/wasm-engine.js';

export type TholianCore = CoreOf<typeof instantiate>;

const LINKS = 6;

const scalars = (core: TholianCore): Int32Array => new Int32Array(core.memory.buffer, core.statePtr(), abi.S_CELLS >> 2);

// ------------------------------------------------------------------ the board as tables

/** A TholianBoard as the flat tables of abi/tholian.ts, checked. */
export interface TholianTables {
  readonly size: number;
  /** The generic neighbour table (links first, then -1), as the generic wasm install writes it. */
  readonly neighbour: Int32Array;
  readonly web: Uint8Array;
  readonly dual: Int32Array;
  readonly axis: Uint8Array;
  readonly flags: Uint8Array;
  /** targetRed, targetBlue, entryRed, entryBlue. */
  readonly special: readonly [number, number, number, number];
}

/**
 * The tables the module needs from `b`, or a BoardError naming the first thing that is wrong:
 * whatever reaches the module is a coherent board (TholianBoard checks its data; this checks the
 * object's tables too, so a board built or changed some other way is refused as well).
 */
export function tholianTables(b: TholianBoard): TholianTables {
  const fail = (why: string): never => {
    throw new BoardError(`board ${b.spec} cannot go to the Tholian Go wasm core: ${why}`);
  };
  const n = b.size;
  if (!Number.isInteger(n) || n < 1 || n > abi.MAX_NODES) fail(`it has ${n} nodes; the core takes 1 to ${abi.MAX_NODES}`);
  const isNode = (x: number) => Number.isInteger(x) && x >= 0 && x < n;
  const web = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const w = b.web[i];
    if (w !== abi.WEB_DARK && w !== abi.WEB_LIGHT) fail(`node ${i} is on no web`);
    web[i] = w!;
  }
  if (b.neighbour.length !== n * LINKS || b.dualA.length !== n * LINKS || b.dualB.length !== n * LINKS || b.axis.length !== n * LINKS) {
    fail('its link tables are not 6 entries per node');
  }
  const neighbour = Int32Array.from(b.neighbour);
  const dual = new Int32Array(n * LINKS * 2).fill(abi.NO_DUAL);
  const axis = new Uint8Array(n * LINKS);
  for (let i = 0; i < n; i++) {
    let ended = false;
    for (let k = 0; k < LINKS; k++) {
      const l = i * LINKS + k;
      const m = neighbour[l]!;
      if (m === -1) {
        ended = true;
        continue;
      }
      const name = `link ${b.labels[i]}–${isNode(m) ? b.labels[m] : m}`;
      if (ended || !isNode(m) || m === i) fail(`${name} is not a link to another node, listed before the empty slots`);
      if (web[m] !== web[i]) fail(`${name} joins the two webs`);
      if (!Array.from(neighbour.subarray(m * LINKS, m * LINKS + LINKS)).includes(i)) fail(`${name} has no way back`);
      const a = b.axis[l]!;
      if (!(a >= 0 && a <= 2)) fail(`${name} has no axis`);
      axis[l] = a;
      const da = b.dualA[l]!;
      const db = b.dualB[l]!;
      if (da === -1 && db === -1) continue;
      if (!isNode(da) || !isNode(db) || da === db || web[da] === web[i] || web[db] === web[i]) fail(`${name} has a dual that is not a path of the other web`);
      if (!Array.from(neighbour.subarray(da * LINKS, da * LINKS + LINKS)).includes(db)) fail(`${name} has a dual whose nodes are not joined`);
      dual[2 * l] = da;
      dual[2 * l + 1] = db;
    }
  }
  const special = [b.target[1], b.target[2], b.entry[1], b.entry[2]] as const;
  special.forEach((x, i) => {
    const wanted = i < 2 ? abi.WEB_LIGHT : abi.WEB_DARK;
    if (!isNode(x) || web[x] !== wanted) fail(`its ${i < 2 ? 'target' : 'entry'} node ${x} is not a ${i < 2 ? 'light' : 'dark'} node`);
  });
  const flags = new Uint8Array(n);
  const flag = (nodes: readonly number[], bit: number, what: string) => {
    for (const x of nodes) {
      if (!isNode(x)) fail(`${what} lists ${x}, which is not a node`);
      flags[x]! |= bit;
    }
  };
  for (let i = 0; i < n; i++) if (b.isEndRow(i)) flags[i]! |= abi.NODE_END_ROW;
  flag(b.chainBottom, abi.NODE_CHAIN_BOTTOM, 'the bottom chain endpoints');
  flag(b.chainTop, abi.NODE_CHAIN_TOP, 'the top chain endpoints');
  flag(b.start[1], abi.NODE_START_RED, "Red's start set");
  flag(b.start[2], abi.NODE_START_BLUE, "Blue's start set");
  return { size: n, neighbour, web, dual, axis, flags, special };
}

/** Writes the board's Tholian tables into a module whose layout is for it (after prepareBoard and commitBoard). */
export function writeTables(core: TholianCore, t: TholianTables): void {
  const buffer = core.memory.buffer;
  new Uint8Array(buffer, core.webTable(), t.size).set(t.web);
  new Int32Array(buffer, core.dualTable(), t.size * LINKS * 2).set(t.dual);
  new Uint8Array(buffer, core.axisTable(), t.size * LINKS).set(t.axis);
  new Uint8Array(buffer, core.nodeFlagsTable(), t.size).set(t.flags);
  core.commitTables(...t.special);
}

const tablesOf = new WeakMap<TholianBoard, TholianTables>();
/** The board whose tables each module holds (with tablesReady(), which a new layout clears). */
const boardIn = new WeakMap<TholianCore, TholianBoard>();

function boardOf(topology: Topology): TholianBoard {
  if (!(topology instanceof TholianBoard)) throw new UsageError(`board ${topology.spec} is not a Tholian Go board`);
  return topology;
}

/**
 * Lays out `core` for `board` and installs all its tables, as WasmEngine.install and the codec
 * do together (for tests and tools that drive the raw module).
 */
export function installBoard(core: TholianCore, board: TholianBoard, arenaBytes: number): void {
  const t = tables(board);
  core.prepareBoard(t.size, arenaBytes);
  new Int32Array(core.memory.buffer, core.neighbourTable(), t.size * LINKS).set(t.neighbour);
  new Int32Array(core.memory.buffer, core.columnTable(), t.size).set(board.column);
  new Int32Array(core.memory.buffer, core.rowTable(), t.size).set(board.row);
  core.commitBoard(false);
  writeTables(core, t);
  boardIn.set(core, board);
}

function tables(board: TholianBoard): TholianTables {
  let t = tablesOf.get(board);
  if (!t) {
    t = tholianTables(board);
    tablesOf.set(board, t);
  }
  return t;
}

// ------------------------------------------------------------------ options and states

const WIN: Readonly<Record<string, number>> = { count: abi.WIN_COUNT, chain: abi.WIN_CHAIN, touchdown: abi.WIN_TOUCHDOWN };
const START: Readonly<Record<string, number>> = { standard: abi.START_STANDARD, empty: abi.START_EMPTY, random: abi.START_RANDOM, scrimmage: abi.START_SCRIMMAGE };
const SEQUESTRATION: Readonly<Record<string, number>> = { largest: abi.SEQUESTRATION_LARGEST, full: abi.SEQUESTRATION_FULL, 'ends-open': abi.SEQUESTRATION_ENDS_OPEN };
const END_OF_REASON: Readonly<Record<TholianResult['reason'], number>> = { tokens: abi.END_TOKENS, chain: abi.END_CHAIN, touchdown: abi.END_TOUCHDOWN, emptyTurns: abi.END_EMPTY_TURNS };
const REASON_OF_END: Readonly<Record<number, TholianResult['reason']>> = { [abi.END_TOKENS]: 'tokens', [abi.END_CHAIN]: 'chain', [abi.END_TOUCHDOWN]: 'touchdown', [abi.END_EMPTY_TURNS]: 'emptyTurns' };

/** The OPTION_* flags for a game of `variant` under resolved options `o`. */
export function optionFlags(variant: Variant, o: TholianOptions): number {
  const f = features(variant, o);
  return (
    (f.captures ? abi.OPTION_CAPTURES : 0) |
    (f.transformation ? abi.OPTION_TRANSFORMATION : 0) |
    (f.dice ? abi.OPTION_DICE : 0) |
    (o.pushLimit ? abi.OPTION_PUSH_LIMIT : 0) |
    (WIN[f.win]! << abi.OPTION_WIN_SHIFT) |
    (START[f.start]! << abi.OPTION_START_SHIFT) |
    (SEQUESTRATION[o.sequestration]! << abi.OPTION_SEQUESTRATION_SHIFT)
  );
}

const int32 = (x: number): boolean => Number.isSafeInteger(x) && x >= -0x80000000 && x <= 0x7fffffff;

export const tholianCodec: WasmCodec<TholianState, TholianMove, TholianCore> = {
  load(core, topology, options, state) {
    const board = boardOf(topology);
    if (boardIn.get(core) !== board || core.tablesReady() !== 1) {
      // The layout is for this board's size (WasmEngine.install or installBoard laid it out).
      const t = tables(board);
      new Int32Array(core.memory.buffer, core.neighbourTable(), t.size * LINKS).set(t.neighbour);
      core.commitBoard(false);
      writeTables(core, t);
      boardIn.set(core, board);
    }
    const o = tholian.resolveOptions(options) as TholianOptions;
    const variant = VARIANTS.indexOf(state.variant);
    if (variant < 0) throw new UsageError(`unknown Tholian Go variant ${describeValue(state.variant)}`);
    const numbers = [state.toMove, state.turn, state.darkLeft, state.lightLeft, state.placeDark, state.placeLight, state.emptyTurns, state.rollDark, ...state.rollLight];
    if (!numbers.every(int32)) throw new UsageError('a number of the Tholian Go state does not fit the wasm core');
    if (state.cells.length !== board.size || state.path.length > board.size || !state.path.every((n) => board.isCell(n))) {
      throw new UsageError('the Tholian Go state does not fit its board');
    }
    core.setOptions(optionFlags(state.variant, o), o.seed >>> 0);
    const buffer = core.memory.buffer;
    new Uint8Array(buffer, core.cellsPtr(), board.size).set(state.cells);
    new Uint8Array(buffer, core.pathPtr(), state.path.length).set(state.path);
    const r = state.result;
    core.loadState(
      variant,
      state.toMove,
      state.turn,
      state.darkLeft,
      state.lightLeft,
      state.placeDark,
      state.placeLight,
      state.emptyTurns,
      state.acted ? 1 : 0,
      state.freePush ? 1 : 0,
      state.rollDark,
      state.rollLight[0],
      state.rollLight[1],
      state.path.length,
      r ? END_OF_REASON[r.reason]! : abi.END_NONE,
      r ? r.winner : 0,
    );
  },
  read(core, topology) {
    const s = scalars(core);
    const at = (offset: number) => s[offset >> 2]!;
    const ended = at(abi.S_ENDED);
    const reason = REASON_OF_END[ended];
    return {
      variant: VARIANTS[at(abi.S_VARIANT)]!,
      cells: new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).slice(),
      toMove: at(abi.S_TO_MOVE) as Player,
      turn: at(abi.S_TURN),
      darkLeft: at(abi.S_DARK_LEFT),
      lightLeft: at(abi.S_LIGHT_LEFT),
      placeDark: at(abi.S_PLACE_DARK),
      placeLight: at(abi.S_PLACE_LIGHT),
      emptyTurns: at(abi.S_EMPTY_TURNS),
      acted: at(abi.S_ACTED) === 1,
      path: Array.from(new Uint8Array(core.memory.buffer, core.pathPtr(), at(abi.S_PATH_LENGTH))),
      freePush: at(abi.S_FREE_PUSH) === 1,
      rollDark: at(abi.S_ROLL_DARK),
      rollLight: [at(abi.S_ROLL_LIGHT0), at(abi.S_ROLL_LIGHT1)],
      result: reason === undefined ? null : { winner: at(abi.S_WINNER) as 0 | Player, reason },
    };
  },
  outcome(end, winner, scores): GameOutcome | null {
    const reason = REASON_OF_END[end];
    return reason === undefined ? null : { winner: winner as 0 | Player, reason, scores };
  },
};

export class TholianWasmEngine extends WasmEngine<TholianState, TholianMove, TholianCore> {
  constructor(core: TholianCore, config: WasmConfig = {}) {
    super(tholian, tholianCodec, core, config);
  }

  /** The board's tables are built and checked before anything of the board reaches the module. */
  protected override install(topology: Topology, options: Readonly<Record<string, unknown>>, state: TholianState): void {
    tables(boardOf(topology));
    super.install(topology, options, state);
  }
}

export const { instantiate: instantiateTholianCore, create: createTholianWasmEngine } = wasmBackend(new URL('../../../build/tholian.wasm', import.meta.url), instantiate, tholian, tholianCodec, TholianWasmEngine);
