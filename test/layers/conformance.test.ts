/**
 * The conformance runner (bindings/cli/conformance.ts): it notices a difference when there is one
 * (a move the data does not list, a missing one, a wrong score, winner or conversion) and refuses
 * records of another game. Every game's own data is checked by test/contract/conformance.test.ts.
 */
import { writeFileSync, mkdtempSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkConformance, readJsonLines } from '../../bindings/cli/conformance.js';
import { createEngine } from '../../bindings/index.js';
import { engine } from '../games/throngs/helpers.js';

const data = (game: string): string => new URL(`../games/${game}/data/`, import.meta.url).pathname;

describe('the conformance runner reports differences', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'throngs-conf-'));
  const positions = readJsonLines(join(data('throngs'), 'throngs-ragged63-positions.jsonl.gz')).slice(0, 3) as Array<Record<string, any>>;

  it('a legal move Ludii did not list, a wrong score and a wrong winner', async () => {
    const altered = structuredClone(positions);
    const removed = altered[0]!.legal.splice(0, 1)[0];
    altered[1]!.legal[0].scores = [99, 0];
    const file = join(scratch, 'altered.jsonl.gz');
    writeFileSync(file, gzipSync(altered.map((p) => JSON.stringify(p)).join('\n')));
    const e = await engine('reference');
    const report = await checkConformance(e, file);
    expect(report.failed).toBe(2);
    expect(report.passed).toBe(1);
    expect(report.differences.join('\n')).toContain('moves Ludii does not allow');
    expect(report.differences.join('\n')).toContain(`/${removed.dec}`);
    expect(report.differences.join('\n')).toMatch(/scores \d+-\d+, Ludii 99-0/);
  });

  it('a game whose recorded result differs', async () => {
    const games = readJsonLines(join(data('throngs'), 'throngs-ragged63-games.jsonl.gz')).slice(0, 2) as Array<Record<string, any>>;
    const altered = structuredClone(games);
    altered[0]!.result.winner = altered[0]!.result.winner === 1 ? 2 : 1;
    const file = join(scratch, 'games.jsonl');
    writeFileSync(file, altered.map((g) => JSON.stringify(g)).join('\n'));
    const report = await checkConformance(await engine('reference'), file);
    expect([report.passed, report.failed]).toEqual([1, 1]);
    expect(report.differences[0]).toMatch(/winner \d, Ludii \d/);
  });
});

describe('the conformance runner on Refugia data', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'refugia-conf-'));

  it('notices a missing hop conversion, a wrong score and a wrong winner', async () => {
    const positions = readJsonLines(join(data('refugia'), 'refugia-hex3-4-positions.jsonl.gz')) as Array<Record<string, any>>;
    const withHop = positions.find((p) => p.legal.some((m: any) => m.kind === 'hop'))!;
    const altered = structuredClone(withHop);
    const hop = altered.legal.find((m: any) => m.kind === 'hop');
    hop.overWas = hop.overWas === 'enemy' ? 'neutral' : 'enemy';
    altered.legal.find((m: any) => m.kind === 'pass').scores = [42, 0];
    const file = join(scratch, 'altered.jsonl.gz');
    writeFileSync(file, gzipSync(JSON.stringify(altered)));
    const report = await checkConformance(await createEngine({ game: 'refugia', backend: 'reference' }), file);
    expect(report.failed).toBe(1);
    const text = report.differences.join('\n');
    expect(text).toContain('legal moves missing');
    expect(text).toContain('moves Ludii does not allow');
    expect(text).toMatch(/after pass: scores \d+-\d+, Ludii 42-0/);
  });

  it('refuses a Throngs engine for Refugia records', async () => {
    await expect(checkConformance(await engine('reference'), join(data('refugia'), 'refugia-hex2-3-games.jsonl.gz'))).rejects.toThrow(/Refugia record; this engine plays Throngs/);
  });
});
