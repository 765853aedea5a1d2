/**
 * Every game of the registry, on both backends: odd values at the API (prototype names as option
 * keys, wrong types, BigInts, circular objects, null where an object goes) are refused with the
 * engine's typed errors (ThrongsError), never a raw TypeError, and change nothing.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { ThrongsError } from '../../reference/core/errors.js';
import { BACKENDS, engineOf, GAME_IDS, type AnyEngine } from './games.js';

const snapshot = (e: AnyEngine): unknown => ({ position: e.position('machine'), record: e.record() });
const circular: Record<string, unknown> = {};
circular.self = circular;

/** Resolves to the error a call threw or rejected with, or null when it succeeded. */
async function failure(call: () => unknown): Promise<unknown> {
  try {
    await call();
    return null;
  } catch (e) {
    return e;
  }
}

describe.each(GAME_IDS)('%s: typed errors', (game) => {
  describe.each(BACKENDS)('on %s', (backend) => {
    it('refuses odd values with a ThrongsError and changes nothing', async () => {
      const e = await engineOf(game, backend);
      e.play(e.legalMoves()[0]!);
      const before = snapshot(e);
      const calls: Array<[string, () => unknown]> = [];
      for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__', 'valueOf']) {
        calls.push([`reset option ${key}`, () => e.reset({ options: { [key]: 1 } })]);
        calls.push([`record Rules ${key}`, () => e.loadRecord(`[Game "${e.rules.title}"]\n[Rules "${key}=1"]\n\n`)]);
        calls.push([`createEngine option ${key}`, () => createEngine({ game, backend, options: { [key]: 1 } })]);
      }
      for (const position of [42, null, {}, [], true]) calls.push([`createEngine position ${String(position)}`, () => createEngine({ game, backend, position: position as never })]);
      for (const state of [undefined, null, 42, 'x', []]) calls.push([`load ${String(state)}`, () => e.load(state as never)]);
      for (const options of [undefined, null, 42]) calls.push([`search ${String(options)}`, () => e.search(options as never)]);
      calls.push(['search onProgress 42', () => e.search({ iterations: 10, onProgress: 42 as never })]);
      calls.push(['playout null', () => e.playout(7, null as never)]);
      calls.push(['createEngine game BigInt', () => createEngine({ game: 1n as never, backend })]);
      calls.push(['createEngine backend BigInt', () => createEngine({ game, backend: 1n as never })]);
      calls.push(['createEngine backend object', () => createEngine({ game, backend: {} as never })]);
      // Both backends hold the same limits, though only wasm has an arena to size.
      for (const arenaMB of [0, 513, 1.5, 9999]) calls.push([`createEngine arenaMB ${arenaMB}`, () => createEngine({ game, backend, arenaMB })]);
      const first = Object.keys(e.rules.options)[0];
      if (first) {
        calls.push(['option BigInt', () => e.reset({ options: { [first]: 1n } })]);
        calls.push(['option circular', () => e.reset({ options: { [first]: circular } })]);
      }
      calls.push(['board BigInt', () => e.reset({ board: 1n as never })]);
      calls.push(['board circular', () => e.reset({ board: circular as never })]);
      const untyped: string[] = [];
      for (const [what, call] of calls) {
        const error = await failure(call);
        if (!(error instanceof ThrongsError)) untyped.push(`${what}: ${error === null ? 'accepted' : String(error)}`);
        expect(snapshot(e), what).toEqual(before);
      }
      expect(untyped).toEqual([]);
    });
  });
});
