// Move ordering shared by the depth-first searches (alphabeta.ts, solver.ts): a node's moves and
// their scores sit side by side in the arena, and the next move tried is the best scored of those
// left, found when it is needed (a cut-off usually comes before the list is sorted).

/** Swaps the best-scored of moves i..count-1 to position i (its score with it); returns that move. */
@inline export function selectNext(moves: usize, scores: usize, i: i32, count: i32): u32 {
  let pick = i;
  let top = load<i32>(scores + (<usize>i << 2));
  for (let j = i + 1; j < count; j++) {
    const sj = load<i32>(scores + (<usize>j << 2));
    if (sj > top) {
      top = sj;
      pick = j;
    }
  }
  const edge = load<u32>(moves + (<usize>pick << 2));
  if (pick != i) {
    store<u32>(moves + (<usize>pick << 2), load<u32>(moves + (<usize>i << 2)));
    store<i32>(scores + (<usize>pick << 2), load<i32>(scores + (<usize>i << 2)));
    store<u32>(moves + (<usize>i << 2), edge);
    store<i32>(scores + (<usize>i << 2), top);
  }
  return edge;
}
