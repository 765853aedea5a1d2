// Tholian Go as the game class of the generic core (core/mcts.ts lists the contract). It holds
// no fields: the position is the state block at STATE, the tables are this folder's module
// globals. An edge move is the packed step itself (below 2^19: bit 31 is never set, no seat swaps).
//
// A move of the core is one step of a push path, a placement or `end` (reference moves.ts), so a
// player's turn is several consecutive edges: the core handles that as it handles Throngs' double
// move. Scores are tokens on the board; margin() is Red's minus Blue's.
import { MOVES, stateSize } from '../../core/layout';
import { S_WINNER } from './abi';
import { applyMove } from './apply';
import { evaluate as evaluation, tokens } from './eval';
import { generate as generateMoves, invalidateList, randomMove as random } from './movegen';
import { ended as endedCode, getI, toMove as mover } from './state';
import { dice } from './options';
import { forgetAreas } from './sequestration';

@final export class Tholian {
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

  /** Uniform among the legal steps; no preferred moves, so the bias is unused. */
  @inline randomMove(biasPercent: i32): u32 {
    return random();
  }

  @inline ended(): i32 {
    return endedCode();
  }

  @inline winner(): i32 {
    return getI(S_WINNER);
  }

  /** Red's tokens minus Blue's. */
  @inline margin(): i32 {
    return tokens(1) - tokens(2);
  }

  @inline score(player: i32): i32 {
    return tokens(player);
  }

  /** Red's advantage in hundredths by the weighted terms of eval.ts. */
  @inline evaluate(): i32 {
    return evaluation();
  }

  /** The movement dice (§10 Oracle): the next turn's roll is not known to a search. */
  @inline chance(): bool {
    return dice;
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
    forgetAreas();
  }
}
