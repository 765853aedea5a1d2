/** The throngs command line for every game: conformance, perft, play, bench, help and errors. */
import { execFileSync } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readJsonLines } from '../../bindings/cli/conformance.js';
import type { AnyGameRules } from '../../reference/core/game.js';
import { GameSession } from '../../reference/core/session.js';
import { throngs } from '../../reference/games/throngs/index.js';
import { refugia } from '../../reference/games/refugia/index.js';
import { unwrap } from '../../reference/core/errors.js';
import { createEngine } from '../../bindings/index.js';
import { BACKENDS, engine } from '../games/throngs/helpers.js';
import { runCli as run } from '../support/cli.js';

afterEach(() => vi.restoreAllMocks());

/** Perft by cloning positions instead of play/undo: an independent count. */
function perftByClones(game: GameSession<unknown, any>, depth: number): number {
  if (depth === 0) return 1;
  let n = 0;
  for (const m of game.legalMoves()) {
    const next = game.clone();
    next.play(m);
    n += perftByClones(next, depth - 1);
  }
  return n;
}

function session(rules: AnyGameRules, board: string): GameSession<unknown, any> {
  const t = unwrap(rules.board(board));
  const options = rules.resolveOptions({});
  return new GameSession(rules, t, options, rules.initial(t, rules.setups[0]!, options));
}

const data = (game: string): string => new URL(`../games/${game}/data/`, import.meta.url).pathname;

describe.each(BACKENDS)('throngs CLI (%s)', (backend) => {
  it('conformance ends with "N passed, 0 failed" and exits 0', async () => {
    const file = join(data('throngs'), 'throngs-ragged63-games.jsonl.gz');
    const r = await run(['conformance', file, '--backend', backend]);
    expect(r.code).toBe(0);
    expect(r.out.trim().split('\n').at(-1)).toBe(`${readJsonLines(file).length} passed, 0 failed`);
  });

  it('conformance exits 1 and shows the difference when something fails', async () => {
    const games = readJsonLines(join(data('throngs'), 'throngs-ragged63-games.jsonl.gz')).slice(0, 1) as Array<Record<string, any>>;
    games[0]!.moves[3].counters = [7, 7];
    const file = join(mkdtempSync(join(tmpdir(), 'throngs-cli-')), 'bad.jsonl');
    writeFileSync(file, JSON.stringify(games[0]));
    const r = await run(['conformance', file, '--backend', backend]);
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/game \d+: after move 4 \S+: add counters -?\d,-?\d, Ludii 7,7/);
    expect(r.out.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  });

  it.each(['ragged63', 'throngs93', 'hexhex(4)', 'torus(5,5)'])('perft on %s equals an independent count', async (board) => {
    const r = await run(['perft', '--board', board, '--depth', '2', '--backend', backend]);
    expect(r.code).toBe(0);
    const expected = perftByClones(session(throngs, board), 2);
    expect(r.out).toContain(`depth 2: ${expected} `);
  });

  it('perft --divide sums to the total, from a position', async () => {
    const position = 'throngs ragged63 b:e5,f5,f6 w:h7 b1 ac:-1,-1 pb:1n cb:0';
    const r = await run(['perft', '--position', position, '--depth', '2', '--divide', '--backend', backend]);
    const parts = [...r.out.matchAll(/^\S+: (\d+)$/gm)].map((m) => Number(m[1]));
    const total = Number(/depth 2: (\d+)/.exec(r.out)![1]);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
    expect(parts.length).toBe((await engine(backend, { position })).legalMoves().length);
  });

  it('play prints boards and a record that replays to the same finished game', async () => {
    const a = await run(['play', '--seed', '7', '--board', 'ragged63', '--backend', backend]);
    const b = await run(['play', '--seed', '7', '--board', 'ragged63', '--backend', backend, '--quiet']);
    expect(a.code).toBe(0);
    expect(a.out).toContain('Black (X) to move, move 1 of 2');
    expect(a.out).toMatch(/^1\. Black plays \S+/m);
    expect(a.out).toContain('Game over');
    const record = a.out.slice(a.out.indexOf('[Game'));
    expect(b.out.slice(b.out.indexOf('[Game'))).toBe(record);
    const e = await engine(backend);
    e.loadRecord(record);
    expect(e.outcome()).not.toBeNull();
    expect(record).toContain(`[Score "${e.scores().join('-')}"]`);
  });
});

describe.each(BACKENDS)('throngs CLI for Refugia (%s)', (backend) => {
  it('conformance recognises Refugia files by their board names', async () => {
    const files = ['hex2-3', 'hex6-8'].map((b) => join(data('refugia'), `refugia-${b}-positions.jsonl.gz`));
    const r = await run(['conformance', ...files, '--backend', backend]);
    expect(r.code).toBe(0);
    const total = files.reduce((n, f) => n + readJsonLines(f).length, 0);
    expect(r.out.trim().split('\n').at(-1)).toBe(`${total} passed, 0 failed`);
  });

  it.each(['hex3-4', 'hexhex(3)', 'torus(5,5)'])('perft --game refugia on %s equals an independent count', async (board) => {
    const r = await run(['perft', '--game', 'refugia', '--board', board, '--depth', '2', '--backend', backend]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`depth 2: ${perftByClones(session(refugia, board), 2)} `);
  });

  it('play --game refugia prints cells and a record that replays', async () => {
    const a = await run(['play', '--game', 'refugia', '--seed', '3', '--backend', backend]);
    expect(a.code).toBe(0);
    expect(a.out).toContain('Dark (X) to move');
    expect(a.out).toContain('Game over, two passes in a row: ');
    expect(a.out.slice(0, a.out.indexOf('[Game'))).not.toMatch(/twoPasses/);
    const record = a.out.slice(a.out.indexOf('[Game'));
    expect(record).toContain('[Game "Refugia"]');
    const e = await createEngine({ game: 'refugia', backend });
    e.loadRecord(record);
    expect(e.outcome()).not.toBeNull();
  });
});

describe('throngs CLI usage', () => {
  it('conformance: a missing, bad or empty file is a clear failure, never a stack trace or a pass', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'throngs-cli-'));
    const missing = await run(['conformance', join(dir, 'nope.jsonl')]);
    expect([missing.code, missing.err]).toEqual([1, expect.stringMatching(/^throngs conformance: cannot read the data file '.*nope\.jsonl': no such file or folder\n$/)]);
    writeFileSync(join(dir, 'bad.jsonl'), '{"board": "ragged63", \n');
    const bad = await run(['conformance', join(dir, 'bad.jsonl')]);
    expect([bad.code, bad.err]).toEqual([1, expect.stringMatching(/bad\.jsonl line 1 is not JSON/)]);
    expect(bad.err).not.toMatch(/ at .*\.ts:\d+/);
    writeFileSync(join(dir, 'empty.jsonl'), '\n');
    const empty = await run(['conformance', join(dir, 'empty.jsonl')]);
    expect([empty.code, empty.err]).toEqual([1, expect.stringMatching(/nothing was checked/)]);
  });

  it('perft needs a depth, match an even number of games, bench a positive time', async () => {
    expect((await run(['perft', '--board', 'ragged63'])).err).toMatch(/give the depth/);
    const odd = await run(['match', '--a', 'random', '--b', 'random', '--games', '3']);
    expect([odd.code, odd.err]).toEqual([2, expect.stringMatching(/--games must be even/)]);
    expect((await run(['match', '--help'])).out).toMatch(/default 2, at most 100,000; even/);
    expect((await run(['bench', '--seconds', '0'])).err).toMatch(/--seconds must be more than 0 and at most 600/);
  });

  it('analyse: the best line, the win probability and visits per move, the same as the API', async () => {
    const r = await run(['analyse', '--game', 'refugia', '--moves', 'c3 d4', '--iterations', '3000', '--seed', '4', '--top', '5', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { best: string; value: number; pv: string[]; moves: Array<{ move: string; visits: number; value: number }>; iterations: number };
    const e = await createEngine({ game: 'refugia' });
    e.play('c3');
    e.play('d4');
    const search = await e.search({ iterations: 3000, seed: 4 });
    expect(report.best).toBe(e.formatMove(search.move));
    expect(report.value).toBeCloseTo(search.value, 10);
    expect(report.iterations).toBe(3000);
    expect(report.pv[0]).toBe(report.best);
    expect(report.moves).toHaveLength(5);
    expect(report.moves.map((m) => m.visits)).toEqual(search.children.slice(0, 5).map((c) => c.visits));
    const text = await run(['analyse', '--iterations', '500']);
    expect(text.out).toMatch(/Black to move: best \S+, win probability \d+\.\d%/);
    expect((await run(['analyse', '--game', 'refugia', '--moves', 'pass pass'])).err).toMatch(/nothing to analyse/);
    // A move the search proved is marked: White's pass wins at once here.
    const won = await run(['analyse', '--position', 'throngs ragged63 b:e3 w:d6,h7 w1 ac:-1,-1 pb:1p cb:0', '--iterations', '500', '--json']);
    expect(JSON.parse(won.out).moves[0]).toMatchObject({ move: 'pass', proven: 'win', value: 1 });
  });

  it('analyse --algorithm alphabeta: depth, points and nodes, the same as the API', async () => {
    const r = await run(['analyse', '--game', 'populace', '--board', 'hexhex(4)', '--moves', 'd4', '--algorithm', 'alphabeta', '--depth', '3', '--json']);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.out) as { best: string; depth: number; score: number; pv: string[]; stopped: string };
    const e = await createEngine({ game: 'populace', board: 'hexhex(4)' });
    e.play('d4');
    const search = await e.search({ algorithm: 'alphabeta', depth: 3 });
    expect(report.best).toBe(e.formatMove(search.move));
    expect(report.depth).toBe(3);
    expect(report.score).toBe(search.score);
    expect(report.stopped).toBe('depth');
    expect(report.pv[0]).toBe(report.best);
    const text = await run(['analyse', '--algorithm', 'alphabeta', '--depth', '2']);
    expect(text.out).toMatch(/Black to move: best \S+, win probability \d+\.\d% \(\d+ nodes, depth 2, [+-]\d+\.\d\d points/);
    expect((await run(['analyse', '--algorithm', 'minimax'])).err).toMatch(/--algorithm must be mcts or alphabeta/);
    expect((await run(['analyse', '--depth', '3'])).err).toMatch(/--depth is for --algorithm alphabeta/);
  });

  it('the text board numbers every row on both sides, the top row of a torus too', async () => {
    const r = await run(['play', '--board', 'torus(6,5)', '--max-moves', '1', '--quiet']);
    const rows = r.out.split('\n').filter((l) => /^\s*\d+\s+[·XO]/.test(l));
    expect(rows).toHaveLength(5);
    for (const [i, row] of rows.entries()) expect(row.trim()).toMatch(new RegExp(`^${5 - i} .* ${5 - i}$`));
  });

  it('--game must name a game', async () => {
    const r = await run(['perft', '--game', 'chess', '--depth', '1']);
    expect([r.code, r.err]).toEqual([2, expect.stringMatching(/--game must be one of throngs, refugia/)]);
  });

  it('bench --json has each game\'s boards with both backends', async () => {
    const r = await run(['bench', '--game', 'refugia', '--board', 'hex2-3', '--seconds', '0.2', '--json']);
    const json = JSON.parse(r.out) as { boards: Record<string, { game: string; reference: { playoutsPerSec: number }; wasm: { playoutsPerSec: number } }> };
    expect(json.boards['hex2-3']!.game).toBe('refugia');
    expect(json.boards['hex2-3']!.wasm.playoutsPerSec).toBeGreaterThan(0);
    expect(json.boards['hex2-3']!.reference.playoutsPerSec).toBeGreaterThan(0);
  });

  it.each(['conformance', 'perft', 'play'])('%s --help explains the command', async (command) => {
    const r = await run([command, '--help']);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`throngs ${command}`);
  });

  it('refuses unknown commands, options and values with usage and exit status 2', async () => {
    expect((await run(['fly'])).code).toBe(2);
    expect((await run(['perft', '--depht', '2'])).err).toBe("throngs perft: unknown option '--depht' (throngs perft --help lists the options)\n");
    expect((await run(['perft', '--depth', 'x'])).err).toMatch(/--depth must be a whole number/);
    expect((await run(['conformance'])).err).toMatch(/give at least one conformance file/);
    const badBoard = await run(['perft', '--board', 'hexhex(1)', '--depth', '1']);
    expect([badBoard.code, badBoard.err]).toEqual([1, expect.stringMatching(/hexhex side must be/)]);
    // Out of its range, a number an option takes is a usage problem too, before any work.
    for (const plies of ['5000', '9-3']) {
      const bad = await run(['openings', '--game', 'refugia', '--board', 'hexhex(3)', '--count', '1', '--plies', plies]);
      expect([bad.code, bad.err]).toEqual([2, expect.stringMatching(new RegExp(`--plies must be N or MIN-MAX with MIN ≤ MAX ≤ 1000, not '${plies}'`))]);
    }
  });

  it('the installed bin runs', () => {
    const out = execFileSync(process.execPath, ['bin/throngs.mjs', 'perft', '--board', 'ragged63', '--depth', '1'], { encoding: 'utf8' });
    expect(out).toMatch(/perft ragged63 depth 1: 13 /);
  });
});
