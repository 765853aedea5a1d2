// Alpha-beta as a layer: a small arena, decided games seen as such, win probabilities and the
// agent's spec. The same values in both backends and the exact depth-limited minimax value, for
// every game, are test/contract/search.test.ts.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { formatAgent, parseAgent } from '../../bindings/agents/agents.js';
import { levelSearch } from '../../bindings/agents/levels.js';
import { winProbability } from '../../bindings/engine/alphabeta.js';
import { UsageError } from '../../reference/core/errors.js';
import { WIN } from '../../reference/search/alphabeta.js';

describe('alpha-beta on a small arena', () => {
  it('says the arena is too small for a huge board, and the game goes on', async () => {
    const e = await createEngine({ board: 'hexhex(20)', arenaMB: 1 });
    await expect(e.search({ algorithm: 'alphabeta', depth: 2 })).rejects.toThrow(/alpha-beta needs more than the 1 MB search arena on hexhex\(20\)/);
    const first = e.legalMoves()[0]!;
    e.play(first);
    expect(e.history()).toHaveLength(1);
    const small = await createEngine({ board: 'hexhex(12)', arenaMB: 1 });
    expect((await small.search({ algorithm: 'alphabeta', depth: 2 })).depth).toBe(2);
  });
});

describe('the searches see how games end', () => {
  it('pass to end a Throngs game they lead (the "all passed" rule)', async () => {
    // Black's block began with a pass and weighed 1: White's pass now ends the game, 2-1 for White.
    const position = 'throngs ragged63 b:e3 w:d6,h7 w1 ac:-1,-1 pb:1p cb:0';
    for (const backend of ['wasm', 'reference'] as const) {
      const e = await createEngine({ backend, position });
      const r = await e.search({ algorithm: 'alphabeta', depth: 2 });
      expect(r.move.kind).toBe('pass');
      expect(r.score).toBeGreaterThan(WIN / 200);
      expect(r.value).toBe(1);
      // The tree search sees the same ending, at the lowest levels too.
      for (const iterations of [30, 600, 5000]) {
        const m = await e.search({ iterations, seed: iterations });
        expect(m.move.kind).toBe('pass');
      }
    }
  });

  it('maps values to win probabilities', () => {
    expect(winProbability(0)).toBe(0.5);
    expect(winProbability(400)).toBeCloseTo(0.75);
    expect(winProbability(-400)).toBeCloseTo(0.25);
    expect(winProbability(WIN + 300)).toBe(1);
    expect(winProbability(-WIN)).toBe(0);
  });
});

describe('alpha-beta agents', () => {
  it('parses and prints budgets and weights', () => {
    for (const text of ['alphabeta:1000ms', 'alphabeta:50000it', 'alphabeta:3d', 'alphabeta-ref:200ms', 'alphabeta:200ms,w=100/6/2/10/300/0']) {
      expect(formatAgent(parseAgent(text))).toBe(text);
    }
    expect(() => parseAgent('alphabeta:0ms')).toThrow(UsageError);
    expect(() => parseAgent('alphabeta:fast')).toThrow(/unknown agent/);
  });

  it('gives a timed level another time a move, and refuses it to the others', () => {
    for (const text of ['level:8,ms=8000', 'level:6,ms=1000', 'level:7,ms=1600,workers=2']) expect(formatAgent(parseAgent(text))).toBe(text);
    expect(parseAgent('level:8,ms=8000')).toEqual({ kind: 'level', level: 8, timeMs: 8000 });
    expect(levelSearch(8, {}, 8000)).toEqual({ ...levelSearch(8, {}), timeMs: 8000 });
    expect(() => parseAgent('level:3,ms=100')).toThrow(/ms= is for the levels that search by time \(6, 7, 8\)/);
    expect(() => parseAgent('level:8,ms=0')).toThrow(/1 to 600000 milliseconds/);
    expect(() => parseAgent('level:8,workers=2,ms=10')).toThrow(/unknown agent/);
  });
});
