/**
 * The strength ladder's steps: when a saved step is finished (its SPRT decided, the cap reached,
 * or an entry saved before the ladder kept its games), how a step resumes (its games passed to
 * the SPRT, the next game first), the table's rows with and without an SPRT, the live line; and
 * a real step, greedy against random on a small board, which stops at the SPRT's verdict, and
 * stopped part way resumes to the same verdict. Every file is written to a temporary directory.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runMatch, type GameFacts, type MatchOptions } from '../../bindings/agents/match.js';
import { makeSuite, suitePath } from '../../bindings/agents/openings.js';
import { liveLine } from '../../bindings/agents/progress.js';
import { eloOf, type SprtBounds } from '../../bindings/agents/sprt.js';
import { summarise } from '../../bindings/agents/accuracy.js';
import type { AccuracyEntry } from '../../bench/accuracy-plan.js';
import { DEFAULT_SPRT, formatEntries, LADDER, load, pageTable, table, type Entry } from '../../bench/ladder-plan.js';
import { describeHow, entryOf, finished, stepThreads, keep, LADDER_FILES, planStep, playStep, saveEntry, stepLine, stepOf, suiteFor, testOf, type LadderFiles, type Run, type Step } from '../../bench/ladder-step.js';
import { GAME_IDS, gameEntry, type GameId } from '../../bindings/games/registry.js';

const BOUNDS: SprtBounds = { elo0: 0, elo1: 100, alpha: 0.05, beta: 0.05 };
const SMALL: Step = { game: 'throngs', a: 'greedy', b: 'random', openingPlies: 0, board: 'hexhex(4)' };
const run = (over: Partial<Run> = {}): Run => ({ cap: 200, threads: 1, sprt: BOUNDS, redo: false, ...over });

/** Games 0..n-1 as A's scores say, with made-up lengths. */
const games = (scores: readonly number[]): GameFacts[] => scores.map((scoreA, index) => ({ index, scoreA, plies: 30 + index, reason: 'score' }));

/** An entry as the ladder saves it, for `step`, with the given games and way of playing. */
function entry(step: Step, scores: readonly number[], sprt: SprtBounds | null, suite: string | null = null): Entry {
  const results = games(scores);
  const e: Entry = {
    game: step.game,
    a: step.a,
    b: step.b,
    board: step.board,
    date: '',
    seconds: 10,
    cpuSeconds: 20,
    machine: '',
    games: results.length,
    winsA: scores.filter((s) => s === 1).length,
    winsB: scores.filter((s) => s === 0).length,
    draws: scores.filter((s) => s === 0.5).length,
    winRateA: 0,
    interval95: [0, 1],
    eloDiff: 0,
    eloInterval95: [0, 0],
    averagePlies: 40,
    played: { sprt, suite, openingPlies: suite ? 0 : step.openingPlies },
    results: results.map(keep),
  };
  const test = testOf(e);
  return test ? { ...e, sprt: { ...test, llr: Number(test.llr.toFixed(3)) } } : e;
}

/** An entry saved before the ladder kept each game: counts only. */
const old = (step: Step, n: number): Entry => ({ ...entry(step, Array(n).fill(1), null), played: undefined, results: undefined, cpuSeconds: undefined });

const wins = (n: number): number[] => Array<number>(n).fill(1);

describe('a saved step', () => {
  it('is finished once its SPRT decided, or at the cap; an entry without its games only at the cap', () => {
    const decided = entry(SMALL, wins(30), BOUNDS);
    expect(testOf(decided)?.decision).toBe('H1');
    expect(finished(decided, 200)).toBe(true);
    const undecided = entry(SMALL, [1, 1, 1, 0, 1], BOUNDS);
    expect(testOf(undecided)?.decision).toBeNull();
    expect(finished(undecided, 200)).toBe(false);
    expect(finished(undecided, 4)).toBe(true);
    const fixed = entry(SMALL, wins(10), null);
    expect(testOf(fixed)).toBeNull();
    expect(finished(fixed, 10)).toBe(true);
    expect(finished(fixed, 20)).toBe(false);
    expect(finished(old(SMALL, 100), 100)).toBe(true);
    expect(finished(old(SMALL, 100), 200)).toBe(false);
  });

  it('resumes with its games passed to the SPRT and the next game first, the same way it started', () => {
    const saved = entry(SMALL, [1, 1, 1, 0, 1], BOUNDS);
    const plan = planStep(SMALL, saved, run(), null);
    expect(plan.kind).toBe('play');
    if (plan.kind !== 'play') return;
    expect(plan.mode).toBe('resume');
    expect(plan.options.firstGame).toBe(5);
    expect(plan.options.earlier).toEqual(games([1, 1, 1, 0, 1]));
    expect(plan.options.sprt).toEqual(BOUNDS);
    expect(plan.options.games).toBe(200);
    // Other bounds, or now a suite, would count those games under another test: left for --redo.
    const other = planStep(SMALL, saved, run({ sprt: DEFAULT_SPRT }), null);
    expect(other).toMatchObject({ kind: 'skip', finished: false, why: expect.stringMatching(/--redo/) });
    const suite = { path: suitePath(SMALL.game, SMALL.board), lines: ['x'] };
    expect(planStep(SMALL, saved, run(), suite)).toMatchObject({ kind: 'skip', finished: false });
    // --redo starts afresh even a finished step.
    const redo = planStep(SMALL, entry(SMALL, wins(16), BOUNDS), run({ redo: true }), suite);
    expect(redo).toMatchObject({ kind: 'play', mode: 'fresh', options: { openings: ['x'], openingPlies: 0, sprt: BOUNDS } });
    if (redo.kind === 'play') expect(redo.options.firstGame ?? 0).toBe(0);
  });

  it('starts from the suite when there is one, else from the plan\'s random plies', () => {
    const plies: Step = { ...SMALL, openingPlies: 2 };
    const plain = planStep(plies, undefined, run(), null);
    expect(plain).toMatchObject({ kind: 'play', mode: 'fresh', options: { openingPlies: 2 }, played: { suite: null, openingPlies: 2 } });
    if (plain.kind === 'play') expect(plain.options.openings).toBeUndefined();
    const suite = { path: 'openings/s.txt', lines: ['p', 'q'] };
    expect(planStep(plies, undefined, run(), suite)).toMatchObject({ options: { openings: ['p', 'q'], openingsOrder: 'random', openingPlies: 0 }, played: { suite: 'openings/s.txt', openingPlies: 0 } });
  });

  it('passes an adjudication on to its games, records it, and resumes only the same way', () => {
    const adjudication = { threshold: 0.05, plies: 12 };
    const fresh = planStep(SMALL, undefined, run({ adjudication }), null);
    expect(fresh).toMatchObject({ kind: 'play', mode: 'fresh', options: { adjudication }, played: { adjudication } });
    if (fresh.kind !== 'play') return;
    expect(describeHow(fresh.played!)).toMatch(/adjudicated at 0\.05 over 12 decisions$/);
    const saved = { ...entry(SMALL, [1, 1, 0], BOUNDS), played: fresh.played! };
    expect(planStep(SMALL, saved, run({ adjudication }), null)).toMatchObject({ kind: 'play', mode: 'resume', options: { firstGame: 3, adjudication } });
    // Games played out and games adjudicated are not one test: another rule, or none, is left for --redo.
    expect(planStep(SMALL, saved, run(), null)).toMatchObject({ kind: 'skip', finished: false, why: expect.stringMatching(/adjudicated.*--redo/) });
    expect(planStep(SMALL, saved, run({ adjudication: { threshold: 0.1, plies: 12 } }), null)).toMatchObject({ kind: 'skip', finished: false });
    expect(planStep(SMALL, entry(SMALL, [1, 1, 0], BOUNDS), run({ adjudication }), null)).toMatchObject({ kind: 'skip', finished: false });
    const plain = planStep(SMALL, undefined, run(), null);
    if (plain.kind === 'play') expect([plain.options.adjudication, plain.played?.adjudication]).toEqual([undefined, undefined]);
  });

  it('plays fewer games at once where an agent searches on worker threads, one at least', () => {
    const cores: Step = { ...SMALL, a: 'level:8,workers=2', b: 'level:8', openingPlies: 2 };
    expect(stepThreads(cores, 2)).toBe(1);
    expect(stepThreads(cores, 5)).toBe(2);
    expect(stepThreads({ ...cores, a: 'mcts:100ms,workers=3', b: 'alphabeta:100ms,workers=2' }, 2)).toBe(1);
    expect(stepThreads(SMALL, 2)).toBe(2);
    expect(planStep(cores, undefined, run({ threads: 2 }), null)).toMatchObject({ kind: 'play', options: { threads: 1, a: 'level:8,workers=2' } });
    // Every game's ladder ends with its top level on two cores against one.
    for (const game of GAME_IDS) {
      expect(LADDER.some(([g, a, b]) => g === game && a === 'level:8,workers=2' && b === 'level:8')).toBe(true);
    }
  });

  it('saved without its games is topped up by counts in a fixed-length run, and left alone with an SPRT', () => {
    const saved = old(SMALL, 20);
    expect(planStep(SMALL, saved, run(), null)).toMatchObject({ kind: 'skip', finished: false, why: expect.stringMatching(/--redo.*--no-sprt/) });
    const topUp = planStep(SMALL, saved, run({ sprt: null }), { path: 'openings/s.txt', lines: ['p'] });
    expect(topUp).toMatchObject({ kind: 'play', mode: 'top-up', options: { firstGame: 20, openingPlies: 0 } });
    if (topUp.kind === 'play') expect([topUp.options.sprt, topUp.options.openings, topUp.options.earlier]).toEqual([undefined, undefined, undefined]);
    expect(planStep(SMALL, old(SMALL, 200), run({ sprt: null }), null)).toMatchObject({ kind: 'skip', finished: true });
    // The games added count with the saved ones; the entry stays one without its games.
    if (topUp.kind !== 'play') return;
    const merged = entryOf(SMALL, topUp, games([1, 0]).map((g) => ({ ...g, index: g.index + 20 })), 5, 9);
    expect([merged.games, merged.winsA, merged.winsB, merged.seconds]).toEqual([22, 21, 1, 15]);
    expect([merged.results, merged.played, merged.cpuSeconds]).toEqual([undefined, undefined, undefined]);
  });
});

describe("the ladder's openings", () => {
  it("finds a suite of a few hundred positions for every step on its game's ladder board", async () => {
    const steps = LADDER.map(stepOf).filter((s) => s.board === gameEntry(s.game as GameId).bench.ladder.board);
    expect(new Set(steps.map((s) => s.game))).toEqual(new Set(GAME_IDS));
    const seen = new Map<string, number>();
    for (const step of steps) {
      const key = `${step.game} ${step.board}`;
      if (seen.has(key)) continue;
      const suite = await suiteFor(step, LADDER_FILES.root);
      expect(suite?.path, key).toBe(suitePath(step.game, step.board));
      seen.set(key, suite!.lines.length);
    }
    for (const [key, n] of seen) expect(n, key).toBeGreaterThanOrEqual(200);
  });
});

describe("the ladder's table", () => {
  const [game, a, b, , board] = LADDER[0]!;
  const first: Step = { game, a, b, openingPlies: 0, board };
  const levels = stepOf(LADDER.find((r) => r[3] > 0)!);
  const row = (entries: Entry[], step: Step): string => table(entries).split('\n').find((l) => l.startsWith(`| ${step.game} ${step.board} | \`${step.a}\` | \`${step.b}\``))!;

  it("shows an SPRT's verdict and LLR, and the suite the pairs opened from", () => {
    const e = entry(first, wins(40), DEFAULT_SPRT, suitePath(game, board));
    const cells = row([e], first).split(' | ');
    expect(cells[7]).toBe(`H1 (LLR ${e.sprt!.llr.toFixed(2)})`);
    expect(cells[8]).toBe(`suite \`${suitePath(game, board).replace(/^.*\//, '')}\``);
    // Bounds other than the default are named.
    expect(row([entry(first, wins(4), BOUNDS)], first).split(' | ')[7]).toMatch(/^undecided \(LLR [\d.]+; elo0=0, elo1=100\)$/);
  });

  it('shows a dash for a fixed-length row, and the random plies it opened with (the plan\'s for an old row)', () => {
    const cells = row([old(levels, 100)], levels).split(' | ');
    expect(cells[7]).toBe('—');
    expect(cells[8]).toBe(`${levels.openingPlies} random plies`);
    expect(row([old(first, 100)], first).split(' | ')[8]).toBe('start');
    expect(table([])).toMatch(/Not yet measured: /);
  });

  it("on the page, lists the steps of the games the ladder has measured, so that a game added to the registry comes on with its first match", () => {
    const others = LADDER.filter(([g]) => g !== game).map(([g, a, b, , on]) => `${g} ${on} \`${a}\` vs \``);
    const page = pageTable([entry(first, wins(16), DEFAULT_SPRT)], []);
    expect(page).toContain(`| ${game} ${board} | \`${a}\` | \`${b}\``);
    expect(page).toMatch(/Not yet measured: /);
    expect(others.length).toBeGreaterThan(0);
    for (const step of others) expect(page).not.toContain(step);
    expect(pageTable([], [])).not.toMatch(/Not yet measured: /);
    expect(table([entry(first, wins(16), DEFAULT_SPRT)], [])).toContain(others[0]);
  });

  it('names the adjudication beside the moves a game when games ended by it', () => {
    const e = entry(first, wins(16), DEFAULT_SPRT);
    expect(row([e], first).split(' | ')[9]).toBe('40');
    const adjudicated = { ...e, played: { ...e.played!, adjudication: { threshold: 0.05, plies: 12 } } };
    expect(row([adjudicated], first).split(' | ')[9]).toBe('40 (adjudicated at 0.05 over 12)');
  });

  it("shows A's accuracy against perfect play on its game's solved board, a dash when not measured", () => {
    const e = entry(first, wins(16), DEFAULT_SPRT);
    expect(row([e], first).split(' | ')[10]).toBe('— |');
    const measured: AccuracyEntry = {
      ...summarise(first.a, [true, true, true, false].map((kept) => ({ agent: first.a, chosen: 'x', kept, keptResult: kept }))),
      game: first.game,
      solved: { board: 'tiny' },
      seed: 1,
      date: '',
      machine: '',
      load: 0,
    };
    const cell = table([e], [measured]).split('\n').find((l) => l.includes(`\`${first.a}\` | \`${first.b}\``))!.split(' | ')[10];
    expect(cell).toBe(`75% (${Math.round(measured.interval95[0] * 100)}%–${Math.round(measured.interval95[1] * 100)}%) |`);
    expect(table([e], [{ ...measured, game: 'other' }])).not.toContain('75%');
  });

  it("keeps each entry's games on one line of the file, and reads them back", () => {
    const e = entry(first, [1, 0.5, 0], BOUNDS);
    const text = formatEntries([e]);
    expect(text).toContain('"results": [[0,1,30,"score"],[1,0.5,31,"score"],[2,0,32,"score"]]');
    expect(JSON.parse(text)).toEqual([JSON.parse(JSON.stringify(e))]);
  });

  it('replaces a saved step where it stands, and rewrites the table from the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'throngs-ladder-file-'));
    const files = { entries: join(dir, 'ladder.json'), doc: join(dir, 'ladder.md'), root: dir };
    writeFileSync(files.doc, 'before\n<!-- ladder:start -->\nold\n<!-- ladder:end -->\nafter\n');
    const other = { ...first, a: 'someone' };
    saveEntry(files, old(first, 10));
    saveEntry(files, old(other, 10));
    const redone = entry(first, wins(16), DEFAULT_SPRT);
    saveEntry(files, redone);
    expect(load(files.entries).map((e) => [e.a, e.games])).toEqual([[first.a, 16], ['someone', 10]]);
    expect(readFileSync(files.doc, 'utf8')).toBe(`before\n<!-- ladder:start -->\n${pageTable(load(files.entries), [])}\n<!-- ladder:end -->\nafter\n`);
  });

  it('the default SPRT tests elo0 0 against the Elo of a 60% score', () => {
    expect(DEFAULT_SPRT).toEqual({ elo0: 0, elo1: eloOf(0.6), alpha: 0.05, beta: 0.05 });
    expect(DEFAULT_SPRT.elo1).toBeCloseTo(70.4, 1);
  });
});

describe('the live line', () => {
  const sink = (isTTY: boolean): { isTTY: boolean; text: string; write(t: string): void } => ({ isTTY, text: '', write(t) { this.text += t; } });

  it('is rewritten in place on a terminal; in a log written each tenth of the cap and once decided', () => {
    const tty = sink(true);
    const onTty = liveLine(100, tty);
    for (let done = 1; done <= 3; done++) onTty.show(done, `line ${done}`, false);
    onTty.end();
    expect(tty.text).toBe('\rline 1\rline 2\rline 3\n');
    const log = sink(false);
    const onLog = liveLine(100, log);
    for (let done = 1; done <= 25; done++) onLog.show(done, `line ${done}`, done === 23);
    onLog.end();
    expect(log.text.split('\n').filter(Boolean)).toEqual(['line 1', 'line 10', 'line 20', 'line 23']);
  });
});

describe('a real step', () => {
  /** A ladder of its own in a temporary directory, with a small suite for the small board. */
  async function ladder(): Promise<LadderFiles> {
    const dir = mkdtempSync(join(tmpdir(), 'throngs-ladder-'));
    const suite = await makeSuite({ game: { game: SMALL.game, board: SMALL.board }, count: 12, plies: [2, 6], seed: 2, window: [0.2, 0.8], iterations: 200 });
    mkdirSync(dirname(join(dir, suitePath(SMALL.game, SMALL.board))), { recursive: true });
    writeFileSync(join(dir, suitePath(SMALL.game, SMALL.board)), suite.lines.join('\n') + '\n');
    writeFileSync(join(dir, 'ladder.md'), '# Ladder\n\n<!-- ladder:start -->\n<!-- ladder:end -->\n');
    return { entries: join(dir, 'ladder.json'), doc: join(dir, 'ladder.md'), root: dir };
  }
  const quiet = { isTTY: false, text: '', write(t: string) { this.text += t; } };

  it('stops at the SPRT\'s verdict well before the cap, and stopped part way resumes to the same verdict', async () => {
    const whole = await ladder();
    const out = { ...quiet };
    const straight = await playStep(SMALL, run(), { files: whole, out });
    const e = straight.entry!;
    expect(straight.plan).toMatchObject({ kind: 'play', mode: 'fresh' });
    expect(e.sprt?.decision).toBe('H1');
    expect(e.games).toBeLessThan(40);
    expect(e.results).toHaveLength(e.games);
    expect(e.played).toEqual({ sprt: BOUNDS, suite: suitePath(SMALL.game, SMALL.board), openingPlies: 0 });
    expect(e.cpuSeconds).toBeGreaterThanOrEqual(0);
    expect(load(whole.entries)).toEqual([e]);
    expect(readFileSync(whole.doc, 'utf8')).toContain(`<!-- ladder:start -->\n${pageTable([e], [])}\n<!-- ladder:end -->`);
    expect(out.text).toMatch(/from game 0 up to 200, SPRT elo0=0 elo1=100/);
    expect(out.text).toMatch(new RegExp(`${e.games}/200 .* accepted elo1`));
    expect(stepLine(SMALL, e)).toMatch(new RegExp(`^throngs hexhex\\(4\\) greedy vs random: \\d+-\\d+-\\d+ in ${e.games} games, .*SPRT H1 \\(LLR`));
    // Finished: a second run plays nothing.
    let asked = 0;
    const again = await playStep(SMALL, run(), { files: whole, out, play: (o) => (asked++, runMatch(o)) });
    expect(again.plan).toMatchObject({ kind: 'skip', finished: true });
    expect(asked).toBe(0);

    // The same step stopped after 5 games (halfway through a pair), as a killed run is.
    const cut = await ladder();
    const stopAfter5 = (o: MatchOptions): ReturnType<typeof runMatch> =>
      runMatch({
        ...o,
        onGame(done, results) {
          o.onGame?.(done, results);
          if (done === 5) throw new Error('stopped');
        },
      });
    await expect(playStep(SMALL, run(), { files: cut, out: { ...quiet }, play: stopAfter5 })).rejects.toThrow('stopped');
    const part = load(cut.entries)[0]!;
    expect(part.results).toHaveLength(5);
    expect(finished(part, 200)).toBe(false);
    const resumedOut = { ...quiet };
    const resumed = await playStep(SMALL, run(), { files: cut, out: resumedOut });
    expect(resumed.plan).toMatchObject({ kind: 'play', mode: 'resume', options: { firstGame: 5 } });
    expect(resumedOut.text).toMatch(/resuming from game 5 up to 200/);
    const r = resumed.entry!;
    expect(r.results).toEqual(e.results);
    expect(r.sprt).toEqual(e.sprt);
    expect([r.games, r.winsA, r.winsB, r.draws, r.averagePlies]).toEqual([e.games, e.winsA, e.winsB, e.draws, e.averagePlies]);
  });

  it('is saved when its runner reports the games only at the end, as one playing them elsewhere may', async () => {
    const files = await ladder();
    const atTheEnd = ({ onGame: _, ...o }: MatchOptions): ReturnType<typeof runMatch> => runMatch(o);
    const { entry: e } = await playStep(SMALL, run(), { files, out: { ...quiet }, play: atTheEnd });
    expect(e?.sprt?.decision).toBe('H1');
    expect(load(files.entries)).toEqual([e]);
  });
});
