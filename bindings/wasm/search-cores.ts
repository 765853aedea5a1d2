/**
 * The search drivers' view of a game's wasm module (engine/search.ts, engine/alphabeta.ts): MCTS and
 * alpha-beta rooted at the engine's current position, their results read from the module's memory
 * and their moves matched to the legal moves of that position.
 */
import * as abi from '../../assembly/core/abi.js';
import { AB_SHARE_WORDS, CHILD_WORDS, PROVEN_DRAW, PROVEN_LOSS, PROVEN_WIN, RESULT_AB_DEPTH, RESULT_AB_NODES, RESULT_AB_SHARED, RESULT_AB_VALUE } from '../../assembly/core/abi.js';
import type { GameMove } from '../../reference/core/game.js';
import type { SearchSettings } from '../../reference/search/settings.js';
import type { AlphaBetaCore } from '../engine/alphabeta.js';
import type { SearchCore } from '../engine/search.js';
import type { CoreAbi } from './core-abi.js';
import { WasmFault } from './wasm-fault.js';

/** Where each setting goes in the module's settings block (a setting missing here fails the type check). */
const SETTING_SLOTS: { readonly [K in keyof SearchSettings]: number } = {
  exploration: abi.SETTING_EXPLORATION,
  cutoff: abi.SETTING_CUTOFF,
  evalScale: abi.SETTING_EVAL_SCALE,
  biasPercent: abi.SETTING_BIAS_PERCENT,
  expandAfter: abi.SETTING_EXPAND_AFTER,
  heuristic: abi.SETTING_HEURISTIC,
  turns: abi.SETTING_TURNS,
  widen: abi.SETTING_WIDEN,
  implicit: abi.SETTING_IMPLICIT,
  transpositions: abi.SETTING_TRANSPOSITIONS,
  contempt: abi.SETTING_CONTEMPT,
};

/** Writes the MCTS's settings into the module's settings block and applies them. */
export function configureSearch(core: CoreAbi, settings: SearchSettings): void {
  const block = new Float64Array(core.memory.buffer, core.searchSettingsPtr(), abi.SETTING_COUNT);
  for (const name of Object.keys(SETTING_SLOTS) as Array<keyof SearchSettings>) block[SETTING_SLOTS[name]] = settings[name];
  core.searchConfigure();
}

type Proven = 'win' | 'loss' | 'draw';
/** A root child's proven result by the module's code. */
const PROVEN_NAMES: Readonly<Record<number, Proven>> = { [PROVEN_WIN]: 'win', [PROVEN_LOSS]: 'loss', [PROVEN_DRAW]: 'draw' };

/** What the adapters need of the engine, at the position the search is rooted at. */
export interface SearchHost<M> {
  readonly core: CoreAbi;
  /** Runs a call into the core; a trap rebuilds the game and surfaces as a WasmFault. */
  guard<T>(what: string, call: () => T): T;
  i32(ptr: number, length: number): Int32Array;
  writeWeights(weights: readonly number[]): void;
  /** The legal move of the root whose packed form is `packed`. */
  legalByPacked(packed: number): M;
  unpack(packed: number): GameMove;
}

export function wasmSearchCore<M>(host: SearchHost<M>): SearchCore<M> {
const core = host.core;
  return {
    begin: (seed, settings, fresh, weights) =>
      host.guard('search', () => {
        host.writeWeights(weights);
        configureSearch(core, settings);
        // A kept tree that filled the arena is dropped too: it can take no new node, so the
        // whole search would go to playouts from its old leaves, and its iterations (cheap,
        // from deep nodes) would pass for the work of a growing tree.
        if (fresh || core.searchFull() === 1) core.searchReset();
        core.searchBegin(seed);
      }),
    run: (n) => host.guard('search', () => core.searchRun(n)),
    full: () => core.searchFull() === 1,
    children: () => {
      const n = core.searchChildren();
      const buffer = core.memory.buffer;
      const words = new Uint32Array(buffer, core.recordPtr(), n * CHILD_WORDS);
      const floats = new Float32Array(buffer, core.recordPtr(), n * CHILD_WORDS);
      const out: Array<{ move: M; visits: number; valueSum: number; proven?: Proven }> = [];
      for (let i = 0; i < n; i++) {
        const at = i * CHILD_WORDS;
        const proven = PROVEN_NAMES[words[at + 3]!];
        out.push({ move: host.legalByPacked(words[at]!), visits: words[at + 1]!, valueSum: floats[at + 2]!, ...(proven ? { proven } : {}) });
      }
      return out;
    },
    principalVariation: (max): GameMove[] => {
      const n = core.searchPrincipalVariation(max);
      return Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), n), (p) => host.unpack(p));
    },
  };
}

export function wasmAlphaBetaCore<M>(host: SearchHost<M>, noRoom: () => never): AlphaBetaCore<M> {
const core = host.core;
const result = (): Int32Array => host.i32(core.resultPtr(), 16);
  return {
    begin: (weights, draw) => {
      try {
        return host.guard('search', () => {
          host.writeWeights(weights);
          core.abDrawScore(draw);
          return core.abBegin();
        });
      } catch (e) {
        // The one trap abBegin has on purpose: no room for its stacks and table.
        if (!(e instanceof WasmFault)) throw e;
        return noRoom();
      }
    },
    iterate: (depth, budget) =>
      host.guard('search', () => {
        const completed = core.abIterate(depth, budget) === 1;
        return { completed, nodes: result()[RESULT_AB_NODES]! };
      }),
    completedDepth: () => result()[RESULT_AB_DEPTH]!,
    value: () => result()[RESULT_AB_VALUE]!,
    best: () => host.legalByPacked(core.abBestMove() >>> 0),
    children: () => {
      const n = core.abChildren();
      const best = core.abBestMove() >>> 0;
      const words = new Int32Array(core.memory.buffer, core.recordPtr(), n * 3);
      return Array.from({ length: n }, (_, i) => {
        const packed = words[i * 3]! >>> 0;
        return { move: host.legalByPacked(packed), value: words[i * 3 + 1]!, nodes: words[i * 3 + 2]!, best: packed === best };
      });
    },
    principalVariation: (max): GameMove[] => {
      const n = host.guard('search', () => core.abPrincipalVariation(max));
      return Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), n), (p) => host.unpack(p));
    },
    searchRoot: (index, depth, alpha, beta, budget, share) =>
      host.guard('search', () => {
        const completed = core.abSearchRoot(index, depth, alpha, beta, budget, share) === 1;
        const r = result();
        const entries = host.i32(core.recordPtr(), r[RESULT_AB_SHARED]! * AB_SHARE_WORDS).slice();
        return { completed, nodes: r[RESULT_AB_NODES]!, value: r[RESULT_AB_VALUE]!, entries };
      }),
    importEntries: (entries) =>
      host.guard('search', () => {
        // In pieces of what RECORD holds.
        const most = Math.floor(core.recordCapacity() / AB_SHARE_WORDS) * AB_SHARE_WORDS;
        for (let at = 0; at < entries.length; at += most) {
          const piece = entries.subarray(at, Math.min(entries.length, at + most));
          host.i32(core.recordPtr(), piece.length).set(piece);
          core.abImport(piece.length / AB_SHARE_WORDS);
        }
      }),
  };
}
