// Bit sets over the cells, as the games keep them (u64 words, cell c at bit c & 63 of word c >> 6):
// what their move generators share.

/** The `i`-th (0-based, ascending) set bit of `word`, which has more than `i` of them. */
@inline export function nthSetBit(word: u64, i: i32): i32 {
  while (i > 0) {
    word &= word - 1;
    i--;
  }
  return <i32>ctz(word);
}
