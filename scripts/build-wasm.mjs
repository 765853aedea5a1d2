#!/usr/bin/env node
// Builds every game's wasm module: each folder of assembly/games/ with an index.ts is one game,
// compiled with the targets of asconfig.json into build/<game>.wasm (release) and
// build/<game>.debug.wasm (debug, assertions on, with its text format and source map), each with
// the compiler's generated raw bindings (.js, .d.ts). Nothing here names a game: a new game's
// folder is found by itself.
//
//   node scripts/build-wasm.mjs [--target release|debug] [game ...]
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import asc from 'assemblyscript/asc';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values, positionals } = parseArgs({ options: { target: { type: 'string', multiple: true } }, allowPositionals: true });

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
  target === 'release' ? ['--outFile', `build/${game}.wasm`] : ['--outFile', `build/${game}.debug.wasm`, '--textFile', `build/${game}.debug.wat`];

for (const game of games) {
  for (const target of targets) {
    const args = [`assembly/games/${game}/index.ts`, '--config', 'asconfig.json', '--target', target, ...outputs(game, target)];
    const { error, stderr } = await asc.main(args, { stdout: process.stdout, stderr: process.stderr });
    if (error) {
      console.error(`build-wasm: ${game} (${target}) failed: ${error.message}`);
      process.exit(1);
    }
  }
}
console.log(`build-wasm: ${games.join(', ')} (${targets.join(', ')})`);
