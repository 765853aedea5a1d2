/**
 * The docs' download sizes against the build this run made (the browser project's global set-up
 * builds the demo and the library): each figure between the docs' size markers is within 1 KB of
 * what scripts/bundle-sizes.mjs measures now, so a figure that drifted fails here.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain script without type declarations
import { DOCS, marked, measure, sentences } from '../../scripts/bundle-sizes.mjs';
import { root } from './harness.js';

const numbers = (text: string): number[] => [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));

describe('download sizes in the docs', () => {
  it.each(Object.entries(DOCS as Record<string, string>))('%s: the figures in %s are the build’s', (name, doc) => {
    const now = (sentences(measure(root)) as Record<string, string>)[name]!;
    const written = marked(readFileSync(`${root}${doc}`, 'utf8'), name) as string | null;
    expect(written, `${doc} keeps its <!-- sizes:${name} --> marker`).not.toBeNull();
    // The same sentence with every figure within 1 KB (a rounding either side of a half).
    expect(written!.replace(/\d+/g, '#')).toBe(now.replace(/\d+/g, '#'));
    const [a, b] = [numbers(written!), numbers(now)];
    expect(a.length).toBe(b.length);
    a.forEach((n, i) => expect(Math.abs(n - b[i]!), `figure ${i + 1} of ${doc}: written ${n}, measured ${b[i]}`).toBeLessThanOrEqual(1));
  });
});
