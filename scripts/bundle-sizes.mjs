/**
 * The sizes of the built demo and library as the build made them, gzipped: the figures the docs
 * give (docs/demo.md, docs/element.md) are written between `<!-- sizes:NAME -->` and
 * `<!-- /sizes -->` by this script, so that they never drift from what a user downloads.
 *
 *   npm run build:demo && node scripts/bundle-sizes.mjs     # measure and rewrite the docs
 *
 * The browser tests (which build first) check the docs' figures against a fresh measure.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const KB = 1024;
const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const raw = (file) => readFileSync(file).length;
const kb = (bytes) => Math.round(bytes / KB);
const title = (id) => id.charAt(0).toUpperCase() + id.slice(1);

/** The one file of `dir` whose name starts with `prefix` and ends with `ext`. */
function only(dir, prefix, ext) {
  const found = readdirSync(dir).filter((f) => f.startsWith(prefix) && f.endsWith(ext));
  if (found.length !== 1) throw new Error(`bundle-sizes: expected one ${prefix}*${ext} in ${dir}, found ${found.length} (build the demo first: npm run build:demo)`);
  return join(dir, found[0]);
}

/** Sizes in bytes of what the build wrote under `root`/dist. */
export function measure(root) {
  const demo = join(root, 'dist/demo/assets');
  const lib = join(root, 'dist/lib');
  const libAssets = join(lib, 'assets');
  // Vite names each wasm core after its source, build/<game>.wasm: the game's id.
  const cores = readdirSync(demo)
    .filter((f) => f.endsWith('.wasm'))
    .map((f) => ({ game: f.replace(/-[\w-]{8}\.wasm$/, ''), gz: gz(join(demo, f)) }))
    .sort((a, b) => b.gz - a.gz);
  const engines = readdirSync(libAssets)
    .filter((f) => f.startsWith('wasm-engine-'))
    .map((f) => gz(join(libAssets, f)));
  return {
    page: gz(only(demo, 'index-', '.js')),
    worker: gz(only(demo, 'worker-', '.js')),
    cores,
    libScript: { raw: raw(join(lib, 'throngs-board.js')), gz: gz(join(lib, 'throngs-board.js')) },
    libWorker: { raw: raw(only(libAssets, 'worker-', '.js')), gz: gz(only(libAssets, 'worker-', '.js')) },
    libEngines: [Math.min(...engines), Math.max(...engines)],
  };
}

/** The docs' sentences for a measure, by marker name. */
export function sentences(m) {
  const cores = m.cores.map((c, i) => `${title(c.game)} ${kb(c.gz)} KB${i === 0 ? ' gzipped' : ''}`).join(', ');
  return {
    demo: `the page script is ${kb(m.page)} KB gzipped and the worker ${kb(m.worker)} KB; each game's wasm core (${cores}) and the few KB of code around it are loaded when its game is first played`,
    lib: `one script (${kb(m.libScript.raw)} KB, ${kb(m.libScript.gz)} KB gzipped), its worker next to it (${kb(m.libWorker.raw)} KB, ${kb(m.libWorker.gz)} KB gzipped) and each game's engine with its wasm core inside (${kb(m.libEngines[0])} to ${kb(m.libEngines[1])} KB gzipped, loaded when the game is first played)`,
  };
}

export const DOCS = { demo: 'docs/demo.md', lib: 'docs/element.md' };
const MARKED = (name) => new RegExp(`(<!-- sizes:${name} -->)([\\s\\S]*?)(<!-- /sizes -->)`);

/** The text between a doc's markers, or null where the markers are missing. */
export function marked(text, name) {
  return MARKED(name).exec(text)?.[2] ?? null;
}

function write(root) {
  const texts = sentences(measure(root));
  for (const [name, doc] of Object.entries(DOCS)) {
    const path = join(root, doc);
    const before = readFileSync(path, 'utf8');
    if (marked(before, name) === null) throw new Error(`bundle-sizes: ${doc} has no <!-- sizes:${name} --> marker`);
    writeFileSync(path, before.replace(MARKED(name), (_, open, _old, close) => `${open}${texts[name]}${close}`));
    console.log(`${doc}: ${texts[name]}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) write(new URL('..', import.meta.url).pathname);
