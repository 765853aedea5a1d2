/**
 * Bad input to a Throngs engine gets a typed error that says what is wrong in Throngs' terms (the
 * rule a move breaks, the field of a position, the tag of a record) and changes nothing, on both
 * backends; the contract suite checks only the error types, for every game.
 */
import { describe, expect, it } from 'vitest';
import { BoardError, IllegalMoveError, NotationError, PositionError, UsageError } from '../../../reference/core/errors.js';
import { createEngine } from '../../../bindings/index.js';
import { BACKENDS, engine, position } from './helpers.js';
import type { Engine } from './helpers.js';

function snapshot(e: Engine): unknown {
  return { position: e.position(), record: e.record(), history: e.history(), legal: e.legalMoves(), board: e.topology.spec };
}

describe.each(BACKENDS)('bad input (%s)', (backend) => {
  const illegal: Array<[string, string, RegExp]> = [
    ['occupied site', 'f4', /f4 is already Black's stone/],
    ['opponent stone without x', 'd6', /d6 is occupied \(write xd6 to capture\)/],
    ['AP too low to place', 'a3', /action potential of a3 is 0; placing needs 1/],
    ['unreachable destination', 'f4-h8', /h8 is not reachable from f4 with power 1/],
    ['travel from an empty site with no power', 'a3-b3', /action potential of a3 is 0/],
    ['capture without power', 'xd6', /action potential of d6 is -1; a capture needs at least 2/],
    ['capture of nothing', 'xa3', /a3 holds no opponent stone/],
    ['pie answer outside the pie', 'accept', /accept and swap only answer the pie offer/],
  ];

  it.each(illegal)('illegal move: %s', async (_what, move, reason) => {
    const e = await engine(backend);
    e.play('e3-f4');
    const before = snapshot(e);
    e.undo();
    e.play('e3-f4');
    const error = (() => {
      try {
        e.play(move);
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(IllegalMoveError);
    expect((error as Error).message).toMatch(reason);
    expect(snapshot(e)).toEqual(before);
    expect(e.isLegal(move)).toBe(false);
  });

  it('the obligation is explained', async () => {
    const e = await engine(backend, { position: position('e5 f5 f6', 'h7', { counters: [4, -1] }) });
    expect(() => e.play('pass')).toThrow(/Black has not added a stone in the last 3 moves and must add or capture/);
    expect(() => e.play('e5-e7')).toThrow(/Black must add or capture; travel is not allowed now/);
  });

  it('moves after the end of the game are refused', async () => {
    const e = await engine(backend);
    for (const m of ['pass', 'pass', 'pass']) e.play(m);
    const before = snapshot(e);
    expect(() => e.play('pass')).toThrow(/the game is over/);
    expect(snapshot(e)).toEqual(before);
  });

  it.each([
    ['e99', NotationError, /e99 is not a site of ragged63/],
    ['hello', NotationError, /'hello' is not a site label/],
    ['', NotationError, /empty move/],
  ])('malformed move text %j', async (text, type, message) => {
    const e = await engine(backend);
    const before = snapshot(e);
    expect(() => e.play(text)).toThrow(type);
    expect(() => e.play(text)).toThrow(message);
    expect(snapshot(e)).toEqual(before);
    expect(e.isLegal(text)).toBe(false);
  });

  it.each([
    [{ kind: 'jump', at: 1 }],
    [{ kind: 'add', at: 63 }],
    [{ kind: 'add', at: -1 }],
    [{ kind: 'add', at: 1.5 }],
    [{ kind: 'move', at: 13, to: 999 }],
    [{ kind: 'add' }],
    [null],
    ['{}'],
  ])('malformed move object %j', async (move) => {
    const e = await engine(backend);
    const before = snapshot(e);
    expect(() => e.play(move as never)).toThrow(typeof move === 'string' ? NotationError : IllegalMoveError);
    expect(snapshot(e)).toEqual(before);
  });

  it.each([
    ['throngs ragged63 b:e3 w:d6 b1 ac:-2,-1', PositionError, /add counter -2 is outside/],
    ['throngs ragged63 b:e3 w:d6 b1 pie:1', PositionError, /2 stones on the board during pie step 1/],
    ['throngs ragged63 b:e3 w:d6 b1 cb:0p', NotationError, /expected a block/],
    ['throngs ragged63 b:e3 w:d6 q1', NotationError, /side to move/],
    ['throngs ragged63 b: w: b1 pb:0p', NotationError, /expected a block/],
    ['throngs ragged63 b: w: w1 pie:0', PositionError, /wrong player to move in pie step 0/],
  ])('bad position %j', async (text, type, message) => {
    const e = await engine(backend);
    e.play('e3-f4');
    const before = snapshot(e);
    expect(() => e.load(text)).toThrow(type);
    expect(() => e.load(text)).toThrow(message);
    expect(snapshot(e)).toEqual(before);
  });

  it('impossible states are refused', async () => {
    const e = await engine(backend);
    const state = e.state();
    const before = snapshot(e);
    expect(() => e.load({ ...state, cells: new Uint8Array(10) })).toThrow(/10 cells given, the board has 63/);
    expect(() => e.load({ ...state, cells: state.cells.map(() => 7) })).toThrow(/holds 7/);
    expect(() => e.load({ ...state, moveIndex: 3 as 1 })).toThrow(/move index is 3/);
    expect(() => e.load({ ...state, toMove: 0 as 1 })).toThrow(/player to move is 0/);
    expect(() => e.load({ ...state, counters: [1.5, 0] })).toThrow(/add counter 1.5/);
    expect(() => e.load({ ...state, ended: 'bored' as never })).toThrow(/unknown end reason/);
    expect(snapshot(e)).toEqual(before);
  });

  it('out-of-range sites, powers and seeds', async () => {
    const e = await engine(backend);
    const before = snapshot(e);
    for (const s of [-1, 63, 2.5, Number.NaN]) {
      expect(() => e.actionPotential(s)).toThrow(UsageError);
      expect(() => e.destinations(s)).toThrow(UsageError);
      expect(() => e.reachable(s, 2)).toThrow(UsageError);
    }
    expect(() => e.reachable(0, -1)).toThrow(/power must be a whole number/);
    for (const seed of [-1, 2 ** 32, 0.5, Number.NaN]) expect(() => e.playout(seed)).toThrow(/seed must be an integer/);
    expect(snapshot(e)).toEqual(before);
  });

  it('undo with nothing to undo', async () => {
    const e = await engine(backend);
    expect(() => e.undo()).toThrow(/there is no move to undo/);
  });

  it('a bad board or set-up on reset is refused and the game is kept', async () => {
    const e = await engine(backend);
    e.play('e3-f4');
    const before = snapshot(e);
    expect(() => e.reset({ board: 'hexhex(1)' })).toThrow(BoardError);
    expect(() => e.reset({ setup: 'handicap' as 'pie' })).toThrow(/set-up must be 'standard' or 'pie'/);
    expect(() => e.reset({ options: { endOnPasses: 'x' as 'ludii' } })).toThrow(UsageError);
    expect(snapshot(e)).toEqual(before);
  });
});

describe.each(BACKENDS)('bad records, arguments and sizes (%s)', (backend) => {
  it('records with stray brackets, bad escapes, nothing in them, or a Board tag that contradicts the Position tag', async () => {
    const e = await engine(backend);
    e.play('e3-f4');
    const before = snapshot(e);
    const bad: Array<[string, RegExp]> = [
      ['[Board "ragged63"]\n\ne3 ] d3', /']' without its opening '\['/],
      ['e3-f4 }', /'}' without its opening '{'/],
      ['[Board "rag\\qged63"]', /bad escape in the value of tag Board/],
      ['', /the record is empty/],
      ['   \n  {just a comment}  ', /the record is empty/],
      ['[Board "throngs93"]\n[Position "throngs ragged63 b:e3 w:d6,h7 b1 ac:-1,-1 pb:1n cb:0"]\n\n', /the Board tag \(throngs93\) is not the board of the Position tag \(ragged63\)/],
      ['[Rules "endOnPasses"]\n\ne3-f4', /bad Rules tag/],
    ];
    for (const [text, why] of bad) {
      expect(() => e.loadRecord(text), text).toThrow(NotationError);
      expect(() => e.loadRecord(text), text).toThrow(why);
      expect(snapshot(e), text).toEqual(before);
    }
    for (const notText of [42, null, undefined, { moves: [] }, ['e3']]) {
      expect(() => e.loadRecord(notText as never)).toThrow(UsageError);
      expect(() => e.parseMove(notText as never)).toThrow(UsageError);
    }
    expect(snapshot(e)).toEqual(before);
  });

  it('errors quote the input near the fault, never all of it, and huge inputs are refused at once', async () => {
    const e = await engine(backend);
    const long = `${'e3-f4 '.repeat(2000)}zz`;
    let message = '';
    try {
      e.loadRecord(long);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.length).toBeLessThan(400);
    const huge = 'e3 '.repeat(400_000);
    const started = performance.now();
    expect(() => e.loadRecord(huge)).toThrow(/at most 1,000,000 characters/);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('BigInt and other non-numbers are not cells; playout caps must be whole numbers', async () => {
    const e = await engine(backend);
    const before = snapshot(e);
    expect(() => e.play({ kind: 'add', at: 5n as never, to: 5n as never })).toThrow(IllegalMoveError);
    expect(() => e.play({ kind: 'add', at: '5' as never })).toThrow(IllegalMoveError);
    for (const maxMoves of [-1, Number.NaN, 2.5]) expect(() => e.playout(1, { maxMoves })).toThrow(/maxMoves must be a whole number/);
    expect(() => e.scoreBreakdown(3 as 1)).toThrow(/player must be 1 or 2/);
    expect(() => e.actionPotential(12, 7 as 1)).toThrow(/player must be 1 or 2/);
    expect(snapshot(e)).toEqual(before);
  });

  it('board specs nested too deep are refused without exhausting the stack', async () => {
    const e = await engine(backend);
    const spec = `${'perforated('.repeat(5000)}hexhex(4)${')'.repeat(5000)}`;
    expect(() => e.reset({ board: spec })).toThrow(/boards nest at most 8 deep/);
    expect(() => e.reset({ board: 42 as never })).toThrow(UsageError);
  });
});

describe('createEngine', () => {
  it('refuses unknown backends and games, and an arena too large, with typed errors', async () => {
    await expect(createEngine({ backend: 'gpu' as 'wasm' })).rejects.toThrow(UsageError);
    await expect(createEngine({ backend: 'gpu' as 'wasm' })).rejects.toThrow(/unknown backend "gpu"/);
    await expect(createEngine({ game: 'chess' as 'throngs' })).rejects.toThrow(UsageError);
    await expect(createEngine({ game: 'chess' as 'throngs' })).rejects.toThrow(/unknown game "chess"/);
    await expect(createEngine({ arenaMB: 1024 })).rejects.toThrow(UsageError);
  });
});
