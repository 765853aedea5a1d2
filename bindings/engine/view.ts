/**
 * Everything a board page needs to draw a position of any game, as plain data: what the worker
 * sends after each change, so that the page never has to ask twice. What only one game knows
 * (Throngs' move of the turn and its duty, the parts of its score) comes from that game's
 * `describe` in the registry, already in words.
 */
import type { GameMove, GameOutcome } from '../../reference/core/game.js';
import type { Player } from '../../reference/core/types.js';
import type { Engine } from './engine.js';
import { gameEntry } from '../games/registry.js';

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

/** What a game adds to the generic view, in words and numbers a page shows as they are. */
export interface GameDetails {
  /** The status line's turn text: "Black to move, move 1 of 2". */
  readonly turn: string;
  /** A duty of the player to move ("Black must add or capture"), or ''. */
  readonly duty: string;
  /** The parts of each player's score, for the game-over panel. */
  readonly breakdown: ReadonlyArray<{ readonly label: string; readonly values: readonly [number, number] }>;
  /** Cells the last move changed besides its origin and destination (Refugia's converted stone). */
  readonly changed: readonly number[];
  /** Cells the board marks, with what the mark means (Populace's threatened pieces: `threatened`). */
  readonly marks: ReadonlyArray<{ readonly cell: number; readonly mark: string }>;
  /** A few words beside each colour's score (Populace: the button's half point), or ''. */
  readonly scoreNotes: readonly [string, string];
}

export interface GameView {
  readonly game: string;
  readonly title: string;
  readonly drawing: 'points' | 'cells';
  /** Piece kinds by cell value (index 0 is the empty cell). */
  readonly pieces: readonly string[];
  readonly players: readonly [string, string];
  /** Per-cell overlays the game offers (e.g. Throngs' `potential` and `territory`). */
  readonly overlays: readonly string[];
  readonly board: BoardGeometry;
  readonly options: Readonly<Record<string, unknown>>;
  readonly position: string;
  readonly record: string;
  readonly cells: Uint8Array;
  readonly toMove: Player;
  /** The seat playing each colour ([seat of colour 1, seat of colour 2]): [1, 2] unless a pie swapped seats. */
  readonly seats: readonly [Player, Player];
  readonly scores: readonly [number, number];
  readonly outcome: GameOutcome | null;
  readonly details: GameDetails;
  /** The legal moves, plain data with `kind` and, where they have them, `at` and `to`. */
  readonly legal: readonly GameMove[];
  /** Moves played so far, in notation, with the player who made each. */
  readonly history: ReadonlyArray<{ readonly notation: string; readonly player: Player; readonly move: GameMove }>;
}

const geometries = new Map<string, BoardGeometry>();

export function boardGeometry(engine: Engine): BoardGeometry {
  const t = engine.topology;
  const cached = geometries.get(t.spec);
  if (cached) return cached;
  const sites = Array.from({ length: t.size }, (_, i) => ({ column: t.column[i]!, row: t.row[i]!, label: t.labels[i]! }));
  const links: Array<[number, number]> = [];
  for (let s = 0; s < t.size && t.isGraph; s++) {
    for (const n of t.neighbours(s)) if (n > s) links.push([s, n]);
  }
  for (let s = 0; s < t.size && !t.isGraph; s++) {
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
  const entry = gameEntry(engine.rules.id);
  return {
    game: engine.rules.id,
    title: engine.rules.title,
    drawing: engine.rules.drawing,
    pieces: engine.rules.pieces,
    players: entry.players,
    overlays: Object.keys(entry.overlays),
    board: boardGeometry(engine),
    options: engine.options,
    position: engine.position(),
    record: engine.record(),
    cells: engine.cells(),
    toMove: engine.toMove(),
    seats: [engine.seatOf(1), engine.seatOf(2)],
    scores: engine.scores(),
    outcome: engine.outcome(),
    details: entry.describe(engine),
    legal: engine.legalMoves(),
    history: engine.moveLog(),
  };
}
