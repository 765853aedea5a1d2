/**
 * Playing one legal move: the state update of THRONGS.md §12.4 (board change, add-or-capture
 * counter, who moves next, the block bookkeeping of the "all passed" rule, and both end rules).
 */
import type { Topology } from '../../boards/topology.js';
import type { EndReason, RuleOptions } from './types.js';
import type { LegalMove } from './moves.js';
import { scores } from './scoring.js';
import { emptyBlock, type ThrongsState } from './state.js';

/** Pie placements put down a P1, a P2, then a P1 stone (§4.2). */
const PIE_COLOURS = [1, 2, 1] as const;

function changeBoard(cells: Uint8Array, move: LegalMove, me: number, pieStep: number | null): void {
  const { at, to } = move;
  switch (move.kind) {
    case 'add':
      cells[to!] = pieStep === null ? me : PIE_COLOURS[pieStep]!;
      break;
    case 'capture':
    case 'move':
      cells[at!] = 0;
      cells[to!] = me;
      break;
    case 'swap':
      for (let i = 0; i < cells.length; i++) if (cells[i]) cells[i] = 3 - cells[i]!;
      break;
    case 'pass':
    case 'accept':
      break;
  }
}

/** Applies `move`, which must be one of generateMoves(state); mutates `state`. */
export function applyMove(t: Topology, state: ThrongsState, move: LegalMove, options: RuleOptions): void {
  const me = state.toMove;
  const other = me === 1 ? 2 : 1;
  const inPie = state.pieStep !== null;
  const isPass = move.kind === 'pass';
  const forced = move.forced === true;
  const firstOfBlock = state.curBlock.weight === 0;

  changeBoard(state.cells, move, me, state.pieStep);

  if (!inPie && !forced) {
    state.counters[me - 1] = move.kind === 'add' ? 1 : state.counters[me - 1]! + 1;
  }

  let next = me;
  if (inPie) {
    if (move.kind === 'add') {
      state.pieStep! += 1;
      if (state.pieStep === 3) next = other;
    } else {
      next = move.kind === 'accept' ? me : other;
      state.pieStep = null;
      state.moveIndex = 1;
    }
  } else if (forced && !options.forcedPassConsumesSlot) {
    next = other;
  } else if (state.moveIndex === 1) {
    state.moveIndex = 2;
  } else {
    next = other;
    state.moveIndex = 1;
  }

  const block = state.curBlock;
  if (firstOfBlock) {
    block.firstWasPass = isPass;
    block.allPass = true;
  }
  block.allPass &&= isPass;
  block.weight += move.dec;

  let ended: EndReason | null = null;
  if (options.endOnPasses === 'ludii') {
    if (isPass && firstOfBlock && state.prevBlock.weight <= 2 && state.prevBlock.firstWasPass) ended = 'allPassed';
  } else if (next !== me && block.allPass && state.prevBlock.allPass) {
    ended = 'allPassed';
  }
  if (next !== me) {
    state.prevBlock = block;
    state.curBlock = emptyBlock();
  }
  state.toMove = next;

  if (!inPie && ended === null) {
    const [s1, s2] = scores(t, state.cells);
    const n = t.size;
    const over = (s: number): boolean => 2 * (s - 3) > n;
    const z = next === 1 ? s1 : s2;
    if (over(z) || (options.thresholdChecksBoth && (over(s1) || over(s2)))) ended = 'scoreThreshold';
    else if (options.endOnFullScore && s1 + s2 === n) ended = 'fullScore';
  }
  state.ended = ended;
}
