/**
 * Populace on the wasm backend: the generic WasmEngine with Populace's codec. The module counts
 * half points as integers (scoreUnits 2: the button is worth 1 there); the rule options cross as
 * flags (setOptions), and under positional superko the state's `recent` actions cross too, so
 * that the module knows every position it must not repeat.
 */
import * as abi from '../../../assembly/games/populace/abi.js';
import { instantiate } from '../../../build/populace.js';
import { UsageError } from '../../../reference/core/errors.js';
import { populace, type PopulaceMove, type PopulaceOptions, type PopulaceState } from '../../../reference/games/populace/index.js';
import type { Player } from '../../../reference/core/types.js';
import { wasmBackend, type CoreOf } from '../../wasm/backend.js';
import type { WasmCodec, WasmEngine } from '../../wasm/wasm-engine.js';

export type PopulaceCore = CoreOf<typeof instantiate>;
export type PopulaceWasmEngine = WasmEngine<PopulaceState, PopulaceMove, PopulaceCore>;

/** Recent actions the module can hold (assembly/games/populace/layout.ts HISTORY_CAPACITY - 1). */
const RECENT_CAPACITY = 65535;

const scalars = (core: PopulaceCore): Int32Array => new Int32Array(core.memory.buffer, core.statePtr(), abi.S_CELLS >> 2);

/** The OPTION_* flags of resolved options. */
export function optionFlags(o: Readonly<Record<string, unknown>>): number {
  const options = populace.resolveOptions(o) as PopulaceOptions;
  return (options.pie ? abi.OPTION_PIE : 0) | (options.button ? abi.OPTION_BUTTON : 0) | (options.superko === 'positional' ? abi.OPTION_SUPERKO : 0);
}

export const populaceCodec: WasmCodec<PopulaceState, PopulaceMove, PopulaceCore> = {
  scoreUnits: abi.SCORE_UNITS,
  load(core, topology, options, state) {
    const o = populace.resolveOptions(options) as PopulaceOptions;
    if (!Number.isSafeInteger(o.moveLimit) || o.moveLimit > 0x7fffffff) throw new UsageError(`moveLimit ${o.moveLimit} is too large for the wasm core`);
    if (state.ply > 0x7fffffff) throw new UsageError(`ply ${state.ply} is too large for the wasm core`);
    core.setOptions(optionFlags(o), o.moveLimit);
    new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).set(state.cells);
    core.loadState(state.toMove, state.passes, state.button, state.ply, state.swapped ? 1 : 0);
    if (o.superko === 'positional' && state.recent.length > 0) {
      if (state.recent.length > RECENT_CAPACITY) throw new UsageError(`the wasm core keeps at most ${RECENT_CAPACITY} actions since the last placement`);
      new Uint32Array(core.memory.buffer, core.recentPtr(), state.recent.length).set(state.recent);
      core.historyLoad(state.recent.length);
    }
  },
  read(core, topology) {
    const s = scalars(core);
    const start = s[abi.S_HISTORY_START >> 2]!;
    const end = s[abi.S_HISTORY_END >> 2]!;
    return {
      cells: new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).slice(),
      toMove: s[abi.S_TO_MOVE >> 2] as Player,
      passes: s[abi.S_PASSES >> 2]!,
      button: s[abi.S_BUTTON >> 2] as 0 | Player,
      ply: s[abi.S_PLY >> 2]!,
      swapped: s[abi.S_SWAPPED >> 2] === 1,
      // Only two passes are the state's end; the move limit is an option (reference scoring.ts).
      ended: s[abi.S_PASSES >> 2] === 2,
      recent: end - start > 1 ? Array.from(new Uint32Array(core.memory.buffer, core.recentPtr() + 4 * start, end - start - 1)) : [],
    };
  },
  outcome(end, winner, scores) {
    if (end === abi.END_NONE) return null;
    return { winner: winner as 0 | Player, reason: end === abi.END_TWO_PASSES ? 'twoPasses' : 'moveLimit', scores };
  },
};

export const { instantiate: instantiatePopulaceCore, create: createPopulaceWasmEngine } = wasmBackend(new URL('../../../build/populace.wasm', import.meta.url), instantiate, populace, populaceCodec);
