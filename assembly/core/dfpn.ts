// Depth-first proof-number search (df-pn, Nagai), negamax, written once over the game class like
// solver.ts. It answers one question: does the player to move reach a value of at least k (the
// solver's values: SOLVE_CLASS × result + margin in half points)? A win is "≥ SOLVE_CLASS/2", not
// losing "≥ 1 - SOLVE_CLASS/2", and the margin follows from a bisection over such questions
// (bindings/solver/dfpn.ts).
//
// Every node is asked about its own player to move. Along an edge that hands the move over (or
// that swaps seats, as solver.ts counts it) "≥ t" becomes the child's "≥ 1 - t", and the child's
// proof is the parent's disproof through it; along other edges the question passes unchanged.
// A node's proof number is the least of its children's (as the parent sees them). Its disproof
// number is, as in weak proof-number search (Ueda et al.), the greatest of theirs plus one for
// each other child still open, rather than their sum: these games transpose a great deal (a turn's
// moves in either order), and a sum counts a shared subtree once per path to it, so that the
// numbers grow with the paths, not with the work left (a margin question on Throngs
// althex(2,3) that this proves in 2.4 million nodes was still open after 10 million with sums). A node is searched until its numbers reach
// thresholds handed down from its parent; a child's proof threshold is (1 + ε) × the
// second-best child's, not one more than it (Pawlewicz and Hayward), so that the search stays
// under a child for longer before it switches, which saves re-expanding siblings. ε = 1 here:
// with 1/4 the same question was still open after 10 million nodes.
//
// Each node also carries bounds of its exact value (the greatest of its children's lower bounds,
// the greatest of their upper bounds, an end's value exactly): a question is proved once the
// lower bound reaches k, disproved once the upper bound falls below it. The table keeps them
// (dfpn-table.ts) across questions, so a bisection's questions build on each other.
//
// New children are valued once when their parent is expanded: an end exactly, any other by the
// game's evaluation, which orders them and sets the proof and disproof numbers of a child not yet
// searched (one plus the evaluation's distance from the question's margin, capped).
//
// A line that repeats a position stops the search (SOLVE_CYCLE), as in solver.ts: the rules give
// an endless game no value, and the table's entries are filed by position alone. It stops as soon
// as a node has a child that repeats a position of its line, whether or not the search would go
// down it (alpha-beta stops only where it does): the child's numbers in the table, from another
// line, would feed the cycle's positions their own numbers round and round, and on Populace
// without a move limit the search went on for ever among the positions it knew. So does a line
// past SOLVE_MAX_PLY moves; a game with chance is refused. Nothing is allocated: SEARCH holds a
// state copy per ply, the children of the current line (their moves, keys and values) and the
// table; the node budget lets a caller run a question in slices, the table keeping what each
// slice found.
import {
  RESULT_DFPN_LOWER,
  RESULT_DFPN_UPPER,
  RESULT_SOLVE_ENTRIES,
  RESULT_SOLVE_NODES,
  RESULT_SOLVE_PLY,
  SOLVE_BUDGET,
  SOLVE_CHANCE,
  SOLVE_CLASS,
  SOLVE_CYCLE,
  SOLVE_DONE,
  SOLVE_MAX_PLY,
  SOLVE_NO_ROOM,
  SOLVE_NOT_READY,
  SOLVE_TOO_DEEP,
} from './abi';
import { RESULT, SEARCH, STATE, copyState, maxMoves, searchBytes, stateSize } from './layout';
import { searchReset } from './tree';
import { stateHash } from './hash';
import { tableKey } from './solve-key';
import { finished } from './solver';
import { BOUND, PN_INF, dfpnProbe, dfpnRecord, dfpnTableLayout, dfpnTableUsed, entryDn, entryLower, entryPn, entryThreshold, entryUpper } from './dfpn-table';

const SWAP: u32 = 1 << 31;
/** Undecided numbers stay below PN_INF, so that only a decided question meets an infinite threshold. */
const PN_MAX: u32 = PN_INF - 1;
/** Half points of the evaluation's distance from the question per unit of a new child's numbers. */
const LEAF_SCALE: i32 = 2;
/** The most a new child's numbers start at. */
const LEAF_CAP: i32 = 16;
/** Ordering scores: finished children first (by value), then by evaluation. */
const DECIDED: i32 = 0x20000000;

// A child of a node on the line: its table key, its move (edge), its value (an end's exact
// value for the parent, else the evaluation for its own player to move), flags, ordering score,
// and what the node's last search of it returned (its numbers and bounds, its own player's).
const CHILD: i32 = 40;
const C_EDGE = 8;
const C_VALUE = 12;
const C_FLAGS = 16;
const C_SCORE = 20;
const C_PN = 24;
const C_DN = 28;
const C_LOWER = 32;
const C_UPPER = 36;
const FLIP: u32 = 1;
const END: u32 = 2;
/** C_PN .. C_UPPER hold what a search of the child returned. */
const SEARCHED: u32 = 4;

/** Counters of the current line's keys by their low bits: a repetition is looked for only on a hit. */
const FILTER: i32 = 4096;
/** Written at the start of SEARCH by dfpnBegin; any other search overwrites it. */
const CANARY: u64 = 0x4466706e5461624b;

let states: usize = 0;
let children: usize = 0;
let childCap: i32 = 0;
let pathKeys: usize = 0;
let pathFilter: usize = 0;

let nodes: i32 = 0;
let nodeLimit: i32 = 0;
let status: i32 = SOLVE_DONE;
let cyclePly: i32 = 0;
/** What the last finished visit found for its node: bounds, and numbers for its question. */
let lastLower: i32 = 0;
let lastUpper: i32 = 0;
let lastPn: u32 = 0;
let lastDn: u32 = 0;

@inline function stateAt(ply: i32): usize {
  return states + <usize>ply * <usize>stateSize;
}

/**
 * Lays out SEARCH for df-pn and empties its table (the MCTS tree, alpha-beta's table and the
 * solver's go); returns the table's entries.
 */
export function dfpnBegin(): i32 {
  searchReset();
  pathFilter = SEARCH + 16;
  pathKeys = pathFilter + FILTER;
  states = pathKeys + <usize>(SOLVE_MAX_PLY + 1) * 8;
  const afterStates = (states + <usize>(SOLVE_MAX_PLY + 1) * <usize>stateSize + 15) & ~15;
  const rest = <i64>(SEARCH + <usize>searchBytes) - <i64>afterStates;
  if (rest < 1 << 20) unreachable();
  // An eighth of the rest (at most what every ply's full list needs) for the line's children.
  childCap = <i32>min<i64>(rest / 8 / CHILD, <i64>maxMoves * <i64>SOLVE_MAX_PLY);
  children = afterStates;
  memory.fill(pathFilter, 0, FILTER);
  store<u64>(SEARCH, CANARY);
  return dfpnTableLayout(children + <usize>childCap * CHILD, SEARCH + <usize>searchBytes);
}

/**
 * Does STATE's player to move reach a value ≥ k? With `move` ≥ 0 the position searched is the
 * one after that move of STATE's list (generate() order), still valued for STATE's player. At
 * most `budget` nodes; STATE is left as it was. Returns a status (SOLVE_*); when SOLVE_DONE,
 * RESULT's bounds decide it: lower ≥ k proves it, upper < k disproves it.
 */
export function dfpnProve<G>(game: G, move: i32, k: i32, budget: i32): i32 {
  nodes = 0;
  nodeLimit = budget;
  status = SOLVE_DONE;
  cyclePly = 0;
  let lower = -BOUND;
  let upper = BOUND;
  if (load<u64>(SEARCH) != CANARY) status = SOLVE_NOT_READY;
  else if (game.ended() == 0 && game.chance()) status = SOLVE_CHANCE;
  else {
    copyState(stateAt(0), STATE);
    if (move < 0) {
      decide<G>(game, 0, k);
      lower = lastLower;
      upper = lastUpper;
    } else {
      const count = game.ended() != 0 ? 0 : game.generate();
      if (move >= count) unreachable();
      const edge = game.edgeMove(move);
      const mover = game.toMove();
      // The root on the line, for repetitions.
      const h = stateHash(game.keyBytes());
      const f = pathFilter + <usize>(<u32>h & (FILTER - 1));
      store<u64>(pathKeys, h);
      store<u8>(f, load<u8>(f) + 1);
      game.play(edge & ~SWAP);
      const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
      decide<G>(game, 1, flip ? 1 - k : k);
      lower = flip ? -lastUpper : lastLower;
      upper = flip ? -lastLower : lastUpper;
      store<u8>(f, load<u8>(f) - 1);
    }
    copyState(STATE, stateAt(0));
    game.invalidate();
    if (status != SOLVE_DONE) memory.fill(pathFilter, 0, FILTER);
  }
  store<i32>(RESULT + (RESULT_DFPN_LOWER << 2), lower);
  store<i32>(RESULT + (RESULT_DFPN_UPPER << 2), upper);
  store<i32>(RESULT + (RESULT_SOLVE_NODES << 2), nodes);
  store<i32>(RESULT + (RESULT_SOLVE_ENTRIES << 2), dfpnTableUsed());
  store<i32>(RESULT + (RESULT_SOLVE_PLY << 2), cyclePly);
  return status;
}

/** Searches STATE at `ply` until "≥ t" is decided (or the search stops): its bounds in lastLower/lastUpper. */
function decide<G>(game: G, ply: i32, t: i32): void {
  if (game.ended() != 0) {
    lastLower = finished<G>(game);
    lastUpper = lastLower;
    return;
  }
  mid<G>(game, ply, t, PN_INF, PN_INF, 0);
}

/** Proof and disproof numbers of "≥ t" for a child not searched yet, from its evaluation `ev` (its player's). */
@inline function leafProof(ev: i32, t: i32): u32 {
  return <u32>(1 + min(LEAF_CAP, max(0, -leafGap(ev, t)) / LEAF_SCALE));
}

@inline function leafDisproof(ev: i32, t: i32): u32 {
  return <u32>(1 + min(LEAF_CAP, max(0, leafGap(ev, t)) / LEAF_SCALE));
}

/** The evaluation's margin (half points) less the margin the question asks for. */
@inline function leafGap(ev: i32, t: i32): i32 {
  const asked = t >= SOLVE_CLASS / 2 ? max(t - SOLVE_CLASS, 0) : t <= -SOLVE_CLASS / 2 ? min(t + SOLVE_CLASS, 0) : 0;
  return ev / 50 - asked;
}

/**
 * Lists STATE's moves at `top` of the children's stack, each played once and valued, in order of
 * that value for the player to move (the best first); returns how many, or 0 (status set) when
 * they do not fit or one repeats a position of the line.
 */
function expand<G>(game: G, ply: i32, top: i32): i32 {
  const count = game.generate();
  if (count == 0 || top + count > childCap) {
    // A running game always has a move (a pass at least): no moves means no room to list them.
    status = SOLVE_NO_ROOM;
    return 0;
  }
  const kids = children + <usize>top * CHILD;
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
      const e = game.evaluate();
      value = game.toMove() == 1 ? e : -e;
      score = flip ? -value : value;
      score = score > DECIDED / 2 ? DECIDED / 2 : score < -DECIDED / 2 ? -DECIDED / 2 : score;
    }
    if ((flags & END) == 0 && onLine<G>(game, ply)) {
      status = SOLVE_CYCLE;
      cyclePly = ply + 1;
      return 0;
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

/** Whether STATE (a child of the node at `ply`) is a position of the line from the root to that node. */
function onLine<G>(game: G, ply: i32): bool {
  const h = stateHash(game.keyBytes());
  if (load<u8>(pathFilter + <usize>(<u32>h & (FILTER - 1))) == 0) return false;
  for (let p = 0; p <= ply; p++) if (load<u64>(pathKeys + (<usize>p << 3)) == h) return true;
  return false;
}

/**
 * The multiple-iterative-deepening step of df-pn at STATE (a running game at `ply`): searches
 * "≥ t" until its proof number reaches thpn or its disproof number thdn, then records the node.
 */
function mid<G>(game: G, ply: i32, t: i32, thpn: u32, thdn: u32, top: i32): void {
  nodes++;
  if (nodes >= nodeLimit) {
    status = SOLVE_BUDGET;
    return;
  }
  if (ply >= SOLVE_MAX_PLY) {
    status = SOLVE_TOO_DEEP;
    cyclePly = ply;
    return;
  }
  const h = stateHash(game.keyBytes());
  const f = pathFilter + <usize>(<u32>h & (FILTER - 1));
  if (load<u8>(f) != 0) {
    for (let p = 0; p < ply; p++) {
      if (load<u64>(pathKeys + (<usize>p << 3)) == h) {
        status = SOLVE_CYCLE;
        cyclePly = ply;
        return;
      }
    }
  }
  const key = tableKey<G>(game);
  let ownLower = -BOUND;
  let ownUpper = BOUND;
  const own = dfpnProbe(key);
  if (own != 0) {
    ownLower = entryLower(own);
    ownUpper = entryUpper(own);
    if (ownLower >= t || ownUpper < t) {
      lastLower = ownLower;
      lastUpper = ownUpper;
      lastPn = ownLower >= t ? 0 : PN_INF;
      lastDn = ownLower >= t ? PN_INF : 0;
      return;
    }
  }
  copyState(stateAt(ply), STATE);
  store<u64>(pathKeys + (<usize>ply << 3), h);
  store<u8>(f, load<u8>(f) + 1);
  const count = expand<G>(game, ply, top);
  if (count == 0) {
    store<u8>(f, load<u8>(f) - 1);
    return;
  }
  const kids = children + <usize>top * CHILD;
  const before = nodes;
  let lower = ownLower;
  let upper = ownUpper;
  let pn: u32 = 1;
  let dn: u32 = 1;
  for (;;) {
    // The node's numbers and bounds from its children's, as it sees them.
    lower = ownLower;
    let most = -BOUND;
    let dmax: u32 = 0;
    let open: u32 = 0;
    let best = 0;
    let p1: u32 = PN_INF;
    let p2: u32 = PN_INF;
    let bestDisproof: u32 = 0;
    for (let i = 0; i < count; i++) {
      const c = kids + <usize>i * CHILD;
      const flags = load<u32>(c, C_FLAGS);
      let lo: i32;
      let hi: i32;
      let p: u32;
      let d: u32;
      if (flags & END) {
        lo = hi = load<i32>(c, C_VALUE);
        p = lo >= t ? 0 : PN_INF;
        d = lo >= t ? PN_INF : 0;
      } else {
        const flip = (flags & FLIP) != 0;
        const tc = flip ? 1 - t : t;
        let clo = -BOUND;
        let chi = BOUND;
        let cp: u32;
        let cd: u32;
        // The table first; what this node's own search of the child returned where the table
        // lost it (two positions of a bucket can push each other out, the node's loop then
        // asking the same child the same thing for ever).
        const searched = (flags & SEARCHED) != 0;
        const e = dfpnProbe(load<u64>(c));
        if (searched) {
          clo = load<i32>(c, C_LOWER);
          chi = load<i32>(c, C_UPPER);
        }
        if (e != 0) {
          clo = max(clo, entryLower(e));
          chi = min(chi, entryUpper(e));
        }
        if (clo >= tc) {
          cp = 0;
          cd = PN_INF;
        } else if (chi < tc) {
          cp = PN_INF;
          cd = 0;
        } else if (e != 0 && entryThreshold(e) == tc) {
          cp = entryPn(e);
          cd = entryDn(e);
        } else if (searched) {
          cp = load<u32>(c, C_PN);
          cd = load<u32>(c, C_DN);
        } else {
          const ev = load<i32>(c, C_VALUE);
          cp = leafProof(ev, tc);
          cd = leafDisproof(ev, tc);
        }
        p = flip ? cd : cp;
        d = flip ? cp : cd;
        lo = flip ? -chi : clo;
        hi = flip ? -clo : chi;
      }
      if (lo > lower) lower = lo;
      if (hi > most) most = hi;
      if (d > dmax) dmax = d;
      if (d != 0) open++;
      if (p < p1) {
        p2 = p1;
        p1 = p;
        best = i;
        bestDisproof = d;
      } else if (p < p2) p2 = p;
    }
    upper = min(most, ownUpper);
    if (lower >= t) {
      pn = 0;
      dn = PN_INF;
      break;
    }
    if (upper < t) {
      pn = PN_INF;
      dn = 0;
      break;
    }
    pn = min(p1, PN_MAX);
    dn = min(dmax + open - 1, PN_MAX);
    if (pn >= thpn || dn >= thdn) break;
    // Down the most proving child, until its numbers pass what keeps it the best (ε = 1).
    const childPn = min(thpn, p2 >= PN_INF ? PN_INF : p2 + p2);
    const childDn = thdn >= PN_INF ? PN_INF : thdn - dn + bestDisproof;
    const c = kids + <usize>best * CHILD;
    const edge = load<u32>(c, C_EDGE);
    const flip = (load<u32>(c, C_FLAGS) & FLIP) != 0;
    copyState(STATE, stateAt(ply));
    game.invalidate();
    game.play(edge & ~SWAP);
    if (flip) mid<G>(game, ply + 1, 1 - t, childDn, childPn, top + count);
    else mid<G>(game, ply + 1, t, childPn, childDn, top + count);
    if (status != SOLVE_DONE) break;
    store<u32>(c, load<u32>(c, C_FLAGS) | SEARCHED, C_FLAGS);
    store<u32>(c, lastPn, C_PN);
    store<u32>(c, lastDn, C_DN);
    store<i32>(c, lastLower, C_LOWER);
    store<i32>(c, lastUpper, C_UPPER);
  }
  store<u8>(f, load<u8>(f) - 1);
  if (status != SOLVE_DONE) return;
  dfpnRecord(key, lower, upper, t, pn, dn, nodes - before);
  lastLower = lower;
  lastUpper = upper;
  lastPn = pn;
  lastDn = dn;
}
