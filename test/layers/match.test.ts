/** Agents, levels and matches (small ones: strength itself is measured by the ladder, docs/ladder.md). */
import { describe, expect, it } from 'vitest';
import { formatAgent, greedyMove, parseAgent } from '../../bindings/agents/agents.js';
import { LEVELS, levelSearch } from '../../bindings/agents/levels.js';
import { mergeSummary, runMatch, summarise, summariseCounts, type GameResult } from '../../bindings/agents/match.js';
import { liveTest } from '../../bindings/agents/progress.js';
import { pentanomial, sprt } from '../../bindings/agents/sprt.js';
import { describeMatch } from '../../bindings/cli/commands/match.js';
import { main } from '../../bindings/cli/cli.js';
import { gameRules } from '../../bindings/games/registry.js';
import { Rng } from '../../reference/core/rng.js';
import { BOARD_KINDS, engine, randomMoves } from '../games/throngs/helpers.js';
import { vi } from 'vitest';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEngine } from '../../bindings/index.js';
import type { ResultLine } from '../../bindings/agents/results-log.js';

describe('agents', () => {
  it('parses every agent form and prints it back', () => {
    for (const text of ['random', 'greedy', 'mcts:200ms', 'mcts:50it', 'mcts-ref:1000ms', 'mcts-ref:30it', 'level:1', 'level:8', 'mcts:100ms,cutoff=2,c=0.3,scale=8,bias=50']) {
      expect(formatAgent(parseAgent(text))).toBe(text);
    }
    expect(parseAgent('mcts:100ms,cutoff=2')).toEqual({ kind: 'mcts', backend: 'wasm', timeMs: 100, settings: { cutoff: 2 } });
    for (const bad of ['', 'alphazero', 'mcts', 'mcts:0ms', 'mcts:5s', 'level:9', 'level:0', 'mcts:5it,depth=3']) {
      expect(() => parseAgent(bad), bad).toThrow(/agent/);
    }
  });

  it('greedy takes a move with the best score margin for the mover', async () => {
    for (let seed = 0; seed < 10; seed++) {
      const e = randomMoves(await engine('wasm'), seed, 20 + seed * 3);
      if (e.outcome()) continue;
      const me = e.toMove();
      const margin = (): number => {
        const [s1, s2] = e.scores();
        return me === 1 ? s1 - s2 : s2 - s1;
      };
      const chosen = greedyMove(e, new Rng(seed));
      const values = e.legalMoves().map((m) => {
        e.play(m);
        const o = e.outcome();
        const v = o ? (o.winner === me ? 1e6 : o.winner === 0 ? 0 : -1e6) + margin() : margin();
        e.undo();
        return v;
      });
      e.play(chosen);
      const o = e.outcome();
      const mine = o ? (o.winner === me ? 1e6 : o.winner === 0 ? 0 : -1e6) + margin() : margin();
      expect(mine).toBe(Math.max(...values));
    }
  });

  it('levels 1 to 8 exist, grow in budget, and level 8 answers in about two seconds', async () => {
    const e = await engine('wasm');
    const budgets = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => levelSearch(n, e.rules));
    expect(Object.keys(LEVELS)).toHaveLength(8);
    for (const b of budgets) expect(b.iterations !== undefined || b.timeMs !== undefined).toBe(true);
    expect(budgets[7]!.timeMs).toBeLessThanOrEqual(2000);
    expect(() => levelSearch(9, e.rules)).toThrow(RangeError);
    for (const level of [1, 2, 3, 4]) {
      const r = await e.search({ ...levelSearch(level, e.rules), seed: level });
      expect(e.isLegal(r.move)).toBe(true);
    }
  });

  it("a game's own settings for levels 1 to 5 replace the first ladder's there and nowhere else", () => {
    const own = { heuristic: 1, cutoff: 0, expandAfter: 1 } as const;
    for (const level of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const plain = levelSearch(level, {});
      const mine = levelSearch(level, { levelSettings: own });
      // The budget is the level's in every game; only the low levels' settings move.
      expect({ ...mine, settings: undefined }).toEqual({ ...plain, settings: undefined });
      if (level <= 5) {
        expect(plain.settings).toMatchObject({ heuristic: 0, widen: 0, implicit: 0, contempt: 0 });
        expect(mine.settings).toEqual({ ...plain.settings, ...own });
      } else {
        expect(mine).toBe(plain);
      }
    }
    // A game without its own keeps the measured levels: Throngs, Refugia and Populace.
    for (const game of ['throngs', 'refugia', 'populace']) expect(gameRules(game).levelSettings).toBeUndefined();
  });
});

describe('matches', () => {
  it('summarises with a Wilson interval and an Elo difference', () => {
    const results = (scores: number[]): GameResult[] => scores.map((scoreA, index) => ({ index, scoreA, plies: 10, reason: 'allPassed', scores: [0, 0] }));
    const even = summarise(results([1, 0, 1, 0, 0.5, 0.5]));
    expect([even.games, even.winsA, even.winsB, even.draws, even.winRateA, even.eloDiff]).toEqual([6, 2, 2, 2, 0.5, 0]);
    const sweep = summarise(results(Array(10).fill(1)));
    expect(sweep.winRateA).toBe(1);
    expect(sweep.interval95[0]).toBeGreaterThan(0.69);
    expect(sweep.interval95[0]).toBeLessThan(0.73);
    expect(sweep.eloDiff).toBeGreaterThan(400);
    expect(Number.isFinite(sweep.eloDiff)).toBe(true);
    const loss = summarise(results([0, 0, 0, 1]));
    expect(loss.eloDiff).toBeLessThan(0);
    expect(loss.eloInterval95[0]).toBeLessThan(loss.eloDiff);
  });

  it('plays pairs with colours swapped; worker threads play the same games', async () => {
    const options = { a: 'greedy', b: 'random', games: 4, game: { board: 'hexhex(4)' }, seed: 3 };
    const one = await runMatch({ ...options, threads: 1 });
    const two = await runMatch({ ...options, threads: 2 });
    expect(two.results).toEqual(one.results);
    expect(one.results.map((r) => r.index)).toEqual([0, 1, 2, 3]);
    const s = one.summary;
    expect(s.winsA + s.winsB + s.draws).toBe(4);
    // Each game really ended, by the rules.
    for (const r of one.results) expect(['allPassed', 'scoreThreshold']).toContain(r.reason);
    // Topping up a match plays exactly the games it lacks.
    const tail = await runMatch({ ...options, threads: 1, firstGame: 2 });
    expect(tail.results).toEqual(one.results.slice(2));
    expect(tail.summary.games).toBe(2);
    await expect(runMatch({ ...options, threads: 1, firstGame: 4 })).rejects.toThrow(/firstGame/);
    // ...and the saved summary plus the top-up's games summarise to the whole match.
    const head = summarise(one.results.slice(0, 2));
    expect(mergeSummary(head, tail.results)).toEqual(s);
    expect(Object.values(s.lossesOfA ?? {}).reduce((n, k) => n + k, 0)).toBe(s.winsB);
    // A summary saved without how its losses ended cannot say how the whole match's did...
    const { lossesOfA: _, ...counts } = head;
    const lost = { ...counts, winsB: counts.winsB + 1, games: counts.games + 1 };
    expect(mergeSummary(lost, tail.results).lossesOfA).toBeUndefined();
    // ...but one without losses can.
    const won = { ...counts, winsA: 2, winsB: 0, draws: 0 };
    expect(mergeSummary(won, tail.results).lossesOfA).toEqual(summarise(tail.results).lossesOfA);
  });

  it('a resumed match adds up how A lost in both parts', () => {
    const game = (index: number, scoreA: number, reason: string): GameResult => ({ index, scoreA, plies: 100 + index, reason, scores: [0, 0] });
    const all = [game(0, 0, 'tokens'), game(1, 1, 'tokens'), game(2, 0, 'moveLimit'), game(3, 0, 'tokens'), game(4, 0.5, 'moveLimit')];
    const merged = mergeSummary(summarise(all.slice(0, 3)), all.slice(3));
    expect(merged).toEqual(summarise(all));
    expect(merged.lossesOfA).toEqual({ tokens: 2, moveLimit: 1 });
  });

  it('--openings: each pair starts from its own random plies, so deterministic agents meet varied games', async () => {
    const options = { a: 'alphabeta:1d', b: 'alphabeta:2d', games: 6, game: { board: 'hexhex(4)' }, seed: 9, threads: 1 };
    const plain = await runMatch(options);
    const strip = (r: { plies: number; scores: readonly number[]; scoreA: number }): string => JSON.stringify([r.plies, r.scores, r.scoreA]);
    // Without openings every pair replays the same two games.
    expect(strip(plain.results[2]!)).toBe(strip(plain.results[0]!));
    expect(strip(plain.results[4]!)).toBe(strip(plain.results[0]!));
    const opened = await runMatch({ ...options, openingPlies: 3 });
    expect(new Set(opened.results.map(strip)).size).toBeGreaterThan(2);
    for (const r of opened.results) expect(r.plies).toBeGreaterThanOrEqual(3);
  });

  it('--sprt stops the match once the test over game pairs decides, with the cap kept and bad bounds refused first', async () => {
    const options = { a: 'greedy', b: 'random', games: 200, game: { board: 'hexhex(4)' }, seed: 5, sprt: { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 } };
    for (const threads of [1, 2]) {
      const { results, sprt: test } = await runMatch({ ...options, threads });
      expect(test?.decision, `threads ${threads}`).toBe('H1');
      expect(test!.llr).toBeGreaterThanOrEqual(test!.limits[1]);
      // Far fewer games than the cap: no game started once a pair decided it (those under way finish,
      // outside the test: a game in flight, and one of its pair that had finished before).
      expect(results.length).toBeLessThan(40);
      expect(results.length - 2 * test!.pairs).toBe(test!.gamesAfterDecision ?? 0);
      expect(results.length - 2 * test!.pairs).toBeLessThanOrEqual(2 * (threads - 1));
      expect(test!.pentanomial.reduce((a, b) => a + b, 0)).toBe(test!.pairs);
    }
    // An undecided test plays the whole cap.
    const capped = await runMatch({ ...options, games: 4, threads: 1 });
    expect(capped.results.length).toBe(4);
    expect(capped.sprt?.decision).toBeNull();
    await expect(runMatch({ ...options, threads: 1, sprt: { elo0: 10, elo1: 5, alpha: 0.05, beta: 0.05 } })).rejects.toThrow(/elo1/);
  });

  it('a resumed match counts its earlier games in the SPRT: the same verdict as one run, no game played twice', async () => {
    const options = { a: 'greedy', b: 'random', games: 200, game: { board: 'hexhex(4)' }, seed: 5, threads: 1, sprt: { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 } };
    const whole = await runMatch(options);
    const cut = 6;
    const earlier = whole.results.slice(0, cut);
    const rest = await runMatch({ ...options, firstGame: cut, earlier });
    expect(rest.results[0]!.index).toBe(cut);
    expect([...earlier, ...rest.results].map((r) => r.scoreA)).toEqual(whole.results.map((r) => r.scoreA));
    expect(rest.sprt).toEqual(whole.sprt);
  });

  it('throngs match --results writes one JSON line a game, with what it takes to replay it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'throngs-results-')), 'games.jsonl');
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const suite = 'bindings/games/refugia/openings/refugia-hex3-4.txt';
      expect(await main(['match', '--game', 'refugia', '--a', 'greedy', '--b', 'random', '--games', '4', '--threads', '2', '--openings-file', suite, '--results', file])).toBe(0);
      // A match refused before it plays leaves no file.
      const never = `${file}.never`;
      expect(await main(['match', '--a', 'greedy', '--b', 'nobody', '--games', '2', '--results', never])).not.toBe(0);
      expect(existsSync(never)).toBe(false);
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
    const lines = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as ResultLine);
    expect(lines.map((l) => l.index).sort()).toEqual([0, 1, 2, 3]);
    for (const l of lines) {
      expect(l.pair).toBe(l.index >> 1);
      expect(l.aIsBlack).toBe(l.index % 2 === 0);
      expect(l.game.game).toBe('refugia');
      const e = await createEngine({ backend: 'wasm', ...l.game });
      e.loadRecord(l.record!);
      expect(e.scores()).toEqual(l.scores);
      expect(e.outcome() !== null || l.reason !== 'moveLimit').toBe(true);
    }
    // Both games of a pair start from one suite position, with colours swapped.
    expect(lines.find((l) => l.index === 0)!.game.position).toBe(lines.find((l) => l.index === 1)!.game.position);
  });

  it('throngs match --sprt prints the LLR, its bounds, the verdict, the Elo interval and the pentanomial counts', async () => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    let live = '';
    const err = vi.spyOn(process.stderr, 'write').mockImplementation((t) => ((live += String(t)), true));
    try {
      expect(await main(['match', '--a', 'greedy', '--b', 'random', '--games', '100', '--board', 'hexhex(4)', '--threads', '1', '--sprt', 'elo0=0,elo1=100'])).toBe(0);
      expect(out).toMatch(/SPRT elo0=0 elo1=100 alpha=0\.05 beta=0\.05: LLR \d+\.\d\d \(bounds -2\.94, 2\.94\), accepted elo1/);
      expect(out).toMatch(/over \d+ pairs; pentanomial \[\d+, \d+, \d+, \d+, \d+\]/);
      // The live line follows the score, the Elo interval and the LLR, and says when the test decided.
      // (In words once A has won every game: that Elo has no upper bound.)
      expect(live).toMatch(/\d+\/100  A \d+  B \d+  draws \d+  Elo (?:[+-][\d.]+ \[[-+\d.]+, [-+\d.]+\]|≥ [-+\d.]+ \(every point A's\))  LLR [-\d.]+ \(-2\.94, 2\.94\) accepted elo1/);
      out = '';
      expect(await main(['match', '--a', 'greedy', '--b', 'random', '--games', '4', '--sprt', 'elo0=0,elo1=oops'])).not.toBe(0);
      expect(out).toBe('');
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
  });

  it('throngs match --json prints the result fields', async () => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['match', '--a', 'random', '--b', 'mcts:20it,cutoff=2', '--games', '2', '--board', 'hexhex(3)', '--threads', '1', '--sprt', 'elo0=0,elo1=100', '--json'])).toBe(0);
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
    const result = JSON.parse(out.trim().split('\n').at(-1)!);
    for (const key of ['games', 'winsA', 'winsB', 'draws', 'winRateA', 'eloDiff']) expect(result).toHaveProperty(key);
    expect(result.games).toBe(2);
    // With an SPRT the test's own count and the games outside it are both in the JSON.
    expect(result.sprt.pairs).toBe(1);
    expect(result.sprt.gamesAfterDecision).toBe(0);
  });

  it('prints an Elo with no bound in words, never the stand-in the summary stores', () => {
    const twoNil = describeMatch('a', 'b', summariseCounts({ winsA: 2, winsB: 0, draws: 0, plies: 20 }));
    expect(twoNil).toMatch(/^A - B: Elo with no upper bound \(A scored every point\): at least -113\.4 at 95% confidence; 10 moves a game$/m);
    expect(twoNil).not.toContain('190.8');
    const nilTwo = describeMatch('a', 'b', summariseCounts({ winsA: 0, winsB: 2, draws: 0, plies: 20 }));
    expect(nilTwo).toMatch(/^A - B: Elo with no lower bound \(B scored every point\): at most \+113\.4 at 95% confidence;/m);
    expect(describeMatch('a', 'b', summariseCounts({ winsA: 3, winsB: 1, draws: 2, plies: 60 }))).toMatch(/^A - B: Elo \+\d+\.\d \(95% interval -\d+\.\d to \+\d+\.\d\); 10 moves a game$/m);
  });

  it('the live line keeps the SPRT state it decided on, whatever the games under way then add', () => {
    const bounds = { elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05 };
    const state = liveTest(bounds);
    const games: Array<{ index: number; scoreA: number }> = [];
    let decidedAt = -1;
    for (let pair = 0; pair < 50 && decidedAt < 0; pair++) {
      games.push({ index: 2 * pair, scoreA: 1 }, { index: 2 * pair + 1, scoreA: 1 });
      const now = state(games);
      // Until it decides, the line's state is the test over the games so far.
      expect(now).toEqual(sprt(bounds, pentanomial(games)));
      if (now!.decision) decidedAt = pair;
    }
    expect(decidedAt).toBeGreaterThan(0);
    const atDecision = state(games);
    expect(atDecision!.decision).toBe('H1');
    // Pairs lost 0-2 after the decision would pull the test back; the line does not follow them.
    for (let pair = decidedAt + 1; pair < decidedAt + 6; pair++) games.push({ index: 2 * pair, scoreA: 0 }, { index: 2 * pair + 1, scoreA: 0 });
    expect(sprt(bounds, pentanomial(games)).decision).not.toBe('H1');
    expect(state(games)).toBe(atDecision);
    expect(liveTest(undefined)(games)).toBeNull();
  });
});

describe('the AI on every board kind', () => {
  // Sensible play, not just legal: a small search never loses to a random player, with either
  // colour, and wins the pair (tiny boards with an even number of sites can end in a draw).
  it.each(BOARD_KINDS)('a 300-iteration search beats random on %s', async (board) => {
    const { results, summary } = await runMatch({ a: 'mcts:300it', b: 'random', games: 2, threads: 1, game: { board }, seed: 11 });
    for (const r of results) {
      expect(r.scoreA).toBeGreaterThanOrEqual(0.5);
      expect(r.reason).not.toBe('moveLimit');
    }
    expect(summary.winRateA).toBeGreaterThan(0.5);
  });
});

describe('matches of Refugia', () => {
  it('the search beats random play on hex3-4, on two threads like one', async () => {
    const options = { a: 'mcts:300it', b: 'random', games: 6, seed: 3, game: { game: 'refugia', board: 'hex3-4' } } as const;
    const two = await runMatch({ ...options, threads: 2 });
    const one = await runMatch({ ...options, threads: 1 });
    expect(two.results.map((r) => r.scoreA)).toEqual(one.results.map((r) => r.scoreA));
    expect(two.summary.winsA).toBeGreaterThanOrEqual(5);
    expect(two.results.every((r) => r.reason === 'twoPasses')).toBe(true);
  });

  it('throngs match --game refugia plays on the default Refugia board', async () => {
    let out = '';
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      expect(await main(['match', '--game', 'refugia', '--a', 'greedy', '--b', 'random', '--games', '2', '--threads', '1', '--json'])).toBe(0);
    } finally {
      spy.mockRestore();
      err.mockRestore();
    }
    const summary = JSON.parse(out) as { games: number; winsA: number };
    expect(summary.games).toBe(2);
  });
});
