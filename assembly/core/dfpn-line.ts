// The line the proof-number search (dfpn.ts) stands on, in SEARCH: a copy of the state at each
// ply (a move is taken back by restoring its parent's copy), the keys of the line's positions
// (line-keys.ts), and the children of each node on it, listed once when the node is entered: each
// played once and valued (an end exactly, any other by the game's evaluation), ordered best
// first, with what the node's own searches of it returned.
import { SOLVE_CLASS, SOLVE_MAX_PLY } from './abi';
import { STATE, copyState, maxMoves, stateSize } from './layout';
import { stateHash } from './hash';
import { tableKey } from './solve-key';
import { finished } from './solver';
import { lineKeysLayout, onLine } from './line-keys';

const SWAP: u32 = 1 << 31;
/** Half points of the evaluation's distance from the question per unit of a new child's numbers. */
const LEAF_SCALE: i32 = 2;
/** The most a new child's numbers start at. */
const LEAF_CAP: i32 = 16;
/** Ordering scores: finished children first (by value), then by evaluation. */
const DECIDED: i32 = 0x20000000;

// A child of a node on the line: its table key, its move (edge), its value (an end's exact
// value for the parent, else the evaluation for its own player to move), flags, ordering score,
// and what the node's last search of it returned (its numbers and bounds, its own player's).
export const CHILD: i32 = 40;
export const C_EDGE = 8;
export const C_VALUE = 12;
export const C_FLAGS = 16;
const C_SCORE = 20;
export const C_PN = 24;
export const C_DN = 28;
export const C_LOWER = 32;
export const C_UPPER = 36;
export const FLIP: u32 = 1;
export const END: u32 = 2;
/** C_PN .. C_UPPER hold what a search of the child returned. */
export const SEARCHED: u32 = 4;
/** ... a search stopped for nodes, which the table has not seen. */
export const PARTIAL: u32 = 8;

/** expand(): the children do not fit in the stack. */
export const NO_ROOM: i32 = -1;
/** expand(): a child repeats a position of the line. */
export const REPEATS: i32 = -2;

let states: usize = 0;
let children: usize = 0;
let childCap: i32 = 0;

/** Lays the line out from `at` (16-byte aligned) within `end`, empty; returns where it ends. */
export function lineLayout(at: usize, end: usize): usize {
  states = lineKeysLayout(at);
  const afterStates = (states + <usize>(SOLVE_MAX_PLY + 1) * <usize>stateSize + 15) & ~15;
  const rest = <i64>end - <i64>afterStates;
  if (rest < 1 << 20) unreachable();
  // An eighth of the rest (at most what every ply's full list needs) for the line's children.
  childCap = <i32>min<i64>(rest / 8 / CHILD, <i64>maxMoves * <i64>SOLVE_MAX_PLY);
  children = afterStates;
  return children + <usize>childCap * CHILD;
}

@inline export function stateAt(ply: i32): usize {
  return states + <usize>ply * <usize>stateSize;
}

/** The `i`th child of the node whose children start at `top` of the stack. */
@inline export function childAt(top: i32, i: i32): usize {
  return children + <usize>(top + i) * CHILD;
}

/** Proof and disproof numbers of "≥ t" for a child not searched yet, from its evaluation `ev` (its player's). */
@inline export function leafProof(ev: i32, t: i32): u32 {
  return <u32>(1 + min(LEAF_CAP, max(0, -leafGap(ev, t)) / LEAF_SCALE));
}

@inline export function leafDisproof(ev: i32, t: i32): u32 {
  return <u32>(1 + min(LEAF_CAP, max(0, leafGap(ev, t)) / LEAF_SCALE));
}

/** The evaluation's margin (half points) less the margin the question asks for. */
@inline function leafGap(ev: i32, t: i32): i32 {
  const asked = t >= SOLVE_CLASS / 2 ? max(t - SOLVE_CLASS, 0) : t <= -SOLVE_CLASS / 2 ? min(t + SOLVE_CLASS, 0) : 0;
  return ev / 50 - asked;
}

/**
 * Lists the moves of STATE (the node at `ply`, on the line, its copy at stateAt(ply)) at `top` of
 * the children's stack, each played once and valued, in order of that value for the player to
 * move (the best first); returns how many, or NO_ROOM, or REPEATS when a child repeats a position
 * of the line. STATE is left at some child.
 */
export function expand<G>(game: G, ply: i32, top: i32): i32 {
  const count = game.generate();
  // A running game always has a move (a pass at least): no moves means no room to list them.
  if (count == 0 || top + count > childCap) return NO_ROOM;
  const kids = childAt(top, 0);
  for (let i = 0; i < count; i++) store<u32>(kids + <usize>i * CHILD, game.edgeMove(i), C_EDGE);
  const mover = game.toMove();
  for (let i = 0; i < count; i++) {
    const edge = load<u32>(kids + <usize>i * CHILD, C_EDGE);
    if (i > 0) {
      copyState(STATE, stateAt(ply));
      game.invalidate();
    }
    game.play(edge & ~SWAP);
    const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
    let flags: u32 = flip ? FLIP : 0;
    let value: i32;
    let score: i32;
    if (game.ended() != 0) {
      const v = finished<G>(game);
      value = flip ? -v : v;
      flags |= END;
      score = value + (value > 0 ? DECIDED : value < 0 ? -DECIDED : 0);
    } else {
      if (onLine(stateHash(game.keyBytes()), ply + 1)) return REPEATS;
      const e = game.evaluate();
      value = game.toMove() == 1 ? e : -e;
      score = flip ? -value : value;
      score = score > DECIDED / 2 ? DECIDED / 2 : score < -DECIDED / 2 ? -DECIDED / 2 : score;
    }
    const key = tableKey<G>(game);
    // Into place among the children before it: the list ends up ordered, best first.
    let j = i;
    while (j > 0 && load<i32>(kids + <usize>(j - 1) * CHILD, C_SCORE) < score) j--;
    const at = kids + <usize>j * CHILD;
    if (j < i) memory.copy(at + CHILD, at, <usize>(i - j) * CHILD);
    store<u64>(at, key);
    store<u32>(at, edge, C_EDGE);
    store<i32>(at, value, C_VALUE);
    store<u32>(at, flags, C_FLAGS);
    store<i32>(at, score, C_SCORE);
  }
  return count;
}
