// The README is what a user reads first, and docs/ what they read next: every file they link to or
// show in an image is in the repository (a clone has no project spec beside it), the rules the
// README cites are among them, its commands run, and the generated tables are what their scripts
// make of the saved results.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageTable as ladderTable } from '../../bench/ladder-plan.js';
import { accuracyTable, loadAccuracy } from '../../bench/accuracy-plan.js';
import { loadParallel, table as parallelTable } from '../../bench/parallel-alphabeta-plan.js';
import type { Engine } from '../../bindings/engine/engine.js';
import { GAME_IDS, gameRules } from '../../bindings/games/registry.js';

const root = new URL('../../', import.meta.url);
const read = (path: string): string => readFileSync(new URL(path, root), 'utf8');
const exists = (path: string): boolean => existsSync(new URL(path, root));

const readme = read('README.md');
/** The README and the pages of docs/ (not the generated API reference, nor the games' rules). */
const pages = ['README.md', ...readdirSync(new URL('docs/', root)).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Markdown links and images outside code: [text](target) with the target's path and #fragment. */
function links(text: string): Array<{ path: string; fragment: string | undefined }> {
  const prose = text.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)#\s]*)(?:#([^)\s]*))?\)/g)]
    .map((m) => ({ path: m[1]!, fragment: m[2] }))
    .filter((l) => !/^[a-z]+:/.test(l.path));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchor = (heading: string): string =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
const anchors = (text: string): string[] => [...text.replace(/```[\s\S]*?```/g, '').matchAll(/^#+ (.+)$/gm)].map((m) => anchor(m[1]!));

/** The text between a generator's markers, as the generator writes it. */
function generated(text: string, name: string): string {
  const start = `<!-- ${name}:start -->\n`;
  const end = `\n<!-- ${name}:end -->`;
  expect(text).toContain(start);
  expect(text).toContain(end);
  return text.slice(text.indexOf(start) + start.length, text.indexOf(end));
}

describe('the README', () => {
  it('links only to files in the repository', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(5);
    const missing = targets.filter((t) => !exists(t));
    expect(missing).toEqual([]);
  });

  it('cites the rules of every game from docs/rules, and nothing outside the repository', () => {
    // A game's rules page is docs/rules/<TITLE>.md, its title in capitals with hyphens for spaces.
    for (const page of GAME_IDS.map((id) => `docs/rules/${gameRules(id).title.toUpperCase().replace(/ /g, '-')}.md`)) {
      expect(readme).toContain(page);
      expect(exists(page)).toBe(true);
    }
    expect(readme).not.toMatch(/\.\.\/shared|project spec/);
  });

  it('is short: at most 300 lines, the rest in docs/', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(300);
  });

  it("runs its JavaScript search on move codes as written, and plays the move it finds", async () => {
    const block = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!).find((b) => b.includes('legalCodes().slice()'));
    expect(block).toBeDefined();
    const { createEngine } = await import('../../bindings/index.js');
    const run = new Function('createEngine', `return (async () => { ${block}\n return { e, best, bestValue }; })();`) as (
      c: typeof createEngine,
    ) => Promise<{ e: Engine; best: number; bestValue: number }>;
    const { e, best, bestValue } = await run(createEngine);
    expect(e.history()).toHaveLength(1);
    expect(e.codeOf(e.history()[0]!)).toBe(best);
    expect(Number.isFinite(bestValue)).toBe(true);
  });

  it('starts the demo with npm start and runs the tests with npm test, scripts package.json has', () => {
    const scripts = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;
    expect(readme).toContain('npm install && npm start ');
    expect(readme).toContain('npm install && npm test ');
    expect(scripts.start).toBeDefined();
    expect(scripts.test).toBeDefined();
  });
});

describe('the documentation', () => {
  it('has the pages the README points to', () => {
    expect(pages).toEqual(expect.arrayContaining(['docs/ai.md', 'docs/ladder.md', 'docs/benchmarks.md', 'docs/architecture.md', 'docs/protocol.md', 'docs/element.md']));
  });

  it.each(pages)('%s links only to files and headings that exist', (page) => {
    const text = read(page);
    const dir = new URL(page, root);
    const broken: string[] = [];
    for (const { path, fragment } of links(text)) {
      const target = path === '' ? dir : new URL(path, dir);
      if (!existsSync(target)) {
        broken.push(`${path}: no such file`);
      } else if (fragment !== undefined && statSync(target).isFile() && target.pathname.endsWith('.md')) {
        if (!anchors(readFileSync(target, 'utf8')).includes(fragment)) broken.push(`${path}#${fragment}: no such heading`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('never points outside the repository', () => {
    for (const page of pages) expect(read(page), page).not.toMatch(/\.\.\/shared|project spec/);
  });

  it("shows the ladder's table as bench/ladder.ts makes it from bench/ladder.json", () => {
    const entries = JSON.parse(read('bench/ladder.json')) as Parameters<typeof ladderTable>[0];
    expect(generated(read('docs/ladder.md'), 'ladder')).toBe(ladderTable(entries, loadAccuracy()));
  });

  it("shows the levels' accuracy against perfect play as bench/accuracy.ts makes it from bench/accuracy.json", () => {
    expect(generated(read('docs/solved.md'), 'accuracy')).toBe(accuracyTable(loadAccuracy()));
  });

  it("shows the parallel alpha-beta's speed-ups as bench/parallel-alphabeta.ts makes them from its JSON, every row at the one-core value", () => {
    const rows = loadParallel();
    expect(rows.length).toBeGreaterThan(0);
    expect(generated(read('docs/benchmarks.md'), 'parallel-alphabeta')).toBe(parallelTable(rows));
    expect(rows.every((r) => r.workers.every((w) => w.sameValue))).toBe(true);
  });

  it('keeps the benchmark table between the markers bench/run.ts rewrites', () => {
    expect(generated(read('docs/benchmarks.md'), 'bench')).toMatch(/^Measured \d{4}-\d\d-\d\d by `npm run bench`[\s\S]*\n\| game, board \| figure \|/);
  });
});
