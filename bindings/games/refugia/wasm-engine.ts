/**
 * Refugia on the wasm backend: the generic WasmEngine with Refugia's codec (its state block and
 * how a packed move reads in the module's position: a hop also names the stone it jumps and what
 * that stone was).
 */
import * as abi from '../../../assembly/games/refugia/abi.js';
import { instantiate } from '../../../build/refugia.js';
import { refugia, type RefugiaMove, type RefugiaState } from '../../../reference/games/refugia/index.js';
import { hopMidpoint } from '../../../reference/games/refugia/geometry.js';
import type { Player } from '../../../reference/core/types.js';
import { wasmBackend, type CoreOf } from '../../wasm/backend.js';
import type { WasmCodec, WasmEngine } from '../../wasm/wasm-engine.js';

export type RefugiaCore = CoreOf<typeof instantiate>;
export type RefugiaWasmEngine = WasmEngine<RefugiaState, RefugiaMove, RefugiaCore>;

const scalars = (core: RefugiaCore): Int32Array => new Int32Array(core.memory.buffer, core.statePtr(), abi.S_CELLS >> 2);

export const refugiaCodec: WasmCodec<RefugiaState, RefugiaMove, RefugiaCore> = {
  load(core, topology, _options, state) {
    new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).set(state.cells);
    core.loadState(state.toMove, state.passCount, state.ended ? abi.END_TWO_PASSES : abi.END_NONE, state.lastMover);
  },
  read(core, topology) {
    const s = scalars(core);
    return {
      cells: new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).slice(),
      toMove: s[abi.S_TO_MOVE >> 2] as Player,
      passCount: s[abi.S_PASS_COUNT >> 2]!,
      lastMover: s[abi.S_LAST_MOVER >> 2] as 0 | Player,
      ended: s[abi.S_ENDED >> 2] !== abi.END_NONE,
    };
  },
  decode(packed, _flags, core, topology): RefugiaMove {
    const kind = packed >>> abi.MOVE_KIND_SHIFT;
    const at = (packed >>> abi.MOVE_AT_SHIFT) & abi.MOVE_SITE_MASK;
    const to = packed & abi.MOVE_SITE_MASK;
    switch (kind) {
      case abi.MOVE_PLACE:
        return { kind: 'place', at };
      case abi.MOVE_STEP:
        return { kind: 'step', at, to };
      case abi.MOVE_HOP: {
        const over = hopMidpoint(topology, at, to);
        const was = new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size)[over];
        return { kind: 'hop', at, to, over, converts: was === abi.CELL_NEUTRAL ? 'neutral' : 'enemy' };
      }
      case abi.MOVE_PASS:
        return { kind: 'pass' };
      default:
        throw new Error(`internal error: the Refugia wasm core listed a move of unknown kind ${kind}`);
    }
  },
  outcome: (end, winner, scores) => (end === abi.END_NONE ? null : { winner: winner as Player, reason: 'twoPasses', scores }),
};

export const { instantiate: instantiateRefugiaCore, create: createRefugiaWasmEngine } = wasmBackend(new URL('../../../build/refugia.wasm', import.meta.url), instantiate, refugia, refugiaCodec);
