import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const OUT_DIR = new URL('./dist/demo', import.meta.url).pathname;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

/**
 * Writes the demo's service worker (demo/sw.js) into the build with the list of the build's files
 * to fetch at install: written once everything else is, so that the engine worker's own chunks
 * and the wasm cores are on the list too. The version is a hash of the files, so a new build
 * gets a new cache.
 */
function serviceWorker(): Plugin {
  return {
    name: 'throngs-service-worker',
    apply: 'build',
    closeBundle() {
      const files = filesUnder(OUT_DIR).filter((f) => f !== 'sw.js').sort();
      const hash = createHash('sha256');
      for (const f of files) hash.update(f).update(readFileSync(join(OUT_DIR, f)));
      const source = readFileSync(new URL('./demo/sw.js', import.meta.url), 'utf8')
        .replace('self.__PRECACHE__', JSON.stringify(files.map((f) => `./${f}`)))
        .replace('self.__VERSION__', JSON.stringify(hash.digest('hex').slice(0, 12)));
      writeFileSync(join(OUT_DIR, 'sw.js'), source);
    },
  };
}

// The demo application: `npm start` serves it, `npm run build:demo` builds it into dist/demo
// (with a service worker, so that it works offline after the first visit).
export default defineConfig({
  root: 'demo',
  base: './',
  build: { outDir: '../dist/demo', emptyOutDir: true, target: 'es2022' },
  worker: { format: 'es' },
  server: { port: 5173, host: true },
  plugins: [serviceWorker()],
});
