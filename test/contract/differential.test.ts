/**
 * Every game of the registry, wasm against reference on every configuration its rules describe:
 * at every ply of seeded random games, the position, the legal moves in canonical order, the
 * scores, the outcome, the colour and seat to move, the evaluation (default and other weights)
 * and the board page's details; undo at random points restores the same position in both.
 */
import { describe, expect, it } from 'vitest';
import { gameEntry } from '../../bindings/games/registry.js';
import { expectEqual } from '../support/equal.js';
import { cellsOf, configsOf, describeConfig, GAME_IDS, pair, Rng, rulesOf, type Config, type GameId } from './games.js';

/** Plies per game, and games per configuration by board size: enough to reach mid-game everywhere. */
const PLIES = 200;
const gamesFor = (game: GameId, c: Config): number => (cellsOf(game, c) <= 64 ? 8 : cellsOf(game, c) <= 100 ? 4 : 2);

describe.each(GAME_IDS)('%s: wasm agrees with the reference', (game) => {
  const entry = gameEntry(game);
  const other = rulesOf(game).evaluation.terms.map((_, i) => 7 * i - 3);
  let positions = 0;

  it.each(configsOf(game).map((c) => [describeConfig(c), c] as const))('every ply of seeded random games, with undo: %s', async (_name, config) => {
    for (let g = 0; g < gamesFor(game, config); g++) {
      const { ref, wasm } = await pair(game, config);
      const rng = new Rng(9100 + g);
      for (let ply = 0; ply <= PLIES; ply++) {
        const where = `${describeConfig(config)} game ${g} ply ${ply}`;
        expect(wasm.position(), where).toBe(ref.position());
        expect(wasm.position('machine'), where).toBe(ref.position('machine'));
        expectEqual(wasm.legalMoves(), ref.legalMoves(), where);
        expectEqual(wasm.scores(), ref.scores(), where);
        expectEqual(wasm.outcome(), ref.outcome(), where);
        expectEqual([wasm.toMove(), wasm.seatToMove()], [ref.toMove(), ref.seatToMove()], where);
        expectEqual(wasm.cells(), ref.cells(), where);
        if (!ref.outcome()) {
          expect(wasm.evaluate(), where).toBe(ref.evaluate());
          expect(wasm.evaluate(other), where).toBe(ref.evaluate(other));
        }
        expectEqual(entry.describe(wasm), entry.describe(ref), where);
        for (const [name, overlay] of Object.entries(entry.overlays)) expectEqual(overlay(wasm), overlay(ref), `${where} ${name}`);
        positions++;
        const legal = ref.legalMoves();
        if (legal.length === 0) break;
        // Every other game takes a pie's seat swap when one is offered (random play seldom does).
        const swap = g % 2 === 1 ? legal.find((m) => rulesOf(game).swapsSeats?.(m)) : undefined;
        const move = swap ?? legal[rng.below(legal.length)]!;
        ref.play(move);
        wasm.play(move);
        if (rng.below(6) === 0) {
          ref.undo();
          wasm.undo();
          expect(wasm.position('machine'), `${where} after undo`).toBe(ref.position('machine'));
          expectEqual(wasm.legalMoves(), ref.legalMoves(), `${where} after undo`);
          ref.play(move);
          wasm.play(move);
        }
      }
      expectEqual(wasm.history(), ref.history(), describeConfig(config));
      expect(wasm.record(), describeConfig(config)).toBe(ref.record());
    }
  });

  it('compared thousands of positions', () => {
    expect(positions).toBeGreaterThan(3000);
  });
});
