/**
 * Populace's notation in the reference rules (POPULACE.md §7): every action form parsed, malformed
 * actions and positions refused with a NotationError saying what and where, illegal actions
 * refused with their reason, and positions that parse but cannot arise refused by checkState.
 */
import { describe, expect, it } from 'vitest';
import type { GameMove } from '../../../reference/core/game.js';
import { IllegalMoveError, NotationError, PositionError } from '../../../reference/core/errors.js';
import { GameSession } from '../../../reference/core/session.js';
import { populace, type PopulaceState } from '../../../reference/games/populace/index.js';
import { cell, DEFAULTS, load, parse, topo } from './helpers.js';

describe('notation and bad input', () => {
  const t = topo('hexhex(4)');
  const s0 = populace.initial(t, 'empty', DEFAULTS);

  it.each([
    ['', /empty move at column 1/],
    ['hello', /'hello' is not a move .* at column 1/],
    ['z9', /z9 is not a cell of hexhex\(4\) at column 1/],
    ['x', /missing cell after 'x' at column 2/],
    ['xq', /'q' is not a cell label at column 2/],
    ['  xz9', /z9 is not a cell of hexhex\(4\) at column 4/],
    ['d3-', /missing destination after d3- at column 4/],
    ['d3*f5', /expected '-' after d3 at column 3/],
    ['d3-q', /'q' is not a cell label at column 4/],
    ['d3-z9', /z9 is not a cell of hexhex\(4\) at column 4/],
    ['d3-d3', /own cell d3 at column 4/],
    ['d3-e4-f5', /'e4-f5' is not a cell label at column 4/],
  ])('malformed action %j', (text, message) => {
    const r = populace.parseMove(t, text, s0);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('parses every action form', () => {
    const p = (text: string): GameMove | string => {
      const r = populace.parseMove(t, text, s0);
      return r.ok ? r.value : r.error.message;
    };
    expect(p(' PASS ')).toEqual({ kind: 'pass' });
    expect(p('Swap')).toEqual({ kind: 'swap' });
    expect(p('D4')).toEqual({ kind: 'place', at: cell(t, 'd4') });
    expect(p('xd4')).toEqual({ kind: 'replace', at: cell(t, 'd4') });
    expect(p('XD4')).toEqual({ kind: 'replace', at: cell(t, 'd4') });
    expect(p('d3-f5')).toEqual({ kind: 'move', at: cell(t, 'd3'), to: cell(t, 'f5') });
    // Column x exists on wide boards: x5 is a cell there, and xx5 replaces it.
    const wide = topo('hexhex(13)');
    expect(populace.parseMove(wide, 'x13', s0)).toEqual({ ok: true, value: { kind: 'place', at: wide.cellOf('x13') } });
    expect(populace.parseMove(wide, 'xx13', s0)).toEqual({ ok: true, value: { kind: 'replace', at: wide.cellOf('x13') } });
    expect(populace.formatMove(wide, { kind: 'replace', at: wide.cellOf('x13') })).toBe('xx13');
  });

  it('refuses illegal actions with an IllegalMoveError and a reason, changing nothing', () => {
    const session = new GameSession(populace, t, DEFAULTS, populace.initial(t, 'empty', DEFAULTS));
    const refuse = (text: string, reason: string): void => {
      const before = populace.formatPosition(t, session.state);
      const m = parse(t, session.state, text);
      expect(() => session.play(m)).toThrow(IllegalMoveError);
      expect(() => session.play(m)).toThrow(`illegal move ${text}: ${reason}`);
      expect(populace.formatPosition(t, session.state)).toBe(before);
    };
    refuse('swap', 'swap is only legal on the second action of the game');
    refuse('pass', "the pie's first action must be a placement");
    session.play(parse(t, session.state, 'd4'));
    refuse('xd4', 'd4 is not threatened (0 White neighbours, 0 Black)');
    refuse('a1-a2', 'there is no White piece on a1');
    session.play(parse(t, session.state, 'g7'));
    refuse('swap', 'swap is only legal on the second action of the game');
    refuse('d4-a1', "d4-a1 is 3 steps away, more than d4's potential value 1");
    refuse('xg7', 'g7 is not threatened (0 Black neighbours, 0 White)');
    refuse('g7-g6', 'there is no Black piece on g7');
  });

  it.each([
    ['', /empty position/],
    ['refugia hexhex(4) b: w: b p0 btn:- ply:0', /expected the game name 'populace' at column 1/],
    ['populace', /missing board/],
    ['populace hexhex(2) b: w: b p0 btn:- ply:0', /hexhex\(2\) is too small for Populace.* at column 10/],
    ['populace hex9 b: w: b p0 btn:- ply:0', /unknown board 'hex9' .* at column 10/],
    ['populace hexhex(4)', /missing pieces/],
    ['populace hexhex(4) w:d4 b: b p0 btn:- ply:0', /expected 'b:' and a list of labels at column 20/],
    ['populace hexhex(4) b:d4,z9 w: w p0 btn:- ply:1', /z9 is not a cell of hexhex\(4\) at column 25/],
    ['populace hexhex(4) b:d4 w:e5,D4 w p0 btn:- ply:1', /D4 is listed twice at column 30/],
    ['populace hexhex(4) b:d4,,e5 w: w p0 btn:- ply:1', /empty label at column 25/],
    ['populace hexhex(4) b:d4 w: x p0 btn:- ply:1', /expected the colour to move, b or w at column 28/],
    ['populace hexhex(4) b:d4 w: w', /expected the pass count, like 'p0' at column 29/],
    ['populace hexhex(4) b:d4 w: w q0 btn:- ply:1', /expected the pass count, like 'p0' at column 30/],
    ['populace hexhex(4) b:d4 w: w p0 btn:x ply:1', /expected the button holder, 'btn:-', 'btn:b' or 'btn:w' at column 33/],
    ['populace hexhex(4) b:d4 w: w p0 btn:-', /expected the ply, like 'ply:0' at column 38/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:-1', /expected the ply, like 'ply:0' at column 39/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 swapped x', /unexpected 'x' after the ply at column 53/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 ko:d4-q', /'q' is not a cell label at column 51/],
    ['populace hexhex(3) ..b..w..x.......... b p0 btn:- ply:2', /'x' is not '\.', 'b' or 'w' at column 28/],
  ])('malformed position %j', (text, message) => {
    const r = populace.parsePosition(text);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toBeInstanceOf(NotationError);
    expect(r.error.message).toMatch(message);
  });

  it('accepts positions in any case, with a dash for an empty list, and the machine form', () => {
    const { t: tt, s } = load('POPULACE hexhex(4) B:D4 W:- W P1 BTN:B PLY:3');
    expect(populace.formatPosition(tt, s)).toBe('populace hexhex(4) b:d4 w: w p1 btn:b ply:3');
    expect(load('populace hexhex(3) ..b..w............. b p0 btn:- ply:2').s.cells[2]).toBe(1);
  });

  it.each([
    ['populace hexhex(3) ..b..w............ b p0 btn:- ply:2', /18 cells given, the board has 19/],
    ['populace hexhex(4) b:d4 w: w p3 btn:- ply:9', /pass count 3 is outside 0\.\.2/],
    ['populace hexhex(4) b:d4 w: w p2 btn:- ply:1', /2 consecutive passes in 1 actions/],
    ['populace hexhex(4) b:d4,e5 w: w p0 btn:- ply:1', /2 pieces on the board after 1 actions/],
    ['populace hexhex(4) b: w: b p0 btn:b ply:0', /nobody can hold the button before the first action/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 swapped', /the swap is played on ply 1/],
    ['populace hexhex(4) b:d4 w:a1 w p0 btn:- ply:2', /White cannot be to move at ply 2 without the swap/],
    ['populace hexhex(4) b:d4 w:a1 b p0 btn:- ply:2 swapped', /Black cannot be to move at ply 2 after the swap/],
    ['populace hexhex(4) b:d4 w:b1 b p0 btn:b ply:6 ko:d4-d5,a1-b1,d5-d4,pass', /end with 1 passes, but the pass count is 0/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:d5-d4,d4-d5', /recent action 2 \(ply 4\) d4-d5 does not lead to this board/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:g7', /recent action 1 \(ply 4\) is a placement/],
    ['populace hexhex(4) b:d4 w:b1 w p0 btn:- ply:5 ko:swap', /is a swap, which is played only on ply 1/],
    ['populace hexhex(4) b:d4 w: w p0 btn:- ply:1 ko:swap,pass', /2 recent actions in a game of 1 actions/],
  ])('impossible position %j', (text, message) => {
    const r = populace.parsePosition(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(() => populace.checkState(r.value.topology, r.value.state)).toThrow(PositionError);
    expect(() => populace.checkState(r.value.topology, r.value.state)).toThrow(message);
  });

  it('impossible states are refused', () => {
    const s = populace.initial(t, 'empty', DEFAULTS);
    const bad = (patch: Partial<PopulaceState>, message: RegExp): void => {
      expect(() => populace.checkState(t, { ...s, ...patch })).toThrow(PositionError);
      expect(() => populace.checkState(t, { ...s, ...patch })).toThrow(message);
    };
    bad({ cells: new Uint8Array(10) }, /10 cells given, the board has 37/);
    bad({ cells: new Uint8Array(37).fill(3), ply: 40 }, /cell a1 holds 3/);
    bad({ cells: [0] as unknown as Uint8Array }, /cells must be a Uint8Array/);
    bad({ toMove: 0 as 1 }, /colour to move is 0/);
    bad({ ply: -1 }, /ply -1 is not a whole number/);
    bad({ ply: 1.5 }, /ply 1.5 is not a whole number/);
    bad({ passes: 1.5, ply: 4 }, /pass count 1.5 is outside/);
    bad({ passes: 2, ply: 2 }, /exactly after two passes/);
    bad({ ended: true }, /exactly after two passes/);
    bad({ button: 3 as 1, ply: 2 }, /button holder is 3/);
    bad({ swapped: 'yes' as unknown as boolean, ply: 2 }, /swapped must be true or false/);
    bad({ recent: null as unknown as number[] }, /recent must be an array/);
    expect(() => populace.checkState(t, { ...s, passes: 2, ended: true, ply: 2, button: 1 })).not.toThrow();
  });
});
