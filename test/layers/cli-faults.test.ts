/**
 * Every command of the `throngs` CLI, and the strength ladder, run in this process against a
 * model of bad command lines: a refused input or a path that cannot be read or written is exactly
 * one line on stderr, no stack, a non-zero status, nothing on stdout and nothing half-written.
 * For each command fast-check picks one defect among the command's own options (an unknown
 * option, one given twice, a value missing or given to a switch, a stray argument, a number
 * negative, not a number or past its bound, a 100 KB value, a path that cannot be written or read,
 * an input past its size bound) and adds it to arguments that would otherwise run quickly, with
 * the command's output file named where it has one, so that a defect let through shows as a run.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { runLadder } from '../../bench/ladder-run.js';
import { gameTakingBoard, MAX_SEED, UsageProblem } from '../../bindings/cli/command.js';
import { runCli } from '../support/cli.js';

afterEach(() => vi.restoreAllMocks());

/** A whole-number option and its bounds, as the command's usage states them. */
interface Numeric {
  readonly min: number;
  readonly max: number;
  /** Takes fractions (seconds), not only whole numbers. */
  readonly fraction?: boolean;
}

interface CommandModel {
  /** Arguments that run quickly and succeed (the defect is added, its own option taken out). */
  readonly base: readonly string[];
  readonly numbers: Readonly<Record<string, Numeric>>;
  readonly switches: readonly string[];
  /** Every option that takes a value, for unknown names and repeats. */
  readonly options: readonly string[];
  /** Options whose any 100 KB value is refused. */
  readonly texts: readonly string[];
  /** The option naming a file written, and one naming a file read. */
  readonly writes?: string;
  readonly reads?: string;
  /** Takes the files it reads as arguments (conformance). */
  readonly files?: boolean;
  /** An option that replaces another of the base (a position names its board). */
  readonly replaces?: Readonly<Record<string, string>>;
}

const SEED = { min: 0, max: MAX_SEED };
const RULES = ['rules', 'variant'];

/** A small conformance file the conformance command passes: its base run. */
const dataDir = mkdtempSync(join(tmpdir(), 'throngs-faults-data-'));
const conformanceFile = join(dataDir, 'refugia-hex2-3-positions.jsonl');
const data = gunzipSync(readFileSync(new URL('../games/refugia/data/refugia-hex2-3-positions.jsonl.gz', import.meta.url))).toString('utf8');
writeFileSync(conformanceFile, `${data.split('\n')[0]}\n`);

const COMMANDS: Readonly<Record<string, CommandModel>> = {
  solve: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16'],
    numbers: { threads: { min: 1, max: 64 }, memory: { min: 2, max: 512 } },
    switches: ['result-only'],
    options: ['game', 'board', 'position', 'setup', 'threads', 'memory', 'save', 'method', ...RULES],
    texts: ['game', 'board', 'position', 'setup', 'method', ...RULES],
    writes: 'save',
  },
  match: {
    base: ['--a', 'random', '--b', 'random', '--game', 'refugia', '--board', 'hexhex(2)', '--threads', '1'],
    numbers: { games: { min: 2, max: 100_000 }, threads: { min: 1, max: 64 }, seed: SEED, openings: { min: 0, max: 1000 } },
    switches: ['json', 'cancel'],
    options: ['a', 'b', 'games', 'game', 'board', 'threads', 'seed', 'openings', 'adjudicate', 'sprt', 'openings-file', 'openings-order', 'results', 'queue', 'match-id', 'lease-ms', ...RULES],
    texts: ['a', 'b', 'game', 'board', 'adjudicate', 'sprt', 'openings-order', ...RULES],
    writes: 'results',
    reads: 'openings-file',
  },
  worker: {
    base: ['--queue', 'redis://127.0.0.1:1'],
    numbers: { threads: { min: 1, max: 64 }, 'lock-ms': { min: 1000, max: 3_600_000 } },
    switches: [],
    options: ['queue', 'threads', 'lock-ms'],
    texts: ['queue'],
  },
  openings: {
    base: ['--game', 'refugia', '--board', 'hexhex(3)', '--count', '1', '--iterations', '10'],
    numbers: { count: { min: 1, max: 100_000 }, iterations: { min: 1, max: 10_000_000 }, seed: SEED },
    switches: [],
    options: ['game', 'board', 'count', 'plies', 'balance', 'iterations', 'seed', 'out', ...RULES],
    texts: ['game', 'board', 'plies', 'balance', ...RULES],
    writes: 'out',
  },
  accuracy: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--agent', 'random', '--positions', '1', '--memory', '16'],
    numbers: { positions: { min: 1, max: 10_000 }, seed: SEED, memory: { min: 2, max: 512 } },
    switches: ['json'],
    options: ['game', 'board', 'setup', 'agent', 'positions', 'seed', 'memory', ...RULES],
    texts: ['game', 'board', 'setup', 'agent', ...RULES],
  },
  bench: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--seconds', '0.05'],
    numbers: { seconds: { min: 0, max: 600, fraction: true } },
    switches: ['json'],
    options: ['game', 'board', 'seconds'],
    texts: ['game', 'board'],
  },
  conformance: {
    base: [conformanceFile],
    numbers: { 'max-differences': { min: 0, max: 10_000 } },
    switches: [],
    options: ['game', 'backend', 'max-differences'],
    texts: ['game', 'backend'],
    files: true,
  },
  engine: { base: [], numbers: {}, switches: [], options: [], texts: [] },
  play: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--quiet'],
    numbers: { seed: SEED, 'max-moves': { min: 1, max: 100_000 } },
    switches: ['quiet'],
    options: ['game', 'board', 'seed', 'setup', 'max-moves', 'backend', ...RULES],
    texts: ['game', 'board', 'setup', 'backend', ...RULES],
  },
  perft: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--depth', '1'],
    numbers: { depth: { min: 0, max: 30 } },
    switches: ['divide'],
    options: ['game', 'board', 'depth', 'position', 'setup', 'backend', ...RULES],
    texts: ['game', 'board', 'position', 'setup', 'backend', ...RULES],
    replaces: { position: 'board' },
  },
  analyse: {
    base: ['--game', 'refugia', '--board', 'hexhex(2)', '--iterations', '50'],
    numbers: { iterations: { min: 1, max: 1e9 }, ms: { min: 1, max: 3_600_000 }, seed: SEED, top: { min: 1, max: 1000 } },
    switches: ['json'],
    options: ['game', 'board', 'position', 'moves', 'iterations', 'ms', 'depth', 'seed', 'top', 'algorithm', ...RULES],
    texts: ['game', 'board', 'position', 'moves', 'algorithm', ...RULES],
    replaces: { position: 'board' },
  },
  // A script, not a command: --only names no step, so that nothing runs if a defect were let through.
  ladder: {
    base: ['--only', 'nobody vs nobody'],
    numbers: { games: { min: 2, max: 100_000 }, threads: { min: 1, max: 64 } },
    switches: ['redo', 'no-sprt', 'table-only'],
    options: ['games', 'threads', 'only', 'game', 'board', 'sprt', 'queue', 'adjudicate'],
    texts: ['game', 'sprt', 'adjudicate'],
  },
};

interface Run {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs a command in this process; a throw (a stack) or a run past 20 s fails the property. */
async function runCommand(name: string, args: readonly string[]): Promise<Run> {
  const run = async (): Promise<Run> => {
    if (name !== 'ladder') return runCli([name, ...args]);
    let out = '';
    let err = '';
    vi.spyOn(process.stdout, 'write').mockImplementation((s) => ((out += String(s)), true));
    vi.spyOn(process.stderr, 'write').mockImplementation((s) => ((err += String(s)), true));
    vi.spyOn(console, 'log').mockImplementation((...s: unknown[]) => void (out += `${s.join(' ')}\n`));
    try {
      return { code: await runLadder(args), out, err };
    } finally {
      vi.restoreAllMocks();
    }
  };
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${name} ${args.join(' ').slice(0, 200)}: still running after 20 s`)), 20_000)));
  try {
    return await Promise.race([run(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** Names and contents of everything under `dir`: what a refused command must leave as it was. */
function snapshot(dir: string): string {
  const walk = (d: string): string[] =>
    readdirSync(d).flatMap((name) => {
      const path = join(d, name);
      const s = statSync(path);
      if (s.isDirectory()) return [`${path}/`, ...walk(path)];
      // Large files are the oversized inputs: their size stands for their content.
      return [s.size > 1_000_000 ? `${path}: ${s.size} bytes` : `${path}: ${readFileSync(path, 'utf8')}`];
    });
  return walk(dir).sort().join('\n');
}

interface Defect {
  readonly what: string;
  readonly args: readonly string[];
  /** The option the defect is about: taken out of the base arguments. */
  readonly option?: string;
  /** What the line must say (our own wording, the bound broken). */
  readonly says?: string;
}

/** The command's quick arguments, without the defect's option (and what it replaces), then the defect. */
function argsOf(c: CommandModel, d: Defect, target: string | undefined): string[] {
  const out = new Set([d.option, d.option && c.replaces?.[d.option]].filter((x) => x !== undefined));
  const base: string[] = [];
  for (let i = 0; i < c.base.length; i++) {
    const arg = c.base[i]!;
    if (arg.startsWith('--') && out.has(arg.slice(2))) {
      if (!c.switches.includes(arg.slice(2))) i++;
      continue;
    }
    base.push(arg);
  }
  const writes = c.writes !== undefined && d.option !== c.writes && target !== undefined ? [`--${c.writes}`, target] : [];
  return [...base, ...writes, ...d.args];
}

/** Whether `text` is a value the option takes (so not a defect). */
const takes = (b: Numeric, text: string): boolean => {
  const n = Number(text);
  if (b.fraction) return /^\s*[0-9.e+]+\s*$/i.test(text) && n > b.min && n <= b.max;
  return /^\s*\d+(e\+?\d+)?\s*$/i.test(text) && Number.isInteger(n) && n >= b.min && n <= b.max;
};

/** Text that is not a whole number: words, fractions, signs, hex, exponents past any bound. */
const notANumber = fc.oneof(fc.constantFrom('abc', '1.5', '', ' ', '0x10', 'NaN', 'Infinity', '1e999', '--', '-', '+', '1,000', '½', '-0'), fc.string({ minLength: 1, maxLength: 8 }));

/** 100 KB of one character, or of a board spec's opening. */
const huge = fc.constantFrom('x', 'a1 ', '(', 'hexhex(', '=', 'é', ',').map((s) => s.repeat(Math.ceil(100_000 / s.length)));

function defects(name: string, c: CommandModel, dir: string): fc.Arbitrary<Defect> {
  const known = new Set([...c.options, ...c.switches, 'help', 'h']);
  const choices: Array<fc.Arbitrary<Defect>> = [
    fc
      .stringMatching(/^[a-z][a-z-]{0,14}$/)
      .filter((o) => !known.has(o))
      .map((o) => ({ what: 'an unknown option', args: [`--${o}`, '1'], says: `unknown option '--${o}'` })),
    fc.stringMatching(/^[a-z0-9][a-z0-9.]{0,10}$/).map((p) => ({ what: 'a stray argument', args: c.files ? [`--${p}-x`, p] : [p] })),
  ];
  if (c.options.length > 0) {
    choices.push(fc.constantFrom(...c.options).map((o) => ({ what: `--${o} without a value`, args: [`--${o}`], option: o, says: `--${o} needs a value` })));
    choices.push(
      fc.constantFrom(...c.options).map((o) => {
        const v = c.numbers[o] ? String(c.numbers[o]!.max) : 'x';
        return { what: `--${o} twice`, args: [`--${o}`, v, `--${o}`, v], says: `--${o} is given twice` };
      }),
    );
  }
  if (c.switches.length > 0) choices.push(fc.constantFrom(...c.switches).map((o) => ({ what: `--${o} given a value`, args: [`--${o}=yes`], option: o, says: `--${o} is a switch` })));
  const numbers = Object.entries(c.numbers);
  if (numbers.length > 0) {
    const option = fc.constantFrom(...numbers);
    // A number refused names its option and the bound it broke ('--ms -5' says what --ms takes).
    const bound = (o: string, b: Numeric): string => `--${o} must be ${b.fraction ? 'more than' : 'a whole number from'} ${b.min.toLocaleString('en-US')}`;
    choices.push(option.chain(([o]) => fc.integer({ min: -1e6, max: -1 }).map((v) => ({ what: `--${o} negative`, args: [`--${o}`, String(v)], option: o, says: bound(o, c.numbers[o]!) }))));
    choices.push(option.chain(([o, b]) => notANumber.filter((v) => !takes(b, v)).map((v) => ({ what: `--${o} not a number`, args: [`--${o}=${v}`], option: o, says: bound(o, b) }))));
    choices.push(
      option.chain(([o, b]) =>
        fc
          .oneof(fc.integer({ min: Math.floor(b.max) + 1, max: Math.floor(b.max) + 1000 }), fc.constantFrom(1e9 + 1, 1e15, 1e21))
          .filter((v) => v > b.max)
          .map((v) => ({ what: `--${o} past its bound`, args: [`--${o}`, String(v)], option: o, says: bound(o, b) })),
      ),
    );
    const floored = numbers.filter(([, b]) => b.min > 0 && !b.fraction);
    if (floored.length > 0) choices.push(fc.constantFrom(...floored).map(([o, b]) => ({ what: `--${o} below its bound`, args: [`--${o}`, String(b.min - 1)], option: o, says: bound(o, b) })));
  }
  if (c.texts.length > 0) choices.push(fc.tuple(fc.constantFrom(...c.texts), huge).map(([o, v]) => ({ what: `--${o} of 100 KB`, args: [`--${o}`, v], option: o })));
  // Cannot be written: a missing folder (absolute and relative), a folder, a full device, a file as a folder, no name.
  const unwritable = fc.constantFrom(join(dir, 'missing', 'f.out'), join('missing-folder', 'f.out'), dir, '/dev/full', join(dir, 'a-file', 'f.out'), '');
  if (c.writes) choices.push(unwritable.map((p) => ({ what: `--${c.writes} '${p}'`, args: [`--${c.writes}`, p], option: c.writes })));
  // Cannot be read, or too large to: a missing file, a folder, a file as a folder, a sparse file past every bound, an endless device.
  const unreadable = fc.constantFrom(join(dir, 'nope.txt'), dir, join(dir, 'a-file', 'x'), join(dir, 'huge.jsonl'), '/dev/zero');
  if (c.reads) choices.push(unreadable.map((p) => ({ what: `--${c.reads} ${p}`, args: [`--${c.reads}`, p], option: c.reads })));
  if (c.files) choices.push(unreadable.map((p) => ({ what: `the file ${p}`, args: [p] })));
  if (name === 'match' || name === 'ladder') {
    const sprt = fc.constantFrom('elo0=0,elo0=5,elo1=10', 'elo0=0,elo1=10,alpha=1e-320', 'elo0=0,elo1=10,beta=0.9', 'elo0=0,elo1=10,alpha=0', 'elo0=0', 'elo0=x,elo1=1', 'elo0=10,elo1=0');
    choices.push(sprt.map((s) => ({ what: `--sprt ${s}`, args: ['--sprt', s], option: 'sprt' })));
  }
  return fc.oneof(...choices);
}

describe('every command refuses bad input in one line, with no stack and nothing half-written', () => {
  it("runs a model of each command's bad inputs", { timeout: 300_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'throngs-faults-'));
    // A file where a folder is expected, an input past every size bound (sparse: no disk used),
    // and a folder: each must come out of every run as it was.
    writeFileSync(join(dir, 'a-file'), 'kept\n');
    writeFileSync(join(dir, 'huge.jsonl'), '');
    truncateSync(join(dir, 'huge.jsonl'), 300 * 1024 * 1024);
    mkdirSync(join(dir, 'empty'));
    const before = snapshot(dir);
    const model = fc.record(Object.fromEntries(Object.entries(COMMANDS).map(([name, c]) => [name, defects(name, c, dir)])) as Record<string, fc.Arbitrary<Defect>>);
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(model, async (chosen) => {
        for (const [name, defect] of Object.entries(chosen)) {
          const target = join(dir, 'empty', `target-${name}`);
          const args = argsOf(COMMANDS[name]!, defect, target);
          const what = `${name} with ${defect.what}: ${JSON.stringify(args).slice(0, 300)}`;
          const r = await runCommand(name, args);
          runs++;
          const lines = r.err.split('\n').filter((l) => l !== '');
          expect(r.code, `${what}\n${r.err.slice(0, 500)}`).not.toBe(0);
          expect(lines, `${what}: one line on stderr`).toHaveLength(1);
          expect(r.err, what).not.toMatch(/\n {4}at |node:internal|\.ts:\d+|Error:/);
          if (defect.says !== undefined) expect(lines[0], what).toContain(defect.says);
          expect(lines[0]!.length, `${what}: a line, not a page: ${lines[0]!.slice(0, 200)}`).toBeLessThanOrEqual(400);
          // Conformance checks what it could before a device that turned out endless: the first file's report.
          const checkedFirst = name === 'conformance' && defect.args.includes('/dev/zero') ? `${conformanceFile}: 1 passed, 0 failed\n` : '';
          expect(r.out, `${what}: nothing on stdout`).toBe(checkedFirst);
          expect(existsSync(target), `${what}: the output file is not written`).toBe(false);
          expect(existsSync('missing-folder'), what).toBe(false);
          expect(snapshot(dir), `${what}: nothing written`).toBe(before);
        }
      }),
      { numRuns: 100, endOnFailure: true },
    );
    expect(runs).toBe(100 * Object.keys(COMMANDS).length);
  });

  it('refuses an unknown command in one line naming the commands', async () => {
    const r = await runCli(['sovle', '--board', 'hex2-3']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toMatch(/^throngs: unknown command 'sovle' \((\w+, )+\w+; throngs --help says what each does\)\n$/);
    for (const name of Object.keys(COMMANDS).filter((c) => c !== 'ladder')) expect(r.err).toContain(name);
  });
});

describe("the bench scripts' command lines", () => {
  it('a mistyped option or a missing value ends a script in one line and status 2, before any work', () => {
    for (const [script, args, said] of [
      ['accuracy', ['--bogus'], "Unknown option '--bogus'"],
      ['solvers', ['--limit'], "Option '--limit <value>' argument missing"],
    ] as const) {
      const r = spawnSync(process.execPath, ['--import', 'tsx', `bench/${script}.ts`, ...args], { encoding: 'utf8' });
      expect([r.status, r.stdout, r.stderr]).toEqual([2, '', `${script}: ${said} (the options are at the top of bench/${script}.ts)\n`]);
    }
  });
});

describe('a board named without --game', () => {
  it('is played by the game that has it, and refused naming the games when several have it', async () => {
    const perft = await runCli(['perft', '--board', 'hex2-3', '--depth', '1']);
    expect([perft.code, perft.err]).toEqual([0, '']);
    expect(perft.out).toMatch(/^perft althex\(2,3\) depth 1: /);
    // The default game keeps the shapes it plays on.
    const count = async (args: string[]): Promise<string> => (await runCli(['perft', ...args, '--depth', '2'])).out.replace(/ \(.*/s, '');
    expect(await count(['--board', 'hexhex(3)'])).toBe(await count(['--game', 'throngs', '--board', 'hexhex(3)']));
    expect(await count(['--board', 'hexhex(3)'])).not.toBe(await count(['--game', 'refugia', '--board', 'hexhex(3)']));
    // Today no two other games share a board name: the rule is checked on a registry of games that do.
    const playsOn = (game: string, board: string): boolean => (board === 'shared' ? game !== 'throngs' : board === game);
    const games = ['throngs', 'refugia', 'populace', 'tholian'] as const;
    expect(gameTakingBoard('populace', games, playsOn)).toBe('populace');
    expect(() => gameTakingBoard('shared', games, playsOn)).toThrow(new UsageProblem("the board 'shared' is one of refugia, populace, tholian: say which game with --game"));
    // None has it: the default game's own refusal says what is wrong, listing only its names and the shapes.
    const unknown = await runCli(['solve', '--board', 'hex9-9']);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/^throngs solve: unknown board 'hex9' \(known: ragged63, throngs93, ragged87, ragged153, hexhex\(n\), althex\(a,b\), strips\(…\), torus\(W,H\), perforated\(…\), custom\(…\)\) at column 1 of the board spec\n$/);
  });
});
