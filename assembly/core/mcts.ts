// Monte Carlo tree search (UCT), written once for every game (its class: game.ts): the search's
// entry points and its iteration. Values are kept from the point of view of the player who made
// each edge's move, so multi-move turns (Throngs' double move) are just consecutive edges of one
// player. The parts: the tree in its arena, with its table and re-rooting (tree.ts); selection
// and widening (select.ts); backups and proofs (backup.ts); playouts at the leaves (rollout.ts);
// the settings (settings.ts).
//
// reference/search/mcts.ts is the same algorithm, operation for operation: a seeded search
// builds the same tree in both engines.
import { CHILD_WORDS, RESULT_EDGES, RESULT_FULL, RESULT_NODES, RESULT_ROOT_VISITS } from './abi';
import { RECORD, RECORD_CAPACITY, RESULT, ROOT, STATE, copyState, searchBytes } from './layout';
import { seedRng } from './rng';
import { stateHash } from './hash';
import { backupMinimax, backupProof, backupValue } from './backup';
import { judgeFrom, leafValue, pastHorizon, rollout } from './rollout';
import { expand, select } from './select';
import { expandAfter, implicit, readSettings, transpose } from './settings';
import { MAX_DEPTH, MOVER_P2, PROVEN_DRAW, PROVEN_P1, PROVEN_P2, drawn, edgeAt, edges, full, keepHash, newNode, nodeAt, nodes, pathClear, pathLen, pathPush, plantRoot, provenFor, provenOf, root, searchLayout, searchReset, setProven, tableFind } from './tree';

/** Reads the settings JavaScript wrote (settings.ts); the arena's layout follows the transpositions setting. */
export function searchConfigure(): void {
  // The table takes its room from the arena only while it is used.
  if (readSettings() && searchBytes > 0) searchLayout();
}

/** The proven code of the current (finished) game. */
@inline function provenResult<G>(game: G): i32 {
  const w = game.winner();
  return w == 1 ? PROVEN_P1 : w == 2 ? PROVEN_P2 : PROVEN_DRAW;
}

/** Makes the current state the search root, keeping the tree if it is already for this state. */
export function searchBegin<G>(game: G, seed: u32): void {
  if (offsetof<G>() != 0) ERROR('a game class holds no fields (its state lives in memory)');
  seedRng(seed);
  // A kept tree that valued draws for one player at one contempt: for another it starts afresh.
  if (judgeFrom<G>(game) && drawn) searchReset();
  plantRoot<G>(game);
}

/**
 * Runs `iterations` iterations; returns how many ran. A full arena does not stop the search: the
 * tree stops growing and iterations go on from its leaves (searchFull says so).
 */
export function searchRun<G>(game: G, iterations: i32): i32 {
  if (root < 0) return 0;
  let done = 0;
  while (done < iterations) {
    copyState(STATE, ROOT);
    game.invalidate();
    pathClear();
    let n = root;
    let evaluated = false;
    let proved = false;
    let grew = false;
    let value: f64 = 0;
    // Selection; a node gets its edges once it has been reached `expandAfter` times.
    while (true) {
      const node = nodeAt(n);
      const visits = load<i32>(node, 12) + 1;
      store<i32>(node, visits, 12);
      if (game.ended() != 0) {
        value = leafValue<G>(game);
        evaluated = true;
        if (provenOf(node) == 0) {
          setProven(node, provenResult<G>(game));
          proved = true;
        }
        break;
      }
      if (pastHorizon<G>(game)) {
        value = leafValue<G>(game);
        evaluated = true;
        break;
      }
      if (load<i32>(node, 4) < 0 && ((n != root && visits < expandAfter) || !expand<G>(game, n))) break;
      if (load<i32>(node, 4) == 0 || pathLen >= MAX_DEPTH) break;
      const e = select(n);
      const at = edgeAt(e);
      pathPush(n, e);
      game.play(load<u32>(at) & ~MOVER_P2);
      const child = load<i32>(at, 8);
      if (child >= 0) {
        n = child;
        continue;
      }
      let h: u64 = 0;
      if (transpose) {
        h = stateHash(game.keyBytes());
        const known = tableFind(h);
        if (known >= 0) {
          // Another order of moves reached this position: follow its node.
          store<i32>(at, known, 8);
          if (implicit != 0) grew = true;
          if (provenOf(nodeAt(known)) != 0) proved = true;
          n = known;
          continue;
        }
      }
      // A new leaf: one playout evaluates it.
      const leaf = newNode();
      if (leaf >= 0) {
        if (transpose) keepHash(leaf, h);
        store<i32>(at, leaf, 8);
        store<i32>(nodeAt(leaf), 1, 12);
        if (game.ended() != 0) {
          setProven(nodeAt(leaf), provenResult<G>(game));
          proved = true;
        }
        if (implicit != 0) {
          store<f64>(nodeAt(leaf), leafValue<G>(game), 16);
          grew = true;
        }
      }
      break;
    }
    if (!evaluated) value = rollout<G>(game);
    backupValue(value);
    if (grew) backupMinimax();
    if (proved) backupProof();
    done++;
  }
  copyState(STATE, ROOT);
  game.invalidate();
  return done;
}

/** Whether the last searchRun stopped because the arena was full. */
export function searchFull(): bool {
  return full;
}

/**
 * The root's children: (move, visits, value sum as f32 bits, proven result for the mover: 0
 * none, 1 win, 2 loss, 3 draw) in RECORD, CHILD_WORDS each; returns how many. RESULT gets
 * [iterations at the root, nodes, edges, full].
 */
export function searchChildren<G>(game: G): i32 {
  store<i32>(RESULT + (RESULT_ROOT_VISITS << 2), 0);
  store<i32>(RESULT + (RESULT_NODES << 2), nodes);
  store<i32>(RESULT + (RESULT_EDGES << 2), edges);
  store<i32>(RESULT + (RESULT_FULL << 2), full ? 1 : 0);
  if (root < 0) return 0;
  const r = nodeAt(root);
  store<i32>(RESULT + (RESULT_ROOT_VISITS << 2), load<i32>(r, 12));
  const first = load<i32>(r);
  let count = load<i32>(r, 4);
  if (count < 0) return 0;
  if (count > RECORD_CAPACITY / CHILD_WORDS) count = RECORD_CAPACITY / CHILD_WORDS;
  for (let i = 0; i < count; i++) {
    const at = edgeAt(first + i);
    const out = RECORD + <usize>(i * CHILD_WORDS * 4);
    store<u32>(out, game.packedOf(load<u32>(at) & ~MOVER_P2));
    store<i32>(out, load<i32>(at, 4), 4);
    store<f32>(out, load<f32>(at, 12), 8);
    const child = load<i32>(at, 8);
    const code = child < 0 ? 0 : provenOf(nodeAt(child));
    const result = code == 0 ? -1 : provenFor(at, code);
    store<i32>(out, result == 1 ? 1 : result == 0 ? 2 : result == 0.5 ? 3 : 0, 12);
  }
  return count;
}

/** The principal variation (most visited edges from the root) in RECORD; returns its length. */
export function searchPrincipalVariation<G>(game: G, max: i32): i32 {
  let n = root;
  let length = 0;
  while (n >= 0 && length < max && length < RECORD_CAPACITY) {
    const node = nodeAt(n);
    const first = load<i32>(node);
    const count = load<i32>(node, 4);
    if (count <= 0) break;
    let best = -1;
    let bestVisits = 0;
    for (let e = first; e < first + count; e++) {
      const v = load<i32>(edgeAt(e), 4);
      if (v > bestVisits) {
        bestVisits = v;
        best = e;
      }
    }
    if (best < 0) break;
    store<u32>(RECORD + (length << 2), game.packedOf(load<u32>(edgeAt(best)) & ~MOVER_P2));
    length++;
    n = load<i32>(edgeAt(best), 8);
  }
  return length;
}

