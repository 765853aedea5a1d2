/**
 * The Throngs tests' harness (this folder's, and the layer tests' that play Throngs): engines on
 * each backend, positions from stone labels, seeded random play, board kinds, and the comparison of
 * Throngs' own queries in wasm against the reference.
 */
import { expect } from 'vitest';
import { createEngine } from '../../../bindings/index.js';
import type { Backend, Engine as AnyEngine, GameConfig } from '../../../bindings/engine/engine.js';
import type { GameMove } from '../../../reference/core/game.js';
import { expectEqual } from '../../support/equal.js';

export { expectEqual };
import type { ThrongsEngine as Engine } from '../../../bindings/games/throngs/engine.js';
import { Rng } from '../../../reference/core/rng.js';

export type { Engine };

/** Every suite that checks rules runs on each backend listed here. */
export const BACKENDS: readonly Backend[] = ['reference', 'wasm'];

/** A Throngs engine (the suites of this folder that use it check Throngs' rules). */
export function engine(backend: Backend, config: Omit<GameConfig, 'game'> = {}): Promise<Engine> {
  return createEngine({ ...config, game: 'throngs', backend });
}

/** A ragged63 position (or another board) from stone labels, Black to move by default. */
export function position(
  black: string,
  white: string,
  { board = 'ragged63', toMove = 'b', moveIndex = 1, counters = [-1, -1] as [number, number], pb = '1n', cb = '0' } = {},
): string {
  const list = (s: string): string => s.split(/\s+/).filter(Boolean).join(',');
  return `throngs ${board} b:${list(black)} w:${list(white)} ${toMove}${moveIndex} ac:${counters[0]},${counters[1]} pb:${pb} cb:${cb}`;
}

export function labels(e: Engine, sites: Iterable<number>): string[] {
  return [...sites].map((s) => e.topology.label(s)).sort();
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

export function moveNames(e: Engine): string[] {
  return e.legalMoves().map((m) => e.formatMove(m)).sort();
}

/** The distinct first decisions of a position: origins of site moves, plus pass/accept/swap. */
export function firstDecisions(e: Engine): string[] {
  const origins = new Set<string>();
  for (const m of e.legalMoves()) origins.add(m.at === undefined ? m.kind : e.topology.label(m.at));
  return [...origins].sort();
}

export function site(e: Engine, label: string): number {
  const s = e.topology.cellOf(label);
  if (s < 0) throw new Error(`no site ${label}`);
  return s;
}

/** Dest(site, p) grouped by least cost: [cost 1 sites, cost 2 sites, ...]. */
export function byCost(e: Engine, from: string, power: number): string[][] {
  const groups: string[][] = [];
  let seen = new Set<number>();
  for (let p = 1; p <= power; p++) {
    const reach = new Set(e.reachable(site(e, from), p));
    groups.push(labels(e, [...reach].filter((s) => !seen.has(s))));
    seen = reach;
  }
  return groups;
}

/** Plays up to `plies` seeded random moves (fewer if the game ends); returns the engine. */
export function randomMoves<E extends AnyEngine<unknown, GameMove>>(e: E, seed: number, plies: number): E {
  const rng = new Rng(seed);
  for (let i = 0; i < plies && !e.outcome(); i++) {
    const legal = e.legalMoves();
    e.play(legal[rng.below(legal.length)]!);
  }
  return e;
}

/** Boards of every kind the engine supports, small enough for property tests. */
export const BOARD_KINDS = [
  'ragged63',
  'throngs93',
  'ragged87',
  'ragged153',
  'hexhex(4)',
  'althex(3,4)',
  'perforated(hexhex(6),a1,d4,g7,d7,g4,j7,g10)',
  'torus(6,5)',
  // 19 columns: too wide for the 16 x 16 bitboards, so the wasm core's wide sets run on a board
  // with edges (wide-boards.test.ts has more of them, and boards over 32 columns).
  'strips(2,18,-2,18)',
  'custom(0:0,1:0,2:0,0:1,1:1,2:1,3:1,1:2,2:2,3:2)',
] as const;

/** Every rule option of THRONGS.md §14 at its non-default value, all at once. */
export const EVERY_OPTION = { endOnPasses: 'fullRound', endOnFullScore: true, thresholdChecksBoth: true, forcedPassConsumesSlot: true, obligationRelaxesToTravel: true } as const;

/**
 * Everything the two engines tell of the position, Throngs' own queries included: the position,
 * the legal moves in order, scores, outcome, territory, the score breakdown and the action
 * potentials of both players, and the destinations of every origin of a legal move. Returns the
 * legal moves.
 */
export function expectSameQueries(ref: Engine, wasm: Engine, where: string): ReturnType<Engine['legalMoves']> {
  expect(wasm.position(), where).toBe(ref.position());
  const legal = ref.legalMoves();
  expectEqual(wasm.legalMoves(), legal, where);
  expectEqual(wasm.scores(), ref.scores(), where);
  expectEqual(wasm.outcome(), ref.outcome(), where);
  expectEqual(wasm.territory(), ref.territory(), where);
  for (const p of [1, 2] as const) {
    expectEqual(wasm.actionPotentials(p), ref.actionPotentials(p), `${where} player ${p}`);
    expectEqual(wasm.scoreBreakdown(p), ref.scoreBreakdown(p), `${where} player ${p}`);
  }
  const origins = new Set(legal.map((m) => m.at).filter((s): s is number => s !== undefined));
  for (const s of origins) expectEqual(wasm.destinations(s), ref.destinations(s), `${where} from ${s}`);
  return legal;
}
