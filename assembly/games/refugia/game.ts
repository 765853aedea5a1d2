// Refugia as the game class of the generic core (core/game.ts lists the contract and what it
// takes from this folder's @global functions). An edge move is the packed move itself.
import { N } from '../../core/layout';
import { Game } from '../../core/game';
import { mapScalarsAndCells } from '../../core/symmetry';
import { S_CELLS } from './abi';
// The files of the @global functions the core's Game calls.
import './apply';
import './eval';
import './movegen';

@final export class Refugia extends Game {
  /** The header and the cells fix the position; the tables after them are derived. */
  @inline keyBytes(): i32 {
    return S_CELLS + N;
  }

  /** Its scalars (turn, passes, scores, stone counts) are the same seen any way; the cells move. */
  @inline symmetricKey(image: usize, out: usize): i32 {
    return mapScalarsAndCells(S_CELLS, S_CELLS, image, out);
  }
}
