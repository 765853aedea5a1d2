// Populace as the game class of the generic core (core/game.ts lists the contract and what it
// takes from this folder's @global functions). An edge move is the packed move itself, the swap's
// with the seat-swap bit.
//
// Scores are half points (score(p) = 2 × (pieces + controlled) + button). margin() is in points
// (an f64, a multiple of 1/2): the core turns it into 0.5 + d / (2(|d| + scale)) exactly as the
// reference does with its margin in points, so a seeded search builds the same tree in both.
import { MOVES } from '../../core/layout';
import { Game, SEAT_SWAP } from '../../core/game';
import { mapScalarsAndCells } from '../../core/symmetry';
import { MOVE_KIND_SHIFT, MOVE_SWAP, S_CELLS, S_HASH } from './abi';
import { superko } from './options';
import { score } from './state';
// The files of the @global functions the core's Game calls.
import './apply';
import './eval';
import './movegen';

const SWAP_MOVE: u32 = (<u32>MOVE_SWAP) << MOVE_KIND_SHIFT;

@final export class Populace extends Game {
  @inline edgeMove(i: i32): u32 {
    const packed = load<u32>(MOVES + (<usize>i << 2));
    // After the swap its player plays Black: the tree values it for Black.
    return packed == SWAP_MOVE ? packed | SEAT_SWAP : packed;
  }

  @inline packedOf(edge: u32): u32 {
    return edge & ~SEAT_SWAP;
  }

  /** Black's score minus White's, in points. */
  @inline margin(): f64 {
    return <f64>(score(1) - score(2)) * 0.5;
  }

  /**
   * The scalars before the cells' Zobrist hash are the same seen any way (the superko window's
   * bounds and digest are 0 without superko) and the cells move; the hash and the tables after
   * the cells follow from them. Under superko the digest of the window's positions cannot be
   * seen another way: no symmetry then.
   */
  @inline symmetricKey(image: usize, out: usize): i32 {
    return superko ? -1 : mapScalarsAndCells(S_HASH, S_CELLS, image, out);
  }
}
