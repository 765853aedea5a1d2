/** Match adjudication: the rule's parsing, its streak, and real matches that end early. */
import { describe, expect, it, vi } from 'vitest';
import { Adjudicator, parseAdjudication } from '../../bindings/agents/adjudication.js';
import { runMatch } from '../../bindings/agents/match.js';
import { main } from '../../bindings/cli/cli.js';

describe('adjudication', () => {
  it('parses a threshold and a number of decisions, and rejects anything else', () => {
    expect(parseAdjudication('0.05,12')).toEqual({ threshold: 0.05, plies: 12 });
    expect(parseAdjudication(' .1 , 4 ')).toEqual({ threshold: 0.1, plies: 4 });
    for (const bad of ['', '0.05', '0.5,4', '0,4', '1.2,4', '0.05,1', '0.05,x', '-0.1,4', '0.05,4,2']) {
      expect(() => parseAdjudication(bad), bad).toThrow(/adjudication/);
    }
  });

  it('decides only after a streak in which both sides agree with each other and with the score', () => {
    const a = new Adjudicator({ threshold: 0.1, plies: 4 });
    // Seat 1 is sure it wins, seat 2 sure it loses, seat 1 leads on points.
    expect(a.decided(1, 0.95, 1)).toBe(0);
    expect(a.decided(2, 0.05, 1)).toBe(0);
    expect(a.decided(1, 0.92, 1)).toBe(0);
    expect(a.decided(2, 0.02, 1)).toBe(1);
    // One doubting judgement starts the count again.
    const b = new Adjudicator({ threshold: 0.1, plies: 3 });
    b.decided(1, 0.95, 1);
    b.decided(2, 0.05, 1);
    expect(b.decided(1, 0.6, 1)).toBe(0);
    expect(b.decided(2, 0.05, 1)).toBe(0);
    expect(b.decided(1, 0.95, 1)).toBe(0);
    expect(b.decided(2, 0.05, 1)).toBe(1);
    // The score leader must be the side both searches name; an agent without a search never agrees.
    const c = new Adjudicator({ threshold: 0.1, plies: 2 });
    c.decided(1, 0.95, 2);
    expect(c.decided(2, 0.05, 2)).toBe(0);
    expect(c.decided(1, 0.95, 1)).toBe(0);
    expect(c.decided(2, undefined, 1)).toBe(0);
    expect(c.decided(1, 0.95, 1)).toBe(0);
    // A streak of one side's own decisions (Throngs' double move) waits for the other side's.
    const d = new Adjudicator({ threshold: 0.1, plies: 2 });
    expect(d.decided(2, 0.97, 2)).toBe(0);
    expect(d.decided(2, 0.97, 2)).toBe(0);
    expect(d.decided(1, 0.01, 2)).toBe(2);
  });

  it('ends Populace games early with the result of playing them out, and never without a rule', async () => {
    const options = { a: 'mcts:2000it', b: 'mcts:50it', games: 4, threads: 1, seed: 2, game: { game: 'populace', board: 'hexhex(4)' } } as const;
    const full = await runMatch(options);
    const judged = await runMatch({ ...options, adjudication: { threshold: 0.1, plies: 6 } });
    expect(full.results.some((r) => r.reason === 'adjudicated')).toBe(false);
    const early = judged.results.filter((r) => r.reason === 'adjudicated');
    expect(early.length).toBeGreaterThan(0);
    for (const r of early) {
      const played = full.results[r.index]!;
      expect(r.plies).toBeLessThan(played.plies);
      // The same game played out to its end has the winner the adjudication named.
      expect(r.scoreA).toBe(played.scoreA);
    }
  });

  it('throngs match rejects a malformed --adjudicate before playing', async () => {
    let err = '';
    const spy = vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    try {
      expect(await main(['match', '--a', 'mcts:20it', '--b', 'mcts:20it', '--games', '2', '--adjudicate', '0.7,3'])).not.toBe(0);
    } finally {
      spy.mockRestore();
    }
    expect(err).toMatch(/adjudication '0.7,3'/);
  });
});
