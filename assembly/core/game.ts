// The game a module is compiled for, as the core's playouts, searches and exports see it. They
// are generic over a game class G, instantiated once per module with the game's concrete `@final`
// class, so each call is a direct call the optimiser inlines (no call_indirect). G holds no
// fields (checked at compile time): its state is the block at STATE, its tables live in its own
// module globals, and the instance (GAME, declared by the game's index.ts) only selects the code.
//
// Game is that class as most games fill it in; a game extends it and overrides only what differs
// (`@final class MyGame extends Game`). What it does not know, it asks the game's own functions
// for by name: a game marks them @global, as it does GAME, and a game whose class overrides a
// method need not have the function. The calls in here that reach the class go through GAME:
// one through `this` would be virtual, these methods being compiled once for Game.
//
// The contract, and where Game finds each part:
//   generate(): i32               the legal moves of STATE into MOVES (and MOVE_FLAGS), in
//                                 canonical order (move-list.ts); returns how many (0 once the
//                                 game is over). The game's generate().
//   edgeMove(i: i32): u32         the u32 an edge stores for move i of that list: the packed move
//                                 here. Bit 31 is 0, or 1 for a move after which its player plays
//                                 the other colour (Populace's pie swap): the searches flip it with
//                                 "mover is P2", so the move is valued for the colour its player
//                                 then owns.
//   packedOf(edge: u32): u32      the packed move (as the module's ABI names moves) of such a u32
//   play(edge: u32, keep = false) applies an edge's move (bit 31 clear) to STATE; `keep` for the
//                                 game's own moves (exports.ts), which keep an undo record
//                                 (undo.ts). The game's applyMove(packed, keep).
//   undo(): bool                  takes back the last kept move; false when no record is left.
//                                 The ring puts back the bytes it saved, the game's undoMove(record)
//                                 the rest.
//   randomMove(bias: i32): u32    a random legal move of STATE, as edge u32, drawn with the core
//                                 rng (rng.ts): uniform (`below(count)` on the canonical list, or
//                                 the same draws). A game with preferred moves overrides it to spend
//                                 `bias` percent of its choices on a prefix of the list; the others'
//                                 randomMove() has no bias.
//   ended(): i32                  0 while the game runs, else the game's end code. The game's ended().
//   winner(): i32                 once ended: 1, 2, or 0 for a draw. The game's winner().
//   score(player: i32): i32       what the module reports as a player's score. The game's score().
//   margin(): f64 (or i32)        score of P1 minus score of P2, in points (the cut-off evaluation):
//                                 the scores' difference here
//   evaluate(): i32               P1's advantage by the game's heuristic, hundredths of a point,
//                                 weighted by EVAL_WEIGHTS. The game's evaluate().
//   toMove(): i32                 1 or 2, from the state block's first scalar (state.ts)
//   chance(): bool                turns begin with chance no player knows in advance (dice): a
//                                 search then stops at the end of the root player's turn
//   invalidate(): void            STATE was replaced by a memory copy: drop what was derived from
//                                 the old one (the move list here)
//   keyBytes(): i32               how many bytes at the start of STATE fix the position (the rest
//                                 derived, perhaps in an order of moves): transpositions hash
//                                 these; the whole block here
//   symmetricKey(image, out): i32 the bytes that fix STATE's position as seen through a symmetry of
//                                 the board (image: i32[N], cell c's image; symmetry.ts) written at
//                                 `out` (at most the block's size), and how many; -1 where the
//                                 state or the rules tell positions apart that a symmetry makes
//                                 alike (a digest of past positions, orientation-bound rules).
//                                 Only the exact solvers' table keys use it (solve-key.ts). -1
//                                 here: a game maps its positions only once it says how
// and, at layout time, the size of its state block (layout.ts: layoutState).
import { MOVES, stateSize } from './layout';
import { invalidateList } from './move-list';
import { toMove } from './state';
import { undoPop } from './undo';

/** Bit 31 of an edge move: its player plays the other colour afterwards. */
export const SEAT_SWAP: u32 = 1 << 31;

export class Game {
  @inline generate(): i32 {
    return generate();
  }

  @inline edgeMove(i: i32): u32 {
    return load<u32>(MOVES + (<usize>i << 2));
  }

  @inline packedOf(edge: u32): u32 {
    return edge;
  }

  @inline play(edge: u32, keep: bool = false): void {
    applyMove(edge, keep);
  }

  @inline undo(): bool {
    const record = undoPop();
    if (record == 0) return false;
    undoMove(record);
    GAME.invalidate();
    return true;
  }

  @inline randomMove(biasPercent: i32): u32 {
    return randomMove();
  }

  @inline ended(): i32 {
    return ended();
  }

  @inline winner(): i32 {
    return winner();
  }

  @inline score(player: i32): i32 {
    return score(player);
  }

  /** A game may return it as an i32, or in points where it scores in smaller units. */
  @inline margin(): f64 {
    return <f64>(GAME.score(1) - GAME.score(2));
  }

  @inline evaluate(): i32 {
    return evaluate();
  }

  @inline toMove(): i32 {
    return toMove();
  }

  /** No chance: searches see as far as they like. */
  @inline chance(): bool {
    return false;
  }

  @inline invalidate(): void {
    invalidateList();
  }

  /** Equal positions have equal blocks. */
  @inline keyBytes(): i32 {
    return stateSize;
  }

  /** No symmetry: the solvers key positions as they are. */
  @inline symmetricKey(image: usize, out: usize): i32 {
    return -1;
  }
}
