/**
 * Shared helpers for Refugia's own tests: the reference rules on a board or a position in
 * notation, engines on each backend, move lists as sorted notation, and this folder's data.
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { createEngine } from '../../../bindings/index.js';
import type { Backend, GameConfig } from '../../../bindings/engine/engine.js';
import type { RefugiaEngine } from '../../../bindings/games/refugia/engine.js';
import type { GameMove } from '../../../reference/core/game.js';
import { Rng } from '../../../reference/core/rng.js';
import { refugia, type RefugiaMove, type RefugiaState } from '../../../reference/games/refugia/index.js';
import type { Topology } from '../../../reference/boards/topology.js';

export const BACKENDS: readonly Backend[] = ['reference', 'wasm'];

/** Refugia has no rule options: what every call of the rules gets. */
export const NO_OPTIONS = refugia.resolveOptions();

/** A Refugia engine on a backend. */
export function engine(backend: Backend, config: Omit<GameConfig, 'game'> = {}): Promise<RefugiaEngine> {
  return createEngine({ ...config, game: 'refugia', backend });
}

export function topo(spec: string): Topology {
  const t = refugia.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

/** A position in notation, checked, as the reference's topology and state. */
export function load(text: string): { t: Topology; s: RefugiaState } {
  const parsed = refugia.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  refugia.checkState(parsed.value.topology, parsed.value.state);
  return { t: parsed.value.topology, s: parsed.value.state };
}

export function cell(t: Topology, label: string): number {
  const c = t.cellOf(label);
  if (c < 0) throw new Error(`no cell ${label}`);
  return c;
}

export function legal(t: Topology, s: RefugiaState): RefugiaMove[] {
  return refugia.legalMoves(t, s, NO_OPTIONS);
}

/** Moves in notation, sorted. */
export function names(t: Topology, moves: readonly GameMove[]): string[] {
  return moves.map((m) => refugia.formatMove(t, m)).sort();
}

/** An engine's legal moves in notation, sorted. */
export function moveNames(e: RefugiaEngine): string[] {
  return e.legalMoves().map((m) => e.formatMove(m)).sort();
}

export function words(text: string): string[] {
  return text.split(/\s+/).filter(Boolean).sort();
}

/** Parses `text` and returns the legal move it denotes (throws when it is not legal). */
export function find(t: Topology, s: RefugiaState, text: string): RefugiaMove {
  const parsed = refugia.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  const key = refugia.pack(parsed.value);
  const m = legal(t, s).find((l) => refugia.pack(l) === key);
  if (!m) throw new Error(`${text} is not legal: ${refugia.explainIllegal(t, s, parsed.value, legal(t, s), NO_OPTIONS)}`);
  return m;
}

export function play(t: Topology, s: RefugiaState, text: string): RefugiaMove {
  const m = find(t, s, text);
  refugia.apply(t, s, m, NO_OPTIONS);
  return m;
}

/** Why the rules refuse the move `text` ('it is legal' when they do not). */
export function why(t: Topology, s: RefugiaState, text: string): string {
  const parsed = refugia.parseMove(t, text, s);
  if (!parsed.ok) throw parsed.error;
  return refugia.explainIllegal(t, s, parsed.value, legal(t, s), NO_OPTIONS);
}

/** Plays up to `plies` seeded random legal moves on every engine (the first one's list). */
export function randomMoves(engines: readonly RefugiaEngine[], seed: number, plies: number): void {
  const rng = new Rng(seed);
  for (let i = 0; i < plies && !engines[0]!.outcome(); i++) {
    const moves = engines[0]!.legalMoves();
    const move = moves[rng.below(moves.length)]!;
    for (const e of engines) e.play(move);
  }
}

/** A file of this folder's data/ (Ludii's boards, positions and games). */
export const dataFile = (name: string): string => new URL(`./data/${name}`, import.meta.url).pathname;

/** A gzipped JSON-lines file of data/. */
export function readJsonLines<T>(name: string): T[] {
  return gunzipSync(readFileSync(dataFile(name)))
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as T);
}

/** A move as a key: kind, cells, the jumped cell and what it was (how the Ludii data and the brute-force model are compared). */
export function engineKey(m: RefugiaMove): string {
  switch (m.kind) {
    case 'pass':
      return 'pass::::';
    case 'place':
      return `place:${m.at}:${m.at}::`;
    case 'step':
      return `step:${m.at}:${m.to}::`;
    case 'hop':
      return `hop:${m.at}:${m.to}:${m.over}:${m.converts}`;
  }
}

// Ludii's records (data/), as the oracle writes them.

export interface OracleMove {
  kind: 'pass' | 'place' | 'step' | 'hop';
  from?: number;
  to?: number;
  over?: number;
  overWas?: 'enemy' | 'neutral';
  p?: 1 | 2;
}

export interface OraclePosition {
  board: string;
  game: number;
  ply: number;
  cells: number[];
  toMove: 1 | 2;
  lastMoveWasPass: boolean;
  prev: OracleMove | null;
  terminal: boolean;
  winner: 1 | 2 | null;
  legal: OracleMove[];
}

export interface OracleGame {
  board: string;
  game: number;
  moves: OracleMove[];
  result: { winner: 1 | 2; scores: [number, number]; pieceCounts_empty_p1_p2_neutral: number[]; moves: number };
}

/** One key per move with everything both sides state about it: kind, cells, the jumped cell. */
export function oracleKey(m: OracleMove): string {
  const at = m.kind === 'place' ? m.to : m.from;
  return `${m.kind}:${at ?? ''}:${m.to ?? ''}:${m.over ?? ''}:${m.overWas ?? ''}`;
}

/**
 * The oracle's position as an engine state. Ludii leaves the last mover "to move" in a finished
 * game; the engine has moved on to the other player and remembers the last mover separately.
 */
export function stateOf(p: OraclePosition): RefugiaState {
  if (p.terminal) {
    const last = p.prev!.p!;
    return { cells: Uint8Array.from(p.cells), toMove: last === 1 ? 2 : 1, passCount: 2, lastMover: last, ended: true };
  }
  return { cells: Uint8Array.from(p.cells), toMove: p.toMove, passCount: p.lastMoveWasPass ? 1 : 0, lastMover: 0, ended: false };
}
