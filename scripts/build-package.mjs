#!/usr/bin/env node
// Builds what the npm package ships, from the wasm cores already in build/ (npm run build:package
// runs npm run build:wasm first; prepack runs build:package):
//   1. dist/pkg/: tsc -p tsconfig.build.json (ESM JavaScript and .d.ts of reference/, bindings/
//      and the ABI constants they import from assembly/, laid out like the sources);
//   2. dist/pkg/build/: each game's release core and its generated glue (<game>.wasm, .js, .d.ts),
//      which the compiled wasm engines load as ../../../build/<game>.{wasm,js}; and each game's
//      opening suites, beside its compiled bindings as in the sources (bindings/games/<game>/openings/);
//   3. dist/pkg/bindings/agents/match-worker.mjs and root-parallel-worker.mjs: the match's (local or
//      queued) and the search's threads, bindings/solver/solve-worker.mjs the solver's, and engine/load-module.mjs which they share (plain
//      JavaScript, not compiled);
//   4. dist/pkg/bindings/worker/client.js: the worker URL './worker.ts' becomes './worker.js';
//   5. dist/lib/: the one-script-tag library (vite build --config vite.lib.config.ts).
// Anything missing or unexpected stops the build with a message and exit code 1.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, 'dist/pkg');

function fail(message) {
  console.error(`build-package: ${message}`);
  process.exit(1);
}

function run(script, args) {
  const path = join(root, script);
  if (!existsSync(path)) fail(`${script} is missing (npm install)`);
  const result = spawnSync(process.execPath, [path, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) fail(`${script} ${args.join(' ')} failed`);
}

function copy(from, to) {
  if (!existsSync(join(root, from))) fail(`${from} is missing${from.startsWith('build/') ? ' (npm run build:wasm)' : ''}`);
  mkdirSync(dirname(join(out, to)), { recursive: true });
  copyFileSync(join(root, from), join(out, to));
}

// 1. The compiled sources.
rmSync(out, { recursive: true, force: true });
run('node_modules/typescript/bin/tsc', ['-p', 'tsconfig.build.json']);

// 2. Every game's release core: the games are the folders of assembly/games/ (as
// scripts/build-wasm.mjs finds them), each built to build/<game>.wasm.
const games = readdirSync(join(root, 'assembly/games'), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(join(root, 'assembly/games', d.name, 'index.ts')))
  .map((d) => d.name)
  .sort();
if (games.length === 0) fail('found no game in assembly/games/');
for (const game of games) {
  for (const ext of ['wasm', 'js', 'd.ts']) copy(`build/${game}.${ext}`, `build/${game}.${ext}`);
  if (!existsSync(join(out, `bindings/games/${game}/wasm-engine.js`))) fail(`no compiled bindings/games/${game}/wasm-engine.js for build/${game}.wasm`);
  const suites = `bindings/games/${game}/openings`;
  if (existsSync(join(root, suites))) for (const name of readdirSync(join(root, suites)).filter((f) => f.endsWith('.txt'))) copy(`${suites}/${name}`, `${suites}/${name}`);
}

// 3. The match, root-parallel search and queue workers' threads.
copy('bindings/agents/match-worker.mjs', 'bindings/agents/match-worker.mjs');
copy('bindings/engine/load-module.mjs', 'bindings/engine/load-module.mjs');
copy('bindings/agents/root-parallel-worker.mjs', 'bindings/agents/root-parallel-worker.mjs');
copy('bindings/solver/solve-worker.mjs', 'bindings/solver/solve-worker.mjs');

// 4. The engine worker's URL in the compiled client: exactly one occurrence, or the build stops.
const client = join(out, 'bindings/worker/client.js');
const from = "new URL('./worker.ts', import.meta.url)";
const to = "new URL('./worker.js', import.meta.url)";
const code = readFileSync(client, 'utf8');
const found = code.split(from).length - 1;
if (found !== 1) fail(`expected ${from} once in dist/pkg/bindings/worker/client.js, found it ${found} times`);
if (!existsSync(join(out, 'bindings/worker/worker.js'))) fail('no compiled bindings/worker/worker.js');
writeFileSync(client, code.replace(from, to));

// 5. The plain-script library.
run('node_modules/vite/bin/vite.js', ['build', '--config', 'vite.lib.config.ts', '--logLevel', 'warn']);
if (!existsSync(join(root, 'dist/lib/throngs-board.js'))) fail('vite did not write dist/lib/throngs-board.js');

console.log(`build-package: dist/pkg (games: ${games.join(', ')}) and dist/lib are ready`);
