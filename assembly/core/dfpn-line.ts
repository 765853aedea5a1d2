// The line the proof-number search (dfpn.ts) stands on, in SEARCH: a copy of the state at each
// ply (a move is taken back by restoring its parent's copy), the keys of the line's positions
// (for repetitions: the plain state hash, since an image of an earlier position is not that
// position), and the children of each node on it, listed once when the node is entered: each
// played once and valued (an end exactly, any other by the game's evaluation), ordered best
// first, with what the node's own searches of it returned.
import { SOLVE_CLASS, SOLVE_MAX_PLY } from './abi';
import { STATE, copyState, maxMoves, stateSize } from './layout';
import { stateHash } from './hash';
import { tableKey } from './solve-key';
import { finished } from './solver';

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

/** expand(): the children do not fit in the stack. */
export const NO_ROOM: i32 = -1;
/** expand(): a child repeats a position of the line. */
export const REPEATS: i32 = -2;

/** Counters of the line's keys by their low bits: a repetition is looked for only on a hit. */
const FILTER: i32 = 4096;

let states: usize = 0;
let children: usize = 0;
let childCap: i32 = 0;
let pathKeys: usize = 0;
let pathFilter: usize = 0;

/** Lays the line out from `at` (16-byte aligned) within `end`, empty; returns where it ends. */
export function lineLayout(at: usize, end: usize): usize {
  pathFilter = at;
  pathKeys = pathFilter + FILTER;
  states = pathKeys + <usize>(SOLVE_MAX_PLY + 1) * 8;
  const afterStates = (states + <usize>(SOLVE_MAX_PLY + 1) * <usize>stateSize + 15) & ~15;
  const rest = <i64>end - <i64>afterStates;
  if (rest < 1 << 20) unreachable();
  // An eighth of the rest (at most what every ply's full list needs) for the line's children.
  childCap = <i32>min<i64>(rest / 8 / CHILD, <i64>maxMoves * <i64>SOLVE_MAX_PLY);
  children = afterStates;
  lineClear();
  return children + <usize>childCap * CHILD;
}

/** Forgets the line (after a search stopped midway). */
export function lineClear(): void {
  memory.fill(pathFilter, 0, FILTER);
}

@inline export function stateAt(ply: i32): usize {
  return states + <usize>ply * <usize>stateSize;
}

/** The `i`th child of the node whose children start at `top` of the stack. */
@inline export function childAt(top: i32, i: i32): usize {
  return children + <usize>(top + i) * CHILD;
}

/** Puts the position of key `h` (stateHash) on the line at `ply`. */
export function linePush(ply: i32, h: u64): void {
  store<u64>(pathKeys + (<usize>ply << 3), h);
  const f = pathFilter + <usize>(<u32>h & (FILTER - 1));
  store<u8>(f, load<u8>(f) + 1);
}

/** Takes the position of key `h` off the line. */
export function linePop(h: u64): void {
  const f = pathFilter + <usize>(<u32>h & (FILTER - 1));
  store<u8>(f, load<u8>(f) - 1);
}

/** Whether the position of key `h` is on the line at a ply below `ply`. */
export function onLine(h: u64, ply: i32): bool {
  if (load<u8>(pathFilter + <usize>(<u32>h & (FILTER - 1))) == 0) return false;
  for (let p = 0; p < ply; p++) if (load<u64>(pathKeys + (<usize>p << 3)) == h) return true;
  return false;
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
