/**
 * Every game of the registry, on both backends: what a game writes it reads back. Along seeded
 * random games on every configuration its rules describe, every legal move's notation parses to
 * the same move; the position, in both forms, loads to the same position with the same legal
 * moves; and the record replays to the same game, on the same backend and on the other one.
 */
import { describe, expect, it } from 'vitest';
import { expectEqual } from '../support/equal.js';
import { BACKENDS, describeConfig, engineOf, GAME_IDS, midMove, Rng, rulesOf, smallConfigs } from './games.js';

describe.each(GAME_IDS)('%s: notation round trips', (game) => {
  describe.each(BACKENDS)('on %s', (backend) => {
    it.each(smallConfigs(game).map((c) => [describeConfig(c), c] as const))('moves, positions and records along seeded games: %s', async (_name, config) => {
      const e = await engineOf(game, backend, config);
      const copy = await engineOf(game, backend, config);
      const other = await engineOf(game, backend === 'wasm' ? 'reference' : 'wasm', config);
      const rng = new Rng(77);
      let records = 0;
      for (let ply = 0; ply < 120 && !e.outcome(); ply++) {
        const where = `${describeConfig(config)} ply ${ply}`;
        const legal = e.legalMoves();
        for (const m of legal) {
          const text = e.formatMove(m);
          expect(e.rules.pack(e.parseMove(text)), `${where} ${text}`).toBe(e.rules.pack(m));
          expect(e.isLegal(text), `${where} ${text}`).toBe(true);
        }
        for (const form of ['human', 'machine'] as const) {
          copy.load(e.position(form));
          expect(copy.position('machine'), `${where} ${form}`).toBe(e.position('machine'));
          expectEqual(copy.legalMoves(), legal, `${where} ${form}`);
        }
        // Every tenth ply, and every position in the middle of a move built a step at a time (a record's last token is then unfinished).
        if (ply % 10 === 0 || midMove(e)) {
          copy.loadRecord(e.record());
          expect(copy.position('machine'), where).toBe(e.position('machine'));
          expectEqual(copy.history(), e.history(), where);
          other.loadRecord(e.record());
          expect(other.position('machine'), where).toBe(e.position('machine'));
          records++;
        }
        e.play(legal[rng.below(legal.length)]!);
      }
      expect(records).toBeGreaterThan(0);
    });

    it('reads back the record of every position in the middle of a move built a step at a time', async () => {
      let midMoves = 0;
      for (const config of smallConfigs(game)) {
        const e = await engineOf(game, backend, config);
        const copy = await engineOf(game, backend, config);
        const rng = new Rng(5);
        for (let ply = 0; ply < 200 && !e.outcome(); ply++) {
          if (midMove(e)) {
            copy.loadRecord(e.record());
            expect(copy.position('machine'), `${describeConfig(config)} ply ${ply}`).toBe(e.position('machine'));
            expect(copy.record()).toBe(e.record());
            midMoves++;
          }
          // Steps that go on building a move first, so that long unfinished moves are reached.
          const legal = e.legalMoves();
          const going = legal.filter((m) => e.rules.continuesMove?.(m));
          const pool = going.length > 0 && rng.below(4) > 0 ? going : legal;
          e.play(pool[rng.below(pool.length)]!);
        }
      }
      // Games without moves built a step at a time have no such position; the others must reach some.
      if (rulesOf(game).continuesMove) expect(midMoves).toBeGreaterThan(10);
      else expect(midMoves).toBe(0);
    });
  });
});
