// What a leaf of the MCTS is worth: a playout from it to the end or the cut-off, then the
// result, the score margin or the game's evaluation, as P1's value in [0, 1].
import { biasPercent, contempt, countTurns, cutoff, evalScale, heuristic } from './settings';
import { markDrawn } from './tree';

/** The root's player when the game has chance (its search ends with their turn), else 0. */
let horizon: i32 = 0;
/** What a finished game without a winner is worth to P1 at the current root (contempt, settings.ts). */
let drawP1: f64 = 0.5;

/**
 * Judges leaves for a search from the current state: up to the end of its player's turn when
 * the game has chance, and draws for that player's contempt. Returns whether the value of a
 * draw changed, which makes a tree holding draws another player's.
 */
export function judgeFrom<G>(game: G): bool {
  horizon = game.chance() ? game.toMove() : 0;
  const draw = contempt == 0 ? 0.5 : game.toMove() == 1 ? 0.5 - contempt : 0.5 + contempt;
  if (draw == drawP1) return false;
  drawP1 = draw;
  return true;
}

@inline export function pastHorizon<G>(game: G): bool {
  return horizon != 0 && game.toMove() != horizon;
}

/**
 * P1's value of the current state: the result if the game is over, else the score margin or,
 * with the `heuristic` setting, the game's evaluation (in points; weights at EVAL_WEIGHTS).
 */
export function leafValue<G>(game: G): f64 {
  if (game.ended() != 0) {
    const w = game.winner();
    if (w == 0) {
      markDrawn();
      return drawP1;
    }
    return w == 1 ? 1.0 : 0.0;
  }
  const d = heuristic ? <f64>game.evaluate() / 100 : <f64>game.margin();
  return 0.5 + d / (2 * (Math.abs(d) + evalScale));
}

/** Plays from the current state to the end or the cut-off; returns the value for P1 in [0, 1]. */
export function rollout<G>(game: G): f64 {
  let moves = 0;
  let steps = 0;
  // Cut-off 0 plays to the end, or with the heuristic judges the leaf itself. Counted in turns,
  // the judgement always falls at the start of a turn (Throngs' double move).
  const limit = cutoff > 0 ? cutoff : heuristic ? 0 : 10000;
  while (game.ended() == 0 && steps < limit && moves < 10000 && !pastHorizon<G>(game)) {
    const mover = game.toMove();
    game.play(game.randomMove(biasPercent));
    moves++;
    if (!countTurns || game.toMove() != mover) steps++;
  }
  return leafValue<G>(game);
}
