/**
 * Shared helpers for Populace's own tests: the reference rules driven directly (positions, moves
 * in notation, the reason an action is illegal), engines on both backends, and the conformance
 * data of test/games/populace/data/.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createEngine } from '../../../bindings/index.js';
import type { Backend } from '../../../bindings/engine/engine.js';
import type { PopulaceEngine } from '../../../bindings/games/populace/engine.js';
import type { GameMove } from '../../../reference/core/game.js';
import { Rng } from '../../../reference/core/rng.js';
import type { Topology } from '../../../reference/boards/topology.js';
import { populace, type PopulaceMove, type PopulaceOptions, type PopulaceState } from '../../../reference/games/populace/index.js';

export const BACKENDS: readonly Backend[] = ['reference', 'wasm'];

// ---------------------------------------------------------------- the reference rules

export type Options = PopulaceOptions;
/** The resolved options, typed as the rule modules read them. */
export const opts = (o?: Readonly<Record<string, unknown>>): Options => populace.resolveOptions(o) as Options;
export const DEFAULTS = opts();

export function topo(spec: string): Topology {
  const t = populace.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

/** A position from its notation, checked. */
export function load(text: string): { t: Topology; s: PopulaceState } {
  const parsed = populace.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  populace.checkState(parsed.value.topology, parsed.value.state);
  return { t: parsed.value.topology, s: parsed.value.state };
}

export function cell(t: Topology, label: string): number {
  const c = t.cellOf(label);
  if (c < 0) throw new Error(`no cell ${label}`);
  return c;
}

export function legal(t: Topology, s: PopulaceState, o: Options = DEFAULTS): PopulaceMove[] {
  return populace.legalMoves(t, s, o);
}

/** Moves in notation, sorted. */
export function names(t: Topology, moves: readonly GameMove[]): string[] {
  return moves.map((m) => populace.formatMove(t, m)).sort();
}

/** The words of a list, sorted. */
export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

export function parse(t: Topology, s: PopulaceState, text: string): GameMove {
  const parsed = populace.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  return parsed.value;
}

/** Plays `text`, which must be legal. */
export function play(t: Topology, s: PopulaceState, text: string, o: Options = DEFAULTS): PopulaceMove {
  const key = populace.pack(parse(t, s, text));
  const m = legal(t, s, o).find((l) => populace.pack(l) === key);
  if (!m) throw new Error(`${text} is not legal: ${why(t, s, text, o)}`);
  populace.apply(t, s, m, o);
  return m;
}

/** Why an action is not legal (or 'it is legal'). */
export function why(t: Topology, s: PopulaceState, text: string, o: Options = DEFAULTS): string {
  return populace.explainIllegal(t, s, parse(t, s, text), legal(t, s, o), o);
}

/** An action as the conformance data names it: `place:<cell>`, `move:<from>:<to>`, `pass`. */
export function engineKey(m: PopulaceMove): string {
  if (m.kind === 'pass' || m.kind === 'swap') return m.kind;
  return m.kind === 'move' ? `move:${m.at}:${m.to}` : `${m.kind}:${m.at}`;
}

// ---------------------------------------------------------------- engines

export function engineOf(backend: Backend, config: { board?: string; position?: string; options?: Record<string, unknown> } = {}): Promise<PopulaceEngine> {
  return createEngine({ game: 'populace', backend, ...config });
}

/** Plays seeded random actions until the game ends or `max` actions were played. */
export function randomGame(e: PopulaceEngine, seed: number, max = Infinity): void {
  const rng = new Rng(seed);
  for (let n = 0; n < max && !e.outcome(); n++) {
    const moves = e.legalMoves();
    e.play(moves[rng.below(moves.length)]!);
  }
}

// ---------------------------------------------------------------- the conformance data

/** The data's files, by board: test/games/populace/data/populace-<file>-{positions,games}.jsonl.gz. */
export const FILES = ['hexhex4', 'hexhex7', 'althex3-4'] as const;
export const BOARD_OF: Record<(typeof FILES)[number], string> = { hexhex4: 'hexhex(4)', hexhex7: 'hexhex(7)', 'althex3-4': 'althex(3,4)' };

export function readData<T>(file: string): T[] {
  return gunzipSync(readFileSync(new URL(`./data/${file}`, import.meta.url)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}
