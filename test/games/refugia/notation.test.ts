/**
 * Refugia's notation in the reference (REFUGIA.md §8): every form of a move and a position it
 * reads, and for text it cannot read or a position that cannot arise, the typed error and the
 * message (with its column) a player sees. The round trips of what it writes are in
 * properties.test.ts and, on both backends, the contract suite.
 */
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../../../reference/core/game.js';
import { NotationError, PositionError } from '../../../reference/core/errors.js';
import { refugia, type RefugiaState } from '../../../reference/games/refugia/index.js';
import { cell, load, NO_OPTIONS, topo } from './helpers.js';

describe('move and position notation', () => {
  const t = topo('hex3-4');
  const s0 = refugia.initial(t, 'empty', NO_OPTIONS);

  it.each([
    ['', /empty move at column 1/],
    ['hello', /'hello' is not a move .* at column 1/],
    ['e9', /e9 is not a cell of althex\(3,4\) at column 1/],
    ['  c3-', /missing destination after c3- at column 6/],
    ['c3*d3', /expected '-' or 'x' after c3 at column 3/],
    ['c3-d', /'d' is not a cell label at column 4/],
    ['c3-z9', /z9 is not a cell of althex\(3,4\) at column 4/],
    ['c3-f3', /f3 is neither next to c3 nor two cells from it on a line at column 4/],
    ['c3xd3', /d3 is not two cells from c3 on a line, so c3xd3 is not a hop at column 4/],
    ['c3-c3', /own cell c3 at column 4/],
    ['c3-b2-a1', /'b2-a1' is not a cell label at column 4/],
  ])('malformed move %j', (text, message) => {
    const r = refugia.parseMove(t, text, s0);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('parses every move form', () => {
    const parse = (text: string): GameMove | string => {
      const r = refugia.parseMove(t, text, s0);
      return r.ok ? r.value : r.error.message;
    };
    expect(parse(' PASS ')).toEqual({ kind: 'pass' });
    expect(parse('D4')).toEqual({ kind: 'place', at: cell(t, 'd4') });
    expect(parse('c3-b2')).toEqual({ kind: 'step', at: cell(t, 'c3'), to: cell(t, 'b2') });
    expect(parse('c3-e3')).toEqual({ kind: 'hop', at: cell(t, 'c3'), to: cell(t, 'e3') });
    expect(parse('c3xe3')).toEqual({ kind: 'hop', at: cell(t, 'c3'), to: cell(t, 'e3') });
  });

  it.each([
    ['', /empty position/],
    ['throngs hex3-4 1: 2: n: 1 p0', /expected the game name 'refugia' at column 1/],
    ['refugia', /missing board/],
    ['refugia hex9-9 1: 2: n: 1 p0', /unknown board 'hex9' .* at column 9/],
    ['refugia hex3-4', /missing stones/],
    ['refugia hex3-4 1:c3 n: 2: 1 p0', /expected '2:' and a list of labels at column 21/],
    ['refugia hex3-4 1:c3,z9 2: n: 1 p0', /z9 is not a cell of althex\(3,4\) at column 21/],
    ['refugia hex3-4 1:c3 2:d4,C3 n: 1 p0', /C3 is listed twice at column 26/],
    ['refugia hex3-4 1:c3,,d4 2: n: 1 p0', /empty label at column 21/],
    ['refugia hex3-4 1:c3 2: n: 3 p0', /expected the player to move, 1 or 2 at column 27/],
    ['refugia hex3-4 1:c3 2: n: 1', /expected the pass count, like 'p0' at column 28/],
    ['refugia hex3-4 1:c3 2: n: 1 q0', /expected the pass count, like 'p0' at column 29/],
    ['refugia hex3-4 1:c3 2: n: 1 p-1', /expected the pass count/],
    ['refugia hex3-4 1:c3 2: n: 1 p0 x', /unexpected 'x' after the pass count at column 32/],
    ['refugia hex2-3 ..1..2..x... 1 p0', /'x' is not '.', '1', '2' or 'n' at column 24/],
  ])('malformed position %j', (text, message) => {
    const r = refugia.parsePosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('accepts positions by board name, any case and a dash for an empty list', () => {
    const { t: tt, s } = load('REFUGIA hex3-4 1:C3 2:- n:d3 2 P1');
    expect(tt.spec).toBe('althex(3,4)');
    expect(refugia.formatPosition(tt, s)).toBe('refugia althex(3,4) 1:c3 2: n:d3 2 p1');
    expect(load('refugia hex2-3 ..1..2..n... 1 p0').s.cells[8]).toBe(3);
  });

  it.each([
    ['refugia hex2-3 ..1..2..n.. 1 p0', /11 cells given, the board has 12/],
    ['refugia hex2-3 ..1..2..n.... 1 p0', /13 cells given, the board has 12/],
    ['refugia hex3-4 1:c3 2: n: 1 p3', /pass count 3 is outside 0\.\.2/],
    ['refugia hex3-4 1:c3 2: n: 1 p999999', /pass count 999999 is outside 0\.\.2/],
  ])('impossible position %j', (text, message) => {
    const r = refugia.parsePosition(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(() => refugia.checkState(r.value.topology, r.value.state)).toThrow(PositionError);
    expect(() => refugia.checkState(r.value.topology, r.value.state)).toThrow(message);
  });

  it('impossible states are refused', () => {
    const s = refugia.initial(t, 'empty', NO_OPTIONS);
    const bad = (patch: Partial<RefugiaState>, message: RegExp): void => {
      expect(() => refugia.checkState(t, { ...s, ...patch })).toThrow(PositionError);
      expect(() => refugia.checkState(t, { ...s, ...patch })).toThrow(message);
    };
    bad({ cells: new Uint8Array(10) }, /10 cells given, the board has 27/);
    bad({ cells: new Uint8Array(27).fill(4) }, /cell a1 holds 4/);
    bad({ cells: [0] as unknown as Uint8Array }, /cells must be a Uint8Array/);
    bad({ toMove: 0 as 1 }, /player to move is 0/);
    bad({ passCount: 1.5 }, /pass count 1.5 is outside/);
    bad({ passCount: -1 }, /pass count -1 is outside/);
    bad({ passCount: 2 }, /exactly after two passes/);
    bad({ ended: true }, /exactly after two passes/);
    bad({ lastMover: 1 }, /a running game has no last mover/);
    bad({ passCount: 2, ended: true, lastMover: 1 }, /the last mover of a finished game is 2/);
    expect(() => refugia.checkState(t, { ...s, passCount: 2, ended: true, lastMover: 2 })).not.toThrow();
  });
});
