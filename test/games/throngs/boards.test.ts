/** Throngs' named boards (reference/games/throngs/boards.ts): Ludii's four, cell-exact against Ludii's own board files. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIRECTIONS, tryBoard } from '../../../reference/boards/index.js';
import { unwrap } from '../../../reference/core/errors.js';
import { THRONGS_BOARD_NAMES } from '../../../reference/games/throngs/boards.js';
import { throngs } from '../../../reference/games/throngs/index.js';

interface BoardFile {
  numSites: number;
  sites: Array<{ index: number; c: number; r: number; label: string }>;
  standardStart: { p1: string[]; p2: string[] } | Record<string, string[]>;
}

const degreeHistograms: Record<string, [number, number, number, number]> = {
  ragged63: [15, 3, 9, 36],
  throngs93: [18, 9, 12, 54],
  ragged87: [18, 3, 12, 54],
  ragged153: [24, 3, 18, 108],
};

const ludiiStartIndices: Record<string, [number[], number[]]> = {
  ragged63: [[13], [35, 46]],
  throngs93: [[85], [6, 9]],
  ragged87: [[70], [13, 47]],
  ragged153: [[36], [82, 112]],
};

describe("Throngs' named boards: Ludii's four", () => {
  it.each(THRONGS_BOARD_NAMES)('%s matches Ludii site by site', (name) => {
    const file = JSON.parse(readFileSync(new URL(`./data/boards/throngs-${name}.json`, import.meta.url), 'utf8')) as BoardFile;
    const t = unwrap(throngs.board(name));
    expect(t.size).toBe(file.numSites);
    for (const s of file.sites) {
      expect([t.column[s.index], t.row[s.index], t.labels[s.index]]).toEqual([s.c, s.r, s.label]);
      expect(t.cellOf(s.label.toUpperCase())).toBe(s.index);
    }
    // Neighbours are exactly lattice distance 1 (the oracle README).
    for (let a = 0; a < t.size; a++) {
      for (let b = 0; b < t.size; b++) {
        const dc = t.column[b]! - t.column[a]!;
        const dr = t.row[b]! - t.row[a]!;
        const adjacent = DIRECTIONS.some((d) => d.dc === dc && d.dr === dr);
        expect(t.neighbours(a).includes(b)).toBe(adjacent);
      }
    }
  });

  it.each(THRONGS_BOARD_NAMES)('%s has the degree histogram and standard start of the spec', (name) => {
    const t = unwrap(throngs.board(name));
    const hist = [3, 4, 5, 6].map((d) => t.degree.filter((x) => x === d).length);
    expect(hist).toEqual(degreeHistograms[name]);
    expect(t.degree.filter((d) => d < 3)).toHaveLength(0);
    expect([...t.isEdge].filter(Boolean)).toHaveLength(hist[0]! + hist[1]!);
    expect([t.standardStart.p1, t.standardStart.p2]).toEqual(ludiiStartIndices[name]);
  });
});


describe("Throngs' board names", () => {
  it('are its own: the shared layer does not know them; its boards print back as their names, also inside other specs', () => {
    for (const name of THRONGS_BOARD_NAMES) {
      expect(unwrap(throngs.board(name)).spec).toBe(name);
      expect(tryBoard(name).ok).toBe(false);
    }
    expect(unwrap(throngs.board('perforated(ragged63,e3)')).size).toBe(62);
    expect(unwrap(throngs.board('hexhex(5)')).size).toBe(61);
    const extra = throngs.board('ragged63 extra');
    expect(extra.ok ? null : extra.error.message).toMatch(/unexpected text after the board/);
  });
});
