// The exact solver: the wasm solver (assembly/core/solver.ts) against the reference solver
// (reference/search/solver.ts) and a brute-force minimax written here over the Engine interface,
// on tiny positions of every game whose lines end within the solver's depth; then its API, the
// `throngs solve` command (threads, a save file to resume from) and bad input.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { Prover } from '../../bindings/solver/prover.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { solveThreaded, type ThreadedProgress } from '../../bindings/solver/parallel.js';
import { UNKNOWN, describeBounds, resultOfBounds, valueOf } from '../../bindings/solver/value.js';
import { possibleBounds } from '../../bindings/solver/saved.js';
import { wasmSolveCore } from '../../bindings/solver/wasm-core.js';
import { SOLVE_CLASS as WASM_CLASS } from '../../assembly/core/abi.js';
import { SolveError, UsageError } from '../../reference/core/errors.js';
import { SOLVE_CLASS, referenceSolve } from '../../reference/search/solver.js';
import type { GameId } from '../../bindings/games/registry.js';
import { runCli as run } from '../support/cli.js';

afterEach(() => vi.restoreAllMocks());

/** Plain minimax over play/undo, no pruning: the value for the player to move, as the solvers count it. */
function bruteForce(e: Engine, budget = { nodes: 200_000 }): number {
  if (--budget.nodes < 0) throw new Error('brute force: position too large for a test');
  const outcome = e.outcome();
  if (outcome) {
    const margin = Math.round(e.rules.margin(e.topology, e.state()) * 2);
    const p1 = (outcome.winner === 1 ? SOLVE_CLASS : outcome.winner === 2 ? -SOLVE_CLASS : 0) + margin;
    return e.toMove() === 1 ? p1 : -p1;
  }
  let best = -Infinity;
  for (const m of e.legalMoves()) {
    const mover = e.toMove();
    e.play(m);
    const v = bruteForce(e, budget);
    const flip = (e.toMove() !== mover) !== (e.rules.swapsSeats?.(m) ?? false);
    e.undo();
    best = Math.max(best, flip ? -v : v);
  }
  return best;
}

/** A seeded random line of play from the start, to its end or 400 moves. */
function randomLine(e: Engine, seed: number): string[] {
  let x = seed;
  const line: string[] = [];
  while (!e.outcome() && line.length < 400) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const moves = e.legalMoves();
    const m = moves[(x >>> 8) % moves.length]!;
    line.push(e.formatMove(m));
    e.play(m);
  }
  return line;
}

interface Case {
  readonly game: GameId;
  readonly board: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly setup?: string;
  /** A random line's seed and how many of its last moves to take back (none: the start). */
  readonly line?: readonly [seed: number, back: number];
}

// Every game with positions whose every line ends within the solver's depth: Tholian Go's only
// boards are large and a random game there does not end in 400 moves, so it has none here.
const CASES: readonly Case[] = [
  { game: 'refugia', board: 'hexhex(2)' },
  { game: 'refugia', board: 'hex2-3', line: [1, 5] },
  { game: 'refugia', board: 'hex2-3', line: [2, 4] },
  { game: 'throngs', board: 'hexhex(3)', line: [1, 12] },
  { game: 'throngs', board: 'hexhex(3)', line: [3, 10] },
  { game: 'throngs', board: 'hexhex(2)', setup: 'pie', line: [1, 5] },
  { game: 'throngs', board: 'althex(2,3)', line: [3, 5] },
  { game: 'throngs', board: 'althex(2,3)', setup: 'pie', line: [5, 8] },
  { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 12 }, line: [1, 3] },
  { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 10, button: false }, line: [2, 3] },
  { game: 'populace', board: 'hexhex(3)', options: { superko: 'positional', moveLimit: 14 }, line: [4, 4] },
];

async function setUp(c: Case, backend: 'wasm' | 'reference'): Promise<Engine> {
  const e = await createEngine({ game: c.game, board: c.board, backend, arenaMB: 16, ...(c.options ? { options: c.options } : {}), ...(c.setup ? { setup: c.setup } : {}) });
  if (!c.line) return e;
  const line = randomLine(await createEngine({ game: c.game, board: c.board, backend: 'reference', ...(c.options ? { options: c.options } : {}), ...(c.setup ? { setup: c.setup } : {}) }), c.line[0]);
  for (const m of line.slice(0, Math.max(0, line.length - c.line[1]))) e.play(m);
  return e;
}

describe('the wasm solver against the reference solver and brute force', () => {
  it('count values alike', () => {
    expect(WASM_CLASS).toBe(SOLVE_CLASS);
    expect(valueOf('win', 1.5)).toBe(SOLVE_CLASS + 3);
    expect(describeBounds({ lower: -SOLVE_CLASS - 4, upper: -SOLVE_CLASS - 4 })).toBe('loss by 2');
    // Equal scores decided by the tie-break, in the board element's words.
    expect(describeBounds({ lower: SOLVE_CLASS, upper: SOLVE_CLASS })).toBe('win on the tie-break');
    expect(describeBounds({ lower: -SOLVE_CLASS, upper: -SOLVE_CLASS })).toBe('loss on the tie-break');
  });

  it('a value is possible on a board exactly when its margin is within the board\'s scores', () => {
    const result = fc.constantFrom(-1, 0, 1);
    fc.assert(
      fc.property(result, fc.integer({ min: 0, max: 2000 }), fc.integer({ min: -4000, max: 4000 }), (c, maxMargin, m) => {
        const v = c * SOLVE_CLASS + m;
        expect(possibleBounds({ lower: v, upper: v }, maxMargin)).toBe(Math.abs(m) <= maxMargin);
        // Bounds still open on one side hold any value beyond them.
        expect(possibleBounds({ lower: -0x7fff, upper: v }, maxMargin)).toBe(v >= -SOLVE_CLASS - maxMargin);
        expect(possibleBounds({ lower: v, upper: 0x7fff }, maxMargin)).toBe(v <= SOLVE_CLASS + maxMargin);
      }),
    );
    expect(possibleBounds({ lower: 3, upper: 2 }, 100)).toBe(false);
    expect(possibleBounds({ lower: -0x8000, upper: 0 }, 100)).toBe(false);
  });

  for (const c of CASES) {
    const name = `${c.game} ${c.board}${c.setup ? ` ${c.setup}` : ''}${c.options ? ` ${JSON.stringify(c.options)}` : ''}${c.line ? ` (line ${c.line[0]}, ${c.line[1]} moves from its end)` : ' (start)'}`;
    it(`every move's value: ${name}`, async () => {
      const wasm = await setUp(c, 'wasm');
      const ref = await setUp(c, 'reference');
      expect(wasm.position('machine')).toBe(ref.position('machine'));
      const oracle = referenceSolve(ref.rules, ref.topology, ref.rules.cloneState(ref.state()), ref.options);
      const brute = ref.legalMoves().map((m) => {
        const mover = ref.toMove();
        ref.play(m);
        const v = bruteForce(ref);
        const flip = (ref.toMove() !== mover) !== (ref.rules.swapsSeats?.(m) ?? false);
        ref.undo();
        return flip ? -v : v;
      });
      expect(oracle.moves.map((m) => m.value)).toEqual(brute);
      // Each move proven with its margin, one table for all: the same values.
      const prover = new Prover(wasmSolveCore(wasm).core, 1000);
      const proven = wasm.legalMoves().map((_, i) => prover.prove(i, UNKNOWN, true));
      expect(proven.map((b) => b.lower)).toEqual(brute);
      expect(proven.map((b) => b.upper)).toEqual(brute);
      // The position's value and the moves that keep it.
      const solved = await solvePosition(wasm);
      const best = Math.max(...brute);
      expect(solved.value).toEqual({ lower: best, upper: best });
      expect(oracle.value).toBe(best);
      expect(solved.best).toEqual(wasm.legalMoves().filter((_, i) => brute[i] === best).map((m) => wasm.formatMove(m)));
      expect(wasm.position('machine')).toBe(ref.position('machine'));
    });
  }

  it('solves a finished game to its result', async () => {
    const e = await createEngine({ game: 'refugia', board: 'hexhex(2)', arenaMB: 16 });
    e.play('pass');
    e.play('pass');
    const solved = await solvePosition(e);
    expect(solved.moves).toEqual([]);
    expect(solved.value.lower).toBe(bruteForce(e));
  });
});

describe('positions without an exact value', () => {
  it('refuses a game with chance, and the engine plays on', async () => {
    const e = await createEngine({ game: 'tholian', board: 'main', options: { variant: 'oracle' }, arenaMB: 16 });
    await expect(solvePosition(e)).rejects.toThrow(SolveError);
    await expect(solvePosition(e)).rejects.toThrow(/chance/);
    const ref = await createEngine({ game: 'tholian', board: 'main', options: { variant: 'oracle' }, backend: 'reference' });
    expect(() => referenceSolve(ref.rules, ref.topology, ref.state(), ref.options)).toThrow(/chance/);
    e.play(e.legalMoves()[0]!);
    expect(e.history()).toHaveLength(1);
  });

  it('refuses endless lines (Populace without a move limit): past the depth, in both solvers', async () => {
    const e = await createEngine({ game: 'populace', board: 'hexhex(3)', arenaMB: 16 });
    const before = e.position('machine');
    await expect(solvePosition(e, { margin: false })).rejects.toThrow(/past 1000 moves/);
    expect(e.position('machine')).toBe(before);
    expect(() => referenceSolve(e.rules, e.topology, e.state(), e.options, { maxNodes: 100_000 })).toThrow(/past 1000 moves|more than 100000/);
  });

  it('needs the wasm backend and a large enough arena', async () => {
    const ref = await createEngine({ game: 'refugia', board: 'hexhex(2)', backend: 'reference' });
    await expect(solvePosition(ref)).rejects.toThrow(UsageError);
    const small = await createEngine({ game: 'throngs', board: 'hexhex(20)', arenaMB: 1 });
    await expect(solvePosition(small)).rejects.toThrow(/more than this engine's search arena/);
    await expect(solvePosition(await createEngine({ game: 'refugia', board: 'hexhex(2)', arenaMB: 16 }), { slice: 0 })).rejects.toThrow(UsageError);
  });
});

describe('throngs solve', () => {
  it('solves the smallest Refugia board in seconds, in one thread or two, and resumes from its save file', async () => {
    const direct = await solvePosition(await createEngine({ game: 'refugia', board: 'hex2-3', arenaMB: 64 }));
    const one = await run(['solve', '--game', 'refugia', '--board', 'hex2-3', '--memory', '64']);
    expect(one.code).toBe(0);
    expect(one.out).toContain(`value: ${describeBounds(direct.value)} for the player to move`);
    expect(one.out).toContain(`moves that keep it: ${direct.best.join(' ')}\n`);
    expect(one.out).toMatch(/nodes: [1-9]\d*; table: [1-9]\d* positions/);
    const dir = mkdtempSync(join(tmpdir(), 'solve-'));
    const save = join(dir, 'hex2-3.jsonl');
    const two = await run(['solve', '--game', 'refugia', '--board', 'hex2-3', '--memory', '64', '--threads', '2', '--save', save]);
    expect(two.code).toBe(0);
    expect(two.out.split('\n').slice(1, 3)).toEqual(one.out.split('\n').slice(1, 3));
    const again = await run(['solve', '--game', 'refugia', '--board', 'hex2-3', '--memory', '64', '--save', save]);
    expect(again.out).toContain(`value: ${describeBounds(direct.value)}`);
    expect(again.out).toMatch(new RegExp(`nodes: 0; .*; ${direct.moves.length} root moves from`));
    // A save file of another solve is refused, and left as it was.
    const other = readFileSync(save, 'utf8');
    const wrong = await run(['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--save', save]);
    expect(wrong.code).toBe(1);
    expect(wrong.err).toMatch(/not a save file of this solve \(refugia hexhex\(2\) [^)]*\)/);
    expect(wrong.err).not.toMatch(/hexhex\(2\).*hexhex\(2\)/);
    expect(readFileSync(save, 'utf8')).toBe(other);
    writeFileSync(save, other + '{"move": 3}\n');
    expect((await run(['solve', '--game', 'refugia', '--board', 'hex2-3', '--save', save])).err).toMatch(/not a move's bounds/);
  });

  it('a save file grows by whole lines: a line an interruption cut off is dropped, with a warning, before the next', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'solve-')), 'hexhex2.jsonl');
    const args = ['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16', '--save', save];
    expect((await run(args)).code).toBe(0);
    const whole = readFileSync(save, 'utf8').split('\n');
    // Interrupted while writing its fourth proof: the header, three whole lines and part of one.
    writeFileSync(save, `${whole.slice(0, 4).join('\n')}\n${whole[4]!.slice(0, 12)}`);
    const resumed = await run(args);
    expect(resumed.code).toBe(0);
    expect(resumed.err).toMatch(/its last line was cut off by an interruption \(12 characters\): dropped/);
    const text = readFileSync(save, 'utf8');
    expect(text.endsWith('\n')).toBe(true);
    for (const line of text.trim().split('\n')) expect(() => JSON.parse(line)).not.toThrow();
    const again = await run(args);
    // No warning: the file is whole again; only what it gave the solve is said.
    expect([again.code, again.err]).toEqual([0, `solve: from ${save}: 8 root moves proven, 0 positions of its frontier put back into the table\n`]);
    expect(again.out).toMatch(/nodes: 0; .*; 8 root moves from/);
  });

  it('a save file\'s bounds are checked against the board\'s scores: an impossible value is left out and proven again', async () => {
    const save = join(mkdtempSync(join(tmpdir(), 'solve-')), 'hexhex2.jsonl');
    const args = ['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16', '--save', save];
    const first = await run(args);
    expect(first.out).toMatch(/b2 loss/);
    // b2 loses; edited into a win by 404 points on a board of 12 adjacencies.
    const edited = readFileSync(save, 'utf8').replace(/\{"move":"b2","lower":-?\d+,"upper":-?\d+\}/g, JSON.stringify({ move: 'b2', lower: SOLVE_CLASS + 808, upper: SOLVE_CLASS + 808 }));
    writeFileSync(save, edited);
    const r = await run(args);
    expect(r.code).toBe(0);
    expect(r.err).toMatch(/1 entry has bounds no game on this board can end with \(a margin beyond 12 points\): left out, to be proven again/);
    expect(r.out).toMatch(/b2 loss/);
    expect(r.out).not.toMatch(/win by 404/);
    expect(r.out).toMatch(/nodes: [1-9]\d*; .*; 7 root moves from/);
  });

  it('a save file that cannot be written is refused in one line before any search, and nothing is made', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'solve-'));
    const cases: Array<[string, RegExp]> = [
      [join(dir, 'missing', 'f.jsonl'), /cannot write the save file '.*f\.jsonl': there is no folder/],
      [dir, /cannot write the save file '.*': it is a folder/],
      ['/dev/full', /cannot write the save file '\/dev\/full': it is not a regular file/],
    ];
    for (const [path, message] of cases) {
      const r = await run(['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16', '--save', path]);
      expect([r.code, r.out], path).toEqual([1, '']);
      expect(r.err).toMatch(message);
      expect(r.err.trim().split('\n')).toHaveLength(1);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('reports the value as far as it is proven: the result long before the margin', async () => {
    const seen: ThreadedProgress[] = [];
    const r = await solveThreaded({ game: 'refugia', setup: { board: 'hex2-3' }, arenaMB: 64, onProgress: (p) => void seen.push(p) });
    const proofs = seen.filter((p, i) => i === 0 || p.done > seen[i - 1]!.done);
    expect(proofs.at(-1)!.done).toBeGreaterThan(r.moves.length);
    // Each report is what the proofs so far prove: bounds that only narrow, to the answer's.
    for (let i = 1; i < seen.length; i++) {
      expect(seen[i]!.value.lower).toBeGreaterThanOrEqual(seen[i - 1]!.value.lower);
      expect(seen[i]!.value.upper).toBeLessThanOrEqual(seen[i - 1]!.value.upper);
    }
    expect(seen.at(-1)!.value).toEqual(r.value);
    // The first move is a win: from its proof on the result is known, its margin not yet.
    expect(resultOfBounds(r.moves[0]!.bounds)).toBe('win');
    const first = seen.find((p) => p.done === 1)!;
    expect(resultOfBounds(first.value)).toBe('win');
    expect(first.value.lower).toBeLessThan(first.value.upper);
    expect(seen.filter((p) => p.done === 0).every((p) => resultOfBounds(p.value) === null)).toBe(true);
  });

  it('refuses bad input with the usual statuses', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['solve', '--game', 'refugia'], 2, /give the board/],
      [['solve', '--game', 'nope', '--board', 'hex2-3'], 2, /--game must be one of/],
      [['solve', '--game', 'refugia', '--board', 'nope'], 1, /unknown board 'nope'/],
      [['solve', '--game', 'refugia', '--board', 'hex2-3', '--position', 'refugia xx'], 1, /unknown board/],
      [['solve', '--game', 'refugia', '--board', 'hex2-3', '--threads', '0'], 2, /--threads must be a whole number from 1 to 64, not '0'/],
      [['solve', '--game', 'refugia', '--board', 'hex2-3', '--threads', '65'], 2, /--threads must be a whole number from 1 to 64, not '65'/],
      [['solve', '--game', 'refugia', '--board', 'hex2-3', '--memory', '4096'], 2, /--memory must be a whole number from 2 to 512 \(MB per thread\), not '4096'/],
      [['solve', '--game', 'tholian', '--board', 'main', '--variant', 'oracle', '--memory', '16'], 1, /chance/],
    ];
    for (const [args, code, message] of cases) {
      const r = await run(args);
      expect(r.code, args.join(' ')).toBe(code);
      expect(r.err).toMatch(message);
    }
  });
});
