/**
 * The solved value of Refugia hex2-3 (docs/solved.md) against Ludii's rules, through its records
 * (data/): at every recorded position the solver proves every legal move, and each move that
 * Ludii says ends the game is worth its result in Ludii's words (a win for the mover when Ludii
 * names the mover as winner); along Ludii's recorded games, no move played is worth more than the
 * position it was played from, and the value of each position is the best of its moves.
 */
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../../bindings/index.js';
import type { Engine } from '../../../bindings/engine/engine.js';
import { solvePosition } from '../../../bindings/solver/solver.js';
import { resultOfBounds } from '../../../bindings/solver/value.js';
import type { RefugiaMove } from '../../../reference/games/refugia/index.js';
import { engineKey, oracleKey, readJsonLines, stateOf, type OracleGame, type OraclePosition } from './helpers.js';

/** The key of the legal move `notation` names at the engine's position (a parsed move lacks what a hop jumps). */
function keyOf(engine: Engine, notation: string): string {
  const m = engine.legalMoves().find((l) => engine.formatMove(l) === notation);
  return m ? engineKey(m as RefugiaMove) : `unknown ${notation}`;
}

describe('the solver on Refugia hex2-3 against Ludii', () => {
  it("gives every move Ludii ends the game with Ludii's result, at all 300 recorded positions", async () => {
    const engine = await createEngine({ game: 'refugia', board: 'hex2-3', arenaMB: 8 });
    const problems: string[] = [];
    let ending = 0;
    for (const p of readJsonLines<OraclePosition>('refugia-hex2-3-positions.jsonl.gz')) {
      if (p.terminal) continue;
      engine.load(stateOf(p));
      const solved = await solvePosition(engine, { margin: false });
      const byKey = new Map(solved.moves.map((m) => [keyOf(engine, m.move), m]));
      for (const o of p.legal as Array<OraclePosition['legal'][number] & { terminal?: boolean; winner?: 1 | 2 }>) {
        const ours = byKey.get(oracleKey(o));
        if (!ours) {
          problems.push(`game ${p.game} ply ${p.ply}: Ludii's ${oracleKey(o)} is not among the solved moves`);
          continue;
        }
        if (!o.terminal) continue;
        ending++;
        const want = o.winner === p.toMove ? 'win' : 'loss';
        if (resultOfBounds(ours.bounds) !== want) problems.push(`game ${p.game} ply ${p.ply}: ${ours.move} proven ${resultOfBounds(ours.bounds)}, Ludii ends it with a ${want} for the mover`);
      }
      if (solved.moves.length !== p.legal.length) problems.push(`game ${p.game} ply ${p.ply}: ${solved.moves.length} moves solved, Ludii ${p.legal.length}`);
    }
    expect(problems).toEqual([]);
    expect(ending).toBeGreaterThan(50);
  });

  it("keeps minimax along Ludii's games, to Ludii's result", async () => {
    const engine = await createEngine({ game: 'refugia', board: 'hex2-3', arenaMB: 8 });
    const problems: string[] = [];
    for (const g of readJsonLines<OracleGame>('refugia-hex2-3-games.jsonl.gz').slice(0, 12)) {
      engine.reset({ board: 'hex2-3' });
      for (const [i, o] of g.moves.entries()) {
        const solved = await solvePosition(engine, { margin: false });
        const played = solved.moves.find((m) => keyOf(engine, m.move) === oracleKey(o));
        if (!played) {
          problems.push(`game ${g.game} move ${i + 1}: ${oracleKey(o)} not among the solved moves`);
          break;
        }
        // The position's result is its best move's; the move played is no better.
        const best = Math.max(...solved.moves.map((m) => m.bounds.lower));
        if (resultOfBounds(solved.value) !== resultOfBounds({ lower: best, upper: best })) problems.push(`game ${g.game} move ${i + 1}: value is not the best move's`);
        if (played.bounds.upper > solved.value.upper) problems.push(`game ${g.game} move ${i + 1}: the move played beats the position`);
        const mover = engine.toMove();
        engine.play(played.move);
        if (engine.outcome()) {
          const want = g.result.winner === mover ? 'win' : 'loss';
          if (resultOfBounds(played.bounds) !== want) problems.push(`game ${g.game}: the last move proven ${resultOfBounds(played.bounds)}, Ludii's result a ${want} for its mover`);
        }
      }
      if (engine.outcome()?.winner !== g.result.winner) problems.push(`game ${g.game}: winner ${engine.outcome()?.winner}, Ludii ${g.result.winner}`);
    }
    expect(problems).toEqual([]);
  });
});
