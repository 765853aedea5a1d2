/**
 * Throngs on the wasm backend: the generic WasmEngine with Throngs' codec (how its state block and
 * move flags read) and the module's Throngs queries (action potential, reachability, territory).
 */
import * as abi from '../../../assembly/games/throngs/abi.js';
import { instantiate } from '../../../build/throngs.js';
import { UsageError } from '../../../reference/core/errors.js';
import { throngs, type ThrongsMove, type ThrongsState } from '../../../reference/games/throngs/index.js';
import { MAX_POWER } from '../../../reference/games/throngs/destinations.js';
import { hasSites, unpackMove } from '../../../reference/games/throngs/moves.js';
import type { ScoreBreakdown } from '../../../reference/games/throngs/scoring.js';
import type { Topology } from '../../../reference/boards/topology.js';
import type { Player } from '../../../reference/core/types.js';
import type { EndReason, Outcome, RuleOptions } from '../../../reference/games/throngs/types.js';
import { wasmBackend, type CoreOf } from '../../wasm/backend.js';
import { WasmEngine, type WasmCodec, type WasmConfig } from '../../wasm/wasm-engine.js';
import type { ThrongsEngine } from './engine.js';

export type ThrongsCore = CoreOf<typeof instantiate>;

/** End reasons by the module's end code. */
const END_CODES: Readonly<Record<number, EndReason | null>> = {
  [abi.END_NONE]: null,
  [abi.END_ALL_PASSED]: 'allPassed',
  [abi.END_THRESHOLD]: 'scoreThreshold',
  [abi.END_FULL_SCORE]: 'fullScore',
};
const endCode = (reason: EndReason | null): number => Number(Object.entries(END_CODES).find(([, r]) => r === reason)![0]);

export function optionFlags(o: RuleOptions): number {
  return (
    (o.endOnPasses === 'fullRound' ? abi.OPTION_END_FULL_ROUND : 0) |
    (o.endOnFullScore ? abi.OPTION_END_ON_FULL_SCORE : 0) |
    (o.thresholdChecksBoth ? abi.OPTION_THRESHOLD_CHECKS_BOTH : 0) |
    (o.forcedPassConsumesSlot ? abi.OPTION_FORCED_PASS_CONSUMES_SLOT : 0) |
    (o.obligationRelaxesToTravel ? abi.OPTION_OBLIGATION_RELAXES_TO_TRAVEL : 0)
  );
}

const scalars = (core: ThrongsCore): Int32Array => new Int32Array(core.memory.buffer, core.statePtr(), abi.SCALAR_BYTES >> 2);
/** A scalar of the state block by its byte offset. */
const scalar = (core: ThrongsCore, offset: number): number => scalars(core)[offset >> 2]!;

function outcomeOf(reason: EndReason | null, scores: [number, number]): Outcome | null {
  return reason ? { winner: scores[0] > scores[1] ? 1 : scores[1] > scores[0] ? 2 : 0, reason, scores } : null;
}

export const throngsCodec: WasmCodec<ThrongsState, ThrongsMove, ThrongsCore> = {
  load(core, topology, options, state) {
    core.setOptions(optionFlags(options as RuleOptions));
    new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).set(state.cells);
    const flags = (b: ThrongsState['prevBlock']): number => (b.firstWasPass ? abi.BLOCK_FIRST_WAS_PASS : 0) | (b.allPass ? abi.BLOCK_ALL_PASS : 0);
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
      endCode(state.ended),
    );
  },
  read(core, topology: Topology) {
    const at = (offset: number): number => scalar(core, offset);
    const block = (weight: number, flags: number): ThrongsState['prevBlock'] => ({
      weight,
      firstWasPass: (flags & abi.BLOCK_FIRST_WAS_PASS) !== 0,
      allPass: (flags & abi.BLOCK_ALL_PASS) !== 0,
    });
    return {
      cells: new Uint8Array(core.memory.buffer, core.cellsPtr(), topology.size).slice(),
      toMove: at(abi.S_TO_MOVE) as Player,
      moveIndex: at(abi.S_MOVE_INDEX) as 1 | 2,
      counters: [at(abi.S_COUNTER1), at(abi.S_COUNTER2)],
      pieStep: at(abi.S_PIE) < 0 ? null : at(abi.S_PIE),
      prevBlock: block(at(abi.S_PREV_WEIGHT), at(abi.S_PREV_FLAGS)),
      curBlock: block(at(abi.S_CUR_WEIGHT), at(abi.S_CUR_FLAGS)),
      ended: END_CODES[at(abi.S_ENDED)] ?? null,
    };
  },
  decode(packed, flags) {
    const m = unpackMove(packed);
    const dec = flags & abi.FLAG_TWO_DECISIONS ? 2 : 1;
    if (flags & abi.FLAG_FORCED) return { kind: 'pass', dec, forced: true };
    return hasSites(m.kind) ? { kind: m.kind, at: m.at, to: m.to, dec } : { kind: m.kind, dec };
  },
  outcome: (end, _winner, scores) => outcomeOf(END_CODES[end] ?? null, scores),
};

export class ThrongsWasmEngine extends WasmEngine<ThrongsState, ThrongsMove, ThrongsCore> implements ThrongsEngine {
  declare options: RuleOptions;

  constructor(core: ThrongsCore, config: WasmConfig = {}) {
    super(throngs, throngsCodec, core, config);
  }

  override outcome(): Outcome | null {
    return super.outcome() as Outcome | null;
  }

  moveIndex(): 1 | 2 {
    return scalar(this.core, abi.S_MOVE_INDEX) as 1 | 2;
  }

  counters(): [number, number] {
    return [scalar(this.core, abi.S_COUNTER1), scalar(this.core, abi.S_COUNTER2)];
  }

  pieStep(): number | null {
    const p = scalar(this.core, abi.S_PIE);
    return p < 0 ? null : p;
  }

  scoreBreakdown(player: Player): ScoreBreakdown {
    const p = this.requirePlayer(player);
    return this.guard('scoring', () => {
      this.core.scoreBreakdown(p);
      const slots = this.i32(this.core.resultPtr(), 3);
      const [stones, empty, capturable] = [slots[abi.BREAKDOWN_STONES]!, slots[abi.BREAKDOWN_EMPTY]!, slots[abi.BREAKDOWN_CAPTURABLE]!];
      return { stones, empty, capturable, total: stones + empty + capturable };
    });
  }

  territory(): Uint8Array {
    return this.guard('scoring', () => {
      this.core.territory();
      return Uint8Array.from(this.i32(this.core.outPtr(), this.topology.size));
    });
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

  /**
   * The move origins a random move is drawn from, with their powers and bounds before any search
   * (reference/games/throngs/random.ts randomGroups, less the pass and the travels of bound 0);
   * null where the draw lists every origin's moves instead (the pie, the end, a player bound to
   * add or capture who cannot). For the differential tests.
   */
  randomOrigins(): Array<{ kind: 'add' | 'capture' | 'move'; at: number; power: number; bound: number }> | null {
    return this.guard('random origins', () => {
      const n = this.core.randomOrigins();
      if (n < 0) return null;
      return Array.from(this.i32(this.core.outPtr(), n), (v) => {
        const code = v >>> abi.MOVE_KIND_SHIFT;
        const kind = code === abi.MOVE_ADD ? 'add' : code === abi.MOVE_CAPTURE ? 'capture' : 'move';
        return { kind, at: (v >>> abi.MOVE_AT_SHIFT) & abi.MOVE_SITE_MASK, power: (v >> 8) & 0x1f, bound: v & 0xff };
      });
    });
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
}

export const { instantiate: instantiateThrongsCore, create: createThrongsWasmEngine } = wasmBackend(new URL('../../../build/throngs.wasm', import.meta.url), instantiate, throngs, throngsCodec, ThrongsWasmEngine);
