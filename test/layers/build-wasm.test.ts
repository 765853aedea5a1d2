// The wasm build (scripts/build-wasm.mjs) leaves a module's files alone when they come out as they
// were, so that a running `npm start` does not reload its page for nothing; a file that differs is
// written again. One game's debug target, the quickest, built into a folder of the test's own.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url).pathname;
const out = mkdtempSync(join(tmpdir(), 'build-wasm-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const GAME = readdirSync(join(root, 'assembly/games')).sort()[0]!;
const build = (): string => execFileSync(process.execPath, ['scripts/build-wasm.mjs', '--target', 'debug', '--out', out, GAME], { cwd: root, encoding: 'utf8' });
const times = (): Record<string, number> => Object.fromEntries(readdirSync(out).map((f) => [f, statSync(join(out, f)).mtimeMs]));

describe('npm run build:wasm', () => {
  it('rewrites only the files whose bytes changed: an unchanged module keeps its files and their times', () => {
    expect(build()).toMatch(/: 5 files written, 0 unchanged/);
    const files = readdirSync(out).sort();
    expect(files).toEqual([`${GAME}.debug.d.ts`, `${GAME}.debug.js`, `${GAME}.debug.wasm`, `${GAME}.debug.wasm.map`, `${GAME}.debug.wat`]);
    const wasm = readFileSync(join(out, `${GAME}.debug.wasm`));
    // One file is spoiled; the rest stay as the build left them.
    const spoiled = `${GAME}.debug.d.ts`;
    const right = readFileSync(join(out, spoiled), 'utf8');
    writeFileSync(join(out, spoiled), 'spoiled');
    const before = times();
    expect(build()).toMatch(/: 1 files written, 4 unchanged/);
    const after = times();
    for (const f of files) if (f !== spoiled) expect(after[f], f).toBe(before[f]);
    expect(readFileSync(join(out, spoiled), 'utf8')).toBe(right);
    expect(readFileSync(join(out, `${GAME}.debug.wasm`)).equals(wasm)).toBe(true);
    // Nothing half written is left beside them.
    expect(readdirSync(out).sort()).toEqual(files);
  });
});
