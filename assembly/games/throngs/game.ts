// Throngs as the game class of the generic core (core/game.ts lists the contract and what it
// takes from this folder's @global functions). An edge move is the packed move with its flags
// (two decisions, forced) in bits 29-30, which applying it needs.
import { MOVES, MOVE_FLAGS } from '../../core/layout';
import { Game } from '../../core/game';
import { mapScalarsAndCells } from '../../core/symmetry';
import { S_CELLS } from './abi';
import { applyMove } from './apply';
import { randomMoveFlags, randomPlayoutMove } from './movegen';
import { scoreMargin } from './scoring';
// The files of the @global functions the core's Game calls.
import './eval';

const FLAG_SHIFT: u32 = 29;
const PACKED: u32 = (1 << FLAG_SHIFT) - 1;

@final export class Throngs extends Game {
  @inline edgeMove(i: i32): u32 {
    return load<u32>(MOVES + (i << 2)) | (<u32>load<u8>(MOVE_FLAGS + i) << FLAG_SHIFT);
  }

  @inline packedOf(edge: u32): u32 {
    return edge & PACKED;
  }

  @inline play(edge: u32, keep: bool = false): void {
    applyMove(edge & PACKED, <u8>((edge >>> FLAG_SHIFT) & 3), keep);
  }

  /** Uniform as MOVES[below(n)] of the full list would be; `bias` prefers placements and captures (movegen.ts). */
  @inline randomMove(biasPercent: i32): u32 {
    const packed = randomPlayoutMove(biasPercent);
    return packed | (<u32>randomMoveFlags() << FLAG_SHIFT);
  }

  /** The higher score wins (THRONGS.md §12.3); equal scores draw. */
  @inline winner(): i32 {
    const m = scoreMargin();
    return m > 0 ? 1 : m < 0 ? 2 : 0;
  }

  /** Both scores from the planes they share. */
  @inline margin(): i32 {
    return scoreMargin();
  }

  /**
   * The scalars (turn, counters, pie step, the block's weights and flags) are the same seen any
   * way and the cells move; the neighbour counts and bit sets after them follow from the cells.
   */
  @inline symmetricKey(image: usize, out: usize): i32 {
    return mapScalarsAndCells(S_CELLS, S_CELLS, image, out);
  }
}
