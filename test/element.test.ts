/** The board element's logic, without a browser: attributes and what a click does. */
import { describe, expect, it } from 'vitest';
import { boardClick, parseAiAttribute } from '../bindings/board-logic.js';
import { engine, position, site } from './helpers.js';

describe('<throngs-board> attributes', () => {
  it('reads the ai attribute', () => {
    expect(parseAiAttribute(null)).toEqual({});
    expect(parseAiAttribute('none')).toEqual({});
    expect(parseAiAttribute('white:3')).toEqual({ 2: 3 });
    expect(parseAiAttribute('Black:8')).toEqual({ 1: 8 });
    expect(parseAiAttribute('both:2')).toEqual({ 1: 2, 2: 2 });
    expect(parseAiAttribute('black:1, white:5')).toEqual({ 1: 1, 2: 5 });
    for (const bad of ['white', 'white:9', 'red:3', 'white:3;black:2', 'white:0']) {
      expect(parseAiAttribute(bad), bad).toMatch(/expected side:level/);
    }
  });
});

describe('<throngs-board> clicks', () => {
  it('a Place-only site plays at once; a travel origin is selected, then completed', async () => {
    const e = await engine('wasm', { position: position('e5 f5 f6', '') });
    const legal = e.legalMoves();
    expect(boardClick(legal, null, site(e, 'd4'))).toEqual({ play: { kind: 'add', at: site(e, 'd4'), to: site(e, 'd4'), dec: 1 } });
    expect(boardClick(legal, null, site(e, 'e5'))).toEqual({ select: site(e, 'e5') });
    const done = boardClick(legal, site(e, 'e5'), site(e, 'g5'));
    expect('play' in done && e.formatMove(done.play)).toBe('e5-g5');
  });

  it('a Place-and-travel site is selected; clicking it again stays, elsewhere clears', async () => {
    const e = await engine('wasm', { position: position('e5 f5 f6', '') });
    const legal = e.legalMoves();
    const e6 = site(e, 'e6');
    expect(boardClick(legal, null, e6)).toEqual({ select: e6 });
    const stay = boardClick(legal, e6, e6);
    expect('play' in stay && e.formatMove(stay.play)).toBe('e6');
    expect(boardClick(legal, e6, site(e, 'a3'))).toEqual({ clear: true });
    // Clicking another origin selects it instead.
    expect(boardClick(legal, e6, site(e, 'e5'))).toEqual({ select: site(e, 'e5') });
  });

  it('captures: the opponent stone is an origin with the stay among its ends', async () => {
    const e = await engine('wasm', { position: position('d4 e4 d5 f5 f6', 'e5') });
    const legal = e.legalMoves();
    const e5 = site(e, 'e5');
    expect(boardClick(legal, null, e5)).toEqual({ select: e5 });
    const capture = boardClick(legal, e5, e5);
    expect('play' in capture && e.formatMove(capture.play)).toBe('xe5');
  });
});
