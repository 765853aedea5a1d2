/**
 * Tholian Go's rules in the reference engine (THOLIAN-GO.md): conformance with the independent
 * model's positions and games (main and football), the worked examples of §12 and the statements
 * of §2.3, every variant of §10, properties over random games, bad input, and pinned perft counts.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { NotationError, PositionError, UsageError, BoardError, IllegalMoveError } from '../reference/core/errors.js';
import { Rng } from '../reference/core/rng.js';
import { tholian, TholianBoard, type TholianMove, type TholianState } from '../reference/games/tholian/index.js';
import { boardNamed } from '../reference/games/tholian/boards.js';
import { blockedBetween } from '../reference/games/tholian/barriers.js';
import { DARK, LIGHT, type BoardData } from '../reference/games/tholian/board.js';
import { resolveOptions, type TholianOptions } from '../reference/games/tholian/options.js';
import { sequester } from '../reference/games/tholian/sequestration.js';
import { countTokens, rollFor } from '../reference/games/tholian/state.js';
import { chainCost, gapSteps, totalDistance } from '../reference/games/tholian/eval.js';
import { wholeMoves } from '../reference/games/tholian/whole-moves.js';
import { ReferenceEngine } from '../bindings/engine/reference-engine.js';

const dir = new URL('./fixtures/tholian/', import.meta.url).pathname;
const readJsonl = (name: string) =>
  gunzipSync(readFileSync(dir + name))
    .toString()
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));

const opts = (o: Record<string, unknown> = {}): TholianOptions => resolveOptions(o);
const MAIN = boardNamed('main');

function load(text: string): { b: TholianBoard; s: TholianState } {
  const parsed = tholian.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  tholian.checkState(parsed.value.topology, parsed.value.state);
  return { b: parsed.value.topology as TholianBoard, s: parsed.value.state };
}

/** A position of `variant` with only the listed tokens, `side` to move at the start of a turn. */
function position(red: string[], blue: string[], side: 'R' | 'B' = 'R', variant = 'main', budget = 'd1l2'): { b: TholianBoard; s: TholianState } {
  return load(`tholian ${variant} R:${red.join(',')} B:${blue.join(',')} ${side} ${budget} e0`);
}

const node = (b: TholianBoard, label: string) => {
  const n = b.cellOf(label);
  if (n < 0) throw new Error(`no node ${label}`);
  return n;
};

const tokensOf = (b: TholianBoard, s: TholianState, p: 1 | 2) =>
  [...s.cells.keys()].filter((n) => s.cells[n] === p).map((n) => b.labels[n]!).sort();

/** Plays a whole move's text step by step, as an engine does; throws on an illegal step. */
function play(b: TholianBoard, s: TholianState, text: string, o: TholianOptions = opts()): void {
  for (const token of tholian.splitMove!(text)) {
    const parsed = tholian.parseMove(b, token, s);
    if (!parsed.ok) throw parsed.error;
    const key = tholian.pack(parsed.value);
    const legal = tholian.legalMoves(b, s, o).find((m) => tholian.pack(m) === key);
    if (!legal) throw new Error(`illegal ${token} in ${tholian.formatPosition(b, s)}: ${tholian.explainIllegal(b, s, parsed.value, tholian.legalMoves(b, s, o), o)}`);
    tholian.apply(b, s, legal, o);
  }
}

const wholeTexts = (b: TholianBoard, s: TholianState, o = opts()) => wholeMoves(b, s, o).map((m) => m.text);

// ---------------------------------------------------------------- conformance

describe.each(['main', 'football'])('the independent model’s %s data', (variant) => {
  const positions = readJsonl(`tholian-${variant}-positions.jsonl.gz`);
  const games = readJsonl(`tholian-${variant}-games.jsonl.gz`);
  const o = opts({ variant });

  it(`lists every legal move of ${positions.length} positions, with the tokens and result after each`, () => {
    let moves = 0;
    for (const pos of positions) {
      const { b, s } = load(pos.position);
      expect(tholian.formatPosition(b, s)).toBe(pos.position);
      const ours = wholeMoves(b, s, o);
      expect(ours.map((m) => m.text).sort(), pos.position).toEqual(pos.legal.map((l: { move: string }) => l.move).sort());
      const byText = new Map(ours.map((m) => [m.text, m.after]));
      for (const l of pos.legal) {
        const after = byText.get(l.move)!;
        expect({ R: tokensOf(b, after, 1), B: tokensOf(b, after, 2) }, `${pos.position} ${l.move}`).toEqual(l.after);
        const result = after.result ? (after.result.winner === 0 ? 'draw' : after.result.winner === 1 ? 'R' : 'B') : null;
        expect(result, `${pos.position} ${l.move}`).toBe(l.terminal ? l.winner : null);
      }
      moves += pos.legal.length;
    }
    expect(moves).toBeGreaterThan(positions.length * 19);
  });

  it(`replays ${games.length} whole games to their results, every mover as recorded`, () => {
    for (const g of games) {
      const s = tholian.initial(MAIN, 'standard', o);
      for (const { p, move } of g.moves) {
        expect(s.toMove, `${g.seed}: ${move}`).toBe(p === 'R' ? 1 : 2);
        play(MAIN, s, move, o);
      }
      const winner = s.result ? (s.result.winner === 0 ? 'draw' : s.result.winner === 1 ? 'R' : 'B') : null;
      expect(winner, `game ${g.seed}`).toBe(g.result.winner);
      // A game stopped at the model's cap of 300 turns had just ended that turn.
      expect(s.turn - (winner === null ? 1 : 0), `game ${g.seed}`).toBe(g.result.turns);
    }
  });
});

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
    const hexagonOf = (d: string) => readJsonlBoard().nodes.find((x) => x.label === d)!.hexagon!.filter((l): l is string => l !== null);
    expect(hexagonOf('D2.2')).toHaveLength(6);
    expect(captures(hexagonOf('D2.2'), ['D2.2'], DARK)).toEqual([]);
    expect(captures(hexagonOf('D2.2').slice(1), ['D2.2'], DARK)).toEqual(['D2.2']);
    expect(captures(['L1.3', 'L1.4', 'L2.3', 'L2.4'], ['D1.3'], DARK)).toEqual([]);
    expect(captures(['L1.3', 'L1.4', 'L2.3'], ['D1.3'], DARK)).toEqual(['D1.3']);
    expect(captures(['L1.2', 'L2.1', 'L2.2'], ['D1.1'], DARK)).toEqual([]);
  });
  it('six dark around D3.3 take its six light nodes, five on an edge around D1.2, eight take ten', () => {
    const hexagon = MAIN.neighbours(node(MAIN, 'D3.3')).map((n) => MAIN.labels[n]!);
    const inside = readJsonlBoard().nodes.find((x) => x.label === 'D3.3')!.hexagon!.filter((l): l is string => l !== null);
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
      const around = (readJsonlBoard().nodes.find((x) => x.label === l)?.darkAround ?? []) as string[];
      return around.some((d) => d === 'D3.3' || d === 'D4.3') && around.every((d) => d === 'D3.3' || d === 'D4.3' || pair.has(d));
    });
    expect(ten).toHaveLength(10);
    expect(captures([...pair], ten, LIGHT)).toEqual([]);
  });
});

function readJsonlBoard(): { nodes: { label: string; darkAround?: string[]; hexagon?: (string | null)[] }[] } {
  return JSON.parse(readFileSync(new URL('../reference/games/tholian/boards/main.json', import.meta.url), 'utf8'));
}

// ---------------------------------------------------------------- variants (§10)

/** Plays seeded random steps until the game ends or `limit` steps; returns the steps' texts. */
function randomGame(b: TholianBoard, s: TholianState, o: TholianOptions, seed: number, limit = 4000, each?: (m: TholianMove, before: TholianState) => void): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < limit && !s.result; i++) {
    const legal = tholian.legalMoves(b, s, o);
    // Prefer moves to `end` so that games go somewhere (the model's 10% end policy, roughly).
    const moves = legal.length > 1 && rng.below(10) > 0 ? legal.filter((m) => m.kind !== 'end') : legal;
    const m = moves[rng.below(moves.length)]!;
    const before = tholian.cloneState(s);
    each?.(m, before);
    tholian.apply(b, s, m, o);
    out.push(tholian.formatMove(b, m));
  }
  return out;
}

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
  /** A shortest chain from L1.1 to a top endpoint, by breadth-first search over the light web. */
  function shortestChain(): string[] {
    const from = node(MAIN, 'L1.1');
    const back = new Map<number, number>([[from, -1]]);
    const queue = [from];
    for (const n of queue) {
      if (MAIN.chainTop.includes(n)) {
        const out: string[] = [];
        for (let at = n; at >= 0; at = back.get(at)!) out.unshift(MAIN.labels[at]!);
        return out;
      }
      for (const m of MAIN.neighbours(n)) if (!back.has(m)) (back.set(m, n), queue.push(m));
    }
    throw new Error('no chain');
  }
  it('a Red move completing a 14-token chain wins; an opposing barrier across it breaks it', () => {
    const chain = shortestChain();
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
  it("the evaluation draws a spare token towards the chain's gap, a step at a time", () => {
    const chain = shortestChain();
    // The gap L1.5 (level 8) is walled in by the chain: the spare on L4.6 is 4 steps from it,
    // round either side of L3.5 or L3.6.
    expect(chain).toContain('L1.5');
    const red = [...chain.filter((l) => l !== 'L1.5'), 'L4.6', 'D6.1'];
    const { b, s } = position(red, ['D6.6'], 'R', 'chain');
    expect(chainCost(b, s.cells, 1)).toBe(1);
    expect(gapSteps(b, s.cells, 1)).toBe(4);
    // Blue has no light token: each of the 14 gaps of its chain lacks a spare.
    expect(gapSteps(b, s.cells, 2)).toBe(14 * 30);
    const weights = tholian.evaluation.terms.map((t) => t.weight);
    const term = tholian.evaluation.terms.findIndex((t) => t.name === 'spares');
    const without = weights.map((w, i) => (i === term ? 0 : w));
    // Light tokens 14 to 0, Blue's 14 missing against Red's 1, 13 levels held, 420 steps against 4.
    expect(tholian.evaluate(b, s, weights)).toBe(100 * 14 + 100 * 13 + 40 * 13 + 15 * (420 - 4));
    const before = tholian.evaluate(b, s, weights);
    const beforeWithout = tholian.evaluate(b, s, without);
    // A step to L4.5 is one closer; levels 10 and 9 stay held by the chain, so nothing else changes.
    play(b, s, 'L4.6>L4.5', o);
    expect(gapSteps(b, s.cells, 1)).toBe(3);
    expect(tholian.evaluate(b, s, weights)).toBe(before + 15);
    expect(tholian.evaluate(b, s, without)).toBe(beforeWithout);
    // A spare a gap: L3.1 is the nearest to both gaps (2 steps to L2.2, 4 to L1.3), but only one
    // gets it and L6.1 fills the other (5 steps to L2.2, 7 to L1.3): 2 + 7 = 4 + 5 = 9 steps.
    const two = position([...chain.filter((l) => l !== 'L2.2' && l !== 'L1.3'), 'L3.1', 'L6.1', 'D6.1'], ['D6.6'], 'R', 'chain');
    expect(chainCost(two.b, two.s.cells, 1)).toBe(2);
    expect(gapSteps(two.b, two.s.cells, 1)).toBe(9);
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
  it('a seeded game replays exactly from its record', () => {
    const play1 = tholian.initial(MAIN, 'standard', o);
    const steps = randomGame(MAIN, play1, o, 3, 600);
    const engine = new ReferenceEngine(tholian, { options: { variant: 'oracle', seed: 11 } });
    for (const step of steps) engine.play(engine.parseMove(step));
    const replay = new ReferenceEngine(tholian, {});
    replay.loadRecord(engine.record());
    expect(replay.position()).toBe(tholian.formatPosition(MAIN, play1));
    expect(engine.record()).toContain('variant=oracle');
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

describe('String Push Limit (§6) and the sequestration options (§7)', () => {
  it('a string with two opposing tokens needs two of the pusher’s own', () => {
    const lone = position(['L4.2'], ['L5.2', 'L6.2']);
    expect(wholeTexts(lone.b, lone.s)).toContain('L4.2>L5.2>L6.2>L7.2');
    expect(wholeTexts(lone.b, lone.s, opts({ pushLimit: true }))).not.toContain('L4.2>L5.2>L6.2>L7.2');
    const backed = position(['L3.2', 'L4.2'], ['L5.2', 'L6.2']);
    expect(wholeTexts(backed.b, backed.s, opts({ pushLimit: true }))).toContain('L3.2>L4.2>L5.2>L6.2>L7.2');
  });
  it("'full' spares an area with an empty node; 'ends-open' spares an area on an end row", () => {
    const hexagon = readJsonlBoard().nodes.find((x) => x.label === 'D3.3')!.hexagon!.filter((l): l is string => l !== null);
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

describe("the evaluation at alpha-beta's leaves and the MCTS cut-off", () => {
  const weights = tholian.evaluation.terms.map((t) => t.weight);
  const only = (...names: string[]) => tholian.evaluation.terms.map((t) => (names.includes(t.name) ? t.weight : 0));
  // Red's start less L4.2, with a light token a step from its target L7.7; Blue has one dark token.
  const red = tokensOf(MAIN, tholian.initial(MAIN, 'standard', opts()), 1).filter((l) => l !== 'L4.2');

  it('counts a transformation as a dark token gained for a light one, and with dice the step it took', () => {
    for (const variant of ['main', 'lucky']) {
      const o = opts({ variant });
      const { b, s } = position([...red, 'L8.7'], ['D1.6'], 'R', variant);
      expect(tholian.evaluate(b, s, only('light', 'dark', 'goal'))).toBe(100 * 14 + 150 * (6 - 1));
      const before = tholian.evaluate(b, s, weights);
      play(b, s, 'L8.7>L7.7', o);
      expect(countTokens(b, s.cells, 1, DARK)).toBe(7);
      // Without dice tokens alone count (the contempt for draws moves the search on).
      expect(tholian.evaluate(b, s, weights)).toBe(before - 100 + 150);
    }
    // With dice the transformed token's last step also leaves the sum of the steps to go.
    const o = opts({ variant: 'oracle' });
    const { b, s } = load(`tholian oracle R:${[...red, 'L8.7'].join(',')} B:D1.6 R d1l2 e0 t1 ra/xz`);
    const before = tholian.evaluate(b, s, weights);
    play(b, s, 'L8.7>L7.7', o);
    expect(countTokens(b, s.cells, 1, DARK)).toBe(7);
    expect(tholian.evaluate(b, s, weights)).toBe(before - 100 + 150 + 2 * 1);
  });

  it("counts the nearest token's way to the target only where reaching it wins (Football, Scrimmage), and every token's steps there and with dice", () => {
    for (const variant of ['main', 'ultimate', 'lucky', 'chain', 'football', 'scrimmage', 'oracle']) {
      const { b, s } = load(`tholian ${variant} R:${[...red, 'L8.7'].join(',')} B:D1.6 R d1l2 e0${variant === 'oracle' ? ' t1 ra/xz' : ''}`);
      const touchdown = variant === 'football' || variant === 'scrimmage';
      // Blue has no light token (30 steps at most, none to add up); Red's nearest is a step away.
      expect(tholian.evaluate(b, s, only('goal')), variant).toBe(touchdown ? 20 * (30 - 1) : 0);
      expect(totalDistance(b, s.cells, 1)).toBeGreaterThan(14);
      expect(tholian.evaluate(b, s, only('advance')), variant).toBe(touchdown || variant === 'oracle' ? -2 * totalDistance(b, s.cells, 1) : 0);
    }
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

  it('play and undo restore the position, and a whole move given as one token is undone step by step', () => {
    const e = new ReferenceEngine(tholian, {});
    const start = e.position();
    e.play('end');
    e.play('end');
    expect(e.outcome()?.reason).toBe('emptyTurns');
    const drawn = e.position();
    e.load(drawn);
    expect(e.position()).toBe(drawn);
    e.load(start);
    e.play('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
    expect(e.history()).toHaveLength(6);
    expect(e.record()).toContain('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
    for (let i = 0; i < 6; i++) e.undo();
    expect(e.position()).toBe(start);
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

  it('refuses illegal steps with the reason, and a whole move whose later step is illegal plays none of it', () => {
    const e = new ReferenceEngine(tholian, {});
    const before = e.position();
    expect(() => e.play('D1.1>D1.3')).toThrow(IllegalMoveError);
    expect(() => e.play('L1.7>L2.7')).toThrow(/no Red token/);
    expect(() => e.play('D1.1>D2.1>D3.1')).toThrow(IllegalMoveError);
    expect(() => e.play('D1.1>Q5')).toThrow(NotationError);
    expect(() => e.play('>D1.2')).toThrow(/no push is being built/);
    expect(e.position()).toBe(before);
    expect(e.history()).toEqual([]);
    e.play('D1.1>D2.1');
    expect(() => e.play('end')).toThrow(/push is being built/);
  });

  it('refuses bad options and bad board data', () => {
    expect(() => resolveOptions({ variant: 'go' })).toThrow(UsageError);
    expect(() => resolveOptions({ seed: -1 })).toThrow(UsageError);
    expect(() => resolveOptions({ colour: 'red' })).toThrow(UsageError);
    const data = readJsonlBoard() as unknown as BoardData;
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

describe('perft from the start, pinned', () => {
  /** Whole turns: every sequence of whole moves from a turn's start to the next turn. */
  function turns(b: TholianBoard, s: TholianState, o: TholianOptions): number {
    let n = 0;
    for (const m of wholeMoves(b, s, o)) {
      if (m.after.toMove !== s.toMove || m.after.result) n++;
      else n += turns(b, m.after, o);
    }
    return n;
  }
  function steps(b: TholianBoard, s: TholianState, o: TholianOptions, depth: number): number {
    if (depth === 0) return 1;
    let n = 0;
    for (const m of tholian.legalMoves(b, s, o)) {
      const next = tholian.cloneState(s);
      tholian.apply(b, next, m, o);
      n += steps(b, next, o, depth - 1);
    }
    return n;
  }
  it('counts single moves, engine steps and whole first turns', () => {
    const o = opts();
    const s = tholian.initial(MAIN, 'standard', o);
    expect(wholeMoves(MAIN, s, o)).toHaveLength(131);
    expect([1, 2, 3].map((d) => steps(MAIN, s, o, d))).toEqual(PINNED_STEPS);
    expect(turns(MAIN, s, o)).toBe(PINNED_TURNS);
  });
});
const PINNED_STEPS = [54, 963, 12783];
const PINNED_TURNS = 902_487;
