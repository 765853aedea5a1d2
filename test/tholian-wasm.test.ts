/**
 * The Tholian Go wasm module (assembly/games/tholian, build/tholian.wasm) against the TypeScript
 * reference (reference/games/tholian) as the oracle: the legal steps (packed, canonical order)
 * and the whole state after every step of seeded random step sequences from the start of every
 * variant, under the push limit and every sequestration rule, on the main and the periodic board
 * (and a changed board, to show the geometry is data); every child of sampled positions; whole
 * seeded playouts; the evaluation; searches; the board tables the module is given and those it
 * is refused; the engine through the generic API; the debug build.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { instantiate } from '../build/tholian.js';
import { RESULT_END, RESULT_LENGTH, RESULT_ROOT_VISITS, RESULT_SCORE1, RESULT_SCORE2, RESULT_WINNER } from '../assembly/core/abi.js';
import { END_CHAIN, END_EMPTY_TURNS, END_NONE, END_TOKENS, END_TOUCHDOWN, MOVE_END, OPTION_CAPTURES, OPTION_DICE, OPTION_TRANSFORMATION } from '../assembly/games/tholian/abi.js';
import { BoardError } from '../reference/core/errors.js';
import { Rng } from '../reference/core/rng.js';
import type { GameMove } from '../reference/core/game.js';
import { ReferenceMcts } from '../reference/search/mcts.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../reference/search/settings.js';
import { tholian, TholianBoard, type TholianMove, type TholianOptions, type TholianState } from '../reference/games/tholian/index.js';
import type { BoardData } from '../reference/games/tholian/board.js';
import { boardNamed } from '../reference/games/tholian/boards.js';
import { rollFor } from '../reference/games/tholian/state.js';
import { cheapestChain } from '../reference/games/tholian/eval.js';
import mainData from '../reference/games/tholian/boards/main.json' with { type: 'json' };
import { ReferenceEngine } from '../bindings/engine/reference-engine.js';
import { createEngine } from '../bindings/index.js';
import type { EngineConfig } from '../bindings/engine/engine.js';
import { isGameId } from '../bindings/games/registry.js';
import {
  createTholianWasmEngine,
  installBoard,
  optionFlags,
  tholianCodec,
  tholianTables,
  type TholianCore,
} from '../bindings/games/tholian/wasm-engine.js';
import { wasmRootChildren } from './helpers.js';

type Options = Readonly<Record<string, unknown>>;

const MB = 1024 * 1024;
const modules = new Map<string, Promise<WebAssembly.Module>>();

/** A fresh instance of the release build, or of the debug build. */
async function newCore(debug = false): Promise<TholianCore> {
  const file = new URL(`../build/tholian${debug ? '.debug' : ''}.wasm`, import.meta.url);
  let module = modules.get(file.href);
  if (!module) {
    module = WebAssembly.compile(readFileSync(file));
    modules.set(file.href, module);
  }
  return (await instantiate(await module, { env: {} })) as TholianCore;
}

const resolve = (options: Options): TholianOptions => tholian.resolveOptions(options) as TholianOptions;
const pack = (m: GameMove): number => tholian.pack(m as TholianMove);

function legal(core: TholianCore): number[] {
  const n = core.generate();
  return Array.from(new Uint32Array(core.memory.buffer, core.movesPtr(), n));
}

/** Plain data for toEqual's messages. */
const plain = (s: TholianState) => ({ ...s, cells: Array.from(s.cells).join('') });

function expectState(core: TholianCore, t: TholianBoard, s: TholianState, where: string): void {
  const got = tholianCodec.read(core, t);
  if (!tholian.statesEqual(got, s)) expect(plain(got), where).toEqual(plain(s));
}

function expectLegal(core: TholianCore, t: TholianBoard, s: TholianState, o: TholianOptions, where: string): TholianMove[] {
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
interface Seen {
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

const newSeen = (): Seen => ({ positions: 0, midPush: 0, freePush: 0, longest: 0, transformations: 0, captures: 0, dice: 0, children: 0, limited: 0, ruleMattered: 0, results: {} });

function merge(into: Seen, from: Seen): void {
  const a = into as unknown as Record<string, number>;
  for (const [k, v] of Object.entries(from) as Array<[string, number | Record<string, number>]>) {
    if (typeof v === 'number') a[k] = k === 'longest' ? Math.max(a[k]!, v) : a[k]! + v;
    else for (const [r, n] of Object.entries(v)) into.results[r] = (into.results[r] ?? 0) + n;
  }
}

const darkOf = (t: TholianBoard, s: TholianState, p: number) => t.nodesOf[0].filter((n) => s.cells[n] === p).length;
const total = (s: TholianState) => s.cells.reduce((a, c) => a + (c !== 0 ? 1 : 0), 0);

/** Every legal step of the module's position played and taken back: each child equals the reference's. */
function checkChildren(core: TholianCore, t: TholianBoard, s: TholianState, o: TholianOptions, list: TholianMove[], seen: Seen): void {
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
function differential(core: TholianCore, t: TholianBoard, options: Options, games: number, steps: number, seedBase: number, seen: Seen, from?: (g: number) => TholianState): void {
  for (let g = 0; g < games; g++) {
    // The seed option varies by game: Lucky's start and the dice follow it.
    const o = resolve({ ...options, seed: options.seed ?? 1000 * g + seedBase });
    const s = from ? from(g) : tholian.initial(t, 'standard', o);
    tholianCodec.load(core, t, o, s);
    const rng = new Rng(seedBase + g);
    const other = o.pushLimit ? resolve({ ...o, pushLimit: false }) : null;
    const otherRule = o.sequestration !== 'largest' ? resolve({ ...o, sequestration: 'largest' }) : null;
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

const main = boardNamed('main');
const periodic = boardNamed('periodic');

/** [name, board, options, games, steps]: every variant, the options of §6/§7, the periodic board. */
const CONFIGS: Array<[string, TholianBoard, Options, number, number]> = [
  ['main', main, {}, 4, 5000],
  ['ultimate', main, { variant: 'ultimate' }, 3, 6000],
  ['chain', main, { variant: 'chain' }, 2, 1500],
  ['football', main, { variant: 'football' }, 4, 1500],
  ['lucky', main, { variant: 'lucky' }, 4, 5000],
  ['lucky, no transformation', main, { variant: 'lucky', transformation: false }, 2, 1500],
  ['oracle', main, { variant: 'oracle' }, 4, 1500],
  ['scrimmage', main, { variant: 'scrimmage' }, 4, 1500],
  ['lucky-scrimmage', main, { variant: 'lucky-scrimmage' }, 4, 1500],
  ['main, push limit', main, { pushLimit: true }, 3, 5000],
  ['main, sequestration full', main, { sequestration: 'full' }, 3, 3000],
  ['main, sequestration ends-open', main, { sequestration: 'ends-open' }, 3, 3000],
  ['periodic main', periodic, {}, 3, 1500],
  ['periodic oracle, push limit', periodic, { variant: 'oracle', pushLimit: true }, 2, 1500],
  ['periodic ultimate, ends-open', periodic, { variant: 'ultimate', sequestration: 'ends-open' }, 2, 1500],
  ['football, push limit, full', main, { variant: 'football', pushLimit: true, sequestration: 'full' }, 2, 1500],
];

describe('the Tholian Go module against the reference', () => {
  const all = newSeen();
  const byConfig = new Map<string, Seen>();

  it.each(CONFIGS)('%s: legal steps and the state after every step of seeded random games', async (name, t, options, games, steps) => {
    const core = await newCore();
    expect(core.isDebugBuild()).toBe(0);
    installBoard(core, t, 4 * MB);
    const seen = newSeen();
    differential(core, t, options, games, steps, 10 + CONFIGS.findIndex((c) => c[0] === name) * 100, seen);
    byConfig.set(name, seen);
    merge(all, seen);
    expect(seen.positions).toBeGreaterThan(games * 200);
    expect(seen.midPush).toBeGreaterThan(0);
  });

  it('compared tens of thousands of positions, with every rare case among them', () => {
    if (process.env.THOLIAN_STATS) console.log(JSON.stringify(all), JSON.stringify([...byConfig].map(([k, v]) => [k, v.positions, v.results])));
    expect(all.positions).toBeGreaterThan(30_000);
    expect(all.children).toBeGreaterThan(10_000);
    expect(all.longest).toBeGreaterThanOrEqual(6);
    expect(all.freePush).toBeGreaterThan(0);
    expect(all.transformations).toBeGreaterThan(10);
    expect(all.captures).toBeGreaterThan(100);
    expect(byConfig.get('oracle')!.dice).toBeGreaterThan(500);
    expect(byConfig.get('main, push limit')!.limited).toBeGreaterThan(50);
    expect(byConfig.get('main, sequestration full')!.ruleMattered + byConfig.get('main, sequestration ends-open')!.ruleMattered).toBeGreaterThan(0);
    for (const reason of ['tokens', 'touchdown', 'emptyTurns']) expect(all.results[reason] ?? 0, reason).toBeGreaterThan(0);
  });

  it('a chain win (§10 Chain): every step of a position one step from a chain, and the games after it', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({ variant: 'chain' });
    const s = nearChain(main);
    tholianCodec.load(core, main, o, s);
    const seen = newSeen();
    checkChildren(core, main, s, o, expectLegal(core, main, s, o, 'near chain'), seen);
    expect(seen.results['child chain']).toBeGreaterThan(0);
    // Red is blocked by Blue barriers on the way: the chain must follow paths open to Red.
    differential(core, main, { variant: 'chain' }, 6, 400, 77, seen, () => nearChain(main));
    expect(seen.positions).toBeGreaterThan(600);
  });

  it('transformations and free pushes from positions set up for them', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const seen = newSeen();
    for (const variant of ['main', 'oracle', 'lucky']) {
      differential(core, main, { variant }, 4, 300, 500, seen, (g) => nearTarget(main, variant, g));
    }
    expect(seen.transformations).toBeGreaterThan(5);
    expect(seen.freePush).toBeGreaterThan(5);
  });

  it('undo beyond a short undo ring says so, and what it undid is exact', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({});
    const s = tholian.initial(main, 'standard', o);
    tholianCodec.load(core, main, o, s);
    core.limitUndo(4);
    const history: TholianState[] = [];
    const rng = new Rng(5);
    for (let i = 0; i < 12; i++) {
      history.push(tholian.cloneState(s));
      const list = tholian.legalMoves(main, s, o);
      const m = list[rng.below(list.length)]!;
      expect(core.play(pack(m))).toBe(0);
      tholian.apply(main, s, m, o);
    }
    for (let i = 0; i < 4; i++) {
      expect(core.undo()).toBe(1);
      expectState(core, main, history.pop()!, 'undo');
    }
    expect(core.undo()).toBe(0);
    core.limitUndo(1 << 20);
  });

  it('refuses a step that is not legal, and changes nothing', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({});
    const s = tholian.initial(main, 'standard', o);
    tholianCodec.load(core, main, o, s);
    const d11 = main.cellOf('D1.1');
    for (const bad of [pack({ kind: 'move', at: d11, to: main.cellOf('D1.6') }), pack({ kind: 'push', at: d11, to: main.cellOf('D1.2') }), 0xffffffff]) {
      expect(core.play(bad)).toBe(-1);
      expectState(core, main, s, 'refused');
    }
    expect(core.play(MOVE_END)).toBe(0);
  });

  it('the dice are the reference rollFor, bit for bit, for any seed and turn', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const rng = new Rng(9);
    const o = resolve({ variant: 'oracle' });
    for (let i = 0; i < 300; i++) {
      const seed = i < 3 ? [0, 1, 0xffffffff][i]! : rng.nextU32();
      const turn = 1 + (i < 100 ? i : rng.below(2_000_000));
      const s = tholian.initial(main, 'standard', o);
      // The turn before, ended: the module rolls for `turn` as the reference does.
      s.turn = turn - 1;
      s.toMove = turn % 2 === 1 ? 2 : 1;
      s.acted = true;
      tholianCodec.load(core, main, { ...o, seed }, s);
      expect(core.play(MOVE_END)).toBe(0);
      const r = rollFor(seed, turn);
      const got = tholianCodec.read(core, main);
      expect([got.turn, got.rollDark, ...got.rollLight]).toEqual([turn, r.dark, ...r.light]);
    }
  });
});

/**
 * A Chain position: Red's 14 light tokens on a shortest chain from a bottom endpoint to a top
 * one, but for one node whose token waits next to it, Red to move; Blue at its start.
 */
function nearChain(t: TholianBoard): TholianState {
  const s = tholian.initial(t, 'standard', resolve({ variant: 'chain' }));
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

/** A shortest light-web path from a bottom chain endpoint to a top one. */
function shortestChain(t: TholianBoard): number[] {
  const prev = new Map<number, number>(t.chainBottom.map((n) => [n, -1]));
  const queue = [...t.chainBottom];
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

/**
 * A position where Red's light tokens stand around its target and the entry node is crowded
 * (by Red and Blue), so that transformations, free pushes and deferred transformations come up.
 */
function nearTarget(t: TholianBoard, variant: string, g: number): TholianState {
  const o = resolve({ variant, seed: 40 + g });
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

// ---------------------------------------------------------------- playouts, evaluation, search

/** The reference's seeded playout (reference/search/playout.ts) on a copy of `start`. */
function referencePlayout(t: TholianBoard, start: TholianState, o: TholianOptions, seed: number, maxMoves: number) {
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

function modulePlayout(core: TholianCore, seed: number, maxMoves: number) {
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

/** A position some seeded random steps into a game. */
function midGame(t: TholianBoard, o: TholianOptions, seed: number, steps: number): TholianState {
  const s = tholian.initial(t, 'standard', o);
  const rng = new Rng(seed);
  for (let i = 0; i < steps && !tholian.outcome(t, s, o); i++) {
    const list = tholian.legalMoves(t, s, o);
    tholian.apply(t, s, list[rng.below(list.length)]!, o);
  }
  return s;
}

const PLAYOUT_CONFIGS: Array<[string, TholianBoard, Options]> = [
  ['main', main, {}],
  ['ultimate', main, { variant: 'ultimate' }],
  ['chain', main, { variant: 'chain' }],
  ['football', main, { variant: 'football' }],
  ['lucky', main, { variant: 'lucky', seed: 5 }],
  ['oracle', main, { variant: 'oracle', seed: 6 }],
  ['scrimmage', main, { variant: 'scrimmage' }],
  ['lucky-scrimmage', main, { variant: 'lucky-scrimmage', seed: 7 }],
  ['main, push limit', main, { pushLimit: true }],
  ['main, ends-open', main, { sequestration: 'ends-open' }],
  ['periodic', periodic, { sequestration: 'full' }],
];

describe('whole seeded playouts and the evaluation', () => {
  it.each(PLAYOUT_CONFIGS)('%s: the same steps and result as the reference, from the start and from mid-game', async (_name, t, options) => {
    const core = await newCore();
    installBoard(core, t, 4 * MB);
    const o = resolve(options);
    for (let seed = 0; seed < 3; seed++) {
      const start = seed === 0 ? tholian.initial(t, 'standard', o) : midGame(t, o, seed, 50 + 333 * seed);
      tholianCodec.load(core, t, o, start);
      const before = tholianCodec.read(core, t);
      expect(modulePlayout(core, seed, 4000)).toEqual(referencePlayout(t, start, o, seed, 4000));
      // The position is left as it was, and a short cut-off stops where the reference stops.
      expect(tholian.statesEqual(tholianCodec.read(core, t), before)).toBe(true);
      expect(modulePlayout(core, seed, 7)).toEqual(referencePlayout(t, start, o, seed, 7));
    }
  });

  it('a batch of playouts plays the same games as single playouts, and memory does not grow', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({ variant: 'football' });
    tholianCodec.load(core, main, o, tholian.initial(main, 'standard', o));
    const bytes = core.memory.buffer.byteLength;
    let steps = 0;
    for (let seed = 50; seed < 70; seed++) steps += core.playout(seed, 10_000, false);
    expect(core.playouts(50, 20, 10_000)).toBe(steps);
    expect(core.playouts(1000, 200, 10_000)).toBeGreaterThan(100_000);
    expect(core.memory.buffer.byteLength).toBe(bytes);
  });

  it('evaluates every position as the reference does, with the default and other weights', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const defaults = tholian.evaluation.terms.map((term) => term.weight);
    const rng = new Rng(21);
    let compared = 0;
    for (const variant of ['main', 'ultimate', 'lucky', 'chain', 'football']) {
      const o = resolve({ variant });
      const s = tholian.initial(main, 'standard', o);
      tholianCodec.load(core, main, o, s);
      for (let i = 0; i < 1500 && !s.result; i++) {
        if (i % 5 === 0) {
          for (const weights of [defaults, defaults.map(() => rng.below(400) - 200)]) {
            new Int32Array(core.memory.buffer, core.evalWeightsPtr(), 16).fill(0).set(weights);
            expect(core.evaluate()).toBe(tholian.evaluate(main, s, weights) || 0);
            compared++;
          }
          expect([core.score(1), core.score(2)]).toEqual(tholian.scores(main, s));
        }
        const list = tholian.legalMoves(main, s, o);
        const m = list[rng.below(list.length)]!;
        expect(core.play(pack(m))).toBe(0);
        tholian.apply(main, s, m, o);
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  it('evaluates Chain set-ups as the reference does: near a chain, cut off, short of spares or with spares to spare', async () => {
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({ variant: 'chain' });
    const defaults = tholian.evaluation.terms.map((term) => term.weight);
    const spares = tholian.evaluation.terms.findIndex((term) => term.name === 'spares');
    const rng = new Rng(23);
    const cases = { noChain: 0, fewerSpares: 0, moreSpares: 0, pairs: 0 };
    const compare = (s: TholianState) => {
      tholianCodec.load(core, main, o, s);
      // The spares term alone, then all of them, then any weights.
      for (const weights of [defaults.map((w, i) => (i === spares ? w : 0)), defaults, defaults.map(() => rng.below(400) - 200)]) {
        new Int32Array(core.memory.buffer, core.evalWeightsPtr(), 16).fill(0).set(weights);
        expect(core.evaluate()).toBe(tholian.evaluate(main, s, weights) || 0);
      }
      for (const p of [1, 2] as const) {
        const chain = cheapestChain(main, s.cells, p);
        if (!chain) cases.noChain++;
        else {
          const gaps = chain.filter((n) => s.cells[n] !== p).length;
          const own = main.nodesOf[1].filter((n) => s.cells[n] === p).length - (chain.length - gaps);
          if (own < gaps) cases.fewerSpares++;
          else if (own > gaps) cases.moreSpares++;
          else if (gaps > 1) cases.pairs++;
        }
      }
    };
    // Random games from near a chain, Blue's barriers about.
    for (let g = 0; g < 4; g++) {
      const s = nearChain(main);
      for (let i = 0; i < 300 && !s.result; i++) {
        if (i % 3 === 0) compare(s);
        const list = tholian.legalMoves(main, s, o);
        tholian.apply(main, s, list[rng.below(list.length)]!, o);
      }
    }
    // Random set-ups: up to 20 light tokens a player (more or fewer spares than gaps), and up to
    // 30 dark ones (barriers that cut every chain).
    for (let i = 0; i < 400; i++) {
      const s = tholian.initial(main, 'standard', o);
      s.cells.fill(0);
      for (const [web, most] of [[0, 30], [1, 20]] as const) {
        const free = [...main.nodesOf[web]];
        for (const p of [1, 2]) {
          for (let k = rng.below(most + 1); k > 0 && free.length > 0; k--) s.cells[free.splice(rng.below(free.length), 1)[0]!] = p;
        }
      }
      compare(s);
    }
    for (const seen of Object.values(cases)) expect(seen).toBeGreaterThan(20);
  });

  it('a seeded search builds the same tree as the reference MCTS', async () => {
    const core = await newCore();
    installBoard(core, main, 16 * MB);
    const settings: SearchSettings[] = [
      { exploration: 0.7, cutoff: 40, evalScale: 4, biasPercent: 0, expandAfter: 2, heuristic: 0, turns: 0, widen: 0, implicit: 0, transpositions: 0, contempt: 0 },
      { exploration: 0.3, cutoff: 3, evalScale: 4, biasPercent: 0, expandAfter: 4, heuristic: 1, turns: 1, widen: 0, implicit: 0.4, transpositions: 0, contempt: 0 },
      { exploration: 0.5, cutoff: 20, evalScale: 3, biasPercent: 0, expandAfter: 2, heuristic: 1, turns: 0, widen: 1, implicit: 0.5, transpositions: 0, contempt: 0 },
      // Playouts to the end: Scrimmage's games are short.
      { exploration: 0.7, cutoff: 0, evalScale: 4, biasPercent: 0, expandAfter: 2, heuristic: 0, turns: 0, widen: 0, implicit: 0, transpositions: 0, contempt: 0 },
      // The game's own settings of its levels 1-5: every leaf judged by the evaluation, grown at once.
      { ...DEFAULT_SEARCH_SETTINGS, heuristic: 0, widen: 0, implicit: 0, contempt: 0, ...tholian.levelSettings },
    ];
    const variants: Options[] = [{ variant: 'main' }, { variant: 'oracle', pushLimit: true }, { variant: 'football' }, { variant: 'scrimmage' }, { variant: 'main' }];
    for (const [i, base] of settings.entries()) for (const setting of [base, { ...base, transpositions: 1 as const }]) {
      const o = resolve(variants[i]!);
      for (const state of [tholian.initial(main, 'standard', o), midGame(main, o, 40 + i, 300)]) {
        tholianCodec.load(core, main, o, state);
        const reference = new ReferenceMcts<TholianState, TholianMove>(tholian, main, o);
        reference.settings = setting;
        reference.begin(state, 99 + i);
        new Int32Array(core.memory.buffer, core.evalWeightsPtr(), tholian.evaluation.terms.length).set(tholian.evaluation.terms.map((term) => term.weight));
        core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
        core.searchReset();
        core.searchBegin(99 + i);
        for (const step of [1, 20, 60]) {
          reference.run(step);
          expect(core.searchRun(step)).toBe(step);
        }
        const theirs = reference.children().map((c) => ({ move: pack(c.move as GameMove), visits: c.visits, valueSum: c.valueSum, proven: c.proven }));
        expect(wasmRootChildren(core)).toEqual(theirs);
        expect(new Int32Array(core.memory.buffer, core.resultPtr(), 4)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
        expectState(core, main, state, 'after the search');
      }
    }
  });

  it('a contempt for draws values the empty turn that draws below one half, in both engines alike', async () => {
    const core = await newCore();
    installBoard(core, main, 16 * MB);
    const o = resolve({ variant: 'main' });
    // Red ended a turn empty: Blue's empty turn now draws (§A-16).
    const state = tholian.cloneState(tholian.initial(main, 'standard', o));
    tholian.apply(main, state, { kind: 'end' }, o);
    const drawn = tholian.cloneState(state);
    tholian.apply(main, drawn, { kind: 'end' }, o);
    expect(tholian.outcome(main, drawn, o)?.winner).toBe(0);
    const end = pack({ kind: 'end' });
    const endVisits: number[] = [];
    for (const contempt of [0, 0.2]) {
      // Without widening, so that every edge, the drawing one too, is tried.
      const setting: SearchSettings = { ...DEFAULT_SEARCH_SETTINGS, widen: 0, contempt };
      const reference = new ReferenceMcts<TholianState, TholianMove>(tholian, main, o);
      reference.settings = setting;
      tholianCodec.load(core, main, o, state);
      new Int32Array(core.memory.buffer, core.evalWeightsPtr(), tholian.evaluation.terms.length).set(tholian.evaluation.terms.map((term) => term.weight));
      core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
      core.searchReset();
      reference.begin(state, 5);
      core.searchBegin(5);
      reference.run(400);
      core.searchRun(400);
      const children = wasmRootChildren(core);
      expect(children).toEqual(reference.children().map((c) => ({ move: pack(c.move as GameMove), visits: c.visits, valueSum: c.valueSum, proven: c.proven })));
      const draw = children.find((c) => c.move === end)!;
      expect(draw.proven).toBe('draw');
      // Every visit of the drawing edge ends the game: its mean is the draw's worth to Blue.
      expect(draw.valueSum / draw.visits).toBeCloseTo(0.5 - contempt, 5);
      endVisits.push(draw.visits);
      // The same root at the same contempt keeps its tree; another contempt starts afresh.
      reference.begin(state, 6);
      core.searchBegin(6);
      expect(new Int32Array(core.memory.buffer, core.resultPtr(), 4)[RESULT_ROOT_VISITS]).toBeGreaterThan(0);
      expect(reference.rootVisits()).toBe(400);
      reference.settings = { ...setting, contempt: contempt + 0.1 };
      core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, contempt + 0.1);
      reference.begin(state, 7);
      core.searchBegin(7);
      reference.run(10);
      core.searchRun(10);
      expect(reference.rootVisits()).toBe(10);
      expect(wasmRootChildren(core).reduce((sum, c) => sum + c.visits, 0)).toBe(10);
    }
    expect(endVisits[1]).toBeLessThan(endVisits[0]!);
  });
});

// ---------------------------------------------------------------- the board as data

/** The main board's data, changed: other targets, entries and start sets, some duals gone. */
function changedBoard(): TholianBoard {
  const data = structuredClone(mainData) as unknown as {
    name: string;
    paths: Array<{ a: string; b: string; dual: string[] | null }>;
    special: { target: { R: string; B: string }; entry: { R: string; B: string }; chainEndpoints: { bottom: string[]; top: string[] } };
    start: { R: string[]; B: string[] };
  };
  data.name = 'changed';
  data.special.target = { R: 'L9.7', B: 'L3.1' };
  data.special.entry = { R: 'D5.6', B: 'D2.1' };
  data.special.chainEndpoints = { bottom: ['L1.1', 'L3.1'], top: ['L11.7', 'L9.7'] };
  // Red starts with its dark tokens one row up; every fifth path loses its dual (never blocked).
  data.start.R = data.start.R.map((l) => (l.startsWith('D') ? l.replace(/\.1$/, '.2') : l));
  data.paths.forEach((p, i) => {
    if (i % 5 === 0) p.dual = null;
  });
  return new TholianBoard('changed', data as unknown as BoardData);
}

describe('the board reaches the module as data', () => {
  it('a board with other special nodes, start sets and duals plays as the reference says', async () => {
    const t = changedBoard();
    const core = await newCore();
    installBoard(core, t, 4 * MB);
    const seen = newSeen();
    for (const variant of ['main', 'scrimmage', 'chain', 'football']) differential(core, t, { variant }, 2, 800, 300, seen);
    expect(seen.positions).toBeGreaterThan(3000);
    // It is not the main board: the same seeded game differs there.
    const o = resolve({});
    expect(tholian.initial(t, 'standard', o).cells).not.toEqual(tholian.initial(main, 'standard', o).cells);
  });

  it('the module is laid out afresh for another board, and back', async () => {
    const core = await newCore();
    const seen = newSeen();
    for (const t of [main, periodic, main]) {
      installBoard(core, t, 4 * MB);
      differential(core, t, {}, 1, 300, 900, seen);
    }
    expect(seen.positions).toBeGreaterThan(600);
  });

  it('bad data is refused by TholianBoard, bad tables by the bindings, before the module sees them', async () => {
    // The data: a dual on the path's own web.
    const data = structuredClone(mainData) as unknown as { paths: Array<{ web: string; a: string; b: string; dual: string[] | null }> };
    const dark = data.paths.find((p) => p.web === 'dark' && p.dual)!;
    const other = data.paths.find((p) => p.web === 'dark' && p !== dark)!;
    dark.dual = [other.a, other.b];
    expect(() => new TholianBoard('bad', data as unknown as BoardData)).toThrow(BoardError);

    // The tables of a board object changed after it was built.
    const core = await newCore();
    installBoard(core, main, 4 * MB);
    const o = resolve({});
    const s = tholian.initial(main, 'standard', o);
    tholianCodec.load(core, main, o, s);
    const spoil: Array<[string, (b: TholianBoard) => void, RegExp]> = [
      ['a dual off the board', (b) => (b.dualA[7] = 999), /dual/],
      ['a dual on the same web', (b) => (b.dualA[7] = b.neighbour[7]!), /dual/],
      ['an axis out of range', (b) => (b.axis[6] = 3), /axis/],
      ['a one-way link', (b) => (b.neighbour[b.neighbour.indexOf(-1)] = 0), /link/],
      ['a link across the webs', (b) => (b.neighbour[0] = b.nodesOf[1][0]!), /link/],
      ['a target on the dark web', (b) => ((b as unknown as { target: number[] }).target = [-1, 0, b.target[2]]), /target/],
      ['a node on no web', (b) => (b.web[3] = 7), /web/],
    ];
    for (const [what, change, message] of spoil) {
      const b = new TholianBoard('main', mainData as unknown as BoardData);
      expect(tholianTables(b).size, what).toBe(b.size);
      change(b);
      expect(() => tholianTables(b), what).toThrow(BoardError);
      expect(() => tholianTables(b), what).toThrow(message);
      expect(() => installBoard(core, b, 4 * MB), what).toThrow(BoardError);
      // Nothing reached the module: it still plays the position it had.
      expect(core.tablesReady()).toBe(1);
      expectState(core, main, s, what);
      expectLegal(core, main, s, o, what);
    }
  });

  it('the variant reaches the module as its features', () => {
    expect(optionFlags('main', resolve({})) & (OPTION_CAPTURES | OPTION_TRANSFORMATION | OPTION_DICE)).toBe(OPTION_CAPTURES | OPTION_TRANSFORMATION);
    expect(optionFlags('lucky', resolve({ transformation: false })) & OPTION_TRANSFORMATION).toBe(0);
    expect(optionFlags('lucky-scrimmage', resolve({})) & (OPTION_CAPTURES | OPTION_DICE)).toBe(OPTION_DICE);
  });
});

// ---------------------------------------------------------------- the engine

/** The reference engine and the wasm engine, through the registry once it lists Tholian Go. */
async function engines(config: EngineConfig) {
  const ref = isGameId('tholian') ? await createEngine({ ...config, game: 'tholian', backend: 'reference' }) : new ReferenceEngine(tholian, config);
  const wasm = isGameId('tholian') ? await createEngine({ ...config, game: 'tholian', backend: 'wasm', arenaMB: 4 }) : await createTholianWasmEngine({ ...config, arenaMB: 4 });
  return { ref, wasm };
}

describe('the Tholian Go wasm engine against the reference engine', () => {
  it.each([
    ['main', {}],
    ['main', { variant: 'lucky', seed: 12 }],
    ['main', { variant: 'oracle', seed: 4, pushLimit: true }],
    ['main', { variant: 'ultimate', sequestration: 'full' }],
    ['periodic', { variant: 'scrimmage' }],
  ] as Array<[string, Options]>)('%s %j: steps, state, position, scores, outcome, undo, playouts', async (board, options) => {
    const { ref, wasm } = await engines({ board, options });
    expect(wasm.backend).toBe('wasm');
    const rng = new Rng(3);
    for (let ply = 0; ply < 600; ply++) {
      expect(wasm.legalMoves()).toEqual(ref.legalMoves());
      expect(tholian.statesEqual(wasm.state() as TholianState, ref.state() as TholianState)).toBe(true);
      expect(wasm.position()).toBe(ref.position());
      expect(wasm.scores()).toEqual(ref.scores());
      expect(wasm.outcome()).toEqual(ref.outcome());
      expect(wasm.toMove()).toBe(ref.toMove());
      expect(wasm.evaluate()).toBe(ref.evaluate());
      if (ply % 150 === 0) expect(wasm.playout(ply, { record: true, maxMoves: 3000 })).toEqual(ref.playout(ply, { record: true, maxMoves: 3000 }));
      const list = ref.legalMoves();
      if (list.length === 0) break;
      const move = list[rng.below(list.length)]!;
      wasm.play(move);
      ref.play(move);
      if (ply % 9 === 4) {
        wasm.undo();
        ref.undo();
        expect(tholian.statesEqual(wasm.state() as TholianState, ref.state() as TholianState)).toBe(true);
        wasm.play(move);
        ref.play(move);
      }
      // A position in text, a push in progress included, crosses into the module and back.
      if (ply % 37 === 20) {
        wasm.load(ref.position());
        expect(wasm.position()).toBe(ref.position());
        expect(wasm.legalMoves()).toEqual(ref.legalMoves());
        ref.load(ref.position());
      }
    }
    // A state object crosses as well.
    wasm.load(ref.state() as TholianState);
    expect(tholian.statesEqual(wasm.state() as TholianState, ref.state() as TholianState)).toBe(true);
    expect(wasm.legalMoves()).toEqual(ref.legalMoves());
  });

  it('a whole push path given as one token: played step by step, or (unfinished) not at all', async () => {
    const { ref, wasm } = await engines({});
    for (const e of [wasm, ref]) {
      e.play('D6.1>D5.1>D4.1>D3.1>D2.1>D1.1>D1.2');
      e.play('L4.2>L5.2');
    }
    expect(tholian.statesEqual(wasm.state() as TholianState, ref.state() as TholianState)).toBe(true);
    expect(wasm.record()).toBe(ref.record());
    const before = wasm.position();
    expect(() => wasm.play('L4.1>L5.1>L6.1')).toThrow(/not finished/);
    expect(wasm.position()).toBe(before);
    expect(wasm.history()).toEqual(ref.history());
  });

  it('searches: a seeded search gives the same result as the reference backend', async () => {
    const { ref, wasm } = await engines({ options: { variant: 'football' } });
    for (const e of [wasm, ref]) e.play('L4.2>L5.2');
    const a = await wasm.search({ iterations: 200, seed: 11 });
    const b = await ref.search({ iterations: 200, seed: 11 });
    expect(a.move).toEqual(b.move);
    expect(a.children).toEqual(b.children);
    const c = await wasm.search({ algorithm: 'alphabeta', depth: 2 });
    const d = await ref.search({ algorithm: 'alphabeta', depth: 2 });
    expect(c.move).toEqual(d.move);
    expect(c.score).toBe(d.score);
  });
});

// ---------------------------------------------------------------- debug build

describe('the debug build of the Tholian Go module (assertions on)', () => {
  it('is the debug build, and agrees with the reference on seeded games and playouts', async () => {
    const core = await newCore(true);
    expect(core.isDebugBuild()).toBe(1);
    const seen = newSeen();
    for (const [t, options] of [
      [main, {}],
      [main, { variant: 'ultimate' }],
      [main, { variant: 'oracle', pushLimit: true }],
      [periodic, { variant: 'scrimmage', sequestration: 'ends-open' }],
    ] as Array<[TholianBoard, Options]>) {
      installBoard(core, t, 4 * MB);
      differential(core, t, options, 1, 800, 4000, seen);
      const o = resolve(options);
      const start = tholian.initial(t, 'standard', o);
      tholianCodec.load(core, t, o, start);
      expect(modulePlayout(core, 3, 3000)).toEqual(referencePlayout(t, start, o, 3, 3000));
    }
    expect(seen.positions).toBeGreaterThan(2000);
  });

  it('refuses a node value that is not a Red or Blue token, and bad board tables', async () => {
    const core = await newCore(true);
    installBoard(core, main, 4 * MB);
    const o = resolve({});
    const s = tholian.initial(main, 'standard', o);
    s.cells[3] = 3;
    expect(() => tholianCodec.load(core, main, o, s)).toThrow(/recount/);
    // Tables the bindings would refuse, written past them: the debug build refuses them too.
    new Int32Array(core.memory.buffer, core.dualTable(), 2)[0] = 9999;
    expect(() => core.commitTables(main.target[1], main.target[2], main.entry[1], main.entry[2])).toThrow(/bad dual/);
    expect(() => core.commitTables(main.entry[1], main.target[2], main.entry[1], main.entry[2])).toThrow(/bad target/);
  });
});
