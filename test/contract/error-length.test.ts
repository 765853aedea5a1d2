/**
 * Every game of the registry, on both backends: an error quotes at most a short stretch of its
 * input around the fault, however large the input (a megabyte move, record tag or token, board
 * spec, option key or backend name), and so does the text protocol.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import { EngineProtocol } from '../../bindings/cli/protocol.js';
import { BACKENDS, engineOf, GAME_IDS } from './games.js';

/** Longest error message allowed: a sentence and ~80 characters of quoted input either side. */
const MAX_MESSAGE = 400;
const HUGE = 'x'.repeat(1_000_000);
const NESTED = `${'perforated('.repeat(2000)}hexhex(5)${',a1)'.repeat(2000)}`;

async function message(call: () => unknown): Promise<string> {
  try {
    await call();
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
  return '';
}

describe.each(GAME_IDS)('%s: errors quote little', (game) => {
  describe.each(BACKENDS)('on %s', (backend) => {
    it('keeps every error message short, whatever the size of the input', async () => {
      const e = await engineOf(game, backend);
      const title = e.rules.title;
      const cases: Array<[string, () => unknown]> = [
        ['move token', () => e.play(HUGE)],
        ['move token with a step', () => e.play(`${HUGE}>${HUGE}`)],
        ['parseMove', () => e.parseMove(HUGE)],
        ['position', () => e.load(HUGE)],
        ['position of the game', () => e.load(`${game} ${HUGE}`)],
        ['record move', () => e.loadRecord(`[Game "${title}"]\n\n${HUGE}\n`)],
        ['record tag', () => e.loadRecord(`[Game "${title}"]\n[Board "${HUGE}"]\n\n`)],
        ['record Rules tag', () => e.loadRecord(`[Game "${title}"]\n[Rules "${HUGE}=1"]\n\n`)],
        ['record game', () => e.loadRecord(`[Game "${HUGE}"]\n\n`)],
        ['board spec', () => e.reset({ board: HUGE })],
        ['nested board spec', () => e.reset({ board: NESTED })],
        ['option key', () => e.reset({ options: { [HUGE]: 1 } })],
        ['option value', () => e.reset({ options: { [Object.keys(e.rules.options)[0] ?? 'x']: HUGE } })],
        ['setup', () => e.reset({ setup: HUGE })],
        ['backend', () => createEngine({ game, backend: HUGE as never })],
        ['game', () => createEngine({ game: HUGE as never, backend })],
      ];
      const long: string[] = [];
      for (const [what, call] of cases) {
        const text = await message(call);
        expect(text, what).not.toBe('');
        if (text.length > MAX_MESSAGE) long.push(`${what}: ${text.length} characters: ${text.slice(0, 120)}…`);
      }
      expect(long).toEqual([]);
    });
  });
});

/** What a message may be at most, whatever the input: a sentence and an excerpt of the input. */
const MAX_PROPERTY_MESSAGE = 300;

/**
 * Text a person or a program might pass: notation-like words, odd characters, and runs of one
 * character up to 100 KB (a huge move, tag or board word), joined by spaces, commas or nothing.
 */
const piece = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.constantFrom('hexhex(3)', 'hexhex(', 'custom(', 'perforated(', 'a1', 'd4', 'c3-b2', 'pass', 'swap', 'b:', 'w:', 'p0', '1', '2', 'moveLimit=4', '"', '\\', '(', ')', '[', ']', '>', '=', 'é', '\n'),
  fc.tuple(fc.constantFrom('x', 'a', '1', '(', ',', 'é', ' '), fc.integer({ min: 100, max: 100_000 })).map(([c, n]) => c.repeat(n)),
);
const text = fc.tuple(fc.array(piece, { maxLength: 5 }), fc.constantFrom(' ', '', ',')).map(([parts, glue]) => parts.join(glue));
const quoted = (t: string): string => t.replace(/\\/g, '\\\\').replace(/"/g, '\\"');

describe.each(GAME_IDS)('%s: every refusal of the API is short, for any input (property)', (game) => {
  it.each(BACKENDS)('on %s', async (backend) => {
    const e = await engineOf(game, backend);
    const title = e.rules.title;
    const start = e.position();
    const first = e.formatMove(e.legalMoves()[0]!);
    const option = Object.keys(e.rules.options)[0] ?? 'x';
    // Each call given the generated text where a person would put it; one that does not throw is fine.
    const calls: ReadonlyArray<[string, (t: string) => unknown]> = [
      ['play', (t) => e.play(t)],
      ['parseMove', (t) => e.parseMove(t)],
      ['load', (t) => e.load(t)],
      ['load after the game and board', (t) => e.load(`${start.split(' ').slice(0, 2).join(' ')} ${t}`)],
      ['loadRecord of the text', (t) => e.loadRecord(t)],
      ['loadRecord with a move', (t) => e.loadRecord(`[Game "${title}"]\n\n${first} ${t}\n`)],
      ['loadRecord with a Game tag', (t) => e.loadRecord(`[Game "${quoted(t)}"]\n\n${first}\n`)],
      ['loadRecord with a Board tag', (t) => e.loadRecord(`[Game "${title}"]\n[Board "${quoted(t)}"]\n\n`)],
      ['loadRecord with a Position tag', (t) => e.loadRecord(`[Game "${title}"]\n[Position "${quoted(t)}"]\n\n`)],
      ['loadRecord with a Rules tag', (t) => e.loadRecord(`[Game "${title}"]\n[Rules "${quoted(t)}"]\n\n`)],
      ['reset with a board', (t) => e.reset({ board: t })],
      ['reset with a set-up', (t) => e.reset({ setup: t })],
      ['reset with an option', (t) => e.reset({ options: { [option]: t } })],
      ['reset with an option name', (t) => e.reset({ options: { [t]: 1 } })],
      ['createEngine with a position', (t) => createEngine({ game, backend, position: t })],
    ];
    await fc.assert(
      fc.asyncProperty(text, fc.constantFrom(...calls), async (t, [what, call]) => {
        const m = await message(() => call(t));
        expect(m.length, `${what}: ${m.slice(0, 200)}`).toBeLessThanOrEqual(MAX_PROPERTY_MESSAGE);
        // The engine is left as the call found it or reset; the next run starts from the game's start.
        e.reset({});
      }),
      { numRuns: 100 },
    );
  });
});

describe('the protocol quotes little', () => {
  it('answers huge or odd lines with short error lines', async () => {
    const lines: string[] = [];
    const protocol = new EngineProtocol((line) => lines.push(line));
    for (const line of [`position fen ${HUGE.slice(0, 90_000)}`, `position startpos moves ${HUGE.slice(0, 90_000)}`, `setoption name Board value ${HUGE.slice(0, 90_000)}`, `setoption name ${HUGE.slice(0, 90_000)} value 1`, `go ${HUGE.slice(0, 90_000)}`, HUGE.slice(0, 90_000)]) {
      protocol.receive(line);
    }
    await protocol.idle();
    expect(lines.length).toBeGreaterThanOrEqual(6);
    for (const line of lines) expect(line.length, line.slice(0, 120)).toBeLessThanOrEqual(MAX_MESSAGE);
  });
});
