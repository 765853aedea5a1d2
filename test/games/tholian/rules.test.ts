/**
 * Tholian Go's rules in the reference engine (THOLIAN-GO.md), beyond what the contract suite
 * checks for every game: the worked examples of §12 and the statements of §2.3 that need the
 * capture rule, the String Push Limit and the sequestration options, the periodic board, rule
 * properties over random games of every variant, refused positions, options and board data, and
 * the number of whole first turns. The variants of §10 are in variants.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { BoardError, NotationError, PositionError, UsageError } from '../../../reference/core/errors.js';
import { tholian, TholianBoard, type TholianState } from '../../../reference/games/tholian/index.js';
import { blockedBetween } from '../../../reference/games/tholian/barriers.js';
import { DARK, LIGHT, type BoardData } from '../../../reference/games/tholian/board.js';
import { boardNamed } from '../../../reference/games/tholian/boards.js';
import { resolveOptions, type TholianOptions } from '../../../reference/games/tholian/options.js';
import { sequester } from '../../../reference/games/tholian/sequestration.js';
import { countTokens } from '../../../reference/games/tholian/state.js';
import { wholeMoves } from '../../../reference/games/tholian/whole-moves.js';
import { hexagonOf, load, MAIN, mainBoardData, node, opts, play, position, randomGame, tokensOf, wholeTexts } from './helpers.js';

// ---------------------------------------------------------------- §12 worked examples

describe('the worked examples of §12', () => {
  it('1: Red has 66 dark and 64 light moves at the start, among them the 7-node string', () => {
    const s = tholian.initial(MAIN, 'standard', opts());
    const texts = wholeTexts(MAIN, s);
    const dark = texts.filter((t) => t.startsWith('D'));
    const light = texts.filter((t) => t.startsWith('L'));
    expect(dark).toHaveLength(66);
    expect(light).toHaveLength(64);
    expect(dark.filter((t) => t.split('>').length === 2)).toHaveLength(11);
    expect(light.filter((t) => t.split('>').length === 2)).toHaveLength(9);
    expect(texts).toEqual(expect.arrayContaining(['D1.1>D1.2', 'D1.1>D2.1>D2.2', 'D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2', 'L4.2>L3.2', 'L11.1>L12.2', 'end']));
    expect(texts).toHaveLength(66 + 64 + 1);
  });

  it('2: three dark take one light', () => {
    const { b, s } = position(['D2.2', 'D2.3', 'D3.4'], ['L4.3']);
    const from = wholeTexts(b, s).filter((t) => t.startsWith('D3.4>')).map((t) => t.slice(5));
    expect(from.sort()).toEqual(['D2.4', 'D3.3', 'D3.5', 'D4.3', 'D4.4', 'D4.5']);
    play(b, s, 'D3.4>D3.3');
    expect(tokensOf(b, s, 2)).toEqual([]);
    expect(tokensOf(b, s, 1)).toEqual(['D2.2', 'D2.3', 'D3.3']);
  });

  it('3: on an edge three dark take two light (joined by a boundary path)', () => {
    const { b, s } = position(['D1.1', 'D1.2', 'D1.4'], ['L1.2', 'L1.3']);
    play(b, s, 'D1.4>D1.3');
    expect(tokensOf(b, s, 2)).toEqual([]);
  });

  it('4: four light sequester an edge dark token; D1.3 may not step to D1.2 before', () => {
    const { b, s } = load('tholian main R:L1.3,L1.4,L2.3,L3.4 B:D1.3 B d1l2 e0');
    expect(wholeTexts(b, s).filter((t) => t.startsWith('D1.3')).sort()).toEqual(['D1.3>D1.4', 'D1.3>D2.3']);
    s.toMove = 1;
    play(b, s, 'L3.4>L2.4');
    expect(tokensOf(b, s, 2)).toEqual([]);
  });

  it('5: barriers block the other colour, own barriers let own tokens pass, pushes test the crossing token', () => {
    const blue = position(['L5.2'], ['D2.2', 'D3.2']);
    expect(wholeTexts(blue.b, blue.s).filter((t) => t.startsWith('L5.2')).sort()).toEqual(['L5.2>L4.2', 'L5.2>L6.2']);
    const red = position(['L5.2', 'D2.2', 'D3.2'], []);
    expect(wholeTexts(red.b, red.s)).toContain('L5.2>L5.3');
    const pushBlue = position(['L4.2'], ['L5.2', 'D2.2', 'D3.2']);
    expect(wholeTexts(pushBlue.b, pushBlue.s)).toContain('L4.2>L5.2>L5.3');
    const pushRed = position(['L4.2', 'D2.2', 'D3.2'], ['L5.2']);
    expect(wholeTexts(pushRed.b, pushRed.s)).not.toContain('L4.2>L5.2>L5.3');
    expect(blockedBetween(MAIN, pushRed.s.cells, node(MAIN, 'L5.2'), node(MAIN, 'L5.3'), 2)).toBe(true);
  });

  it('6: transformation onto an empty entry, and with a free push when it is occupied', () => {
    const counts = (b: TholianBoard, s: TholianState) => [countTokens(b, s.cells, 1, LIGHT), countTokens(b, s.cells, 1, DARK)];
    const start = tholian.initial(MAIN, 'standard', opts());
    const red = tokensOf(MAIN, start, 1).filter((l) => l !== 'L4.2');
    const empty = position([...red, 'L8.7'], ['D1.6']);
    expect(counts(empty.b, empty.s)).toEqual([14, 6]);
    play(empty.b, empty.s, 'L8.7>L7.7');
    expect(empty.s.cells[node(MAIN, 'D4.6')]).toBe(1);
    expect(empty.s.cells[node(MAIN, 'L7.7')]).toBe(0);
    expect(counts(empty.b, empty.s)).toEqual([13, 7]);
    const occupied = position([...red, 'L8.7'], ['D4.6', 'D1.6']);
    const texts = wholeTexts(occupied.b, occupied.s).filter((t) => t.startsWith('L8.7>L7.7'));
    expect(texts).toContain('L8.7>L7.7+D4.6>D4.5');
    expect(texts.every((t) => t.includes('+D4.6>'))).toBe(true);
    play(occupied.b, occupied.s, 'L8.7>L7.7+D4.6>D4.5');
    expect(occupied.s.cells[node(MAIN, 'D4.5')]).toBe(2);
    expect(occupied.s.cells[node(MAIN, 'D4.6')]).toBe(1);
    expect(counts(occupied.b, occupied.s)).toEqual([13, 7]);
  });
});

describe('the statements of §2.3 that need the capture rule', () => {
  const captures = (red: string[], blue: string[], web: number) => {
    const { b, s } = position(red, blue);
    sequester(b, s.cells, 1, web, 'largest');
    return tokensOf(b, s, 2);
  };
  it('an interior dark node falls to its six hexagon vertices, an edge one to four, the corner to three', () => {
    expect(hexagonOf('D2.2')).toHaveLength(6);
    expect(captures(hexagonOf('D2.2'), ['D2.2'], DARK)).toEqual([]);
    expect(captures(hexagonOf('D2.2').slice(1), ['D2.2'], DARK)).toEqual(['D2.2']);
    expect(captures(['L1.3', 'L1.4', 'L2.3', 'L2.4'], ['D1.3'], DARK)).toEqual([]);
    expect(captures(['L1.3', 'L1.4', 'L2.3'], ['D1.3'], DARK)).toEqual(['D1.3']);
    expect(captures(['L1.2', 'L2.1', 'L2.2'], ['D1.1'], DARK)).toEqual([]);
  });
  it('six dark around D3.3 take its six light nodes, five on an edge around D1.2, eight take ten', () => {
    const hexagon = MAIN.neighbours(node(MAIN, 'D3.3')).map((n) => MAIN.labels[n]!);
    const inside = hexagonOf('D3.3');
    expect(inside).toHaveLength(6);
    expect(captures(hexagon, inside, LIGHT)).toEqual([]);
    expect(captures(hexagon.slice(1), inside, LIGHT)).toEqual(inside.sort());
    const ring5 = ['D1.1', 'D1.3', 'D2.1', 'D2.2', 'D2.3'];
    const edge6 = ['L1.2', 'L1.3', 'L2.2', 'L2.3', 'L3.2', 'L3.3'];
    expect(captures(ring5, edge6, LIGHT)).toEqual([]);
    const pair = new Set([...MAIN.neighbours(node(MAIN, 'D3.3')), ...MAIN.neighbours(node(MAIN, 'D4.3'))].map((n) => MAIN.labels[n]!));
    pair.delete('D3.3');
    pair.delete('D4.3');
    expect(pair.size).toBe(8);
    const ten = MAIN.nodesOf[LIGHT].filter((n) => MAIN.neighbours(n).length > 0).map((n) => MAIN.labels[n]!).filter((l) => {
      const around = (mainBoardData().nodes.find((x) => x.label === l)?.darkAround ?? []) as string[];
      return around.some((d) => d === 'D3.3' || d === 'D4.3') && around.every((d) => d === 'D3.3' || d === 'D4.3' || pair.has(d));
    });
    expect(ten).toHaveLength(10);
    expect(captures([...pair], ten, LIGHT)).toEqual([]);
  });
});

// ---------------------------------------------------------------- §6, §7, §2.6

describe('String Push Limit (§6) and the sequestration options (§7)', () => {
  it('a string with two opposing tokens needs two of the pusher’s own', () => {
    const lone = position(['L4.2'], ['L5.2', 'L6.2']);
    expect(wholeTexts(lone.b, lone.s)).toContain('L4.2>L5.2>L6.2>L7.2');
    expect(wholeTexts(lone.b, lone.s, opts({ pushLimit: true }))).not.toContain('L4.2>L5.2>L6.2>L7.2');
    const backed = position(['L3.2', 'L4.2'], ['L5.2', 'L6.2']);
    expect(wholeTexts(backed.b, backed.s, opts({ pushLimit: true }))).toContain('L3.2>L4.2>L5.2>L6.2>L7.2');
  });
  it("'full' spares an area with an empty node; 'ends-open' spares an area on an end row", () => {
    const hexagon = hexagonOf('D3.3');
    const { b, s } = position(MAIN.neighbours(node(MAIN, 'D3.3')).map((n) => MAIN.labels[n]!), [hexagon[0]!]);
    const full = tholian.cloneState(s);
    sequester(b, full.cells, 1, LIGHT, 'full');
    expect(tokensOf(b, full, 2)).toEqual([hexagon[0]]);
    sequester(b, s.cells, 1, LIGHT, 'largest');
    expect(tokensOf(b, s, 2)).toEqual([]);
    const edge = position(['D1.1', 'D1.2', 'D1.3'], ['L1.2', 'L1.3']);
    sequester(edge.b, edge.s.cells, 1, LIGHT, 'ends-open');
    expect(tokensOf(edge.b, edge.s, 2)).toEqual([]);
    const corner = position(['D1.1', 'D2.1'], ['L1.1', 'L2.1']);
    const spared = tholian.cloneState(corner.s);
    sequester(corner.b, spared.cells, 1, LIGHT, 'ends-open');
    expect(tokensOf(corner.b, spared, 2)).toEqual(['L1.1', 'L2.1']);
  });
});

describe('Periodic Space (§2.6): the cylinder board', () => {
  it('plays from the same start; a left-edge dark token needs two right-edge light tokens to fall', () => {
    const P = boardNamed('periodic');
    const s = tholian.initial(P, 'standard', opts());
    expect(countTokens(P, s.cells, 1, LIGHT)).toBe(14);
    expect(wholeMoves(P, s, opts()).length).toBeGreaterThan(100);
    const three = load('tholian main periodic R:L1.3,L1.4,L2.3,L2.4 B:D1.3 R d1l2 e0');
    sequester(three.b, three.s.cells, 1, DARK, 'largest');
    expect(tokensOf(three.b, three.s, 2)).toEqual(['D1.3']);
    const six = load('tholian main periodic R:L1.3,L1.4,L2.3,L2.4,L12.3,L12.4 B:D1.3 R d1l2 e0');
    sequester(six.b, six.s.cells, 1, DARK, 'largest');
    expect(tokensOf(six.b, six.s, 2)).toEqual([]);
  });
});

// ---------------------------------------------------------------- properties

describe('properties over random games of every variant', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['main', {}, 'main'],
    ['ultimate', { variant: 'ultimate' }, 'main'],
    ['chain', { variant: 'chain' }, 'main'],
    ['football', { variant: 'football' }, 'main'],
    ['lucky', { variant: 'lucky', seed: 4 }, 'main'],
    ['oracle', { variant: 'oracle', seed: 4 }, 'main'],
    ['scrimmage', { variant: 'scrimmage' }, 'main'],
    ['lucky-scrimmage', { variant: 'lucky-scrimmage', seed: 2 }, 'main'],
    ['push limit, full', { pushLimit: true, sequestration: 'full' }, 'main'],
    ['ends-open, periodic', { sequestration: 'ends-open' }, 'periodic'],
  ];
  it.each(cases)('%s: counts only fall by capture or change by transformation, no step crosses a barrier, positions round-trip', (_, options, boardName) => {
    const o = opts(options);
    const b = boardNamed(boardName);
    let steps = 0;
    for (const seed of [1, 2, 3]) {
      const s = tholian.initial(b, 'standard', o);
      randomGame(b, s, o, seed, 700, (m, before) => {
        const after = tholian.cloneState(before);
        tholian.apply(b, after, m, o);
        steps++;
        for (const p of [1, 2] as const) {
          const [l0, d0, l1, d1] = [countTokens(b, before.cells, p, LIGHT), countTokens(b, before.cells, p, DARK), countTokens(b, after.cells, p, LIGHT), countTokens(b, after.cells, p, DARK)];
          const placed = m.kind === 'place' && p === before.toMove ? 1 : 0;
          expect(l1 + d1).toBeLessThanOrEqual(l0 + d0 + placed);
          // Dark tokens grow only by a placement or by one transformation of the mover.
          expect(d1 - d0).toBeLessThanOrEqual(p === before.toMove ? 1 : 0);
          if (d1 > d0 && placed === 0) expect(l1).toBeLessThan(l0);
        }
        if (m.kind === 'move' || m.kind === 'push' || m.kind === 'free') {
          expect(blockedBetween(b, before.cells, m.at, m.to, before.cells[m.at]!)).toBe(false);
        }
        // Positions carry the turn number only where the rules read it (placement phases, dice).
        const text = tholian.formatPosition(b, after);
        const back = tholian.parsePosition(text);
        expect(back.ok && tholian.formatPosition(b, back.value.state), text).toBe(text);
        if (back.ok) expect(tholian.statesEqual({ ...back.value.state, turn: after.turn }, after), text).toBe(true);
      });
    }
    expect(steps).toBeGreaterThan(300);
  });
});

// ---------------------------------------------------------------- bad input

describe('bad input gets a clear error and changes nothing', () => {
  it('refuses malformed positions and impossible ones', () => {
    const bad = [
      'throngs main R: B: R d1l2 e0',
      'tholian nosuch R: B: R d1l2 e0',
      'tholian main R:X9.9 B: R d1l2 e0',
      'tholian main R:D1.1,D1.1 B: R d1l2 e0',
      'tholian main R:D1.1 B:D1.1 R d1l2 e0',
      'tholian main R: B: G d1l2 e0',
      'tholian main R: B: R d2l2 e0',
      'tholian main R: B: R d1l2 e2',
      'tholian main R: B: R d1l2 e0 extra',
      'tholian main R:D1.1 B: R d1l2 e0 push:D1.1>D9.9',
    ];
    for (const text of bad) {
      const parsed = tholian.parsePosition(text);
      expect(parsed.ok, text).toBe(false);
      if (!parsed.ok) expect(parsed.error).toBeInstanceOf(NotationError);
    }
    const tooMany = tholian.parsePosition(`tholian main R:${MAIN.labels.slice(0, 21).join(',')} B: R d1l2 e0`);
    expect(tooMany.ok).toBe(true);
    if (tooMany.ok) expect(() => tholian.checkState(tooMany.value.topology, tooMany.value.state)).toThrow(PositionError);
    const stray = tholian.parsePosition('tholian main R:D1.1 B:D2.1 R d0l2 e0 push:D2.1>D3.1');
    expect(stray.ok).toBe(true);
    if (stray.ok) expect(() => tholian.checkState(stray.value.topology, stray.value.state)).toThrow(/side to move|occupied/);
  });

  it('refuses bad options and bad board data', () => {
    expect(() => resolveOptions({ variant: 'go' })).toThrow(UsageError);
    expect(() => resolveOptions({ seed: -1 })).toThrow(UsageError);
    expect(() => resolveOptions({ colour: 'red' })).toThrow(UsageError);
    const data = mainBoardData() as unknown as BoardData;
    const broken = (change: (d: { nodes: { label: string; neighbours: string[] }[]; paths: { a: string; dual: string[] | null }[] }) => void) => {
      const copy = JSON.parse(JSON.stringify(data));
      change(copy);
      return () => new TholianBoard('broken', copy);
    };
    expect(() => new TholianBoard('copy', data)).not.toThrow();
    expect(broken((d) => d.nodes[0]!.neighbours.push('L11.7'))).toThrow(BoardError);
    expect(broken((d) => (d.nodes[3]!.label = 'Q1.1'))).toThrow(BoardError);
    expect(broken((d) => (d.paths[0]!.dual = ['D1.1', 'D1.2']))).toThrow(BoardError);
    expect(broken((d) => d.paths.pop())).toThrow(/not listed among the paths/);
    expect(tholian.board('nosuch').ok).toBe(false);
  });
});

// ---------------------------------------------------------------- perft

describe('whole first turns from the start, pinned', () => {
  /**
   * Whole turns: every sequence of whole moves from a turn's start to the next turn. The count
   * from a position depends on the position only, so each position reached within the turn (by
   * moves in another order, or by another push path to the same tokens) is counted once.
   */
  function turns(b: TholianBoard, s: TholianState, o: TholianOptions, known = new Map<string, number>()): number {
    let n = 0;
    for (const { after } of wholeMoves(b, s, o)) {
      if (after.toMove !== s.toMove || after.result) {
        n++;
        continue;
      }
      const key = tholian.formatPosition(b, after);
      let count = known.get(key);
      if (count === undefined) known.set(key, (count = turns(b, after, o, known)));
      n += count;
    }
    return n;
  }

  // The engine's steps from the start are pinned in perft.json (the contract's perft, both
  // backends); Red's 131 whole moves are §12's first example.
  it("counts Red's whole first turns", () => {
    const o = opts();
    expect(turns(MAIN, tholian.initial(MAIN, 'standard', o), o)).toBe(902_487);
  });
});
