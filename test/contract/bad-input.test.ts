/**
 * Every game of the registry, on both backends: bad input gets a typed error and changes
 * nothing. A move that is legal in another position, a malformed move or notation, a bad
 * position, board, set-up, option or record, undo with nothing to undo, and moves after the end:
 * each is refused, and the position, the record and the legal moves are as they were.
 */
import { describe, expect, it } from 'vitest';
import { BoardError, IllegalMoveError, NotationError, ThrongsError, UsageError } from '../../reference/core/errors.js';
import { BACKENDS, engineOf, GAME_IDS, Rng, rulesOf, type AnyEngine } from './games.js';

/** What must not change when a call is refused. */
const snapshot = (e: AnyEngine): unknown => ({ position: e.position('machine'), record: e.record(), legal: e.legalMoves(), history: e.history() });

describe.each(GAME_IDS)('%s: bad input', (game) => {
  const rules = rulesOf(game);

  describe.each(BACKENDS)('on %s', (backend) => {
    it('refuses undo with nothing to undo, and moves that are not legal here', async () => {
      const e = await engineOf(game, backend);
      expect(() => e.undo()).toThrow(UsageError);
      // Moves of later positions: legal there, not here (or still legal: then they must play).
      const later = await engineOf(game, backend);
      const rng = new Rng(11);
      const elsewhere: string[] = [];
      for (let i = 0; i < 30 && !later.outcome(); i++) {
        const legal = later.legalMoves();
        const m = legal[rng.below(legal.length)]!;
        elsewhere.push(later.formatMove(m));
        later.play(m);
      }
      const before = snapshot(e);
      let refused = 0;
      for (const text of elsewhere) {
        if (e.isLegal(text)) continue;
        expect(() => e.play(text), text).toThrow(ThrongsError);
        expect(snapshot(e), text).toEqual(before);
        refused++;
      }
      expect(refused).toBeGreaterThan(0);
    });

    it('refuses malformed moves and notation with typed errors, changing nothing', async () => {
      const e = await engineOf(game, backend);
      const legal = e.legalMoves();
      e.play(legal[0]!);
      const before = snapshot(e);
      for (const text of ['', 'zz99', '!!', 'a1-', '-'.repeat(300), 'x'.repeat(10_000)]) {
        expect(() => e.play(text), JSON.stringify(text.slice(0, 20))).toThrow(NotationError);
      }
      const celled = legal.find((m) => m.at !== undefined)!;
      for (const move of [{ kind: 'no-such-kind', at: 0 }, { ...celled, at: 100_000 }, { ...celled, at: -1 }, { ...celled, at: 0.5 }, null, 42, 'a'.repeat(3)]) {
        expect(() => e.play(move as never), JSON.stringify(move)).toThrow(ThrongsError);
      }
      expect(snapshot(e)).toEqual(before);
    });

    it('refuses a bad position, board, set-up, option or record, keeping the game', async () => {
      const e = await engineOf(game, backend);
      e.play(e.legalMoves()[0]!);
      const before = snapshot(e);
      const position = e.position();
      const bad = [
        'nonsense',
        `${game}`,
        `${position} trailing words`,
        position.replace(/^\S+\s+\S+/, `${game} nowhere`),
      ];
      for (const text of bad) expect(() => e.load(text), text).toThrow(ThrongsError);
      expect(() => e.reset({ board: 'nowhere' })).toThrow(BoardError);
      expect(() => e.reset({ board: 'hexhex(1000)' })).toThrow(BoardError);
      expect(() => e.reset({ setup: 'no-such-setup' })).toThrow(UsageError);
      expect(() => e.reset({ options: { noSuchOption: true } })).toThrow(UsageError);
      for (const [name, spec] of Object.entries(rules.options)) {
        const wrong = typeof spec.values[0] === 'string' ? 42 : 'not-a-value';
        expect(() => e.reset({ options: { [name]: wrong } }), name).toThrow(UsageError);
      }
      for (const record of ['[Game "no such game"]\n\n', `[Game "${rules.title}"]\n\nzz99 zz99`, '[Game', `[Game "${rules.title}"]\n[Board "nowhere"]\n\n`]) {
        expect(() => e.loadRecord(record), record).toThrow(ThrongsError);
      }
      expect(snapshot(e)).toEqual(before);
    });

    it('refuses moves after the end of the game', async () => {
      const e = await engineOf(game, backend);
      const rng = new Rng(5);
      for (let i = 0; i < 5000 && !e.outcome(); i++) {
        const legal = e.legalMoves();
        e.play(legal[rng.below(legal.length)]!);
      }
      expect(e.outcome()).not.toBeNull();
      expect(e.legalMoves()).toEqual([]);
      const before = snapshot(e);
      const last = e.history().at(-1)!;
      expect(() => e.play(last)).toThrow(IllegalMoveError);
      expect(snapshot(e)).toEqual(before);
    });

    it('refuses bad arguments to queries: sites, seeds, playout caps', async () => {
      const e = await engineOf(game, backend);
      const before = snapshot(e);
      for (const site of [-1, e.topology.size, 1.5, Number.NaN]) expect(() => e.destinations(site), String(site)).toThrow(UsageError);
      for (const seed of [-1, 2 ** 32, 1.5, Number.NaN]) expect(() => e.playout(seed), String(seed)).toThrow(UsageError);
      expect(() => e.playout(1, { maxMoves: -1 })).toThrow(UsageError);
      expect(() => e.playout(1, { maxMoves: 1.5 })).toThrow(UsageError);
      expect(snapshot(e)).toEqual(before);
    });
  });
});
