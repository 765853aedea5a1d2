#!/usr/bin/env node
// Proves that a game is its folders and one registry entry: in a scratch copy of the project it
// makes a new game from the smallest one (the fewest lines of code in its folders) under a new id,
// the way OpenSpiel's guide starts a game from a copy of tic_tac_toe: it copies the game's folders
// with the id renamed in paths and text (lower case, Capitalised and UPPER case; gzipped data is
// copied as it is, its file names renamed), adds the game's entry to bindings/games/registry.ts,
// builds every wasm module, type-checks, and runs the contract suite's tests of the new game and
// the house suite. Then it compares the scratch copy with the project file by file and prints what
// it touched (nothing but the registry and the new folders may differ) and how long each step took.
// The project itself is only read.
//
//   npm run check:new-game [-- --id ID] [--from GAME] [--keep]
//
// --id names the new game (default: game<N>, N the number of games with it), --from the game to
// copy (default: the smallest), --keep leaves the scratch copy in place and prints where it is.
// Exits 1 when a step fails or a file outside the new folders and the registry changed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({ options: { id: { type: 'string' }, from: { type: 'string' }, keep: { type: 'boolean', default: false } } });
/** A game's folders, one per layer (docs/architecture.md, "Adding a game"). */
const LAYERS = ['reference/games', 'assembly/games', 'bindings/games', 'test/games'];
/** Where a game's code is, to find the smallest (its tests and data are not code). */
const CODE_LAYERS = ['reference/games', 'assembly/games', 'bindings/games'];
/** Not copied: installed, generated or kept by git; node_modules is linked instead. */
const NOT_COPIED = new Set(['node_modules', '.git', 'build', 'dist', 'test-results', '.vite']);
/** Written by the build and the tests, not by this script: left out of the comparison. */
const GENERATED = new Set(['node_modules', 'build', 'dist', 'test-results', '.vite']);
const REGISTRY = 'bindings/games/registry.ts';

const started = performance.now();
const steps = [];
let scratch = null;

function fail(message) {
  console.error(`check:new-game: ${message}`);
  if (scratch) console.error(`the scratch copy is kept at ${scratch}`);
  process.exit(1);
}

/** Runs `label`, timed; `run` returns nothing or throws. */
function step(label, run) {
  const t0 = performance.now();
  run();
  const seconds = (performance.now() - t0) / 1000;
  steps.push([label, seconds]);
  console.log(`check:new-game: ${label}: ${seconds.toFixed(1)} s`);
}

/** Runs a command in the scratch copy, its output passed through; a failure ends the check. */
function exec(args, what) {
  const result = spawnSync(process.execPath, args, { cwd: scratch, stdio: 'inherit', env: { ...process.env, FORCE_COLOR: '0' } });
  if (result.status !== 0) fail(`${what} failed (exit ${result.status ?? result.signal})`);
}

/** Every file below `dir` (relative, with '/'), the top-level folders in `skip` left out. */
function walk(dir, skip = new Set(), prefix = '') {
  const out = [];
  for (const entry of readdirSync(join(dir, prefix), { withFileTypes: true })) {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (!prefix && skip.has(entry.name)) continue;
    if (entry.isDirectory()) out.push(...walk(dir, skip, path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** Each file's content hash, by path: what the comparison compares. */
function snapshot(dir) {
  return new Map(walk(dir, GENERATED).map((path) => [path, createHash('sha1').update(readFileSync(join(dir, path))).digest('hex')]));
}

const games = readdirSync(join(root, 'assembly/games')).filter((g) => existsSync(join(root, 'assembly/games', g, 'index.ts')));
const linesOf = (game) =>
  CODE_LAYERS.flatMap((layer) => (existsSync(join(root, layer, game)) ? walk(join(root, layer, game)).filter((f) => f.endsWith('.ts')).map((f) => join(root, layer, game, f)) : [])).reduce(
    (n, file) => n + readFileSync(file, 'utf8').split('\n').length,
    0,
  );
const sizes = new Map(games.map((g) => [g, linesOf(g)]));
const from = values.from ?? [...sizes].sort((a, b) => a[1] - b[1])[0][0];
// Made up from the count, so that this file never names a game (the house suite would see it).
const id = values.id ?? `game${games.length + 1}`;
if (!games.includes(from)) fail(`no game ${from} (games: ${games.join(', ')})`);
if (!/^[a-z][a-z0-9]*$/.test(id)) fail(`the id must be lower-case letters and digits, starting with a letter: ${id}`);
if (games.some((g) => g.includes(id) || id.includes(g))) fail(`the id ${id} must neither contain a game's id nor be part of one (games: ${games.join(', ')})`);
console.log(`check:new-game: a game ${id} made from ${from}, the smallest (${[...sizes].map(([g, n]) => `${g} ${n}`).join(', ')} lines of code)`);

const capital = (s) => s[0].toUpperCase() + s.slice(1);
const RENAMES = [
  [from, id],
  [capital(from), capital(id)],
  [from.toUpperCase(), id.toUpperCase()],
];
const rename = (text) => RENAMES.reduce((t, [a, b]) => t.split(a).join(b), text);
/** Text to rename in, or bytes to copy as they are (gzipped data, images, anything with a NUL byte). */
const isText = (bytes) => !(bytes[0] === 0x1f && bytes[1] === 0x8b) && !bytes.includes(0);

let before;
step('scratch copy', () => {
  scratch = mkdtempSync(join(tmpdir(), 'throngs-new-game-'));
  cpSync(root, scratch, { recursive: true, filter: (src) => !NOT_COPIED.has(relative(root, src).split(sep)[0]) });
  symlinkSync(join(root, 'node_modules'), join(scratch, 'node_modules'), 'dir');
  before = snapshot(scratch);
});

step(`${from} copied as ${id}, and its registry entry`, () => {
  for (const layer of LAYERS) {
    const source = join(scratch, layer, from);
    if (!existsSync(source)) continue;
    for (const path of walk(source)) {
      const bytes = readFileSync(join(source, path));
      const target = join(scratch, layer, id, rename(path));
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, isText(bytes) ? rename(bytes.toString('utf8')) : bytes);
    }
  }
  // The entry: the import of the game's bindings and its line in GAMES, each beside the copied game's.
  const registry = readFileSync(join(scratch, REGISTRY), 'utf8').split('\n');
  const importAt = registry.findIndex((l) => l.includes(`from './${from}/index.js'`));
  const lineAt = registry.findIndex((l) => new RegExp(`^\\s+${from}: \\w+,$`).test(l));
  if (importAt < 0 || lineAt < 0) fail(`${REGISTRY} has no import of ./${from}/index.js or no line "${from}: ...,"`);
  registry.splice(lineAt + 1, 0, rename(registry[lineAt]));
  registry.splice(importAt + 1, 0, rename(registry[importAt]));
  writeFileSync(join(scratch, REGISTRY), registry.join('\n'));
});

step('wasm build (every game)', () => exec(['scripts/build-wasm.mjs'], 'the wasm build'));
step('type check', () => exec(['node_modules/typescript/bin/tsc', '--noEmit', '-p', 'tsconfig.json'], 'the type check'));

/** Runs vitest on `files` (tests whose names match `pattern`, if given) and returns its JSON report. */
function vitest(files, pattern, what) {
  const report = join(scratch, `.vitest-${steps.length}.json`);
  const args = ['node_modules/vitest/vitest.mjs', 'run', '--project', 'node', ...files, '--reporter=dot', '--reporter=json', `--outputFile.json=${report}`];
  exec(pattern ? [...args, '-t', pattern] : args, what);
  const results = JSON.parse(readFileSync(report, 'utf8')).testResults.flatMap((f) => f.assertionResults);
  rmSync(report);
  return results;
}

let contract = [];
step(`contract suite, the tests of ${id}`, () => {
  // Every contract test of a game is named after it: "<id>: ..." or "fuzzing <id> on ...".
  contract = vitest(['test/contract'], `(^|fuzzing )${id}[: ]`, `the contract suite for ${id}`);
  const passed = contract.filter((t) => t.status === 'passed');
  if (passed.length === 0 || passed.some((t) => !t.fullName.includes(id))) fail(`the contract suite ran ${passed.length} tests of ${id}`);
});
let house = [];
step('house suite', () => {
  house = vitest(['test/layers/house.test.ts'], null, 'the house suite');
});

const after = snapshot(scratch);
const changed = [...after.keys()].filter((p) => before.has(p) && before.get(p) !== after.get(p));
const added = [...after.keys()].filter((p) => !before.has(p));
const removed = [...before.keys()].filter((p) => !after.has(p));
const newFolders = LAYERS.map((layer) => `${layer}/${id}/`);
const stray = [...changed.filter((p) => p !== REGISTRY), ...added.filter((p) => !newFolders.some((f) => p.startsWith(f))), ...removed];
const registryDiff = after.has(REGISTRY) ? readFileSync(join(scratch, REGISTRY), 'utf8').split('\n').length - readFileSync(join(root, REGISTRY), 'utf8').split('\n').length : 0;

console.log('');
console.log(`check:new-game: files touched: ${changed.length} changed, ${added.length} added, ${removed.length} removed`);
for (const path of changed) console.log(`  changed ${path}${path === REGISTRY ? ` (+${registryDiff} lines: the import of ${id}'s entry and its line in GAMES)` : ''}`);
for (const folder of newFolders) {
  const files = added.filter((p) => p.startsWith(folder)).map((p) => p.slice(folder.length));
  if (files.length) console.log(`  added   ${folder} (${files.length} files): ${files.join(' ')}`);
}
for (const path of stray) console.log(`  OUTSIDE THE GAME'S FOLDERS AND THE REGISTRY: ${path}`);
console.log(`check:new-game: ${contract.filter((t) => t.status === 'passed').length} contract tests of ${id} and ${house.filter((t) => t.status === 'passed').length} house tests passed`);
const total = (performance.now() - started) / 1000;
console.log(`check:new-game: ${steps.map(([l, s]) => `${l} ${s.toFixed(1)} s`).join('; ')}; total ${total.toFixed(1)} s`);

if (stray.length) fail('files outside the new folders and the registry changed');
if (registryDiff !== 2) fail(`the registry grew by ${registryDiff} lines, not 2`);
if (values.keep) console.log(`check:new-game: the scratch copy is at ${scratch}`);
else rmSync(scratch, { recursive: true, force: true });
console.log(`check:new-game: passed: ${id} is its folders and one registry entry`);
