/**
 * Every game of the registry: each reason its games end with has the game's own words for a
 * finished game's status line (the terminal board says "Game over, two passes in a row"), so a
 * new way to end is not shown as its bare name.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { endingInWords } from '../../bindings/cli/text-board.js';
import { gameEntry } from '../../bindings/games/registry.js';
import { describeConfig, engineOf, GAME_IDS, Rng, smallConfigs } from './games.js';

describe.each(GAME_IDS)('%s: endings in words', (game) => {
  it('names every reason a random game ends with in words of its own', async () => {
    const entry = gameEntry(game);
    const configs = smallConfigs(game);
    const seen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...configs), fc.integer({ min: 0, max: 2 ** 31 }), async (config, seed) => {
        const e = await engineOf(game, 'wasm', config);
        const rng = new Rng(seed);
        for (let ply = 0; ply < 3000 && !e.outcome(); ply++) {
          const legal = e.legalMoves();
          e.play(legal[rng.below(legal.length)]!);
        }
        const reason = e.outcome()?.reason;
        if (reason === undefined) return;
        seen.add(reason);
        expect(entry.words?.endings?.[reason], `${describeConfig(config)}: ${reason}`).toBeDefined();
        expect(endingInWords(entry, reason)).toBe(entry.words!.endings![reason]);
      }),
      { numRuns: 12 },
    );
    expect(seen.size).toBeGreaterThan(0);
  });

  it('writes a reason without words of its own as words', () => {
    expect(endingInWords({ ...gameEntry(game), words: {} }, 'moveLimitReached')).toBe('move limit reached');
  });
});
