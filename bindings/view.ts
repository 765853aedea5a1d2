/**
 * Everything a board page needs to draw a position, as plain data: what the worker sends after
 * each change, so that the page never has to ask twice.
 */
import type { LegalMove } from '../reference/games/throngs/moves.js';
import type { ScoreBreakdown } from '../reference/games/throngs/scoring.js';
import type { Outcome, Player, RuleOptions } from '../reference/types.js';
import { OBLIGATION_THRESHOLD } from '../reference/games/throngs/movegen.js';
import type { Engine } from './engine.js';

export interface SiteGeometry {
  readonly column: number;
  readonly row: number;
  readonly label: string;
}

export interface BoardGeometry {
  readonly spec: string;
  readonly sites: readonly SiteGeometry[];
  /** Pairs of sites joined by a lattice line (wrap-around links of a torus are left out). */
  readonly links: ReadonlyArray<readonly [number, number]>;
}

export interface GameView {
  readonly board: BoardGeometry;
  readonly options: RuleOptions;
  readonly position: string;
  readonly record: string;
  readonly cells: Uint8Array;
  readonly toMove: Player;
  readonly moveIndex: 1 | 2;
  readonly counters: readonly [number, number];
  readonly pieStep: number | null;
  /** The player to move must add or capture (the obligation of THRONGS.md §9). */
  readonly mustAddOrCapture: boolean;
  readonly scores: readonly [number, number];
  readonly outcome: Outcome | null;
  readonly breakdown: readonly [ScoreBreakdown, ScoreBreakdown];
  readonly legal: readonly LegalMove[];
  /** Moves played so far, in notation, with the player who made each. */
  readonly history: ReadonlyArray<{ readonly notation: string; readonly player: Player; readonly move: LegalMove }>;
}

const geometries = new Map<string, BoardGeometry>();

export function boardGeometry(engine: Engine): BoardGeometry {
  const t = engine.topology;
  const cached = geometries.get(t.spec);
  if (cached) return cached;
  const sites = Array.from({ length: t.size }, (_, i) => ({ column: t.column[i]!, row: t.row[i]!, label: t.labels[i]! }));
  const links: Array<[number, number]> = [];
  for (let s = 0; s < t.size; s++) {
    // E, NW, NE: each line once; only neighbours that are one step apart on the plane.
    for (const dir of [0, 2, 4]) {
      const n = t.neighbour[s * 6 + dir]!;
      if (n < 0) continue;
      const dc = t.column[n]! - t.column[s]!;
      const dr = t.row[n]! - t.row[s]!;
      if (Math.abs(dc) <= 1 && Math.abs(dr) <= 1) links.push([s, n]);
    }
  }
  const geometry = { spec: t.spec, sites, links };
  geometries.set(t.spec, geometry);
  return geometry;
}

export function gameView(engine: Engine): GameView {
  const state = engine.state();
  return {
    board: boardGeometry(engine),
    options: engine.options,
    position: engine.position(),
    record: engine.record(),
    cells: state.cells,
    toMove: state.toMove,
    moveIndex: state.moveIndex,
    counters: state.counters,
    pieStep: state.pieStep,
    mustAddOrCapture: state.pieStep === null && state.counters[state.toMove - 1]! >= OBLIGATION_THRESHOLD,
    scores: engine.scores(),
    outcome: engine.outcome(),
    breakdown: [engine.scoreBreakdown(1), engine.scoreBreakdown(2)],
    legal: engine.legalMoves(),
    history: engine.moveLog(),
  };
}
