/**
 * Fuzzing every parser, for every game and both backends: random text and damaged valid input
 * for moves, positions, records and board specs; random protocol lines; random element
 * attributes. Nothing may throw anything but the library's typed errors, change the game, or
 * take long.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineProtocol } from '../../bindings/cli/protocol.js';
import { createEngine } from '../../bindings/index.js';
import type { Backend, Engine } from '../../bindings/engine/engine.js';
import { GAME_IDS } from '../../bindings/games/registry.js';
import { parseAiAttribute, parseOrientation } from '../../bindings/ui/board-logic.js';
import { ThrongsError } from '../../reference/core/errors.js';
import { Rng } from '../../reference/core/rng.js';
import { BACKENDS } from './games.js';

const RUNS = 150;

/** Valid text of a game in progress: its record, position and some legal moves in notation. */
async function samples(game: string, backend: Backend): Promise<{ engine: Engine; texts: string[] }> {
  const engine = await createEngine({ game, backend });
  const rng = new Rng(17);
  const moves: string[] = [];
  for (let i = 0; i < 12 && !engine.outcome(); i++) {
    const legal = engine.legalMoves();
    const move = legal[rng.below(legal.length)]!;
    moves.push(engine.formatMove(move));
    engine.play(move);
  }
  return { engine, texts: [engine.record(), engine.position(), engine.position('machine'), ...moves, engine.topology.spec] };
}

/** Valid text with a few characters changed, cut or repeated. */
function damaged(texts: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(fc.constantFrom(...texts), fc.array(fc.tuple(fc.nat(), fc.nat(3), fc.string({ maxLength: 4 })), { maxLength: 4 }))
    .map(([text, edits]) => {
      let t = text;
      for (const [at, cut, insert] of edits) {
        const i = t.length === 0 ? 0 : at % t.length;
        t = t.slice(0, i) + insert + t.slice(i + cut);
      }
      return t;
    });
}

const noise = fc.oneof(fc.string({ maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), fc.constantFrom('', ' ', '[', ']', '{', '}', '(', ')', '"', '\\', '-', 'x', 'pass', 'swap'));

function typedOrNothing(call: () => unknown): void {
  try {
    call();
  } catch (e) {
    if (!(e instanceof ThrongsError)) throw e;
  }
}

describe.each(GAME_IDS.flatMap((game) => BACKENDS.map((backend) => [game, backend] as const)))('fuzzing %s on %s', (game, backend) => {
  it('moves, positions, records and board specs: typed errors only, the game unchanged, quick answers', async () => {
    const { engine, texts } = await samples(game, backend);
    const before = { record: engine.record(), position: engine.position() };
    fc.assert(
      fc.property(fc.oneof(damaged(texts), noise), (text) => {
        const started = performance.now();
        typedOrNothing(() => engine.parseMove(text));
        typedOrNothing(() => engine.isLegal(text));
        // A string that happens to be a legal move is played and taken back.
        typedOrNothing(() => {
          engine.play(text);
          engine.undo();
        });
        typedOrNothing(() => engine.rules.parsePosition(text));
        typedOrNothing(() => engine.rules.board(text));
        expect(performance.now() - started).toBeLessThan(500);
        expect(engine.position()).toBe(before.position);
        // Records and positions that parse replace the game; put it back each time.
        typedOrNothing(() => engine.loadRecord(text));
        typedOrNothing(() => engine.load(text));
        typedOrNothing(() => engine.reset({ board: text }));
        engine.loadRecord(before.record);
        expect(engine.position()).toBe(before.position);
      }),
      { numRuns: RUNS, seed: 42 },
    );
  });
});

describe('fuzzing the text protocol and the element attributes', () => {
  it('protocol lines never throw and never end the session', async () => {
    const lines = fc.oneof(
      noise,
      fc.tuple(fc.constantFrom('position', 'go', 'setoption name', 'setoption name Game value', 'position fen', 'position startpos moves'), noise).map(([a, b]) => `${a} ${b}`),
    );
    const out: string[] = [];
    let quit = false;
    const protocol = new EngineProtocol(
      (line) => out.push(line),
      () => (quit = true),
    );
    await fc.assert(
      fc.asyncProperty(lines, async (line) => {
        if (/^\s*quit\b/.test(line)) return;
        protocol.receive(line.replace(/\bgo\b.*/, 'go iterations 10'));
        await protocol.idle();
        expect(quit).toBe(false);
      }),
      { numRuns: RUNS, seed: 7 },
    );
    protocol.receive('isready');
    await protocol.idle();
    expect(out.at(-1)).toBe('readyok');
    expect(out.filter((l) => l.startsWith('info string error: internal error'))).toEqual([]);
  });

  it('ai and orientation attributes parse or say why, never throw', () => {
    fc.assert(
      fc.property(fc.oneof(noise, fc.constant(null)), (value) => {
        const ai = parseAiAttribute(value, ['Black', 'White']);
        expect(typeof ai === 'string' || typeof ai === 'object').toBe(true);
        const side = parseOrientation(value, ['Dark', 'Light']);
        expect([1, 2, null]).toContain(side);
      }),
      { numRuns: 500, seed: 3 },
    );
  });
});
