/**
 * Every game of the registry: its rules' maxScore bounds every score of seeded random games on
 * every small configuration, so that a stored value past it (a solve's save file) is known to be
 * false.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describeConfig, engineOf, GAME_IDS, Rng, smallConfigs } from './games.js';

describe.each(GAME_IDS)('%s: the score bound', (game) => {
  it.each(smallConfigs(game).map((c) => [describeConfig(c), c] as const))('no score of a random game exceeds maxScore: %s', async (_name, config) => {
    const e = await engineOf(game, 'reference', config);
    const bound = e.rules.maxScore(e.topology);
    expect(bound).toBeGreaterThan(0);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 }), async (seed) => {
        e.reset(config);
        const rng = new Rng(seed);
        for (let ply = 0; ply < 400 && !e.outcome(); ply++) {
          for (const score of e.scores()) expect(score >= 0 && score <= bound, `${score} of ${bound}`).toBe(true);
          const legal = e.legalMoves();
          e.play(legal[rng.below(legal.length)]!);
        }
        for (const score of e.scores()) expect(score >= 0 && score <= bound, `${score} of ${bound} at the end`).toBe(true);
      }),
      { numRuns: 4 },
    );
  });
});
