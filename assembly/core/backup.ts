// Backups: after an iteration, the value of its leaf along the path (each edge for its mover),
// and where the iteration found them, the implicit minimax values and the proofs (MCTS-Solver)
// from the leaf upwards.
import { CHILD_PROVEN, MOVER_P2, TRIED, edgeAt, minimaxFor, nodeAt, nodePathAt, pathAt, pathLen, provenFor, provenOf, setProven } from './tree';

/** Each edge on the path takes the leaf's value `value` (P1's) for its mover. */
export function backupValue(value: f64): void {
  for (let i = 0; i < pathLen; i++) {
    const at = edgeAt(load<i32>(pathAt(i)));
    store<i32>(at, load<i32>(at, 4) + 1, 4);
    const mine = (load<u32>(at) & MOVER_P2) != 0 ? 1 - value : value;
    store<f32>(at, load<f32>(at, 12) + <f32>mine, 12);
  }
}

/**
 * After an iteration that made a new leaf: each node on the path takes the best minimax value of
 * its tried edges for their mover, from the leaf upwards, while that changes anything.
 */
export function backupMinimax(): void {
  for (let i = pathLen - 1; i >= 0; i--) {
    const p = nodeAt(load<i32>(nodePathAt(i)));
    const first = load<i32>(p);
    const end = first + (load<i32>(p, 8) & TRIED);
    let best: f64 = -1;
    let bestP1: f64 = 0.5;
    for (let e = first; e < end; e++) {
      const at = edgeAt(e);
      const child = load<i32>(at, 8);
      if (child < 0) continue;
      const v = minimaxFor(at, child);
      if (v > best) {
        best = v;
        bestP1 = load<f64>(nodeAt(child), 16);
      }
    }
    if (best < 0 || bestP1 == load<f64>(p, 16)) return;
    store<f64>(p, bestP1, 16);
  }
}

/**
 * After an iteration that proved its last node: the proof climbs the path while it decides the
 * node above (a win for its mover, or every edge proven).
 */
export function backupProof(): void {
  for (let i = pathLen - 1; i >= 0; i--) {
    const at = edgeAt(load<i32>(pathAt(i)));
    const child = load<i32>(at, 8);
    if (child < 0) return;
    const code = provenOf(nodeAt(child));
    if (code == 0) return;
    const p = nodeAt(load<i32>(nodePathAt(i)));
    store<i32>(p, load<i32>(p, 8) | CHILD_PROVEN, 8);
    if (provenOf(p) != 0) return;
    if (provenFor(at, code) == 1) {
      setProven(p, code);
      continue;
    }
    const first = load<i32>(p);
    const count = load<i32>(p, 4);
    let best = -1;
    let bestResult: f64 = -1;
    for (let k = first; k < first + count; k++) {
      const c = load<i32>(edgeAt(k), 8);
      const kc = c < 0 ? 0 : provenOf(nodeAt(c));
      if (kc == 0) return;
      const result = provenFor(edgeAt(k), kc);
      if (result > bestResult) {
        bestResult = result;
        best = kc;
      }
    }
    setProven(p, best);
  }
}

