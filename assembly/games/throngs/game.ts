// Throngs as the game class of the generic core (core/mcts.ts lists the contract). It holds no
// fields: the position is the state block at STATE, the tables are this folder's module globals.
// An edge move is the packed move with its flags (two decisions, forced) in bits 29-30.
import { MOVE_FLAGS, MOVES, stateSize } from '../../core/layout';
import { applyMove } from './apply';
import { evaluate as evaluation } from './eval';
import { generate as generateMoves, invalidateList, randomMoveFlags, randomPlayoutMove } from './movegen';
import { score as scoreOf, scoreMargin } from './scoring';
import { ended as endedCode, toMove as mover } from './state';

const FLAG_SHIFT: u32 = 29;
const PACKED: u32 = (1 << FLAG_SHIFT) - 1;

@final export class Throngs {
  @inline generate(): i32 {
    return generateMoves();
  }

  @inline edgeMove(i: i32): u32 {
    return load<u32>(MOVES + (i << 2)) | (<u32>load<u8>(MOVE_FLAGS + i) << FLAG_SHIFT);
  }

  @inline packedOf(edge: u32): u32 {
    return edge & PACKED;
  }

  @inline play(edge: u32): void {
    applyMove(edge & PACKED, <u8>((edge >>> FLAG_SHIFT) & 3), false);
  }

  /** Uniform as MOVES[below(n)] of the full list would be (bias: movegen.ts). */
  @inline randomMove(biasPercent: i32): u32 {
    const packed = randomPlayoutMove(biasPercent);
    return packed | (<u32>randomMoveFlags() << FLAG_SHIFT);
  }

  @inline ended(): i32 {
    return endedCode();
  }

  /** The higher score wins (THRONGS.md §12.3); equal scores draw. */
  @inline winner(): i32 {
    const m = scoreMargin();
    return m > 0 ? 1 : m < 0 ? 2 : 0;
  }

  @inline margin(): i32 {
    return scoreMargin();
  }

  @inline score(player: i32): i32 {
    return scoreOf(player);
  }

  /** P1's advantage in hundredths of a point by the weighted terms of eval.ts. */
  @inline evaluate(): i32 {
    return evaluation();
  }

  /** No chance in this game: searches see as far as they like (core/mcts.ts). */
  @inline chance(): bool {
    return false;
  }

  @inline toMove(): i32 {
    return mover();
  }

  /** The whole state block fixes the position: equal positions have equal blocks (core/mcts.ts). */
  @inline keyBytes(): i32 {
    return stateSize;
  }

  @inline invalidate(): void {
    invalidateList();
  }
}
