/**
 * The MCTS's settings and their defaults: what a search is asked for (bindings/engine/search.ts,
 * the agents' `mcts:` specs) and what a game may tune for its levels (GameRules.levelSettings).
 * Both searches read them: mcts.ts here, and the wasm core through its searchConfigure.
 */
export interface SearchSettings {
  /** UCT exploration constant c in Q + c·sqrt(ln N / n). */
  readonly exploration: number;
  /** Playout length before the score margin decides (0: play to the end; with the heuristic, judge the leaf). */
  readonly cutoff: number;
  /** k in the margin value 0.5 + d / (2(|d| + k)). */
  readonly evalScale: number;
  /** Percent of playout moves chosen among placements and captures only. */
  readonly biasPercent: number;
  /** A node other than the root gets its edges once a search has reached it this many times. */
  readonly expandAfter: number;
  /** 1: the cut-off judges by the game's evaluation (default weights) instead of the score margin. */
  readonly heuristic: 0 | 1;
  /** 1: the cut-off counts turns (changes of the player to move), so it always judges a turn's start. */
  readonly turns: 0 | 1;
  /**
   * Progressive widening (0: off, every edge is tried once, in random order): a new node's edges
   * are ordered by the cut-off value right after each move, best for its player first, and a node
   * with n visits considers only its first 1 + widen·√n of them.
   */
  readonly widen: number;
  /**
   * Weight of the implicit minimax value in selection (0: off): every node also keeps the minimax
   * value of the evaluations in the tree below it, and an edge's value is (1 − w)·mean + w·that.
   */
  readonly implicit: number;
  /**
   * 1: a new leaf whose position the tree already holds (reached by another order of moves)
   * links to that node, so both paths share the subtree below it.
   */
  readonly transpositions: 0 | 1;
  /**
   * Contempt for draws, from 0 to below 0.5: a finished game without a winner is worth 0.5 minus
   * this to the player to move at the root (plus it to the other), so a search that sees a draw
   * coming plays on when anything else looks about even (0: a draw is worth one half to both).
   */
  readonly contempt: number;
}

/**
 * The settings that won the tuning matches (docs/ai.md, "How the settings were chosen"): short
 * playouts beat long random ones by a wide margin, judging them by the game's evaluation beats
 * judging them by the score margin, and with widening the implicit minimax value at weight 0.5
 * beat the same search without it. A game may set its own contempt for draws (GameRules.contempt).
 */
export const DEFAULT_SEARCH_SETTINGS: SearchSettings = Object.freeze({ exploration: 0.3, cutoff: 2, evalScale: 4, biasPercent: 0, expandAfter: 8, heuristic: 1, turns: 0, widen: 0.3, implicit: 0.5, transpositions: 0, contempt: 0 });
