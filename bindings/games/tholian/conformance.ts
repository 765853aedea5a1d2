/**
 * Reading Tholian Go's conformance data (the "Tholian Go" section of the oracle's README; an
 * independent model of THOLIAN-GO.md): a position's every legal whole move in §11 notation with
 * the tokens and result after it, and whole games. The engine plays a move a step at a time, so
 * its whole moves are found by walking its steps until the push path is empty again.
 */
import type { TholianMove, TholianState } from '../../../reference/games/tholian/index.js';
import { conformanceReader, type ConformanceNotes } from '../../engine/game-entry.js';
import type { TholianEngine } from './engine.js';

type Side = 'R' | 'B';
type Winner = Side | 'draw' | null;

interface OracleMove {
  move: string;
  after: { R: string[]; B: string[] };
  terminal?: boolean;
  winner?: Winner;
}

interface OraclePosition {
  variant: string;
  seed: number;
  turn: number;
  position: string;
  legal: OracleMove[];
}

interface OracleGame {
  variant: string;
  seed: number;
  moves: Array<{ p: Side; move: string }>;
  result: { winner: Winner; turns: number };
}

const SIDES: readonly Side[] = ['R', 'B'];

function tokens(e: TholianEngine): { R: string[]; B: string[] } {
  const cells = e.cells();
  const of = (p: number) => [...cells.keys()].filter((n) => cells[n] === p).map((n) => e.topology.labels[n]!).sort();
  return { R: of(1), B: of(2) };
}

function winnerOf(e: TholianEngine): Winner {
  const o = e.outcome();
  if (!o) return null;
  return o.winner === 0 ? 'draw' : SIDES[o.winner - 1]!;
}

/** Every whole move from the engine's position: text, tokens and result after it. */
function wholeMoves(e: TholianEngine): Map<string, { after: { R: string[]; B: string[] }; winner: Winner }> {
  const out = new Map<string, { after: { R: string[]; B: string[] }; winner: Winner }>();
  const walk = (prefix: string) => {
    for (const m of e.legalMoves() as TholianMove[]) {
      const text = prefix + e.formatMove(m);
      e.play(m);
      if ((e.state() as TholianState).path.length > 0) walk(text);
      else out.set(text, { after: tokens(e), winner: winnerOf(e) });
      e.undo();
    }
  };
  walk('');
  return out;
}

function useVariant(e: TholianEngine, variant: string, always: boolean): void {
  if (always || e.options.variant !== variant || e.topology.spec !== 'main') e.reset({ board: 'main', options: { variant } });
}

function checkPosition(c: ConformanceNotes, e: TholianEngine, p: OraclePosition): void {
  useVariant(e, p.variant, false);
  e.load(p.position);
  if (e.position() !== p.position) c.note(`position reads back as ${e.position()}`);
  const ours = wholeMoves(e);
  const show = (list: string[]) => list.slice(0, 6).join(' ') + (list.length > 6 ? ` … (${list.length})` : '');
  const missing = p.legal.filter((l) => !ours.has(l.move)).map((l) => l.move);
  const theirs = new Set(p.legal.map((l) => l.move));
  const extra = [...ours.keys()].filter((m) => !theirs.has(m));
  if (missing.length > 0) c.note(`legal moves missing: ${show(missing)}`);
  if (extra.length > 0) c.note(`moves the model does not allow: ${show(extra)}`);
  for (const l of p.legal) {
    const got = ours.get(l.move);
    if (!got) continue;
    if (got.after.R.join() !== l.after.R.join() || got.after.B.join() !== l.after.B.join()) c.note(`after ${l.move}: tokens differ from the model's`);
    const expected = l.terminal ? (l.winner ?? null) : null;
    if (got.winner !== expected) c.note(`after ${l.move}: result ${String(got.winner)}, model ${String(expected)}`);
  }
}

function checkGame(c: ConformanceNotes, e: TholianEngine, g: OracleGame): void {
  useVariant(e, g.variant, true);
  for (const [i, { p, move }] of g.moves.entries()) {
    const side = SIDES[e.toMove() - 1];
    if (side !== p) {
      c.note(`move ${i + 1} ${move}: ${String(side)} to move, model ${p}`);
      return;
    }
    try {
      e.play(move);
    } catch (err) {
      c.note(`move ${i + 1} ${move}: ${(err as Error).message}`);
      return;
    }
  }
  const winner = winnerOf(e);
  if (winner !== g.result.winner) c.note(`result ${String(winner)}, model ${String(g.result.winner)}`);
  // A game the model stopped at its turn cap had just ended that turn.
  const turn = (e.state() as TholianState).turn - (winner === null ? 1 : 0);
  if (turn !== g.result.turns) c.note(`ended in turn ${turn}, model ${g.result.turns}`);
}

export const tholianConformance = conformanceReader<TholianEngine, OraclePosition, OracleGame>({
  position: [checkPosition, (p) => `${p.variant} seed ${p.seed} turn ${p.turn}`],
  game: [checkGame, (g) => `${g.variant} game ${g.seed}`],
});
