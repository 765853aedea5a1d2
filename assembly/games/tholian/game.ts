// Tholian Go as the game class of the generic core (core/game.ts lists the contract and what it
// takes from this folder's @global functions). An edge move is the packed step itself (below
// 2^19: no seat swaps).
//
// A move of the core is one step of a push path, a placement or `end` (reference moves.ts), so a
// player's turn is several consecutive edges: the core handles that as it handles Throngs' double
// move. Scores are tokens on the board; the margin is Red's minus Blue's.
import { Game } from '../../core/game';
import { invalidateList } from '../../core/move-list';
import { tokens } from './eval';
import { dice } from './options';
import { forgetAreas } from './sequestration';
// The files of the @global functions the core's Game calls.
import './apply';
import './movegen';
import './winning';

@final export class Tholian extends Game {
  @inline score(player: i32): i32 {
    return tokens(player);
  }

  /** The movement dice (§10 Oracle): the next turn's roll is not known to a search. */
  @inline chance(): bool {
    return dice;
  }

  /** The areas of sequestration.ts were the old state's. */
  @inline invalidate(): void {
    invalidateList();
    forgetAreas();
  }
}
