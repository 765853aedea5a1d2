/** `throngs conformance` reads what it is given safely: a gzip bomb is refused before it fills memory. */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { readJsonLines } from '../../bindings/cli/conformance.js';
import { UsageError } from '../../reference/core/errors.js';

describe('conformance input', () => {
  it('refuses a small gzip file that inflates to gigabytes, with a typed error', () => {
    // 4,096 gzip members of 1 MB of zeros each: about 4 MB inflated per KB of file, 4 GB in all.
    const member = gzipSync(Buffer.alloc(1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array.from({ length: 4096 }, () => member));
    expect(bomb.length).toBeLessThan(8 * 1024 * 1024);
    const file = join(mkdtempSync(join(tmpdir(), 'throngs-bomb-')), 'bomb.jsonl.gz');
    writeFileSync(file, bomb);
    expect(() => readJsonLines(file)).toThrow(UsageError);
    expect(() => readJsonLines(file)).toThrow(/inflates to more than 256 MB/);
  });

  it('still reads a gzipped file of JSON lines', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'throngs-lines-')), 'lines.jsonl.gz');
    writeFileSync(file, gzipSync('{"a":1}\n{"b":2}\n'));
    expect(readJsonLines(file)).toEqual([{ a: 1 }, { b: 2 }]);
  });
});
