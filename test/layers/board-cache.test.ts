/** The board layer's cache: spellings of one board share it, and the cache stays bounded whatever it is asked. */
import { describe, expect, it } from 'vitest';
import { board, cachedBoards } from '../../reference/boards/board-spec.js';

describe('the board cache', () => {
  it('keeps one board for every spelling of it, not one per spelling', () => {
    const first = board('hexhex(5)');
    const before = cachedBoards();
    for (let i = 0; i < 1000; i++) expect(board(`${' '.repeat(i % 50)}HexHex(5)${' '.repeat(i)}`)).toBe(first);
    expect(cachedBoards()).toBe(before);
  });

  it('holds a bounded number of boards however many distinct ones are built, and builds a dropped one again alike', () => {
    const early = board('torus(5,5)');
    for (let n = 2; n < 150; n++) board(`hexhex(${n % 40 + 2})`), board(`torus(${(n % 60) + 4},${(n % 7) + 4})`);
    expect(cachedBoards()).toBeLessThanOrEqual(64);
    const again = board('torus(5,5)');
    expect(again.spec).toBe(early.spec);
    expect(Array.from(again.neighbour)).toEqual(Array.from(early.neighbour));
  });
});
