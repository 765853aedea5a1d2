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
// New children are valued once when their parent is expanded (dfpn-line.ts): an end exactly,
// any other by the game's evaluation, which orders them and sets the proof and disproof numbers
// of a child not yet searched (one plus the evaluation's distance from the question's margin,
// capped). A node keeps what its own searches of each child returned, for when the table has lost
// the child's entry: two positions of one bucket pushing each other out otherwise kept a node
// asking the same child the same thing for ever (Throngs althex(2,3)'s margin: 3.3 million nodes
// with it, over 30 million without).
//
// A line that repeats a position stops the search (SOLVE_CYCLE), as in solver.ts: the rules give
// an endless game no value, and the table's entries are filed by position alone. It stops as soon
// as a node has a child that repeats a position of its line, whether or not the search would go
// down it (alpha-beta stops only where it does): that child's numbers in the table came from
// another line and would stand on this line's own positions. So does a line past SOLVE_MAX_PLY
// moves (df-pn widens before it deepens, so it meets such a line late); a game with chance is
// refused. Nothing is allocated: SEARCH holds the line (dfpn-line.ts: a state copy per ply, the
// line's keys, the children of its nodes) and the table; the node budget lets a caller run a
// question in slices, the table keeping what each slice found.
import {
  RESULT_DFPN_DN,
  RESULT_DFPN_LOWER,
  RESULT_DFPN_PN,
  RESULT_DFPN_UPPER,
  RESULT_PEEK_LOWER,
  RESULT_PEEK_UPPER,
  RESULT_PEEK_WORK,
  RESULT_SOLVE_ENTRIES,
  RESULT_SOLVE_NODES,
  RESULT_SOLVE_PLY,
  SOLVE_BUDGET,
  SOLVE_CHANCE,
  SOLVE_CYCLE,
  SOLVE_DONE,
  SOLVE_MAX_PLY,
  SOLVE_NO_ROOM,
  SOLVE_NOT_READY,
  SOLVE_TOO_DEEP,
} from './abi';
import { RESULT, SEARCH, STATE, copyState, searchBytes } from './layout';
import { searchReset } from './tree';
import { stateHash } from './hash';
import { tableKey } from './solve-key';
import { finished } from './solver';
import { CHILD, C_DN, C_EDGE, C_FLAGS, C_LOWER, C_PN, C_UPPER, C_VALUE, END, FLIP, NO_ROOM, PARTIAL, SEARCHED, childAt, expand, leafDisproof, leafProof, lineLayout, stateAt } from './dfpn-line';
import { lineKeysClear, linePop, linePush, onLine } from './line-keys';
import { BOUND, PN_INF, dfpnProbe, dfpnRecord, dfpnTableLayout, dfpnTableUsed, entryDn, entryLower, entryPn, entryThreshold, entryUpper, entryWork } from './dfpn-table';

const SWAP: u32 = 1 << 31;
/** Undecided numbers stay below PN_INF, so that only a decided question meets an infinite threshold. */
const PN_MAX: u32 = PN_INF - 1;
/** Written at the start of SEARCH by dfpnBegin; any other search overwrites it. */
const CANARY: u64 = 0x4466706e5461624b;

let nodes: i32 = 0;
let nodeLimit: i32 = 0;
let status: i32 = SOLVE_DONE;
let cyclePly: i32 = 0;
/** What the last finished visit found for its node: bounds, and numbers for its question. */
let lastLower: i32 = 0;
let lastUpper: i32 = 0;
let lastPn: u32 = 0;
let lastDn: u32 = 0;
/** The question's root (0, or 1 after a move) and its numbers as its node's loop last made them. */
let rootPly: i32 = 0;
let rootPn: u32 = 1;
let rootDn: u32 = 1;
/** Whether the node the search just left, stopped for nodes, made its numbers (lastPn ...) first. */
let fresh = false;

/**
 * Lays out SEARCH for df-pn and empties its table (the MCTS tree, alpha-beta's table and the
 * solver's go); returns the table's entries.
 */
export function dfpnBegin(): i32 {
  searchReset();
  const line = lineLayout(SEARCH + 16, SEARCH + <usize>searchBytes);
  store<u64>(SEARCH, CANARY);
  return dfpnTableLayout(line, SEARCH + <usize>searchBytes);
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
  rootPly = move < 0 ? 0 : 1;
  rootPn = 1;
  rootDn = 1;
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
      linePush(0, h);
      game.play(edge & ~SWAP);
      const flip = (game.toMove() != mover) != ((edge & SWAP) != 0);
      decide<G>(game, 1, flip ? 1 - k : k);
      lower = flip ? -lastUpper : lastLower;
      upper = flip ? -lastLower : lastUpper;
      if (flip) {
        // The numbers were the mover's opponent's: proving theirs disproves ours.
        const pn = rootPn;
        rootPn = rootDn;
        rootDn = pn;
      }
      linePop(h);
    }
    copyState(STATE, stateAt(0));
    game.invalidate();
    if (status != SOLVE_DONE) lineKeysClear();
  }
  if (status == SOLVE_DONE) {
    rootPn = lower >= k ? 0 : PN_INF;
    rootDn = lower >= k ? PN_INF : 0;
  }
  store<i32>(RESULT + (RESULT_DFPN_LOWER << 2), lower);
  store<i32>(RESULT + (RESULT_DFPN_UPPER << 2), upper);
  store<u32>(RESULT + (RESULT_DFPN_PN << 2), rootPn);
  store<u32>(RESULT + (RESULT_DFPN_DN << 2), rootDn);
  store<i32>(RESULT + (RESULT_SOLVE_NODES << 2), nodes);
  store<i32>(RESULT + (RESULT_SOLVE_ENTRIES << 2), dfpnTableUsed());
  store<i32>(RESULT + (RESULT_SOLVE_PLY << 2), cyclePly);
  return status;
}

/** Whether df-pn's table holds STATE; if so its bounds and work are in RESULT's peek slots (as solvePeek). */
export function dfpnPeek<G>(game: G): bool {
  if (load<u64>(SEARCH) != CANARY) return false;
  const e = dfpnProbe(tableKey<G>(game));
  if (e == 0) return false;
  store<i32>(RESULT + (RESULT_PEEK_LOWER << 2), entryLower(e));
  store<i32>(RESULT + (RESULT_PEEK_UPPER << 2), entryUpper(e));
  store<u32>(RESULT + (RESULT_PEEK_WORK << 2), min(entryWork(e), 0x7fffffff));
  return true;
}

/** Puts proven bounds of STATE into df-pn's table, as if `work` nodes had proven them (as solveSeed). */
export function dfpnSeed<G>(game: G, lower: i32, upper: i32, work: i32): void {
  if (load<u64>(SEARCH) != CANARY || lower > upper) return;
  // A threshold no question asks: the entry's numbers are never read, only its bounds.
  dfpnRecord(tableKey<G>(game), max(lower, -BOUND), min(upper, BOUND), -BOUND, 1, 1, work);
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

/**
 * The multiple-iterative-deepening step of df-pn at STATE (a running game at `ply`): searches
 * "≥ t" until its proof number reaches thpn or its disproof number thdn, then records the node.
 */
function mid<G>(game: G, ply: i32, t: i32, thpn: u32, thdn: u32, top: i32): void {
  nodes++;
  fresh = false;
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
  if (onLine(h, ply)) {
    status = SOLVE_CYCLE;
    cyclePly = ply;
    return;
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
  linePush(ply, h);
  const count = expand<G>(game, ply, top);
  if (count < 0) {
    linePop(h);
    status = count == NO_ROOM ? SOLVE_NO_ROOM : SOLVE_CYCLE;
    if (status == SOLVE_CYCLE) cyclePly = ply + 1;
    return;
  }
  const kids = childAt(top, 0);
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
        } else if (e != 0 && entryThreshold(e) == tc && (flags & PARTIAL) == 0) {
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
    if (ply == rootPly) {
      rootPn = pn;
      rootDn = dn;
    }
    if (status != SOLVE_DONE || pn >= thpn || dn >= thdn) break;
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
    // Out of nodes: the line's numbers are made once more from what the child got to (for the
    // root's numbers in the report), and nothing is recorded; any other stop ends the search.
    if (status != SOLVE_DONE && !(status == SOLVE_BUDGET && fresh)) break;
    store<u32>(c, load<u32>(c, C_FLAGS) | (status == SOLVE_DONE ? SEARCHED : SEARCHED | PARTIAL), C_FLAGS);
    store<u32>(c, lastPn, C_PN);
    store<u32>(c, lastDn, C_DN);
    store<i32>(c, lastLower, C_LOWER);
    store<i32>(c, lastUpper, C_UPPER);
  }
  linePop(h);
  if (status != SOLVE_DONE) {
    if (status == SOLVE_BUDGET) {
      lastLower = lower;
      lastUpper = upper;
      lastPn = pn;
      lastDn = dn;
      fresh = true;
    }
    return;
  }
  dfpnRecord(key, lower, upper, t, pn, dn, nodes - before);
  lastLower = lower;
  lastUpper = upper;
  lastPn = pn;
  lastDn = dn;
}
