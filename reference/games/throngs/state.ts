/**
 * The state of a Throngs game (THRONGS.md §3) as plain data, with the set-ups of §4 and the checks
 * a position must pass before an engine accepts it.
 */
import { PositionError } from '../../core/errors.js';
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import type { EndReason, Setup } from './types.js';

/** A run of consecutive moves by one player, as the "all passed" rule (§12.1) sees it. */
export interface Block {
  /** Sum of the Ludii decisions of its moves; 0 for a block not yet begun. */
  weight: number;
  firstWasPass: boolean;
  /** Every move so far was a pass (used by the `fullRound` end rule). */
  allPass: boolean;
}

export interface ThrongsState {
  /** One entry per site in canonical order: 0 empty, 1 P1, 2 P2. */
  cells: Uint8Array;
  toMove: Player;
  moveIndex: 1 | 2;
  /** Add-or-capture counters of P1 and P2 (§9). Ludii does not saturate them, nor do we. */
  counters: [number, number];
  /** Pie placements made so far (0..3), or null once normal play has begun. */
  pieStep: number | null;
  prevBlock: Block;
  curBlock: Block;
  ended: EndReason | null;
}

export const END_REASONS: readonly EndReason[] = ['allPassed', 'scoreThreshold', 'fullScore'];

/** The game start counts as a previous block of weight 1 that did not begin with a pass (§4.1). */
export function startSentinel(): Block {
  return { weight: 1, firstWasPass: false, allPass: false };
}

export function emptyBlock(): Block {
  return { weight: 0, firstWasPass: false, allPass: false };
}

export function initialState(topology: Topology, setup: Setup): ThrongsState {
  const cells = new Uint8Array(topology.size);
  if (setup === 'standard') {
    for (const c of topology.standardStart.p1) cells[c] = 1;
    for (const c of topology.standardStart.p2) cells[c] = 2;
  }
  return {
    cells,
    toMove: 1,
    moveIndex: 1,
    counters: [-1, -1],
    pieStep: setup === 'pie' ? 0 : null,
    prevBlock: startSentinel(),
    curBlock: emptyBlock(),
    ended: null,
  };
}

export function cloneState(s: ThrongsState): ThrongsState {
  return {
    cells: s.cells.slice(),
    toMove: s.toMove,
    moveIndex: s.moveIndex,
    counters: [s.counters[0], s.counters[1]],
    pieStep: s.pieStep,
    prevBlock: { ...s.prevBlock },
    curBlock: { ...s.curBlock },
    ended: s.ended,
  };
}

export function statesEqual(a: ThrongsState, b: ThrongsState): boolean {
  return (
    a.cells.length === b.cells.length &&
    a.cells.every((v, i) => v === b.cells[i]) &&
    a.toMove === b.toMove &&
    a.moveIndex === b.moveIndex &&
    a.counters[0] === b.counters[0] &&
    a.counters[1] === b.counters[1] &&
    a.pieStep === b.pieStep &&
    blocksEqual(a.prevBlock, b.prevBlock) &&
    blocksEqual(a.curBlock, b.curBlock) &&
    a.ended === b.ended
  );
}

function blocksEqual(a: Block, b: Block): boolean {
  return a.weight === b.weight && a.firstWasPass === b.firstWasPass && a.allPass === b.allPass;
}

const MAX_COUNTER = 1_000_000;
const MAX_BLOCK_WEIGHT = 1_000;

/** Refuses a state that no game could reach in a way the engines rely on. */
export function checkState(topology: Topology, s: ThrongsState): void {
  const fail = (why: string): never => {
    throw new PositionError(`bad position on ${topology.spec}: ${why}`);
  };
  if (s.cells.length !== topology.size) fail(`${s.cells.length} cells given, the board has ${topology.size}`);
  s.cells.forEach((v, i) => {
    if (v !== 0 && v !== 1 && v !== 2) fail(`cell ${topology.labels[i]} holds ${v}; only 0, 1, 2 exist`);
  });
  if (s.toMove !== 1 && s.toMove !== 2) fail(`player to move is ${String(s.toMove)}`);
  if (s.moveIndex !== 1 && s.moveIndex !== 2) fail(`move index is ${String(s.moveIndex)}; it must be 1 or 2`);
  for (const c of s.counters) {
    if (!Number.isInteger(c) || c < -1 || c > MAX_COUNTER) fail(`add counter ${c} is outside -1..${MAX_COUNTER}`);
  }
  for (const [name, b] of [
    ['previous', s.prevBlock],
    ['current', s.curBlock],
  ] as const) {
    if (!Number.isInteger(b.weight) || b.weight < 0 || b.weight > MAX_BLOCK_WEIGHT) fail(`${name} block weight ${b.weight}`);
    if (b.allPass && !b.firstWasPass) fail(`${name} block is all passes but did not begin with one`);
    if (b.weight === 0 && (b.firstWasPass || b.allPass)) fail(`empty ${name} block cannot have begun with a pass`);
  }
  if (s.pieStep !== null) {
    if (!Number.isInteger(s.pieStep) || s.pieStep < 0 || s.pieStep > 3) fail(`pie step ${s.pieStep} is outside 0..3`);
    const stones = s.cells.reduce((n, v) => n + (v !== 0 ? 1 : 0), 0);
    if (stones !== s.pieStep) fail(`${stones} stones on the board during pie step ${s.pieStep}`);
    if (s.toMove !== (s.pieStep === 3 ? 2 : 1)) fail(`wrong player to move in pie step ${s.pieStep}`);
    if (s.moveIndex !== 1 || s.counters[0] !== -1 || s.counters[1] !== -1) fail('the pie phase has no move index or counters yet');
  }
  if (s.ended !== null && !END_REASONS.includes(s.ended)) fail(`unknown end reason ${String(s.ended)}`);
}
