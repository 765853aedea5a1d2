/**
 * The variants of Tholian Go (THOLIAN-GO.md §10) in the reference rules: Ultimate's placement
 * turns, Chain's win, Tholi Go Lucky's random start and its transformation option, Oracle Go's
 * movement dice, and Scrimmage's placements and race. The contract suite plays each of them on
 * both backends; these tests pin what the rules say each one does.
 */
import { describe, expect, it } from 'vitest';
import { tholian } from '../../../reference/games/tholian/index.js';
import { DARK, LIGHT } from '../../../reference/games/tholian/board.js';
import { chainCost } from '../../../reference/games/tholian/eval.js';
import { countTokens, rollFor } from '../../../reference/games/tholian/state.js';
import { chainFrom, load, MAIN, node, opts, play, position, randomGame, tokensOf } from './helpers.js';

describe('Ultimate (§10): seven turns of placements, then the main game without transformation', () => {
  const o = opts({ variant: 'ultimate' });
  it('starts empty; turns 1-6 place 1 dark + 2 light anywhere before the turn can end; turn 7 places 2 light and moves 1 dark', () => {
    const s = tholian.initial(MAIN, 'standard', o);
    expect(s.cells.every((c) => c === 0)).toBe(true);
    const first = tholian.legalMoves(MAIN, s, o);
    expect(first.every((m) => m.kind === 'place')).toBe(true);
    expect(first).toHaveLength(MAIN.size);
    play(MAIN, s, '@D3.3', o);
    expect(tholian.legalMoves(MAIN, s, o).every((m) => m.kind === 'place' && MAIN.web[m.at] === LIGHT)).toBe(true);
    play(MAIN, s, '@L5.4', o);
    play(MAIN, s, '@L6.4', o);
    expect(s.toMove).toBe(2);
    for (let round = 0; round < 11; round++) {
      const t = tholian.legalMoves(MAIN, s, o).filter((m) => m.kind === 'place');
      for (let i = 0; i < 3; i++) {
        const options = tholian.legalMoves(MAIN, s, o);
        expect(options.some((m) => m.kind === 'end')).toBe(false);
        tholian.apply(MAIN, s, options[(round * 7 + i * 13) % options.length]!, o);
      }
      expect(t.length).toBeGreaterThan(0);
    }
    expect(s.turn).toBe(13);
    expect(s).toMatchObject({ placeDark: 0, placeLight: 2, darkLeft: 1, lightLeft: 0 });
    expect(countTokens(MAIN, s.cells, 1, DARK) + countTokens(MAIN, s.cells, 2, DARK)).toBeLessThanOrEqual(12);
  });
  it('a placement captures (for good), and after the phase a light token on the target stays light', () => {
    const { b, s } = load('tholian ultimate R:D2.2,D2.3 B:L4.3,D5.5 R d0l0 e0 t3 p1/2');
    play(b, s, '@D3.3', o);
    expect(tokensOf(b, s, 2)).toEqual(['D5.5']);
    const later = load('tholian ultimate R:L8.7,D1.1,D2.1,D3.1,L1.1,L2.1,L3.1,L4.1,L5.1,L6.1 B:D4.6,D1.6,D2.6,L1.7,L2.7,L3.7,L4.7,L5.7,L6.7 R d1l2 e0 t15');
    play(later.b, later.s, 'L8.7>L7.7', o);
    expect(tokensOf(later.b, later.s, 1)).toContain('L7.7');
    expect(later.s.path).toEqual([]);
  });
  it('token counts decide only after the placement phase', () => {
    const early = load('tholian ultimate R: B: R d0l0 e0 t1 p1/2');
    play(early.b, early.s, '@D3.3', o);
    expect(early.s.result).toBe(null);
    const late = load('tholian ultimate R:D1.1,D2.1,D3.1,L1.1,L2.1,L3.1,L4.1,L5.1,L6.1 B:D1.6,D2.6,L1.7,L2.7,L3.7,L4.7,L5.7,L6.7 R d1l2 e0 t15');
    play(late.b, late.s, 'D3.1>D3.2', o);
    expect(late.s.result).toEqual({ winner: 1, reason: 'tokens' });
  });
});

describe('Chain (§10): a chain of own light tokens from end to end wins; no captures', () => {
  const o = opts({ variant: 'chain' });
  it('a Red move completing a 14-token chain wins; an opposing barrier across it breaks it', () => {
    const chain = chainFrom(MAIN, 'L1.1');
    expect(chain).toHaveLength(14);
    const last = node(MAIN, chain.at(-1)!);
    const beside = MAIN.neighbours(last).find((n) => !chain.includes(MAIN.labels[n]!))!;
    const red = [...chain.slice(0, -1), MAIN.labels[beside]!, 'D6.1'];
    const { b, s } = position(red, ['D6.6', 'L11.7'], 'R', 'chain');
    // The evaluation's chain cost: one token missing, then none.
    expect(chainCost(b, s.cells, 1)).toBe(1);
    play(b, s, `${MAIN.labels[beside]}>${chain.at(-1)}`, o);
    expect(chainCost(b, s.cells, 1)).toBe(0);
    expect(s.result).toEqual({ winner: 1, reason: 'chain' });
    // Blue's dark pair on the dual of a chain link (one that has a dual) cuts it.
    const i = chain.findIndex((l, j) => j + 1 < chain.length && MAIN.dualA[node(MAIN, l) * 6 + MAIN.neighbours(node(MAIN, l)).indexOf(node(MAIN, chain[j + 1]!))]! >= 0);
    const a = node(MAIN, chain[i]!);
    const k = MAIN.neighbours(a).indexOf(node(MAIN, chain[i + 1]!));
    const dual = [MAIN.labels[MAIN.dualA[a * 6 + k]!]!, MAIN.labels[MAIN.dualB[a * 6 + k]!]!];
    const cut = position(red, ['L11.7', ...dual], 'R', 'chain');
    play(cut.b, cut.s, `${MAIN.labels[beside]}>${chain.at(-1)}`, o);
    expect(cut.s.result).toBe(null);
    // Cut, the cheapest chain goes round through empty nodes (a level a node: 14 in all).
    expect(chainCost(cut.b, cut.s.cells, 1)).toBeGreaterThan(0);
    // An opposing token on the way costs 2: the start's Blue row is in every chain of Red's.
    const start = tholian.initial(MAIN, 'standard', o);
    expect(chainCost(MAIN, start.cells, 1)).toBeGreaterThanOrEqual(2);
    expect(chainCost(MAIN, start.cells, 1)).toBeLessThan(30);
  });
  it('never captures: a surrounded token stays', () => {
    const { b, s } = position(['D2.2', 'D2.3', 'D3.4'], ['L4.3'], 'R', 'chain');
    play(b, s, 'D3.4>D3.3', o);
    expect(tokensOf(b, s, 2)).toEqual(['L4.3']);
  });
});

describe('Tholi Go Lucky (§10): a random start from the seed', () => {
  it('places 6 dark and 14 light tokens a player on random nodes, the same for a seed and different for another', () => {
    const a = tholian.initial(MAIN, 'standard', opts({ variant: 'lucky', seed: 5 }));
    const again = tholian.initial(MAIN, 'standard', opts({ variant: 'lucky', seed: 5 }));
    const other = tholian.initial(MAIN, 'standard', opts({ variant: 'lucky', seed: 6 }));
    for (const p of [1, 2] as const) {
      expect(countTokens(MAIN, a.cells, p, DARK)).toBe(6);
      expect(countTokens(MAIN, a.cells, p, LIGHT)).toBe(14);
    }
    expect([...again.cells]).toEqual([...a.cells]);
    expect([...other.cells]).not.toEqual([...a.cells]);
  });
  it('transformation is a pre-game option, on by default', () => {
    for (const transformation of [true, false]) {
      const o = opts({ variant: 'lucky', transformation });
      const { b, s } = position(['L8.7', 'L1.1', 'L2.1', 'L3.1', 'L5.1', 'L6.1', 'L7.1', 'D1.1', 'D2.1', 'D3.1'], ['L1.7', 'L2.7', 'L3.7', 'L4.7', 'L5.7', 'L6.7', 'D1.6', 'D2.6', 'D3.6'], 'R', 'lucky');
      play(b, s, 'L8.7>L7.7', o);
      expect(s.cells[node(b, 'D4.6')]).toBe(transformation ? 1 : 0);
    }
  });
});

describe('Oracle Go and Lucky Scrimmage (§10): movement dice per turn', () => {
  const o = opts({ variant: 'oracle', seed: 11 });
  it('rolls one dark and two light axes a turn from the seed, and first steps follow them', () => {
    const s = tholian.initial(MAIN, 'standard', o);
    const roll = rollFor(11, 1);
    expect([s.rollDark, ...s.rollLight]).toEqual([roll.dark, ...roll.light]);
    const axisOf = (m: { at: number; to: number }) => MAIN.axis[m.at * 6 + MAIN.neighbours(m.at).indexOf(m.to)];
    const firsts = tholian.legalMoves(MAIN, s, o).filter((m): m is { kind: 'move'; at: number; to: number } => m.kind === 'move');
    expect(firsts.length).toBeGreaterThan(0);
    for (const m of firsts) expect(MAIN.web[m.at] === DARK ? [roll.dark] : roll.light).toContain(axisOf(m));
    const rolls = new Set(Array.from({ length: 60 }, (_, t) => JSON.stringify(rollFor(11, t + 1))));
    expect(rolls.size).toBeGreaterThan(10);
  });
  it('each light move uses up one rolled axis', () => {
    const s = tholian.initial(MAIN, 'standard', o);
    const light = tholian.legalMoves(MAIN, s, o).find((m) => m.kind === 'move' && MAIN.web[m.at] === LIGHT)!;
    const before = [...s.rollLight];
    tholian.apply(MAIN, s, light, o);
    while (s.path.length > 0) tholian.apply(MAIN, s, tholian.legalMoves(MAIN, s, o)[0]!, o);
    expect(s.rollLight.filter((a) => a < 0)).toHaveLength(before.filter((a) => a < 0).length + 1);
  });
});

describe('Scrimmage (§10): 2 dark + 5 light placed one at a time on own start nodes, then a race to the target', () => {
  for (const variant of ['scrimmage', 'lucky-scrimmage']) {
    it(`${variant}: placement alternates on the own start set, then Red moves; no captures; a touchdown wins`, () => {
      const o = opts({ variant });
      const s = tholian.initial(MAIN, 'standard', o);
      for (let i = 0; i < 14; i++) {
        const legal = tholian.legalMoves(MAIN, s, o);
        expect(legal.every((m) => m.kind === 'place' && MAIN.start[s.toMove].includes(m.at))).toBe(true);
        expect(s.toMove).toBe(i % 2 === 0 ? 1 : 2);
        tholian.apply(MAIN, s, legal[(i * 5) % legal.length]!, o);
      }
      for (const p of [1, 2] as const) {
        expect(countTokens(MAIN, s.cells, p, DARK)).toBe(2);
        expect(countTokens(MAIN, s.cells, p, LIGHT)).toBe(5);
      }
      expect(s.toMove).toBe(1);
      expect(tholian.legalMoves(MAIN, s, o).some((m) => m.kind === 'move')).toBe(true);
      let total = 28;
      randomGame(MAIN, s, o, 9, 5000, (m, before) => {
        const after = tholian.cloneState(before);
        tholian.apply(MAIN, after, m, o);
        total = [1, 2].reduce((n, p) => n + countTokens(MAIN, after.cells, p as 1 | 2, DARK) + countTokens(MAIN, after.cells, p as 1 | 2, LIGHT), 0);
        expect(total).toBe(14);
      });
      if (s.result && s.result.winner !== 0) expect(s.cells[MAIN.target[s.result.winner]]).toBe(s.result.winner);
    });
  }
});
