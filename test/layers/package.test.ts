/**
 * The npm package as a user gets it. The package build (scripts/build-package.mjs) runs in a
 * scratch copy of the project, so the working tree's dist/ is left alone; `npm pack` packs it,
 * and an empty project installs the tarball from disk (its one dependency, comlink, from the
 * registry; bullmq and ioredis, for matches on a queue, are optional peers and not installed). From there: a Node ESM script imports `throngs-engine` and plays a seeded random
 * game of every game on the wasm core; `npx throngs` runs the compiled CLI with plain node (no
 * tsx installed); Vite bundles the element and the engine with no configuration (build and dev
 * server); and Chromium loads the plain-script build (dist/lib) and the Vite pages from a local
 * server, where the board renders and a click plays a move.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { suitePath } from '../../bindings/agents/openings.js';
import { gameRules } from '../../bindings/games/registry.js';
import { launch } from '../browser/chromium.js';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../..', import.meta.url));
/** Every game the project builds a wasm core for (a folder of assembly/games/), as the build script finds them. */
const games = readdirSync(join(root, 'assembly/games'))
  .filter((g) => existsSync(join(root, 'assembly/games', g, 'index.ts')))
  .sort();
/** Not needed to build the package: left out of the scratch copy (node_modules is linked). */
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'test', 'test-results', '.vite']);
/** What `npm test` puts in the environment about this project, which the nested npm runs must not see. */
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_(package_|lifecycle_|config_local_prefix$)/i.test(k)));

let scratch: string;
let copy: string;
let app: string;
let installed: string;
let packed: { filename: string; size: number; unpackedSize: number; files: Array<{ path: string }> };

async function run(cmd: string, args: string[], cwd: string, timeout = 150_000): Promise<{ stdout: string; stderr: string }> {
  try {
    return await exec(cmd, args, { cwd, env, timeout, maxBuffer: 64 << 20 });
  } catch (e) {
    const x = e as Error & { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')} failed in ${cwd}: ${x.message}\n${x.stdout ?? ''}`);
  }
}

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), 'throngs-package-'));
  copy = join(scratch, 'project');
  cpSync(root, copy, { recursive: true, filter: (src) => !NOT_COPIED.has(relative(root, src).split(sep)[0]!) });
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  // The wasm cores are the ones in build/ (npm test builds them first): rebuilding them here
  // would rewrite files the other test files are reading.
  await run(process.execPath, ['scripts/build-package.mjs'], copy);
  const { stdout } = await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], copy);
  [packed] = JSON.parse(stdout) as [typeof packed];
  console.log(`throngs-engine tarball: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked, ${packed.files.length} files`);

  app = join(scratch, 'app');
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'throngs-package-user', private: true, type: 'module' }, null, 2));
  await run('npm', ['install', join(scratch, packed.filename), '--no-audit', '--no-fund'], app);
  installed = join(app, 'node_modules/throngs-engine');
}, 300_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('the npm package', () => {
  it('holds the compiled engine, the wasm cores, the CLI and the plain-script build, and no sources or tests', () => {
    const paths = packed.files.map((f) => f.path);
    for (const path of paths) {
      expect(path, 'packed file').toMatch(/^(dist\/pkg\/|dist\/lib\/|bin\/|package\.json$|README\.md$|LICENSE)/);
      expect(path.endsWith('.ts') && !path.endsWith('.d.ts'), `${path} is a TypeScript source`).toBe(false);
      expect(path, 'debug builds stay out').not.toMatch(/\.debug\.|\.wat$|\.map$/);
    }
    for (const game of games) {
      for (const ext of ['wasm', 'js', 'd.ts']) expect(paths).toContain(`dist/pkg/build/${game}.${ext}`);
      // The opening suite of the game's default board, for matches on it, in the game's folder.
      expect(paths).toContain(`dist/pkg/${suitePath(game, gameRules(game).defaultBoard)}`);
      expect(paths).toContain(`dist/pkg/bindings/games/${game}/wasm-engine.js`);
    }
    for (const path of ['bin/throngs.mjs', 'dist/pkg/bindings/cli/cli.js', 'dist/pkg/bindings/agents/match-worker.mjs', 'dist/pkg/bindings/agents/root-parallel-worker.mjs', 'dist/pkg/bindings/engine/load-module.mjs', 'dist/pkg/bindings/solver/solve-worker.mjs', 'dist/pkg/bindings/worker/worker.js', 'dist/lib/throngs-board.js']) {
      expect(paths).toContain(path);
    }
    // Every export of the installed package.json points at a packed file.
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')) as { exports: Record<string, string | Record<string, string>>; dependencies: Record<string, string> };
    for (const [subpath, target] of Object.entries(manifest.exports)) {
      for (const file of typeof target === 'string' ? [target] : Object.values(target)) {
        if (!file.includes('*')) expect(existsSync(join(installed, file)), `${subpath} → ${file}`).toBe(true);
      }
    }
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    expect(existsSync(join(app, 'node_modules/tsx')), 'tsx is not installed with the package').toBe(false);
    // The worker URL was rewritten to the compiled worker.
    expect(readFileSync(join(installed, 'dist/pkg/bindings/worker/client.js'), 'utf8')).toContain("new URL('./worker.js', import.meta.url)");
    expect(packed.size).toBeLessThan(1_000_000);
  });

  it('in Node (ESM): imports throngs-engine and plays a seeded random game of every game to the end on the wasm core', async () => {
    writeFileSync(
      join(app, 'play.mjs'),
      `import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createEngine } from 'throngs-engine';
import { EngineClient } from 'throngs-engine/worker';

function mulberry32(seed) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (typeof EngineClient !== 'function') throw new Error('throngs-engine/worker has no EngineClient');
for (const game of process.argv.slice(2)) {
  const wasm = fileURLToPath(import.meta.resolve('throngs-engine/wasm/' + game + '.wasm'));
  if (!existsSync(wasm)) throw new Error('no ' + wasm);
  const engine = await createEngine({ game });
  const random = mulberry32(20240601);
  while (!engine.outcome() && engine.history().length < 5000) {
    const moves = engine.legalMoves();
    engine.play(moves[Math.floor(random() * moves.length)]);
  }
  const replay = await createEngine({ game, backend: 'reference' });
  replay.loadRecord(engine.record());
  console.log(JSON.stringify({
    game,
    backend: engine.backend,
    plies: engine.history().length,
    outcome: engine.outcome(),
    replayed: replay.position() === engine.position() && replay.history().length === engine.history().length,
    record: engine.record(),
  }));
}
`,
    );
    const { stdout } = await run(process.execPath, ['play.mjs', ...games], app);
    const results = stdout.trim().split('\n').map((line) => JSON.parse(line) as { game: string; backend: string; plies: number; outcome: unknown; replayed: boolean; record: string });
    expect(results.map((r) => r.game)).toEqual(games);
    for (const r of results) {
      expect(r.backend, r.game).toBe('wasm');
      expect(r.outcome, `${r.game} ended`).not.toBeNull();
      expect(r.plies, r.game).toBeGreaterThan(0);
      expect(r.record, r.game).toMatch(/^\[Game "[^"]+"\]/);
      expect(r.record, r.game).toMatch(/\[Result "[^"]+"\]/);
      expect(r.replayed, `${r.game}: the record replays on the reference engine`).toBe(true);
      console.log(`${r.game}: ${r.plies} plies\n${r.record}`);
    }
  });

  it('runs the throngs command with plain node: --help, and a match as JSON', async () => {
    const help = await run('npx', ['--no', '--', 'throngs', '--help'], app);
    expect(help.stdout).toMatch(/Usage: throngs <command>/);
    for (const command of ['perft', 'match', 'play']) expect(help.stdout).toContain(command);

    const { stdout } = await run('npx', ['--no', '--', 'throngs', 'match', '--a', 'greedy', '--b', 'random', '--games', '2', '--threads', '1', '--json'], app);
    const summary = JSON.parse(stdout) as { games: number; winsA: number; winsB: number; draws: number; winRateA: number; interval95: [number, number]; averagePlies: number };
    expect(summary.games).toBe(2);
    expect(summary.winsA + summary.winsB + summary.draws).toBe(2);
    expect(summary.winRateA).toBeGreaterThanOrEqual(0);
    expect(summary.winRateA).toBeLessThanOrEqual(1);
    expect(summary.interval95).toHaveLength(2);
    expect(summary.averagePlies).toBeGreaterThan(0);
    // The root-parallel search starts its worker threads from the compiled package too.
    const parallel = await run('npx', ['--no', '--', 'throngs', 'match', '--game', 'refugia', '--board', 'hex2-3', '--a', 'mcts:200it,workers=2', '--b', 'alphabeta:2d', '--games', '2', '--threads', '1', '--json'], app);
    expect(JSON.parse(parallel.stdout).games).toBe(2);
    // So does the solver, and its threads.
    const solved = await run('npx', ['--no', '--', 'throngs', 'solve', '--game', 'refugia', '--board', 'hexhex(2)', '--threads', '2'], app);
    expect(solved.stdout).toMatch(/^value: win\b/m);
    // The queue's libraries are optional peers, not installed here: asking for a queue says what to install.
    expect(existsSync(join(app, 'node_modules/bullmq'))).toBe(false);
    await expect(run('npx', ['--no', '--', 'throngs', 'worker', '--queue', 'redis://127.0.0.1:1'], app)).rejects.toThrow(/need bullmq and ioredis: npm install bullmq ioredis/);
  });

  describe('in Vite and in Chromium', () => {
    let browser: Browser | undefined;
    let server: Server | undefined;
    let base = '';
    let closeDev: (() => Promise<void>) | undefined;
    let devUrl = '';

    beforeAll(async () => {
      // A page that imports the package the way an application does: the element, and an engine
      // on the page's own thread. Vite gets no configuration.
      const web = join(app, 'web');
      mkdirSync(web);
      writeFileSync(
        join(web, 'index.html'),
        `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"></head>
<body><throngs-board interactive style="max-width: 500px"></throngs-board><script type="module" src="./main.js"></script></body></html>`,
      );
      writeFileSync(
        join(web, 'main.js'),
        `import 'throngs-engine/element';
import { createEngine } from 'throngs-engine';
const engine = await createEngine({ game: 'refugia' });
window.pageEngineMoves = engine.legalMoves().length;
`,
      );
      const vite = await import('vite');
      await vite.build({ configFile: false, root: web, logLevel: 'warn', build: { outDir: join(app, 'vite-dist'), emptyOutDir: true } });
      const dev = await vite.createServer({ configFile: false, root: web, logLevel: 'warn', server: { host: '127.0.0.1', port: 0, strictPort: false } });
      await dev.listen();
      devUrl = dev.resolvedUrls?.local[0] ?? '';
      closeDev = () => dev.close();

      // A static server, as a CDN would be: /lib/ is the installed plain-script build.
      mkdirSync(join(app, 'plain'));
      writeFileSync(
        join(app, 'plain', 'index.html'),
        `<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<script type="module" src="/lib/throngs-board.js"></script></head>
<body><throngs-board interactive style="max-width: 500px"></throngs-board></body></html>`,
      );
      server = await serveStatic({ '/lib/': join(installed, 'dist/lib'), '/plain/': join(app, 'plain'), '/': join(app, 'vite-dist') });
      base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      browser = await launch();
    }, 180_000);

    afterAll(async () => {
      await browser?.close();
      await closeDev?.();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    });

    it('Vite build: the wasm core of every game and the engine worker are emitted', () => {
      const assets = readdirSync(join(app, 'vite-dist/assets'));
      for (const game of games) expect(assets.some((f) => f.startsWith(`${game}-`) && f.endsWith('.wasm')), `${game} wasm in ${assets.join(' ')}`).toBe(true);
      expect(assets.some((f) => /^worker-.*\.js$/.test(f)), `worker in ${assets.join(' ')}`).toBe(true);
    });

    it('the plain script tag from the installed dist/lib: the board renders and a click plays a move', async () => {
      await playOneMove(`${base}/plain/`);
    });

    it('the Vite build of an app importing throngs-engine/element: the board and a page-side engine work', async () => {
      const page = await playOneMove(`${base}/`, true);
      await page.close();
    });

    it('the Vite dev server (dependency pre-bundling) finds the worker and the wasm', async () => {
      const page = await playOneMove(devUrl, true);
      await page.close();
    });

    /** Opens a page with one <throngs-board interactive>, checks that it renders, clicks d3 and waits for the move. */
    async function playOneMove(url: string, pageEngine = false): Promise<Page> {
      const context = await browser!.newContext({ viewport: { width: 900, height: 800 } });
      const page = await context.newPage();
      page.on('close', () => void context.close().catch(() => undefined));
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      await page.goto(url);
      await page.waitForFunction(() => !!(document.querySelector('throngs-board') as { game?: unknown } | null)?.game, null, { timeout: 30_000 });
      const view = await page.evaluate(() => {
        const v = (document.querySelector('throngs-board') as unknown as { game: { game: string; board: { sites: Array<{ label: string }> }; history: unknown[] } }).game;
        return { game: v.game, labels: v.board.sites.map((s) => s.label), moves: v.history.length };
      });
      expect(view.game).toBe('throngs');
      expect(view.moves).toBe(0);
      const board = page.locator('throngs-board');
      await expect.poll(() => board.locator('.hit[data-site]').count()).toBe(view.labels.length);
      const box = await board.boundingBox();
      expect(box?.width ?? 0).toBeGreaterThan(200);
      expect(box?.height ?? 0).toBeGreaterThan(200);

      await board.locator(`.hit[data-site="${view.labels.indexOf('d3')}"]`).click();
      await page.waitForFunction(
        () => ((document.querySelector('throngs-board') as unknown as { game: { history: unknown[] } }).game.history.length ?? 0) >= 1,
        null,
        { timeout: 20_000 },
      );
      const played = await page.evaluate(() => (document.querySelector('throngs-board') as unknown as { game: { history: Array<{ notation: string }> } }).game.history.map((h) => h.notation));
      expect(played).toEqual(['d3']);
      if (pageEngine) {
        await page.waitForFunction(() => typeof (window as { pageEngineMoves?: number }).pageEngineMoves === 'number', null, { timeout: 20_000 });
        expect(await page.evaluate(() => (window as { pageEngineMoves?: number }).pageEngineMoves)).toBeGreaterThan(0);
      }
      expect(errors).toEqual([]);
      return page;
    }
  });
});

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
};

/** A plain static file server on 127.0.0.1: URL prefixes mapped to folders, the longest prefix first. */
function serveStatic(mounts: Record<string, string>): Promise<Server> {
  const prefixes = Object.keys(mounts).sort((a, b) => b.length - a.length);
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const prefix = prefixes.find((p) => path.startsWith(p))!;
    const dir = mounts[prefix]!;
    const file = normalize(join(dir, path.slice(prefix.length) || 'index.html'));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
