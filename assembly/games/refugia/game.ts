// Refugia as the game class of the generic core (core/mcts.ts lists the contract). It holds no
// fields: the position is the state block at STATE, the tables are this folder's module globals.
// An edge move is the packed move itself (bits 0-28).
import { MOVES, N } from '../../core/layout';
import { S_CELLS } from './abi';
import { applyMove } from './apply';
import { evaluate as evaluation } from './eval';
import { generate as generateMoves, invalidateList, randomMove as random } from './movegen';
import { S_WINNER, ended as endedCode, getI, score as scoreOf, toMove as mover } from './state';

@final export class Refugia {
  @inline generate(): i32 {
    return generateMoves();
  }

  @inline edgeMove(i: i32): u32 {
    return load<u32>(MOVES + (<usize>i << 2));
  }

  @inline packedOf(edge: u32): u32 {
    return edge;
  }

  @inline play(edge: u32): void {
    applyMove(edge, false);
  }

  /** Uniform among the legal moves; Refugia prefers no moves, so the bias is unused. */
  @inline randomMove(biasPercent: i32): u32 {
    return random();
  }

  @inline ended(): i32 {
    return endedCode();
  }

  @inline winner(): i32 {
    return getI(S_WINNER);
  }

  @inline margin(): i32 {
    return scoreOf(1) - scoreOf(2);
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

  /** The header and the cells fix the position; the tables after them are derived (core/mcts.ts). */
  @inline keyBytes(): i32 {
    return S_CELLS + N;
  }

  @inline invalidate(): void {
    invalidateList();
  }
}
