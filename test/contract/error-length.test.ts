/**
 * Every game of the registry, on both backends: an error quotes at most a short stretch of its
 * input around the fault, however large the input (a megabyte move, record tag or token, board
 * spec, option key or backend name), and so does the text protocol.
 */
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
