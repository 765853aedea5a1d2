/**
 * Opening suites: made balanced, distinct and legal for every game; their lines read back on both
 * backends; a match plays each pair from one line with colours swapped, and a bad file is refused
 * with a clear error before any game is played.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeSuite, readSuite, suiteOrder, suitePath } from '../../bindings/agents/openings.js';
import { runMatch } from '../../bindings/agents/match.js';
import { createEngine } from '../../bindings/index.js';
import { GAME_IDS, gameEntry } from '../../bindings/games/registry.js';
import { UsageError } from '../../reference/core/errors.js';

const dir = mkdtempSync(join(tmpdir(), 'throngs-openings-'));
const file = (name: string, text: string): string => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

describe.each(GAME_IDS)('%s: an opening suite', (game) => {
  it('is balanced, distinct and legal, and every line reads back on both backends', async () => {
    const board = gameEntry(game).rules.defaultBoard;
    const setup = { game, board };
    const suite = await makeSuite({ game: setup, count: 8, plies: [2, 8], seed: 3, window: [0.3, 0.7], iterations: 300 });
    expect(suite.lines.length).toBe(8);
    expect(new Set(suite.lines).size).toBe(8);
    expect(suite.tried).toBe(8 + suite.unbalanced + suite.duplicates + suite.unfinished);
    for (const backend of ['reference', 'wasm'] as const) {
      const e = await createEngine({ ...setup, backend });
      for (const line of suite.lines) {
        e.load(line);
        expect(e.position('machine')).toBe(line);
        expect(e.outcome()).toBeNull();
        expect(e.legalMoves().some((m) => e.rules.continuesMove?.(m))).toBe(false);
      }
    }
    // Balanced by a second, independent judge: a longer search finds the suite even on average.
    const judge = await createEngine({ ...setup, backend: 'wasm' });
    let sum = 0;
    for (const line of suite.lines) {
      judge.load(line);
      sum += (await judge.search({ iterations: 1500, seed: 99, fresh: true })).value;
    }
    expect(sum / suite.lines.length).toBeGreaterThan(0.3);
    expect(sum / suite.lines.length).toBeLessThan(0.7);
    // The file reads back as the same lines.
    expect(await readSuite(file(`${game}.txt`, `# a suite\n\n${suite.lines.join('\n')}\n`), setup)).toEqual(suite.lines);
  });
});

describe('the suites shipped in openings/', () => {
  it.each(GAME_IDS)('%s: a few hundred distinct legal positions on its default board', async (game) => {
    const board = gameEntry(game).rules.defaultBoard;
    const lines = await readSuite(new URL(`../../${suitePath(game, board)}`, import.meta.url).pathname, { game, board });
    expect(lines.length).toBeGreaterThanOrEqual(200);
  });
});

describe('opening suites in matches', () => {
  const setup = { game: 'refugia', board: 'hex3-4' } as const;

  it('plays each pair from one line with colours swapped, so deterministic agents play distinct games', async () => {
    const suite = (await makeSuite({ game: setup, count: 6, plies: [3, 6], seed: 5, window: [0.2, 0.8], iterations: 200 })).lines;
    const options = { a: 'alphabeta:2d', b: 'alphabeta:1d', games: 12, game: setup, seed: 4, threads: 1 };
    const plain = await runMatch(options);
    const opened = await runMatch({ ...options, openings: suite, openingsOrder: 'sequential' });
    expect(plain.distinctGames).toBeLessThanOrEqual(2);
    expect(opened.distinctGames).toBeGreaterThan(6);
    // Records name their start in the human form of the notation.
    const e = await createEngine({ ...setup, backend: 'reference' });
    const human = (line: string): string => (e.load(line), e.position());
    opened.results.forEach((r, i) => expect(r.record, `game ${i}`).toContain(`[Position "${human(suite[(i >> 1) % suite.length]!)}"]`));
    // The shuffled order is a permutation fixed by the seed.
    expect([...suiteOrder(6, 'random', 4)].sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect(suiteOrder(6, 'random', 4)).toEqual(suiteOrder(6, 'random', 4));
    expect(suiteOrder(6, 'sequential', 4)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('refuses a bad file with its line number: not a position, a repeat, another board, a finished game, nothing, no file', async () => {
    const good = (await makeSuite({ game: setup, count: 2, plies: [3, 5], seed: 6, window: [0, 1], iterations: 50 })).lines;
    const cases: Array<[string, RegExp]> = [
      [`${good[0]}\nrefugia nonsense\n`, /line 2 is not a Refugia position/],
      [`${good[0]}\n${good[1]}\n${good[0]}\n`, /line 3 repeats line 1/],
      ['refugia althex(2,3) ............ 1 p0\n', /line 1 is on althex\(2,3\), the match on althex\(3,4\)/],
      ['# only a comment\n\n', /holds no opening/],
    ];
    for (const [text, why] of cases) await expect(readSuite(file('bad.txt', text), setup)).rejects.toThrow(why);
    await expect(readSuite(join(dir, 'missing.txt'), setup)).rejects.toThrow(/^cannot read the opening file '.*missing\.txt': no such file or folder$/);
    await expect(makeSuite({ game: setup, count: 2, plies: [5, 3], seed: 1, window: [0.4, 0.6], iterations: 10 })).rejects.toThrow(UsageError);
    await expect(makeSuite({ game: setup, count: 2, plies: [1, 3], seed: 1, window: [0.7, 0.4], iterations: 10 })).rejects.toThrow(UsageError);
  });
});
