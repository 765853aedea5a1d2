/**
 * The one harness of Tholian Go's own tests: positions from token labels and whole moves played
 * on the reference rules; the raw wasm module driven step by step against the reference, with
 * set-up positions the seeded games rarely reach; and engines played at random.
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { instantiate } from '../../../build/tholian.js';
import { CHILD_WORDS, RESULT_END, RESULT_LENGTH, RESULT_SCORE1, RESULT_SCORE2, RESULT_WINNER } from '../../../assembly/core/abi.js';
import { END_CHAIN, END_EMPTY_TURNS, END_NONE, END_TOKENS, END_TOUCHDOWN } from '../../../assembly/games/tholian/abi.js';
import type { Engine } from '../../../bindings/engine/engine.js';
import { tholianCodec, type TholianCore } from '../../../bindings/games/tholian/wasm-engine.js';
import type { GameMove } from '../../../reference/core/game.js';
import { Rng } from '../../../reference/core/rng.js';
import { tholian, type TholianBoard, type TholianMove, type TholianState } from '../../../reference/games/tholian/index.js';
import { boardNamed } from '../../../reference/games/tholian/boards.js';
import { resolveOptions, type TholianOptions } from '../../../reference/games/tholian/options.js';
import { wholeMoves } from '../../../reference/games/tholian/whole-moves.js';

export type Options = Readonly<Record<string, unknown>>;

export const opts = (o: Options = {}): TholianOptions => resolveOptions(o);
export const MAIN = boardNamed('main');
export const PERIODIC = boardNamed('periodic');

// ---------------------------------------------------------------- the reference rules

export function load(text: string): { b: TholianBoard; s: TholianState } {
  const parsed = tholian.parsePosition(text);
  if (!parsed.ok) throw parsed.error;
  tholian.checkState(parsed.value.topology, parsed.value.state);
  return { b: parsed.value.topology as TholianBoard, s: parsed.value.state };
}

/** A position of `variant` with only the listed tokens, `side` to move at the start of a turn. */
export function position(red: string[], blue: string[], side: 'R' | 'B' = 'R', variant = 'main', budget = 'd1l2'): { b: TholianBoard; s: TholianState } {
  return load(`tholian ${variant} R:${red.join(',')} B:${blue.join(',')} ${side} ${budget} e0`);
}

export const node = (b: TholianBoard, label: string): number => {
  const n = b.cellOf(label);
  if (n < 0) throw new Error(`no node ${label}`);
  return n;
};

export const tokensOf = (b: TholianBoard, s: TholianState, p: 1 | 2): string[] =>
  [...s.cells.keys()].filter((n) => s.cells[n] === p).map((n) => b.labels[n]!).sort();

/** Plays a whole move's text step by step, as an engine does; throws on an illegal step. */
export function play(b: TholianBoard, s: TholianState, text: string, o: TholianOptions = opts()): void {
  for (const token of tholian.splitMove!(text)) {
    const parsed = tholian.parseMove(b, token, s);
    if (!parsed.ok) throw parsed.error;
    const key = tholian.pack(parsed.value);
    const legal = tholian.legalMoves(b, s, o).find((m) => tholian.pack(m) === key);
    if (!legal) throw new Error(`illegal ${token} in ${tholian.formatPosition(b, s)}: ${tholian.explainIllegal(b, s, parsed.value, tholian.legalMoves(b, s, o), o)}`);
    tholian.apply(b, s, legal, o);
  }
}

/** The texts of every whole move (§6, a push path with its free push) of a position. */
export const wholeTexts = (b: TholianBoard, s: TholianState, o = opts()): string[] => wholeMoves(b, s, o).map((m) => m.text);

/** The main board's committed data: nodes with their hexagons and the dark nodes around them. */
export function mainBoardData(): { nodes: { label: string; darkAround?: string[]; hexagon?: (string | null)[] }[] } {
  return JSON.parse(readFileSync(new URL('../../../reference/games/tholian/boards/main.json', import.meta.url), 'utf8'));
}

/** The vertices of a dark node's hexagon that are nodes of the main board. */
export const hexagonOf = (dark: string): string[] => mainBoardData().nodes.find((x) => x.label === dark)!.hexagon!.filter((l): l is string => l !== null);

/** Plays seeded random steps until the game ends or `limit` steps; returns the steps' texts. */
export function randomGame(b: TholianBoard, s: TholianState, o: TholianOptions, seed: number, limit = 4000, each?: (m: TholianMove, before: TholianState) => void): string[] {
  const rng = new Rng(seed);
  const out: string[] = [];
  for (let i = 0; i < limit && !s.result; i++) {
    const legal = tholian.legalMoves(b, s, o);
    // Prefer moves to `end` so that games go somewhere (the model's 10% end policy, roughly).
    const moves = legal.length > 1 && rng.below(10) > 0 ? legal.filter((m) => m.kind !== 'end') : legal;
    const m = moves[rng.below(moves.length)]!;
    const before = tholian.cloneState(s);
    each?.(m, before);
    tholian.apply(b, s, m, o);
    out.push(tholian.formatMove(b, m));
  }
  return out;
}

/** A position `steps` seeded random steps into a game. */
export function midGame(t: TholianBoard, o: TholianOptions, seed: number, steps: number): TholianState {
  const s = tholian.initial(t, 'standard', o);
  const rng = new Rng(seed);
  for (let i = 0; i < steps && !tholian.outcome(t, s, o); i++) {
    const list = tholian.legalMoves(t, s, o);
    tholian.apply(t, s, list[rng.below(list.length)]!, o);
  }
  return s;
}

/** A shortest light-web path from a bottom chain endpoint (of `from`) to a top one. */
export function shortestChain(t: TholianBoard, from: readonly number[] = t.chainBottom): number[] {
  const prev = new Map<number, number>(from.map((n) => [n, -1]));
  const queue = [...from];
  for (let i = 0; i < queue.length; i++) {
    const n = queue[i]!;
    if (t.chainTop.includes(n)) {
      const path = [n];
      while (prev.get(path[0]!)! >= 0) path.unshift(prev.get(path[0]!)!);
      return path;
    }
    for (const m of t.neighbours(n)) {
      if (prev.has(m)) continue;
      prev.set(m, n);
      queue.push(m);
    }
  }
  throw new Error('no chain');
}

/** A shortest chain (§10 Chain) from the light node `from` to a top endpoint, as labels. */
export const chainFrom = (t: TholianBoard, from: string): string[] => shortestChain(t, [node(t, from)]).map((n) => t.labels[n]!);

/**
 * A Chain position: Red's 14 light tokens on a shortest chain from a bottom endpoint to a top
 * one, but for one node whose token waits next to it, Red to move; Blue at its start.
 */
export function nearChain(t: TholianBoard): TholianState {
  const s = tholian.initial(t, 'standard', opts({ variant: 'chain' }));
  // Blue's dark tokens apart from each other: no Blue barrier blocks Red's light paths yet.
  for (const n of t.nodesOf[0]) if (s.cells[n] === 2) s.cells[n] = 0;
  for (const label of ['D1.4', 'D3.4', 'D5.4', 'D2.2', 'D4.2', 'D6.2']) s.cells[t.cellOf(label)] = 2;
  const path = shortestChain(t);
  expect(path.length).toBe(14);
  for (const n of t.nodesOf[1]) s.cells[n] = 0;
  for (const n of path) s.cells[n] = 1;
  // The gap: a node of the chain with a free neighbour off the chain, where its token waits.
  for (const gap of path.slice(1, -1)) {
    const aside = t.neighbours(gap).find((m) => !path.includes(m));
    if (aside === undefined) continue;
    s.cells[gap] = 0;
    s.cells[aside] = 1;
    break;
  }
  // Blue's light tokens where they do not touch the chain.
  let blue = 0;
  for (const n of t.nodesOf[1]) if (s.cells[n] === 0 && blue < 14 && !t.neighbours(n).some((m) => path.includes(m))) (s.cells[n] = 2), blue++;
  return s;
}

/**
 * A position where Red's light tokens stand around its target and the entry node is crowded
 * (by Red and Blue), so that transformations, free pushes and deferred transformations come up.
 */
export function nearTarget(t: TholianBoard, variant: string, g: number): TholianState {
  const o = opts({ variant, seed: 40 + g });
  const s = tholian.initial(t, 'standard', o);
  const target = t.target[1];
  const entry = t.entry[1];
  const red = t.nodesOf[1].filter((n) => s.cells[n] === 1);
  const around = t.neighbours(target).filter((n) => s.cells[n] === 0 || s.cells[n] === 2);
  // Move some of Red's light tokens next to the target (Blue's there step aside).
  around.forEach((n, i) => {
    if (s.cells[n] === 2) {
      const free = t.nodesOf[1].find((m) => s.cells[m] === 0 && t.y[m]! > 3 && !around.includes(m) && m !== target);
      if (free !== undefined) s.cells[free] = 2;
    }
    s.cells[red[i]!] = 0;
    s.cells[n] = 1;
  });
  if (s.cells[target] === 2) {
    s.cells[target] = 0;
    const free = t.nodesOf[1].find((m) => s.cells[m] === 0 && t.y[m]! > 4 && !around.includes(m));
    s.cells[free!] = 2;
  }
  // The entry node and some of its neighbours occupied: a free push needed, sometimes impossible.
  const darkRed = t.nodesOf[0].filter((n) => s.cells[n] === 1);
  const crowd = [entry, ...t.neighbours(entry)].slice(0, 2 + (g % 4));
  crowd.forEach((n, i) => {
    if (s.cells[n] !== 0) return;
    if (i % 2 === 0) {
      s.cells[darkRed[i]!] = 0;
      s.cells[n] = 1;
    } else {
      const blueDark = t.nodesOf[0].find((m) => s.cells[m] === 2 && !crowd.includes(m));
      if (blueDark !== undefined) s.cells[blueDark] = 0;
      s.cells[n] = 2;
    }
  });
  tholian.checkState(t, s);
  return s;
}

// ---------------------------------------------------------------- the raw wasm module

export const MB = 1024 * 1024;
const modules = new Map<string, Promise<WebAssembly.Module>>();

/** A fresh instance of the release build, or of the debug build. */
export async function newCore(debug = false): Promise<TholianCore> {
  const file = new URL(`../../../build/tholian${debug ? '.debug' : ''}.wasm`, import.meta.url);
  let module = modules.get(file.href);
  if (!module) {
    module = WebAssembly.compile(readFileSync(file));
    modules.set(file.href, module);
  }
  return (await instantiate(await module, { env: {} })) as TholianCore;
}

export const pack = (m: GameMove): number => tholian.pack(m as TholianMove);

function legal(core: TholianCore): number[] {
  const n = core.generate();
  return Array.from(new Uint32Array(core.memory.buffer, core.movesPtr(), n));
}

/** Plain data for toEqual's messages. */
const plain = (s: TholianState) => ({ ...s, cells: Array.from(s.cells).join('') });

/** The module's whole state equals the reference's. */
export function expectState(core: TholianCore, t: TholianBoard, s: TholianState, where: string): void {
  const got = tholianCodec.read(core, t);
  if (!tholian.statesEqual(got, s)) expect(plain(got), where).toEqual(plain(s));
}

/** The module's legal steps (packed, in order) equal the reference's, which are returned. */
export function expectLegal(core: TholianCore, t: TholianBoard, s: TholianState, o: TholianOptions, where: string): TholianMove[] {
  const want = tholian.legalMoves(t, s, o);
  const got = legal(core);
  if (got.length !== want.length || want.some((m, i) => pack(m) !== got[i])) {
    const text = (m: GameMove) => tholian.formatMove(t, m);
    expect(got.map((p) => text(tholian.unpack(p))), where).toEqual(want.map(text));
  }
  return want;
}

const where = (t: TholianBoard, s: TholianState, what: string) => `${what} at ${tholian.formatPosition(t, s)}`;

/** What the differential runs saw, so that the tests can say they covered the rare cases. */
export interface Seen {
  positions: number;
  midPush: number;
  freePush: number;
  longest: number;
  transformations: number;
  captures: number;
  dice: number;
  children: number;
  /** Positions where the push limit removed steps the unlimited rule allows. */
  limited: number;
  /** Steps after which another sequestration rule would have left other tokens. */
  ruleMattered: number;
  results: Record<string, number>;
}

export const newSeen = (): Seen => ({ positions: 0, midPush: 0, freePush: 0, longest: 0, transformations: 0, captures: 0, dice: 0, children: 0, limited: 0, ruleMattered: 0, results: {} });

export function merge(into: Seen, from: Seen): void {
  const a = into as unknown as Record<string, number>;
  for (const [k, v] of Object.entries(from) as Array<[string, number | Record<string, number>]>) {
    if (typeof v === 'number') a[k] = k === 'longest' ? Math.max(a[k]!, v) : a[k]! + v;
    else for (const [r, n] of Object.entries(v)) into.results[r] = (into.results[r] ?? 0) + n;
  }
}

const darkOf = (t: TholianBoard, s: TholianState, p: number) => t.nodesOf[0].filter((n) => s.cells[n] === p).length;
const total = (s: TholianState) => s.cells.reduce((a, c) => a + (c !== 0 ? 1 : 0), 0);

/** Each legal step played in the module and taken back: every child equals the reference's. */
export function checkChildren(core: TholianCore, t: TholianBoard, s: TholianState, o: TholianOptions, list: TholianMove[], seen: Seen): void {
  for (const m of list) {
    const next = tholian.cloneState(s);
    tholian.apply(t, next, m, o);
    expect(core.play(pack(m))).toBe(0);
    expectState(core, t, next, where(t, s, `child ${tholian.formatMove(t, m)}`));
    expect(core.undo()).toBe(1);
    if (next.result) seen.results[`child ${next.result.reason}`] = (seen.results[`child ${next.result.reason}`] ?? 0) + 1;
    seen.children++;
  }
  expectState(core, t, s, where(t, s, 'after the children'));
}

/**
 * Seeded random step sequences from the start (or from `from`): the legal steps and the state
 * after every step, undo, reloads from the reference's state, and every child of some positions.
 */
export function differential(core: TholianCore, t: TholianBoard, options: Options, games: number, steps: number, seedBase: number, seen: Seen, from?: (g: number) => TholianState): void {
  for (let g = 0; g < games; g++) {
    // The seed option varies by game: Lucky's start and the dice follow it.
    const o = opts({ ...options, seed: options.seed ?? 1000 * g + seedBase });
    const s = from ? from(g) : tholian.initial(t, 'standard', o);
    tholianCodec.load(core, t, o, s);
    const rng = new Rng(seedBase + g);
    const other = o.pushLimit ? opts({ ...o, pushLimit: false }) : null;
    const otherRule = o.sequestration !== 'largest' ? opts({ ...o, sequestration: 'largest' }) : null;
    for (let i = 0; i < steps; i++) {
      seen.positions++;
      if (s.path.length > 0) seen.midPush++;
      if (s.freePush) seen.freePush++;
      if (s.rollDark >= 0 || s.rollLight.some((a) => a >= 0)) seen.dice++;
      seen.longest = Math.max(seen.longest, s.path.length);
      expectState(core, t, s, where(t, s, `step ${i} of game ${g}`));
      const list = expectLegal(core, t, s, o, where(t, s, `step ${i} of game ${g}`));
      if (s.result) {
        seen.results[s.result.reason] = (seen.results[s.result.reason] ?? 0) + 1;
        break;
      }
      if (other && tholian.legalMoves(t, s, other).length !== list.length) seen.limited++;
      if (i % 97 === 50) checkChildren(core, t, s, o, list, seen);
      // Every 23rd step: reload the module from the reference's state (the codec's round trip).
      if (i % 23 === 11) {
        tholianCodec.load(core, t, o, s);
        expectState(core, t, s, where(t, s, 'reloaded'));
      }
      const m = list[rng.below(list.length)]!;
      const mover = s.toMove;
      const [dark, tokens] = [darkOf(t, s, mover), total(s)];
      let alt: TholianState | null = null;
      if (otherRule) {
        alt = tholian.cloneState(s);
        tholian.apply(t, alt, m, otherRule);
      }
      expect(core.play(pack(m)), where(t, s, tholian.formatMove(t, m))).toBe(0);
      tholian.apply(t, s, m, o);
      if (m.kind !== 'place' && darkOf(t, s, mover) > dark) seen.transformations++;
      if (total(s) < tokens) seen.captures++;
      if (alt && !alt.cells.every((c, n) => c === s.cells[n])) seen.ruleMattered++;
    }
  }
}

/** The reference's seeded playout (reference/search/playout.ts) from `start`, as the module's. */
export function referencePlayout(t: TholianBoard, start: TholianState, o: TholianOptions, seed: number, maxMoves: number) {
  const s = tholian.cloneState(start);
  const rng = new Rng(seed);
  const moves: number[] = [];
  while (moves.length < maxMoves && !tholian.outcome(t, s, o)) {
    const list = tholian.legalMoves(t, s, o);
    const m = list[rng.below(list.length)]!;
    tholian.apply(t, s, m, o);
    moves.push(pack(m));
  }
  const outcome = tholian.outcome(t, s, o);
  const END: Record<string, number> = { tokens: END_TOKENS, chain: END_CHAIN, touchdown: END_TOUCHDOWN, emptyTurns: END_EMPTY_TURNS };
  return { moves, length: moves.length, scores: tholian.scores(t, s), end: outcome ? END[outcome.reason]! : END_NONE, winner: outcome?.winner ?? 0 };
}

/** The module's seeded playout from its position: the steps, and its result slots. */
export function modulePlayout(core: TholianCore, seed: number, maxMoves: number) {
  const length = core.playout(seed, maxMoves, true);
  const r = new Int32Array(core.memory.buffer, core.resultPtr(), 8);
  return {
    moves: Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), length)),
    length: r[RESULT_LENGTH]!,
    scores: [r[RESULT_SCORE1]!, r[RESULT_SCORE2]!],
    end: r[RESULT_END]!,
    winner: r[RESULT_WINNER]!,
  };
}

/** The root's children the module wrote (searchChildren), as the reference search reports them. */
export function wasmRootChildren(core: { memory: WebAssembly.Memory; searchChildren(): number; recordPtr(): number }): Array<{ move: number; visits: number; valueSum: number; proven: 'win' | 'loss' | 'draw' | undefined }> {
  const n = core.searchChildren();
  const words = new Uint32Array(core.memory.buffer, core.recordPtr(), n * CHILD_WORDS);
  const floats = new Float32Array(core.memory.buffer, core.recordPtr(), n * CHILD_WORDS);
  const proof = [undefined, 'win', 'loss', 'draw'] as const;
  return Array.from({ length: n }, (_, k) => ({
    move: words[k * CHILD_WORDS]!,
    visits: words[k * CHILD_WORDS + 1]!,
    valueSum: floats[k * CHILD_WORDS + 2]!,
    proven: proof[words[k * CHILD_WORDS + 3]!],
  }));
}

// ---------------------------------------------------------------- engines

/** Plays up to `plies` seeded random moves (fewer if the game ends); returns the engine. */
export function randomMoves<E extends Engine<unknown, GameMove>>(e: E, seed: number, plies: number): E {
  const rng = new Rng(seed);
  for (let i = 0; i < plies && !e.outcome(); i++) {
    const legal = e.legalMoves();
    e.play(legal[rng.below(legal.length)]!);
  }
  return e;
}
