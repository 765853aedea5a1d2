/**
 * Every game of the registry, on both backends: its conformance data (test/games/<id>/data/:
 * positions with their complete legal move sets and what follows each move, and whole games,
 * recorded from an implementation outside this project) agrees record for record through the
 * conformance runner, the same reader `throngs conformance` uses. A game without data fails here.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConformance, gameOfFile, readJsonLines } from '../../bindings/cli/conformance.js';
import { BACKENDS, engineOf, GAME_IDS } from './games.js';

const dataOf = (game: string): string[] => {
  const dir = new URL(`../games/${game}/data/`, import.meta.url).pathname;
  return readdirSync(dir)
    .filter((f) => /-(positions|games)\.jsonl\.gz$/.test(f))
    .sort()
    .map((f) => join(dir, f));
};

describe.each(GAME_IDS)('%s: conformance data', (game) => {
  const files = dataOf(game);

  it('has positions and games', () => {
    expect(files.filter((f) => f.endsWith('-positions.jsonl.gz')).length).toBeGreaterThan(0);
    expect(files.filter((f) => f.endsWith('-games.jsonl.gz')).length).toBeGreaterThan(0);
  });

  describe.each(BACKENDS)('on %s', (backend) => {
    it.each(files.map((f) => [f.split('/').at(-1)!, f]))('%s: every record agrees', async (_name, file) => {
      // Its board is looked up in the game first: board names belong to their game.
      const of = gameOfFile(file, game);
      // A game with one board writes records without one (the runner takes its default board).
      if (of !== null) expect(of).toBe(game);
      const report = await checkConformance(await engineOf(game, backend), file);
      expect(report.differences).toEqual([]);
      expect(report.failed).toBe(0);
      expect(report.passed).toBe(readJsonLines(file).length);
    });
  });
});
