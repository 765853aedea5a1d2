/**
 * Every game of the registry, on both backends: a state object handed to `load` is accepted only
 * when it is a state of the game. States reachable in seeded games (mid-turn and mid-move ones
 * included) are damaged one field at a time (wrong types, out-of-range numbers, wrong lengths);
 * both backends must agree on each, a refused state must change nothing (a typed error), and an
 * accepted one must play on and write records and positions that read back.
 */
import { describe, expect, it } from 'vitest';
import { ThrongsError } from '../../reference/core/errors.js';
import { engineOf, GAME_IDS, Rng, type AnyEngine } from './games.js';

const BAD_VALUES: readonly unknown[] = [null, undefined, -1, 1e9, 2 ** 40, 1.5, Number.NaN, Infinity, 'x', true, [], {}];

/** Copies of `state` with one field (or one field of a nested object, or one array slot) damaged. */
function damaged(state: Record<string, unknown>): Array<{ what: string; state: unknown }> {
  const out: Array<{ what: string; state: unknown }> = [];
  const copy = (): Record<string, unknown> => structuredClone(state);
  for (const [key, value] of Object.entries(state)) {
    for (const bad of BAD_VALUES) out.push({ what: `${key}=${String(bad)}`, state: { ...copy(), [key]: bad } });
    if (ArrayBuffer.isView(value)) {
      const cells = value as Uint8Array;
      out.push({ what: `${key} one short`, state: { ...copy(), [key]: cells.slice(0, -1) } });
      out.push({ what: `${key} as a plain array`, state: { ...copy(), [key]: Array.from(cells) } });
      const wrong = cells.slice();
      wrong[0] = 9;
      out.push({ what: `${key}[0]=9`, state: { ...copy(), [key]: wrong } });
    } else if (Array.isArray(value)) {
      out.push({ what: `${key} emptied`, state: { ...copy(), [key]: [] } });
      out.push({ what: `${key} grown`, state: { ...copy(), [key]: [...value, 0] } });
      for (const bad of [null, -1, 1e9, 'x']) if (value.length > 0) out.push({ what: `${key}[0]=${String(bad)}`, state: { ...copy(), [key]: [bad, ...value.slice(1)] } });
    } else if (value !== null && typeof value === 'object') {
      for (const inner of Object.keys(value)) {
        for (const bad of [null, -1, 1e9, 'x']) out.push({ what: `${key}.${inner}=${String(bad)}`, state: { ...copy(), [key]: { ...(value as object), [inner]: bad } } });
      }
    }
  }
  out.push({ what: 'an extra field', state: { ...copy(), extra: 1 } });
  return out;
}

/** The error `call` threw, or null. */
function failure(call: () => void): unknown {
  try {
    call();
    return null;
  } catch (e) {
    return e;
  }
}

/** What an accepted state must allow: play on, and read its record and position back. */
function soundAfterLoad(e: AnyEngine, check: AnyEngine, rng: Rng, what: string): void {
  for (let i = 0; i < 4 && !e.outcome(); i++) {
    const legal = e.legalMoves();
    expect(legal.length, what).toBeGreaterThan(0);
    e.play(legal[rng.below(legal.length)]!);
  }
  check.loadRecord(e.record());
  expect(check.position('machine'), what).toBe(e.position('machine'));
  check.load(e.position('machine'));
  expect(check.position('machine'), what).toBe(e.position('machine'));
}

describe.each(GAME_IDS)('%s: loaded states', (game) => {
  it('accepts a damaged state only where it is a state of the game, alike on both backends, and then plays on soundly', async () => {
    const source = await engineOf(game, 'reference');
    const [ref, wasm] = [await engineOf(game, 'reference'), await engineOf(game, 'wasm')];
    const [refCheck, wasmCheck] = [await engineOf(game, 'reference'), await engineOf(game, 'wasm')];
    const rng = new Rng(21);
    let tried = 0;
    let accepted = 0;
    const disagreements: string[] = [];
    for (let ply = 0; ply < 60 && !source.outcome(); ply++) {
      // Every reachable state loads as it is, on both backends.
      for (const e of [ref, wasm]) {
        e.load(structuredClone(source.state()) as never);
        expect(e.position('machine'), `ply ${ply}`).toBe(source.position('machine'));
        expect(e.rules.statesEqual(e.state(), source.state()), `ply ${ply}`).toBe(true);
      }
      if (ply % 6 === 0) {
        for (const { what, state } of damaged(source.state() as Record<string, unknown>)) {
          const where = `ply ${ply}, ${what}`;
          const results = [ref, wasm].map((e) => {
            e.load(source.position('machine'));
            const before = [e.position('machine'), e.record()];
            const error = failure(() => e.load(structuredClone(state) as never));
            if (error !== null) {
              expect(error, `${where}: ${String(error)}`).toBeInstanceOf(ThrongsError);
              expect([e.position('machine'), e.record()], where).toEqual(before);
            }
            return error === null;
          });
          tried += 2;
          if (results[0] !== results[1]) disagreements.push(`${where}: reference ${results[0] ? 'accepts' : 'refuses'}, wasm ${results[1] ? 'accepts' : 'refuses'}`);
          if (results[0] && results[1]) {
            accepted++;
            expect(wasm.position('machine'), where).toBe(ref.position('machine'));
            soundAfterLoad(ref, refCheck, new Rng(ply), `reference ${where}`);
            soundAfterLoad(wasm, wasmCheck, new Rng(ply), `wasm ${where}`);
          }
        }
      }
      const legal = source.legalMoves();
      source.play(legal[rng.below(legal.length)]!);
    }
    expect(disagreements).toEqual([]);
    expect(tried).toBeGreaterThan(200);
    // Most damage must be refused: a state with a field of the wrong type is not a state of the game.
    expect(accepted / (tried / 2)).toBeLessThan(0.5);
  });
});
