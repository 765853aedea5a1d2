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
