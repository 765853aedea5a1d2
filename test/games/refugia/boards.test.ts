/**
 * Refugia's boards (REFUGIA.md §2): the ten named boards of Ludii are althex(a,b) with the cell
 * counts of §2.2 and the labels and coordinates of Ludii's own board files (data/); the shared
 * board specs it accepts, and those it refuses.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BoardError } from '../../../reference/core/errors.js';
import { refugia } from '../../../reference/games/refugia/index.js';
import { REFUGIA_BOARDS } from '../../../reference/games/refugia/boards.js';
import { board } from '../../../reference/boards/board-spec.js';
import { dataFile, topo } from './helpers.js';

const BOARD_NAMES = Object.keys(REFUGIA_BOARDS);

interface BoardFile {
  game: string;
  name: string;
  numSites: number;
  sites: { index: number; c: number; r: number; label: string }[];
}

describe('boards', () => {
  it('has the ten named boards, hex3-4 by default', () => {
    expect(refugia.namedBoards).toEqual(['hex2-3', 'hex2-4', 'hex3-4', 'hex3-5', 'hex4-5', 'hex4-6', 'hex5-6', 'hex5-7', 'hex6-7', 'hex6-8']);
    expect(refugia.defaultBoard).toBe('hex3-4');
  });

  it.each(BOARD_NAMES)('%s equals althex(a,b) and Ludii\'s board file', (name) => {
    const [a, b] = REFUGIA_BOARDS[name]!;
    const t = topo(name);
    expect(t).toBe(board(`althex(${a},${b})`));
    expect(t.spec).toBe(`althex(${a},${b})`);
    const T = b + 2 * (a - 1);
    expect(t.size).toBe((T * (T + 1)) / 2 - (3 * a * (a - 1)) / 2);
    const file = JSON.parse(readFileSync(dataFile(`refugia-${name}.json`), 'utf8')) as BoardFile;
    expect(file.name).toBe(name);
    expect(file.numSites).toBe(t.size);
    expect(file.sites.map((x) => x.index)).toEqual(Array.from({ length: t.size }, (_, i) => i));
    expect(file.sites.map((x) => x.label)).toEqual(t.labels);
    expect(file.sites.map((x) => [x.c, x.r])).toEqual(Array.from({ length: t.size }, (_, i) => [t.column[i], t.row[i]]));
  });

  it('the cell counts of §2.2', () => {
    expect(BOARD_NAMES.map((n) => topo(n).size)).toEqual([12, 18, 27, 36, 48, 60, 75, 90, 108, 126]);
  });

  it('accepts shared board specs and names in any case', () => {
    expect(topo('HEX3-4')).toBe(topo('hex3-4'));
    expect(topo('hexhex(4)').size).toBe(37);
    expect(topo('torus(6,6)').wrap).toEqual({ width: 6, height: 6 });
  });

  it.each(['hex9-9', 'hex3', 'hexhex(1)', 'nowhere', 'torus(4,6)', 'torus(6,3)', 'perforated(torus(6,4),a1)'])(
    'refuses %s with a BoardError',
    (spec) => {
      const r = refugia.board(spec);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error).toBeInstanceOf(BoardError);
    },
  );
});
