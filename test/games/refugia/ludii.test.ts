/**
 * Ludii's Refugia data (data/) beyond what the conformance runner compares: the contract suite
 * (test/contract/conformance.test.ts) runs every record through the runner on both backends (legal
 * sets with what each hop jumps, scores, end and winner after every move; games move by move).
 * Here: every board has its full set of records; every recorded position is a valid state whose
 * winner, running or not, is Ludii's, and whose legal moves the reference lists in strictly
 * ascending packed order (the canonical order both backends share); and every recorded game ends
 * with Ludii's result, move count and final count of empty, P1, P2 and neutral cells.
 */
import { describe, expect, it } from 'vitest';
import { refugia, type RefugiaState } from '../../../reference/games/refugia/index.js';
import { REFUGIA_BOARDS } from '../../../reference/games/refugia/boards.js';
import { engineKey, legal, NO_OPTIONS, oracleKey, readJsonLines, stateOf, topo, type OracleGame, type OraclePosition } from './helpers.js';

const BOARD_NAMES = Object.keys(REFUGIA_BOARDS);

describe("Ludii's Refugia data", () => {
  it('has 300 positions and 60 games for each of the ten boards', () => {
    expect(BOARD_NAMES).toHaveLength(10);
    for (const name of BOARD_NAMES) {
      expect(readJsonLines(`refugia-${name}-positions.jsonl.gz`), name).toHaveLength(300);
      expect(readJsonLines(`refugia-${name}-games.jsonl.gz`), name).toHaveLength(60);
    }
  });

  it.each(BOARD_NAMES)('%s positions: valid states, Ludii\'s winner, legal moves in ascending packed order', (name) => {
    const t = topo(name);
    const problems: string[] = [];
    let terminal = 0;
    for (const p of readJsonLines<OraclePosition>(`refugia-${name}-positions.jsonl.gz`)) {
      const where = `game ${p.game} ply ${p.ply}`;
      if (p.board !== name) problems.push(`${where}: board ${p.board}`);
      const s = stateOf(p);
      refugia.checkState(t, s);
      const winner = refugia.outcome(t, s, NO_OPTIONS)?.winner ?? null;
      if (winner !== p.winner) problems.push(`${where}: winner ${winner}, Ludii ${p.winner}`);
      if (p.terminal) terminal++;
      const packed = legal(t, s).map((m) => refugia.pack(m));
      if (!packed.every((v, i) => i === 0 || v > packed[i - 1]!)) problems.push(`${where}: not in strictly ascending packed order`);
      if (packed.length !== p.legal.length) problems.push(`${where}: ${packed.length} legal moves, Ludii ${p.legal.length}`);
    }
    expect(problems).toEqual([]);
    expect(terminal).toBeGreaterThan(0);
  });

  it.each(BOARD_NAMES)("%s games: Ludii's result, move count and final piece counts", (name) => {
    const t = topo(name);
    const problems: string[] = [];
    for (const g of readJsonLines<OracleGame>(`refugia-${name}-games.jsonl.gz`)) {
      const s = refugia.initial(t, 'empty', NO_OPTIONS);
      for (const [i, o] of g.moves.entries()) {
        const m = legal(t, s).find((l) => engineKey(l) === oracleKey(o));
        if (!m) {
          problems.push(`game ${g.game} move ${i + 1}: ${oracleKey(o)} is not legal here`);
          break;
        }
        refugia.apply(t, s, m, NO_OPTIONS);
      }
      const result = refugia.outcome(t, s, NO_OPTIONS);
      if (!s.ended || result?.winner !== g.result.winner || result.scores.join() !== g.result.scores.join()) {
        problems.push(`game ${g.game}: result ${JSON.stringify(result)}, Ludii ${JSON.stringify(g.result)}`);
      }
      if (g.moves.length !== g.result.moves) problems.push(`game ${g.game}: ${g.moves.length} moves, result says ${g.result.moves}`);
      const counts = [0, 1, 2, 3].map((v) => s.cells.filter((x) => x === v).length);
      if (counts.join() !== g.result.pieceCounts_empty_p1_p2_neutral.join()) {
        problems.push(`game ${g.game}: pieces ${counts}, Ludii ${g.result.pieceCounts_empty_p1_p2_neutral}`);
      }
    }
    expect(problems).toEqual([]);
  });
});
