/**
 * Throngs' notation (THRONGS.md §10) beyond the contract's round trips: every form a move token
 * may take and its canonical one, what a site token means, positions of every board kind read
 * back to the same state, record tags (board, set-up, rule options) restoring the game, and the
 * errors with their messages and columns.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NotationError, unwrap } from '../../../reference/core/errors.js';
import { formatMove, formatPosition, parseMoveToken, parsePosition, resolveMove } from '../../../reference/games/throngs/notation.js';
import { parseRecord } from '../../../reference/core/record.js';
import { statesEqual } from '../../../reference/games/throngs/state.js';
import { throngs } from '../../../reference/games/throngs/index.js';
import { BACKENDS, BOARD_KINDS, engine, position, randomMoves } from './helpers.js';

describe('move tokens', () => {
  const t = unwrap(throngs.board('ragged63'));

  it('reads every form of §10.1 and writes the canonical one', () => {
    const cases: Array<[string, string]> = [
      ['pass', 'pass'],
      ['PASS', 'pass'],
      ['e5', 'e5'],
      ['+e5', 'e5'],
      ['E5-G7', 'e5-g7'],
      ['+e5-g7', 'e5-g7'],
      ['xe5', 'xe5'],
      ['Xe5-e6', 'xe5-e6'],
      [' accept ', 'accept'],
      ['swap', 'swap'],
    ];
    for (const [input, canonical] of cases) {
      const token = parseMoveToken(t, input);
      expect(token.ok, input).toBe(true);
      if (!token.ok) continue;
      const move = resolveMove(token.value, { cells: new Uint8Array(t.size), toMove: 1 });
      expect(formatMove(t, move)).toBe(canonical);
    }
  });

  it('site tokens mean Travel from the mover\'s stone and Place-and-travel from an empty site', () => {
    const cells = new Uint8Array(t.size);
    cells[t.cellOf('e5')] = 1;
    const token = parseMoveToken(t, 'e5-g7');
    expect(token.ok && resolveMove(token.value, { cells, toMove: 1 })).toMatchObject({ kind: 'move' });
    expect(token.ok && resolveMove(token.value, { cells, toMove: 2 })).toMatchObject({ kind: 'add' });
  });

  it.each([
    ['', /empty move/, 0],
    ['e55', /e55 is not a site of ragged63/, 0],
    ['a1', /a1 is not a site of ragged63/, 0],
    ['e5-', /'' is not a site label/, 3],
    ['e5-zz', /'zz' is not a site label/, 3],
    ['x', /'x' is not a site label/, 0],
    ['e5g7', /'e5g7' is not a site label/, 0],
    ['e5-g7-h8', /'g7-h8' is not a site label/, 3],
    ['  xe5-j10', /j10 is not a site of ragged63/, 6],
  ])('refuses %j with a message and a column', (input, message, offset) => {
    const result = parseMoveToken(t, input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toBeInstanceOf(NotationError);
    expect(result.error.message).toMatch(message);
    expect(result.error.offset).toBe(offset);
  });
});

describe('positions', () => {
  it('the spec example is the standard start, in both forms', async () => {
    const e = await engine('reference', { board: 'ragged63' });
    expect(e.position()).toBe('throngs ragged63 b:e3 w:d6,h7 b1 ac:-1,-1 pb:1n cb:0');
    expect(e.position('machine')).toBe(
      'throngs ragged63 .............b.....................w..........w................ b1 ac:-1,-1 pb:1n cb:0',
    );
  });

  it('round-trips random positions on every board kind, in both forms (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BOARD_KINDS), fc.nat(2 ** 32 - 1), fc.nat(160), fc.constantFrom('standard', 'pie'), async (spec, seed, plies, setup) => {
        const e = randomMoves(await engine('reference', { board: spec, setup: setup as 'standard' | 'pie' }), seed, plies);
        const state = e.state();
        for (const form of ['human', 'machine'] as const) {
          const text = formatPosition(e.topology, state, form);
          const parsed = parsePosition(text);
          expect(parsed.ok).toBe(true);
          if (!parsed.ok) return;
          expect(parsed.value.topology).toBe(e.topology);
          expect(statesEqual(parsed.value.state, state)).toBe(true);
          expect(formatPosition(parsed.value.topology, parsed.value.state, form)).toBe(text);
        }
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    ['', /empty position/, 0],
    ['chess ragged63', /expected the game name 'throngs'/, 0],
    ['throngs', /missing board/, 7],
    ['throngs hexagon b: w: b1', /unknown board 'hexagon'/, 8],
    ['throngs ragged63 b:e3,zz9 w: b1', /zz9 is not a site of ragged63/, 22],
    ['throngs ragged63 b:e3 w:e3 b1', /e3 is listed twice/, 24],
    ['throngs ragged63 b:e3 x:d6 b1', /expected 'w:'/, 22],
    ['throngs ragged63 b:e3 w:d6 b3', /expected the side to move/, 27],
    ['throngs ragged63 b:e3 w:d6 b1 ac:1', /expected two counters/, 33],
    ['throngs ragged63 b:e3 w:d6 b1 pb:3', /expected a block/, 33],
    ['throngs ragged63 b:e3 w:d6 b1 zz:3', /unknown field 'zz:3'/, 30],
    ['throngs ragged63 b:e3 w:d6 b1 ac:0,0 ac:0,0', /given twice/, 37],
    ['throngs ragged63 ..b. b1', /board string has 4 characters; ragged63 has 63 sites/, 17],
    ['throngs hexhex(2) ..q.... b1', /'q' is not '.', 'b' or 'w'/, 20],
    ['throngs ragged63 b: w: b1 end:resigned', /unknown end reason 'resigned'/, 30],
  ])('refuses %j', (input, message, offset) => {
    const result = parsePosition(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.message).toMatch(message);
    expect(result.error.offset).toBe(offset);
  });
});

describe.each(BACKENDS)('game records (%s)', (backend) => {
  it('record() replays to the same game, on every board kind and both set-ups (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...BOARD_KINDS), fc.nat(2 ** 32 - 1), fc.nat(120), fc.constantFrom('standard', 'pie'), async (spec, seed, plies, setup) => {
        const e = randomMoves(await engine(backend, { board: spec, setup: setup as 'standard' | 'pie', options: { endOnPasses: 'fullRound' } }), seed, plies);
        const copy = await engine(backend);
        copy.loadRecord(e.record());
        expect(copy.position()).toBe(e.position());
        expect(copy.history()).toEqual(e.history());
        expect(copy.options).toEqual(e.options);
        expect(copy.record()).toBe(e.record());
      }),
      { numRuns: 40 },
    );
  });

  it('reads ungrouped tokens, move numbers and comments, and defaults to ragged63', async () => {
    const e = await engine(backend, { board: 'hexhex(3)' });
    e.loadRecord('1. pass {Black waits} d3 2. (pass)');
    expect(e.topology.spec).toBe('ragged63');
    expect(e.outcome()).toMatchObject({ reason: 'allPassed', winner: 0 });
    expect(e.record()).toContain('(pass d3) (pass)');
  });

  it('a record started from a position keeps that position', async () => {
    const start = position('e5 f5 f6', 'h7', { counters: [3, 0] });
    const e = await engine(backend, { position: start });
    e.play('e5-e7');
    const copy = await engine(backend);
    copy.loadRecord(e.record());
    expect(copy.record()).toContain(`[Position "${start}"]`);
    copy.undo();
    expect(copy.position()).toBe(start);
  });

  it('a bad record is refused with the move number and leaves the current game as it was', async () => {
    const e = await engine(backend);
    e.play('e3-f4');
    const before = { position: e.position(), record: e.record() };
    const bad: Array<[string, RegExp]> = [
      ['[Board "ragged63"]\n(d3 d3)', /move 2 \(d3\) cannot be played: illegal move d3: d3 is already Black's stone at column 24/],
      ['(pass pass) (pass d9)', /move 4 \(d9\) cannot be played: d9 is not a site of ragged63 at column 19/],
      ['(pass pass) (pass pass)', /move 4 \(pass\) cannot be played: illegal move pass: the game is over/],
      ['(pass qq7)', /move 2 \(qq7\) cannot be played/],
      ['[Board "nowhere"] (pass)', /unknown board 'nowhere'/],
      ['[Board "ragged63" (pass)', /malformed tag/],
      ['(pass (pass))', /nested parentheses/],
      ['[Rules "endOnPasses=sometimes"]', /rule option endOnPasses cannot be "sometimes"/],
      ['[Game "Chess"] e4', /plays Throngs, not Chess/],
    ];
    for (const [text, message] of bad) {
      expect(() => e.loadRecord(text), text).toThrow(message);
      expect(e.position()).toBe(before.position);
      expect(e.record()).toBe(before.record);
    }
    e.undo();
    expect(e.history()).toEqual([]);
  });

  it('parseRecord keeps offsets for error messages', () => {
    const r = parseRecord('[Board "ragged63"]\n1. e3  (pass f4)');
    expect(r.ok && r.value.moves).toEqual(['e3', 'pass', 'f4']);
    expect(r.ok && r.value.offsets).toEqual([22, 27, 32]);
  });
});
