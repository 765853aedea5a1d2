/**
 * Every game of the registry, on both backends: perft (the number of move sequences of each
 * length) from pinned positions equals the counts pinned in the game's own folder,
 * test/games/<id>/perft.json. Any rule difference between the engines, or any change to the
 * rules, shows up as a different count. A game without pins fails here: its folder must pin some.
 */
import { describe, expect, it } from 'vitest';
import { perft } from '../../bindings/cli/perft.js';
import { BACKENDS, engineOf, gameData, GAME_IDS } from './games.js';

interface Pin {
  readonly board: string;
  readonly setup?: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly counts: readonly number[];
}

describe.each(GAME_IDS)('%s: perft', (game) => {
  const pins = gameData<{ pins: Pin[] }>(game, 'perft.json')?.pins ?? [];

  it('has pins in test/games/<id>/perft.json, two boards or more', () => {
    expect(new Set(pins.map((p) => p.board)).size).toBeGreaterThanOrEqual(2);
  });

  describe.each(BACKENDS)('on %s', (backend) => {
    it.each(pins.map((p) => [`${p.board}${p.setup ? ` ${p.setup}` : ''}${p.options ? ` ${JSON.stringify(p.options)}` : ''}`, p] as const))('%s', async (_name, pin) => {
      const e = await engineOf(game, backend, { board: pin.board, ...(pin.setup ? { setup: pin.setup } : {}), options: pin.options ?? {} });
      const before = e.position('machine');
      expect(pin.counts.map((_, i) => perft(e, i + 1))).toEqual(pin.counts);
      expect(e.position('machine')).toBe(before);
    });
  });
});
