/** `throngs engine`: the UCI-like text protocol, in process and as a spawned program. */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EngineProtocol } from '../../bindings/cli/protocol.js';
import { createEngine } from '../../bindings/index.js';
import { GAME_IDS } from '../../bindings/games/registry.js';

/** Sends lines, waits until they are carried out, and returns what was printed since. */
function session(): { send: (...lines: string[]) => Promise<string[]>; protocol: EngineProtocol; quit: () => boolean } {
  let printed: string[] = [];
  let quit = false;
  const protocol = new EngineProtocol(
    (line) => printed.push(line),
    () => (quit = true),
  );
  return {
    protocol,
    quit: () => quit,
    async send(...lines) {
      printed = [];
      for (const line of lines) protocol.receive(line);
      await protocol.idle();
      return printed;
    },
  };
}

describe('the engine protocol', () => {
  it('answers a rule option named like an object property (constructor, toString, __proto__) with an error line, and plays on', async () => {
    const s = session();
    for (const key of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) {
      expect(await s.send(`setoption name Rules value ${key}=1`)).toEqual([expect.stringMatching(new RegExp(`^info string error: (unknown rule option|bad rule) '${key}`))]);
    }
    const out = await s.send('position startpos', 'd');
    expect(out.some((l) => l.startsWith('legal '))).toBe(true);
  });

  it('identifies itself with its options', async () => {
    const s = session();
    const out = await s.send('uci');
    expect(out[0]).toBe('id name Throngs Engine');
    expect(out).toContain(`option name Game type combo default throngs ${GAME_IDS.map((id) => `var ${id}`).join(' ')}`);
    expect(out.at(-1)).toBe('uciok');
    expect(await s.send('isready')).toEqual(['readyok']);
  });

  it('searches a position given by moves: deterministic with a seed, the same move as the API', async () => {
    const s = session();
    const out = await s.send('position startpos moves e3-f4', 'go iterations 3000 seed 11');
    const best = out.at(-1)!;
    expect(best).toMatch(/^bestmove \S+$/);
    expect(out.filter((l) => l.startsWith('info iterations')).at(-1)).toMatch(/^info iterations 3000 time \d+ value 0\.\d{3} pv \S+/);
    const e = await createEngine();
    e.play('e3-f4');
    const r = await e.search({ iterations: 3000, seed: 11 });
    expect(best).toBe(`bestmove ${e.formatMove(r.move)}`);
  });

  it('go infinite runs until stop, reporting as it goes; isready is answered meanwhile', async () => {
    const s = session();
    s.protocol.receive('go infinite');
    await new Promise((r) => setTimeout(r, 700));
    const out = await s.send('isready', 'stop');
    expect(out).toContain('readyok');
    expect(out.at(-1)).toMatch(/^bestmove \S+$/);
    const infos = out.filter((l) => l.startsWith('info iterations'));
    expect(infos.length).toBeGreaterThanOrEqual(1);
  });

  it('searches with alpha-beta after setoption Algorithm: go depth, with depth and score in the info', async () => {
    const s = session();
    expect((await s.send('go depth 2')).join('\n')).toMatch(/go depth needs setoption name Algorithm value alphabeta/);
    expect((await s.send('setoption name Algorithm value minimax')).join('\n')).toMatch(/Algorithm must be mcts or alphabeta/);
    const out = await s.send('setoption name Algorithm value alphabeta', 'position startpos moves e2', 'go depth 3');
    expect(out.filter((l) => l.startsWith('info depth')).at(-1)).toMatch(/^info depth 3 score cp -?\d+ iterations \d+ time \d+ value \d\.\d{3} pv \S+ \S+ \S+/);
    const e = await createEngine();
    e.play('e2');
    const r = await e.search({ algorithm: 'alphabeta', depth: 3 });
    expect(out.at(-1)).toBe(`bestmove ${e.formatMove(r.move)}`);
  });

  it('plays Refugia after setoption, from a position in its notation', async () => {
    const s = session();
    await s.send('setoption name Game value refugia', 'position fen refugia hex3-4 1:c3 2:d4 n: 1 p0 moves c3-b2');
    const shown = await s.send('d');
    expect(shown).toContain('position refugia althex(3,4) 1:b2 2:d4 n: 2 p0');
    expect(shown).toContain('game refugia');
    const out = await s.send('go movetime 150');
    expect(out.at(-1)).toMatch(/^bestmove \S+$/);
  });

  it('answers errors with info string and changes nothing', async () => {
    const s = session();
    await s.send('position startpos moves e3-f4');
    const before = (await s.send('d')).find((l) => l.startsWith('position '));
    for (const bad of ['fly away', 'position startpos moves e3-f4 zz9', 'position startpos moves e3-f4 d3', 'position fen throngs nowhere', 'setoption name Game value chess', 'setoption name Board value hexhex(1)', 'setoption name Rules value endOnPasses=sometimes', 'go movetime soon', 'setoption name Colour value red']) {
      const out = await s.send(bad);
      expect(out, bad).toHaveLength(1);
      expect(out[0], bad).toMatch(/^info string error: /);
      expect((await s.send('d')).find((l) => l.startsWith('position ')), bad).toBe(before);
    }
    expect((await s.send('x'.repeat(200_000)))[0]).toMatch(/line longer than/);
  });

  it('quit ends the session, and a finished game has nothing to search', async () => {
    const s = session();
    await s.send('setoption name Game value refugia', 'position startpos moves pass pass');
    expect((await s.send('go movetime 100'))[0]).toMatch(/info string error: the game is over/);
    await s.send('quit');
    expect(s.quit()).toBe(true);
  });
});

describe('the end of the session', () => {
  it('reads nothing after quit: a later isready is not answered and a later go does not search', async () => {
    const s = session();
    const out = await s.send('isready', 'quit', 'isready', 'position startpos', 'go movetime 100');
    expect(out).toEqual(['readyok']);
    expect(s.quit()).toBe(true);
  });

  it('the end of input during a search stops it and drops what piled up behind it', async () => {
    const printed: string[] = [];
    const protocol = new EngineProtocol((line) => printed.push(line));
    protocol.receive('position startpos');
    protocol.receive('go infinite');
    await expect.poll(() => printed.some((l) => l.startsWith('info ')), { timeout: 20_000 }).toBe(true);
    // What a GUI might have sent while the engine thought: each would be another search.
    for (let i = 0; i < 50; i++) protocol.receive('go movetime 1000');
    protocol.receive('d');
    protocol.end();
    const started = performance.now();
    await protocol.idle();
    expect(performance.now() - started).toBeLessThan(5000);
    expect(printed.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    expect(printed.some((l) => l.startsWith('legal '))).toBe(false);
  });

  it('the end of input with no search running carries out what was read, each search stopped at once', async () => {
    const printed: string[] = [];
    const protocol = new EngineProtocol((line) => printed.push(line));
    for (const line of ['position startpos', 'go movetime 600000', 'd']) protocol.receive(line);
    protocol.end();
    await protocol.idle();
    expect(printed.filter((l) => l.startsWith('bestmove'))).toHaveLength(1);
    expect(printed.some((l) => l.startsWith('legal '))).toBe(true);
  });
});

describe('throngs engine as a program', () => {
  it('talks on stdin and stdout and exits 0 on quit', async () => {
    const child = spawn(process.execPath, ['bin/throngs.mjs', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
    child.stdin.write('uci\nisready\nposition startpos\ngo iterations 500 seed 2\n');
    await expect.poll(() => out.includes('bestmove'), { timeout: 30_000 }).toBe(true);
    child.stdin.write('quit\n');
    expect(await exited).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines).toContain('uciok');
    expect(lines).toContain('readyok');
    expect(lines.at(-1)).toMatch(/^bestmove \S+$/);
  });

  it('reads endless input without line breaks (/dev/zero) in bounded memory: one error line, and the engine lives on', async () => {
    const zero = openSync('/dev/zero', 'r');
    const child = spawn(process.execPath, ['bin/throngs.mjs', 'engine'], { stdio: [zero, 'pipe', 'pipe'] });
    closeSync(zero);
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    // Gigabytes of input in a few seconds: kept whole as one line, they would end the process.
    const ended = await Promise.race([exited, new Promise<'running'>((resolve) => setTimeout(() => resolve('running'), 4000))]);
    child.kill();
    await exited;
    expect([ended, err]).toEqual(['running', '']);
    expect(out.trim().split('\n')).toEqual(['info string error: line longer than 100,000 characters ignored']);
  });

  it('stops a search and exits 0 when its input closes, as UCI engines do (printf "go infinite" | throngs engine)', async () => {
    const child = spawn(process.execPath, ['bin/throngs.mjs', 'engine'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number>((resolve) => child.on('exit', (code) => resolve(code ?? -1)));
    child.stdin.end('position startpos\ngo infinite\n');
    // An infinite search ends only by `stop`, `quit` or the end of input: within the test's time it must be the last.
    const code = await Promise.race([exited, new Promise<string>((resolve) => setTimeout(() => resolve('still running after 30 s'), 30_000))]);
    if (code !== 0) child.kill();
    expect(code).toBe(0);
    expect(out.trim().split('\n').at(-1)).toMatch(/^bestmove \S+$/);
  });
});
