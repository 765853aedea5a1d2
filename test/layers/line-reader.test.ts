/**
 * The text protocol's line reader against a model of it: whatever the text and however it is
 * split into chunks, the lines handed on are the text's lines (without CRLF's carriage return),
 * each cut to one character past the bound when longer, and memory never holds more than that.
 */
import { PassThrough } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../bindings/cli/line-reader.js';

/** The lines `readLines` should hand on for `text`. */
function model(text: string, max: number): string[] {
  const parts = text.split('\n');
  // A text ending in a line break has no last line after it.
  if (parts.at(-1) === '') parts.pop();
  return parts.map((p) => (p.endsWith('\r') ? p.slice(0, -1) : p)).map((p) => (p.length > max ? p.slice(0, max + 1) : p));
}

async function read(chunks: readonly string[], max: number): Promise<string[]> {
  const input = new PassThrough();
  const lines: string[] = [];
  const reader = readLines(input, max, (line) => lines.push(line));
  for (const c of chunks) input.write(c);
  input.end();
  await reader.closed;
  return lines;
}

/** Text of short words, long runs and line breaks (LF and CRLF), cut into chunks at random. */
const piece = fc.oneof(fc.constantFrom('\n', '\r\n', 'go', 'é', ' ', '\r'), fc.string({ maxLength: 5 }), fc.nat({ max: 40 }).map((n) => 'x'.repeat(n)));
const chunked = fc.array(piece, { maxLength: 30 }).chain((pieces) => {
  const text = pieces.join('');
  return fc.uniqueArray(fc.nat({ max: text.length }), { maxLength: 8 }).map((cuts) => {
    const at = [0, ...cuts.sort((a, b) => a - b), text.length];
    return { text, chunks: at.slice(1).map((end, i) => text.slice(at[i], end)) };
  });
});

describe('the protocol line reader', () => {
  it('hands on the lines of any text in any chunks, long ones cut to the bound plus one', async () => {
    await fc.assert(
      fc.asyncProperty(chunked, fc.integer({ min: 1, max: 12 }), async ({ text, chunks }, max) => {
        expect(await read(chunks, max)).toEqual(model(text, max));
      }),
      { numRuns: 300 },
    );
  });

  it('hands on nothing after it is closed, and drops a long line as it arrives', async () => {
    const input = new PassThrough();
    const lines: string[] = [];
    const reader = readLines(input, 10, (line) => {
      lines.push(line);
      if (line === 'quit') reader.close();
    });
    input.write('a'.repeat(25));
    // The cut line is handed on as soon as it passes the bound, not at its end.
    await new Promise((resolve) => setImmediate(resolve));
    expect(lines).toEqual(['a'.repeat(11)]);
    for (let i = 0; i < 100; i++) input.write('b'.repeat(1000));
    input.write('\nisready\nquit\nisready\n');
    await reader.closed;
    expect(lines).toEqual(['a'.repeat(11), 'isready', 'quit']);
  });
});
