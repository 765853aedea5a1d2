/**
 * Proof-number search (reference/search/proof-number.ts) against the alpha-beta solver
 * (reference/search/solver.ts) on every game: on positions a few plies before the end of seeded
 * random games on each game's smallest boards, "scores at least k" is proved exactly for k up to
 * the solver's value and disproved past it, and bisection over such proofs gives the value.
 */
import { describe, expect, it } from 'vitest';
import type { AnyGameRules } from '../../reference/core/game.js';
import type { Topology } from '../../reference/boards/topology.js';
import { referenceSolve } from '../../reference/search/solver.js';
import { referenceProve, referenceProvedValue } from '../../reference/search/proof-number.js';
import { SolveError } from '../../reference/core/errors.js';
import { GAME_IDS, Rng, rulesOf, smallConfigs, cellsOf, describeConfig, type Config } from './games.js';

function topologyOf(rules: AnyGameRules, spec: string): Topology {
  const t = rules.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

/** Positions a few plies before the end of seeded random games that end within 400 plies: [state, where]. */
function nearEnds(rules: AnyGameRules, t: Topology, setup: string, options: Readonly<Record<string, unknown>>, rng: Rng, games: number): Array<[unknown, string]> {
  const out: Array<[unknown, string]> = [];
  for (let g = 0; g < games; g++) {
    const line: unknown[] = [];
    const s = rules.initial(t, setup, options);
    for (let ply = 0; ply < 400 && !rules.outcome(t, s, options) && !rules.chance?.(s, options); ply++) {
      line.push(rules.cloneState(s));
      const legal = rules.legalMoves(t, s, options);
      rules.apply(t, s, legal[rng.below(legal.length)]!, options);
    }
    if (!rules.outcome(t, s, options)) continue;
    for (const back of [1, 2, 4, 6]) if (line.length >= back) out.push([line[line.length - back], `game ${g}, ${back} plies before the end`]);
  }
  return out;
}

const smallest = (game: (typeof GAME_IDS)[number]): Config => smallConfigs(game).reduce((a, b) => (cellsOf(game, b) < cellsOf(game, a) ? b : a));

/** The games whose seeded random games end on their smallest board (Tholian Go's run on past 400 plies there). */
const ending = GAME_IDS.filter((game) => {
  const rules = rulesOf(game);
  const c = smallest(game);
  return nearEnds(rules, topologyOf(rules, c.board), c.setup, c.options, new Rng(71), 2).length > 0;
});

describe('proof-number search', () => {
  it('has games whose random games end, to check it on', () => {
    expect(ending.length).toBeGreaterThanOrEqual(3);
  });

  for (const game of ending) {
    it(`${game}: proves "at least the value" and disproves "more", and bisection finds the solver's value`, () => {
      const rules = rulesOf(game);
      const c = smallest(game);
      const t = topologyOf(rules, c.board);
      const rng = new Rng(71);
      let compared = 0;
      for (const [state, where] of nearEnds(rules, t, c.setup, c.options, rng, 6)) {
        let value: number;
        try {
          // + 0: the solver's negamax may give -0 for a drawn 0.
          value = referenceSolve(rules, t, state, c.options, { maxNodes: 20_000 }).value + 0;
        } catch (e) {
          // Lines that repeat or run long, and chance, have no exact value: the next position.
          if (e instanceof SolveError) continue;
          throw e;
        }
        const label = `${describeConfig(c)}, ${where}`;
        try {
          expect(referenceProve(rules, t, state, c.options, value, { maxNodes: 20_000 }).proved, label).toBe(true);
          expect(referenceProve(rules, t, state, c.options, value + 1, { maxNodes: 20_000 }).proved, label).toBe(false);
          expect(referenceProvedValue(rules, t, state, c.options, { maxNodes: 20_000 }).value, label).toBe(value);
        } catch (e) {
          // A repetition alpha-beta cut away before reaching it, which the proof search met.
          if (e instanceof SolveError) continue;
          throw e;
        }
        compared++;
      }
      expect(compared, game).toBeGreaterThan(2);
    });
  }

  it('a finished position is proved or disproved without a node expanded', () => {
    const rules = rulesOf(GAME_IDS[0]!);
    const c = smallConfigs(GAME_IDS[0]!)[0]!;
    const t = topologyOf(rules, c.board);
    const rng = new Rng(5);
    const s = rules.initial(t, c.setup, c.options);
    while (!rules.outcome(t, s, c.options)) {
      const legal = rules.legalMoves(t, s, c.options);
      rules.apply(t, s, legal[rng.below(legal.length)]!, c.options);
    }
    const value = referenceSolve(rules, t, s, c.options).value + 0;
    expect(referenceProve(rules, t, s, c.options, value)).toEqual({ proved: true, nodes: 0 });
    expect(referenceProve(rules, t, s, c.options, value + 1)).toEqual({ proved: false, nodes: 0 });
  });
});
