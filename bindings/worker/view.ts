/**
 * A GameView of an engine: the generic parts read from the engine, the game's own from its
 * registry entry (details in words, overlays, woven webs). What the worker answers after every
 * change; the CLI and tests build the same view.
 */
import type { Engine } from '../engine/engine.js';
import type { BoardGeometry, GameView, Weave } from '../engine/view.js';
import { gameEntry } from '../games/registry.js';
import { UsageError } from '../../reference/core/errors.js';

const geometries = new Map<string, BoardGeometry>();

export function boardGeometry(engine: Engine): BoardGeometry {
  const t = engine.topology;
  const key = `${engine.rules.id}:${t.spec}`;
  const cached = geometries.get(key);
  if (cached) return cached;
  const weave = gameEntry(engine.rules.id).weave?.(t) ?? null;
  const sites = Array.from({ length: t.size }, (_, i) => ({
    column: t.column[i]!,
    row: t.row[i]!,
    label: t.labels[i]!,
    ...(weave ? { web: weave.web[i]! } : {}),
  }));
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
  const geometry: BoardGeometry = { spec: t.spec, sites, links, ...(weave ? { duals: dualLinks(links, weave) } : {}) };
  geometries.set(key, geometry);
  return geometry;
}

function moveHistory(engine: Engine): GameView['history'] {
  const continues = engine.rules.continuesMove;
  const log = engine.moveLog();
  return continues ? log.map((entry) => ({ ...entry, continues: continues(entry.move) })) : log;
}

/** Each link's crossing link, as an index into `links` (-1 for none). */
function dualLinks(links: ReadonlyArray<readonly [number, number]>, weave: Weave): number[] {
  const index = new Map<string, number>();
  links.forEach(([a, b], i) => index.set(`${Math.min(a, b)},${Math.max(a, b)}`, i));
  return links.map(([a, b]) => {
    const d = weave.dual(a, b);
    return d ? (index.get(`${Math.min(d[0], d[1])},${Math.max(d[0], d[1])}`) ?? -1) : -1;
  });
}

/**
 * Checks what a caller asks for as `overlays` (names, as the view's `overlayValues` will hold
 * them), so that a bad request is refused before the game changes.
 */
export function overlayRequest(overlays: unknown): readonly string[] {
  if (overlays === undefined) return [];
  if (!Array.isArray(overlays) || !overlays.every((name) => typeof name === 'string')) {
    throw new UsageError(`overlays must be a list of overlay names, not ${JSON.stringify(overlays)}`);
  }
  return overlays as string[];
}

/**
 * The view of `engine`, with the values of the `overlays` asked for that the game offers (a page
 * asks for what it would show before it knows which game a record or position starts).
 */
export function gameView(engine: Engine, overlays: readonly string[] = []): GameView {
  const entry = gameEntry(engine.rules.id);
  const offered = overlays.filter((name) => Object.hasOwn(entry.overlays, name));
  return {
    game: engine.rules.id,
    title: engine.rules.title,
    drawing: engine.rules.drawing,
    pieces: engine.rules.pieces,
    players: entry.players,
    overlays: Object.keys(entry.overlays),
    clicks: entry.clicks,
    ...(entry.words ? { words: entry.words } : {}),
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
    history: moveHistory(engine),
    ...(offered.length > 0 ? { overlayValues: Object.fromEntries(offered.map((name) => [name, Int8Array.from(entry.overlays[name]!(engine))])) } : {}),
  };
}
