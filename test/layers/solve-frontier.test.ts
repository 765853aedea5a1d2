// A solve's frontier (bindings/solver/frontier.ts): what a table proved of the positions near the
// root, kept in the save file and put back into a later run's table. Checked on both exact
// searches: every bound it keeps holds (against a fresh solve of that position), a table seeded
// with it proves the same value with fewer nodes, and the save file carries it from one run to
// the next, a line that is not a line of play here refused.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { frontierOf, seedFrontier, type FrontierEntry } from '../../bindings/solver/frontier.js';
import { solveCoreOf, SOLVE_METHODS } from '../../bindings/solver/method.js';
import type { wasmDfpnCore } from '../../bindings/solver/dfpn.js';
import { SOLVE_BUDGET, SOLVE_CLASS } from '../../assembly/core/abi.js';
import { solveThreaded } from '../../bindings/solver/parallel.js';
import { Prover } from '../../bindings/solver/prover.js';
import { openSaved, rewriteSaved, type SolveIdentity } from '../../bindings/solver/saved.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { UNKNOWN, VALUE_LIMIT } from '../../bindings/solver/value.js';
import { SolveError } from '../../reference/core/errors.js';
import { runCli } from '../support/cli.js';

const BOARD = { game: 'refugia', board: 'hex2-3' } as const;
const engine = (): Promise<Engine> => createEngine({ ...BOARD, arenaMB: 64 });
const ALL = { depth: 4, minWork: 1, limit: 1_000_000 };

describe('the frontier of a table', () => {
  for (const method of SOLVE_METHODS) {
    it(`${method}: every bound it keeps holds, and a table seeded with it proves the same value with fewer nodes`, async () => {
      const e = await engine();
      const before = e.record();
      const { core } = solveCoreOf(e, method, {});
      const whole = new Prover(core).prove(-1, UNKNOWN, true);
      const fresh = new Prover(solveCoreOf(await engine(), method, {}).core);
      fresh.prove(-1, UNKNOWN, true);
      const found = frontierOf(e, core, ALL);
      expect(e.record()).toBe(before);
      expect(found.length).toBeGreaterThan(20);
      expect(found.every((f) => f.line.length <= ALL.depth && f.lower <= f.upper && (f.lower > -VALUE_LIMIT || f.upper < VALUE_LIMIT))).toBe(true);
      // The costliest first; the root's own entry holds the root's value.
      expect(found.map((f) => f.work)).toEqual([...found.map((f) => f.work)].sort((a, b) => b - a));
      const root = found.find((f) => f.line.length === 0);
      expect(root && root.lower <= whole.lower && whole.upper <= root.upper).toBe(true);
      // Each bound against an exact solve of its position (a sample across the depths).
      const sample = [1, 2, 3, 4].flatMap((d) => found.filter((f) => f.line.length === d).slice(0, 3));
      expect(sample.length).toBeGreaterThan(6);
      for (const f of sample) {
        const at = await engine();
        for (const m of f.line) at.play(m);
        const exact = (await solvePosition(at)).value;
        expect(f.lower <= exact.lower && exact.upper <= f.upper, `${f.line.join(' ')}: [${f.lower}, ${f.upper}] against ${exact.lower}`).toBe(true);
      }
      // Seeded with the frontier below the root (the root's own entry would answer at once).
      const next = await engine();
      const seededCore = solveCoreOf(next, method, {}).core;
      const below = found.filter((f) => f.line.length > 0);
      const start = next.record();
      expect(seedFrontier(next, seededCore, below)).toBe(below.length);
      expect(next.record()).toBe(start);
      const seeded = new Prover(seededCore);
      expect(seeded.prove(-1, UNKNOWN, true)).toEqual(whole);
      expect(seeded.nodes).toBeLessThan(fresh.nodes);
    });
  }

  it('taken in the middle of a question, it holds what was proven below the root move being searched', async () => {
    const e = await engine();
    const { core } = solveCoreOf(e, 'dfpn', {});
    const first = e.formatMove(e.moveOf(e.legalCodes()[0]!));
    const dfpn = core as ReturnType<typeof wasmDfpnCore>['core'];
    expect(dfpn.prove(0, SOLVE_CLASS / 2, 300).status).toBe(SOLVE_BUDGET);
    const found = frontierOf(e, core, ALL);
    // The root move itself is not in the table yet; positions below it are.
    expect(found.some((f) => f.line.length === 1)).toBe(false);
    expect(found.filter((f) => f.line[0] === first && f.line.length >= 2).length).toBeGreaterThan(3);
    expect(dfpn.prove(0, SOLVE_CLASS / 2, 300).status).toBe(SOLVE_BUDGET);
  });

  it('a line that is not a line of play from the position is refused, and the engine is left as it was', async () => {
    const e = await engine();
    const { core } = solveCoreOf(e, 'dfpn', {});
    const record = e.record();
    const bad: FrontierEntry[] = [{ line: ['a1', 'a1'], lower: 0, upper: 0, work: 5 }];
    expect(() => seedFrontier(e, core, bad)).toThrow(SolveError);
    expect(() => seedFrontier(e, core, bad)).toThrow(/frontier line a1 a1 is not a line of play from this position \(a1\)/);
    expect(e.record()).toBe(record);
  });
});

describe('the frontier in the save file', () => {
  it('a run saves its frontier; a run without the root moves puts it back, and proves the same values with fewer nodes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'frontier-'));
    const save = join(dir, 'hex2-3.jsonl');
    const options = { game: BOARD.game, setup: { board: BOARD.board }, arenaMB: 64, method: 'dfpn' as const, slice: 2_000 };
    const plain = await solveThreaded(options);
    const first = await solveThreaded({ ...options, save, frontier: { everyMs: 0, minWork: 50 } });
    expect(first.value).toEqual(plain.value);
    expect(first.seeded).toBe(0);
    const lines = readFileSync(save, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    const frontier = lines.filter((l) => Array.isArray(l.line));
    expect(frontier.length).toBeGreaterThan(10);
    expect(frontier.every((l) => Number.isInteger(l.work) && (l.work as number) >= 50)).toBe(true);
    // As if the run had stopped before it proved any root move: the header and the frontier.
    writeFileSync(save, [lines[0], ...frontier].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const resumed = await solveThreaded({ ...options, save, threads: 2 });
    expect(resumed.seeded).toBe(openSaved(save, lines[0]!.solve as SolveIdentity).frontier.length);
    expect(resumed.seeded).toBeGreaterThan(10);
    expect(resumed.value).toEqual(plain.value);
    expect(resumed.best).toEqual(plain.best);
    expect(resumed.moves).toEqual(plain.moves);
    expect(resumed.nodes).toBeLessThan(plain.nodes);
    // The command says what it took from the file before it searches, and at the end.
    writeFileSync(save, [lines[0], ...frontier].map((l) => JSON.stringify(l)).join('\n') + '\n');
    const cli = await runCli(['solve', '--game', 'refugia', '--board', 'hex2-3', '--method', 'dfpn', '--memory', '64', '--save', save]);
    expect(cli.code).toBe(0);
    expect(cli.err).toContain(`solve: from ${save}: 0 root moves proven, ${resumed.seeded} positions of its frontier put back into the table\n`);
    expect(cli.out).toContain(`; ${resumed.seeded} positions of its frontier put back into the table\n`);
  });

  it('written afresh, the file holds the moves and the frontier it was given; a frontier line that is not an entry is refused', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'frontier-')), 'f.jsonl');
    const id = { game: 'refugia', board: 'hex2-3', options: {}, position: (await engine()).position('machine') };
    openSaved(save, id);
    const entry: FrontierEntry = { line: ['a1', 'b2'], lower: -8200, upper: -8192, work: 12_345 };
    rewriteSaved(save, id, new Map([['a1', { lower: 8192, upper: 8196 }]]), [entry]);
    const back = openSaved(save, id);
    expect([...back.known]).toEqual([['a1', { lower: 8192, upper: 8196 }]]);
    expect(back.frontier).toEqual([entry]);
    const text = readFileSync(save, 'utf8');
    writeFileSync(save, text + '{"line": "a1", "lower": 0, "upper": 0}\n');
    expect(() => openSaved(save, id)).toThrow(/line 4: not a move's bounds or a frontier position's/);
  });
});
