/**
 * Populace's searches on both backends: what the search makes of this game (a won ending taken
 * at once, the swap valued for the colour its player takes), and the same MCTS tree in both
 * backends under settings other than the defaults the contract suite searches with: cut-offs,
 * evaluation scale, bias, expansion, the game's heuristic, whole turns, widening, implicit
 * minimax, transpositions, with and without the pie and under positional superko.
 */
import { describe, expect, it } from 'vitest';
import type { SearchResult, SearchSettings } from '../../../bindings/engine/search.js';
import type { PopulaceEngine } from '../../../bindings/games/populace/engine.js';
import { BACKENDS, engineOf, randomGame } from './helpers.js';

describe.each(BACKENDS)('Populace searches on the %s backend', (backend) => {
  it('searches: a legal answer, deterministic with a seed, and it takes a won ending', async () => {
    const e = await engineOf(backend, { board: 'hexhex(4)' });
    const a = await e.search({ iterations: 300, seed: 9 });
    const b = await (await engineOf(backend, { board: 'hexhex(4)' })).search({ iterations: 300, seed: 9 });
    expect(e.isLegal(a.move)).toBe(true);
    expect(a.children.map((c) => [e.formatMove(c.move), c.visits])).toEqual(b.children.map((c) => [e.formatMove(c.move), c.visits]));
    // White just passed (and holds the button); Black leads 7 to ½: passing wins at once.
    const won = await engineOf(backend, { position: 'populace hexhex(4) b:d4 w: b p1 btn:w ply:2' });
    const r = await won.search({ iterations: 400, seed: 1 });
    expect(won.formatMove(r.move)).toBe('pass');
  });

  it('the search values the swap for the colour its player takes: after a centre stone White swaps', async () => {
    const e = await engineOf(backend, { board: 'hexhex(4)' });
    e.play('d4');
    const r = await e.search({ iterations: 3000, seed: 5 });
    expect(r.move.kind).toBe('swap');
    // Black leads 7-0: for the player who takes Black by swapping, that is worth more than even.
    const swap = r.children.find((c) => c.move.kind === 'swap')!;
    expect(swap.value).toBeGreaterThan(0.55);
    // Every other answer is valued for White, who is behind.
    for (const c of r.children) if (c.move.kind !== 'swap' && c.visits > 20) expect(c.value).toBeLessThan(swap.value);
  });
});

/** Settings that leave the defaults, each tried with transpositions off and on. */
const SETTINGS: readonly Partial<SearchSettings>[] = [
  { exploration: 0.3, cutoff: 2, evalScale: 4, biasPercent: 0, expandAfter: 8, heuristic: 0, turns: 0, widen: 0, implicit: 0 },
  { exploration: 0.7, cutoff: 0, evalScale: 4, biasPercent: 30, expandAfter: 2, heuristic: 0, turns: 1, widen: 0, implicit: 0.4 },
  { exploration: 0.3, cutoff: 1, evalScale: 3, biasPercent: 0, expandAfter: 4, heuristic: 1, turns: 0, widen: 0.5, implicit: 0.5 },
  { exploration: 0.5, cutoff: 0, evalScale: 4, biasPercent: 0, expandAfter: 2, heuristic: 1, turns: 0, widen: 1.5, implicit: 0 },
];

const tree = (e: PopulaceEngine, r: SearchResult): unknown => ({
  move: e.formatMove(r.move),
  visits: r.visits,
  children: r.children.map((c) => [e.formatMove(c.move), c.visits, c.value, c.proven]),
  pv: r.principalVariation.map((m) => e.formatMove(m)),
});

describe('Populace: the same MCTS tree in both backends under other settings', () => {
  // Two boards: the settings are what this adds (the contract suite compares the searches with the
  // default settings, and the move generation and evaluation on every kind of board).
  it.each(['hexhex(4)', 'althex(3,4)'])('%s: from the start and mid-game, transpositions off and on', async (board) => {
    let searches = 0;
    for (const [i, base] of SETTINGS.entries()) {
      const options = i === 0 ? {} : { pie: false, superko: 'positional' };
      for (const plies of [0, 9]) {
        const ref = await engineOf('reference', { board, options });
        randomGame(ref, 40 + i, plies);
        const wasm = await engineOf('wasm', { board, options });
        for (const m of ref.history()) wasm.play(m);
        for (const settings of [{ ...base, transpositions: 0 as const }, { ...base, transpositions: 1 as const }]) {
          const where = `${board} settings ${i} tt ${settings.transpositions} after ${plies} plies`;
          const search = { iterations: 351, seed: 99 + i, settings, fresh: true };
          const a = await ref.search(search);
          const b = await wasm.search(search);
          expect(tree(ref, b), where).toEqual(tree(ref, a));
          expect(b.children.length, where).toBeGreaterThan(1);
          searches++;
        }
        // The searches leave the position as it was.
        expect(wasm.position(), board).toBe(ref.position());
      }
    }
    expect(searches).toBe(16);
  });
});
