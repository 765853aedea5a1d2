// Populace as the game class of the generic core (core/mcts.ts lists the contract). It holds no
// fields: the position is the state block at STATE, the tables are this folder's module globals.
// An edge move is the packed move itself (bits 0-28).
//
// Scores are half points (score(p) = 2 × (pieces + controlled) + button). margin() is in points
// (an f64, a multiple of 1/2): the core turns it into 0.5 + d / (2(|d| + scale)) exactly as the
// reference does with its margin in points, so a seeded search builds the same tree in both.
import { MOVES, stateSize } from '../../core/layout';
import { applyMove } from './apply';
import { evaluate as evaluation } from './eval';
import { generate as generateMoves, invalidateList, randomMove as random } from './movegen';
import { MOVE_KIND_SHIFT, MOVE_SWAP, S_WINNER } from './abi';
import { ended as endedCode, getI, score as scoreOf, toMove as mover } from './state';

const SWAP_MOVE: u32 = (<u32>MOVE_SWAP) << MOVE_KIND_SHIFT;
/** Bit 31 of an edge move: its player plays the other colour afterwards (core/mcts.ts). */
const SEAT_SWAP_BIT: u32 = 1 << 31;

@final export class Populace {
  @inline generate(): i32 {
    return generateMoves();
  }

  @inline edgeMove(i: i32): u32 {
    const packed = load<u32>(MOVES + (<usize>i << 2));
    // After the swap its player plays Black: the tree values it for Black (core/mcts.ts).
    return packed == SWAP_MOVE ? packed | SEAT_SWAP_BIT : packed;
  }

  @inline packedOf(edge: u32): u32 {
    return edge & ~SEAT_SWAP_BIT;
  }

  @inline play(edge: u32): void {
    applyMove(edge, false);
  }

  /** Uniform among the legal actions; Populace prefers no actions, so the bias is unused. */
  @inline randomMove(biasPercent: i32): u32 {
    return random();
  }

  @inline ended(): i32 {
    return endedCode();
  }

  @inline winner(): i32 {
    return getI(S_WINNER);
  }

  /** Black's score minus White's, in points. */
  @inline margin(): f64 {
    return <f64>(scoreOf(1) - scoreOf(2)) * 0.5;
  }

  /** In half points. */
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
