#!/usr/bin/env node
// Builds every game's wasm module: each folder of assembly/games/ with an index.ts is one game,
// compiled with the targets of asconfig.json into build/<game>.wasm (release) and
// build/<game>.debug.wasm (debug, assertions on, with its text format and source map), each with
// the compiler's generated raw bindings (.js, .d.ts). Nothing here names a game: a new game's
// folder is found by itself. A file whose bytes come out as they were is left alone (its time
// too), so that a running dev server (`npm start`) does not reload the page for an unchanged
// module; a changed one is written beside it and renamed over it, never seen half written.
//
//   node scripts/build-wasm.mjs [--target release|debug] [--out DIR] [game ...]
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import asc from 'assemblyscript/asc';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({ options: { target: { type: 'string', multiple: true }, out: { type: 'string' } }, allowPositionals: true });
/** Where the modules go, relative to the project (the tests build elsewhere). */
const out = relative(root, resolve(root, values.out ?? 'build')) || '.';
const written = [];
let unchanged = 0;

/** The compiler's writeFile: writes `contents` only where they differ from the file's bytes. */
function writeIfChanged(filename, contents, baseDir) {
  const path = resolve(baseDir, filename);
  const bytes = typeof contents === 'string' ? Buffer.from(contents, 'utf8') : Buffer.from(contents.buffer, contents.byteOffset, contents.byteLength);
  if (existsSync(path) && readFileSync(path).equals(bytes)) {
    unchanged++;
    return;
  }
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, path);
  written.push(relative(root, path));
}

const found = readdirSync(join(root, 'assembly/games'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'assembly/games', d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
const unknown = positionals.filter((g) => !found.includes(g));
if (unknown.length) {
  console.error(`build-wasm: no game folder assembly/games/${unknown[0]}/index.ts (games: ${found.join(', ')})`);
  process.exit(1);
}
const games = positionals.length ? positionals : found;
const targets = values.target ?? ['release', 'debug'];

/** The output files of one target: the debug build also writes its text format. */
const outputs = (game, target) =>
  target === 'release' ? ['--outFile', `${out}/${game}.wasm`] : ['--outFile', `${out}/${game}.debug.wasm`, '--textFile', `${out}/${game}.debug.wat`];

for (const game of games) {
  for (const target of targets) {
    const args = [`assembly/games/${game}/index.ts`, '--config', 'asconfig.json', '--target', target, ...outputs(game, target)];
    const { error } = await asc.main(args, { stdout: process.stdout, stderr: process.stderr, writeFile: writeIfChanged });
    if (error) {
      console.error(`build-wasm: ${game} (${target}) failed: ${error.message}`);
      process.exit(1);
    }
  }
}
console.log(`build-wasm: ${games.join(', ')} (${targets.join(', ')}): ${written.length} files written, ${unchanged} unchanged`);
