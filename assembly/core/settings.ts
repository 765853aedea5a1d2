// The MCTS's settings (reference/search/settings.ts has their meaning and defaults). JavaScript
// writes them by name into the SETTINGS block (abi.ts: SETTING_*), as it writes the evaluation
// weights into EVAL_WEIGHTS; searchConfigure (mcts.ts) reads the block into these globals, which
// the search reads.
import { SETTING_BIAS_PERCENT, SETTING_CONTEMPT, SETTING_CUTOFF, SETTING_EVAL_SCALE, SETTING_EXPAND_AFTER, SETTING_EXPLORATION, SETTING_HEURISTIC, SETTING_IMPLICIT, SETTING_TRANSPOSITIONS, SETTING_TURNS, SETTING_WIDEN } from './abi';
import { SETTINGS } from './layout';

/** UCT exploration. */
export let exploration: f64 = 0.7;
/** Playout cut-off (0: play to the end, or with the heuristic judge the leaf itself). */
export let cutoff: i32 = 0;
export let evalScale: f64 = 4;
export let biasPercent: i32 = 0;
/** The visits after which a node other than the root gets its edges. */
export let expandAfter: i32 = 2;
/** The cut-off judges by the game's evaluation rather than the score margin. */
export let heuristic: bool = false;
/** The cut-off counts turns (changes of the player to move) rather than moves. */
export let countTurns: bool = false;
/**
 * Progressive widening (0: off, every edge is tried once, in random order): a new node's edges
 * are ordered by the evaluation after each move, best for its player first, and a node with n
 * visits considers only its first 1 + widen·√n of them.
 */
export let widen: f64 = 0;
/**
 * Implicit minimax backups (Lanctot et al. 2014): each node also keeps the minimax value of the
 * evaluations in the tree below it (a leaf: its own evaluation), and selection mixes it into an
 * edge's value with this weight. Averages of short playouts lag behind a refutation the tree has
 * already found; the minimax value sees it at once.
 */
export let implicit: f64 = 0;
/** Transpositions: a new leaf whose position the tree holds links to its node (tree.ts). */
export let transpose: bool = false;
/**
 * Contempt for draws: a finished game without a winner is worth 0.5 − contempt to the player to
 * move at the root (0.5 + contempt to the other), so a search that sees a draw coming plays on
 * when anything else looks about even.
 */
export let contempt: f64 = 0;

@inline function setting(slot: i32): f64 {
  return load<f64>(SETTINGS + (<usize>slot << 3));
}

/** Reads the settings block; returns whether transpositions were switched (the arena's layout changes with them). */
export function readSettings(): bool {
  const transpositions = setting(SETTING_TRANSPOSITIONS) != 0;
  const switched = transpositions != transpose;
  transpose = transpositions;
  implicit = setting(SETTING_IMPLICIT);
  heuristic = setting(SETTING_HEURISTIC) != 0;
  countTurns = setting(SETTING_TURNS) != 0;
  widen = setting(SETTING_WIDEN);
  exploration = setting(SETTING_EXPLORATION);
  cutoff = <i32>setting(SETTING_CUTOFF);
  evalScale = setting(SETTING_EVAL_SCALE);
  biasPercent = <i32>setting(SETTING_BIAS_PERCENT);
  expandAfter = <i32>setting(SETTING_EXPAND_AFTER);
  contempt = setting(SETTING_CONTEMPT);
  return switched;
}
