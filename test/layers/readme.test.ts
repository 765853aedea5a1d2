// The README is what a user reads first: every file it links to or shows in an image is in the
// repository (a clone has no project spec beside it), and the rules it cites are among them.
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const exists = (path: string): boolean => existsSync(new URL(`../${path}`, import.meta.url));

describe('the README', () => {
  it('links only to files in the repository', () => {
    const targets = [...readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]!).filter((t) => !/^[a-z]+:/.test(t));
    expect(targets.length).toBeGreaterThan(5);
    const missing = targets.filter((t) => !exists(t));
    expect(missing).toEqual([]);
  });

  it('cites the rules of every game from docs/rules, and nothing outside the repository', () => {
    for (const game of ['THRONGS', 'REFUGIA', 'POPULACE', 'THOLIAN-GO']) {
      expect(readme).toContain(`docs/rules/${game}.md`);
      expect(exists(`docs/rules/${game}.md`)).toBe(true);
    }
    expect(readme).not.toMatch(/\.\.\/shared|project spec/);
  });
});
