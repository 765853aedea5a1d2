/**
 * The Refugia wasm module (assembly/games/refugia, build/refugia.wasm) driven through its raw
 * exports, with no engine wrapper in between: the worked examples of REFUGIA.md §9, Ludii's
 * recorded positions, and the TypeScript reference (reference/games/refugia) as the oracle on
 * thousands of positions of seeded random games, whole seeded playouts and seeded searches, on
 * the release build and on the debug build (assertions on).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wasmRootChildren } from './helpers.js';
import { instantiate } from '../build/refugia.js';
import {
  RESULT_EDGES,
  RESULT_END,
  RESULT_LENGTH,
  RESULT_ROOT_VISITS,
  RESULT_SCORE1,
  RESULT_SCORE2,
  RESULT_WINNER,
} from '../assembly/core/abi.js';
import {
  CELL_NEUTRAL,
  END_NONE,
  END_TWO_PASSES,
  MOVE_AT_SHIFT,
  MOVE_HOP,
  MOVE_KIND_SHIFT,
  MOVE_PASS,
  MOVE_PLACE,
  MOVE_SITE_MASK,
  MOVE_STEP,
  S_ENDED,
  S_LAST_MOVER,
  S_PASS_COUNT,
  S_SCORE1,
  S_SCORE2,
  S_STONES1,
  S_STONES2,
  S_TO_MOVE,
  S_WINNER,
} from '../assembly/games/refugia/abi.js';
import type { GameMove } from '../reference/core/game.js';
import { refugia, type RefugiaMove, type RefugiaState } from '../reference/games/refugia/index.js';
import { Rng } from '../reference/core/rng.js';
import { ReferenceMcts } from '../reference/search/mcts.js';
import type { SearchSettings } from '../reference/search/settings.js';
import { board } from '../reference/boards/board-spec.js';
import type { Topology } from '../reference/boards/topology.js';

type Core = Awaited<ReturnType<typeof instantiate>> & { memory: WebAssembly.Memory };

const modules = new Map<string, Promise<WebAssembly.Module>>();

/** A fresh instance of the release build, or of the debug build. */
async function newCore(debug = false): Promise<Core> {
  const file = new URL(`../build/refugia${debug ? '.debug' : ''}.wasm`, import.meta.url);
  let module = modules.get(file.href);
  if (!module) {
    module = WebAssembly.compile(readFileSync(file));
    modules.set(file.href, module);
  }
  return (await instantiate(await module, { env: {} })) as Core;
}

/** Hands the board's tables to the module, as the bindings do. */
function install(core: Core, t: Topology, arenaMB = 8): void {
  core.prepareBoard(t.size, arenaMB * 1024 * 1024);
  new Int32Array(core.memory.buffer, core.neighbourTable(), t.size * 6).set(t.neighbour);
  new Int32Array(core.memory.buffer, core.columnTable(), t.size).set(t.column);
  new Int32Array(core.memory.buffer, core.rowTable(), t.size).set(t.row);
  core.commitBoard(t.wrap !== null);
}

function load(core: Core, t: Topology, s: RefugiaState): void {
  new Uint8Array(core.memory.buffer, core.cellsPtr(), t.size).set(s.cells);
  core.loadState(s.toMove, s.passCount, s.ended ? END_TWO_PASSES : END_NONE, s.lastMover);
}

function scalar(core: Core, offset: number): number {
  return new Int32Array(core.memory.buffer, core.statePtr() + offset, 1)[0]!;
}

function cells(core: Core, t: Topology): number[] {
  return Array.from(new Uint8Array(core.memory.buffer, core.cellsPtr(), t.size));
}

function legal(core: Core): number[] {
  const n = core.generate();
  return Array.from(new Uint32Array(core.memory.buffer, core.movesPtr(), n));
}

function result(core: Core): Int32Array {
  return new Int32Array(core.memory.buffer, core.resultPtr(), 8);
}

/** What the module says about its position, in the reference's terms. */
function observed(core: Core, t: Topology) {
  return {
    cells: cells(core, t),
    toMove: scalar(core, S_TO_MOVE),
    passCount: scalar(core, S_PASS_COUNT),
    ended: scalar(core, S_ENDED) !== END_NONE,
    lastMover: scalar(core, S_LAST_MOVER),
    winner: scalar(core, S_WINNER),
    scores: [core.score(1), core.score(2)],
    stored: [scalar(core, S_SCORE1), scalar(core, S_SCORE2)],
  };
}

/** The same, computed by the reference. */
function expected(t: Topology, s: RefugiaState) {
  const scores = refugia.scores(t, s);
  return {
    cells: Array.from(s.cells),
    toMove: s.toMove,
    passCount: s.passCount,
    ended: s.ended,
    lastMover: s.lastMover,
    winner: refugia.outcome(t, s, {})?.winner ?? 0,
    scores,
    stored: scores,
  };
}

const pack = (kind: number, at = 0, to = at): number => ((kind << MOVE_KIND_SHIFT) | (at << MOVE_AT_SHIFT) | to) >>> 0;
const PASS = pack(MOVE_PASS, 0, 0);

const hex34 = board('althex(3,4)');

/** A hex3-4 position from labels (REFUGIA.md §9). */
function position(p1: string, p2: string, neutral: string, toMove: 1 | 2): RefugiaState {
  const s = refugia.initial(hex34, 'empty', {});
  const put = (labels: string, v: number): void => {
    for (const l of labels.split(' ').filter(Boolean)) s.cells[hex34.cellOf(l)] = v;
  };
  put(p1, 1);
  put(p2, 2);
  put(neutral, CELL_NEUTRAL);
  s.toMove = toMove;
  return s;
}

/** Moves in notation (`d4`, `c3-b2`, `c3-e3`, `pass`) as packed numbers, sorted: the canonical list. */
function moves(text: string): number[] {
  return text
    .split(' ')
    .filter(Boolean)
    .map((w) => {
      if (w === 'pass') return PASS;
      const [a, b] = w.split('-');
      if (b === undefined) return pack(MOVE_PLACE, hex34.cellOf(a!));
      const at = hex34.cellOf(a!);
      const to = hex34.cellOf(b);
      return pack(hex34.adjacent[at]!.includes(to) ? MOVE_STEP : MOVE_HOP, at, to);
    })
    .sort((x, y) => x - y);
}

const kindOf = (m: number): number => m >>> MOVE_KIND_SHIFT;
const atOf = (m: number): number => (m >>> MOVE_AT_SHIFT) & MOVE_SITE_MASK;

async function hexCore(s: RefugiaState): Promise<Core> {
  const core = await newCore();
  install(core, hex34);
  load(core, hex34, s);
  return core;
}

describe('REFUGIA.md §9 on the raw module (althex(3,4))', () => {
  it('the empty board: 27 placements and the pass; pass pass ends it', async () => {
    const core = await hexCore(refugia.initial(hex34, 'empty', {}));
    expect(core.isDebugBuild()).toBe(0);
    const list = legal(core);
    expect(list).toHaveLength(28);
    expect(list.at(-1)).toBe(PASS);
    expect(list.slice(0, 27)).toEqual(Array.from({ length: 27 }, (_, c) => pack(MOVE_PLACE, c)));
  });

  it('§9.1 basic flight: exactly the 24 legal moves', async () => {
    const core = await hexCore(position('c3', 'd4', '', 1));
    const list = legal(core);
    expect(list).toEqual(moves('c3-b2 c3-b3 c3-c2 a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e3 e4 e5 e6 f3 f4 f5 f6 pass'));
    expect(list).toHaveLength(24);
    expect(core.play(moves('c3-e5')[0]!)).toBe(-1);
    expect(core.play(moves('c3-d3')[0]!)).toBe(-1);
  });

  it('§9.2 hops over opponents turn them neutral', async () => {
    const core = await hexCore(position('c3', 'c4 d3 d4', '', 1));
    const c3 = hex34.cellOf('c3');
    expect(legal(core).filter((m) => kindOf(m) !== MOVE_PLACE && kindOf(m) !== MOVE_PASS)).toEqual(
      moves('c3-b2 c3-b3 c3-c2 c3-c5 c3-e3 c3-e5'),
    );
    expect(legal(core).filter((m) => kindOf(m) === MOVE_STEP || kindOf(m) === MOVE_HOP).every((m) => atOf(m) === c3)).toBe(true);
    expect(core.play(moves('c3-e3')[0]!)).toBe(0);
    const after = position('e3', 'c4 d4', 'd3', 2);
    expect(observed(core, hex34)).toEqual(expected(hex34, after));
    expect([core.score(1), core.score(2)]).toEqual([0, 1]);
    expect(core.undo()).toBe(1);
    expect(observed(core, hex34)).toEqual(expected(hex34, position('c3', 'c4 d3 d4', '', 1)));
  });

  it('§9.3 a hop over a neutral, P1 to move', async () => {
    const before = position('c3 e4', 'b3 c4', 'd3', 1);
    const core = await hexCore(before);
    const list = legal(core);
    expect(list.filter((m) => kindOf(m) === MOVE_PLACE)).toEqual(moves('a1 a2 a3 b1 b4 c1 c5 d1 d2 d5 d6 e2 e6 f3 f6'));
    expect(list.filter((m) => kindOf(m) !== MOVE_PLACE)).toEqual(moves('c3-b2 c3-c2 c3-d4 c3-a3 c3-c5 c3-e3 e4-e5 e4-f4 e4-f5 pass'));
    expect([core.score(1), core.score(2)]).toEqual([0, 1]);
    // Over the neutral d3: it becomes P1's, and P1 scores d3-e3, d3-e4, e3-e4.
    expect(core.play(moves('c3-e3')[0]!)).toBe(0);
    expect(observed(core, hex34)).toEqual(expected(hex34, position('d3 e3 e4', 'b3 c4', '', 2)));
    expect([core.score(1), core.score(2)]).toEqual([3, 1]);
    expect(core.undo()).toBe(1);
    // Over the enemy b3 and c4: they become neutral.
    expect(core.play(moves('c3-a3')[0]!)).toBe(0);
    expect(observed(core, hex34)).toEqual(expected(hex34, position('a3 e4', 'c4', 'b3 d3', 2)));
    expect(core.undo()).toBe(1);
    expect(core.play(moves('c3-c5')[0]!)).toBe(0);
    expect(observed(core, hex34)).toEqual(expected(hex34, position('c5 e4', 'b3', 'c4 d3', 2)));
    expect(core.undo()).toBe(1);
    expect(observed(core, hex34)).toEqual(expected(hex34, before));
  });

  it('§9.3 the same position, P2 to move', async () => {
    const core = await hexCore(position('c3 e4', 'b3 c4', 'd3', 2));
    expect(legal(core).filter((m) => kindOf(m) !== MOVE_PLACE)).toEqual(moves('b3-a2 b3-a3 b3-b4 c4-b4 c4-c5 c4-d5 pass'));
    expect(core.play(moves('c4-c2')[0]!)).toBe(-1);
  });

  it.each([
    ['pass pass', 2, 1],
    ['c3 d4 pass pass', 2, 1],
    ['c3 d4 a1 pass pass', 1, 1],
  ])('§9.4 %s ends the game; last mover P%i; P%i wins', async (line, lastMover, winner) => {
    const core = await hexCore(refugia.initial(hex34, 'empty', {}));
    const words = line.split(' ');
    words.forEach((w, i) => {
      expect(scalar(core, S_ENDED)).toBe(END_NONE);
      expect(core.play(moves(w)[0]!)).toBe(0);
      if (i < words.length - 1) expect(scalar(core, S_WINNER)).toBe(0);
    });
    expect(scalar(core, S_ENDED)).toBe(END_TWO_PASSES);
    expect(scalar(core, S_LAST_MOVER)).toBe(lastMover);
    expect(scalar(core, S_WINNER)).toBe(winner);
    expect([scalar(core, S_STONES1), scalar(core, S_STONES2)]).toEqual([words.filter((w, i) => w !== 'pass' && i % 2 === 0).length, words.filter((w, i) => w !== 'pass' && i % 2 === 1).length]);
    // Over: no moves, nothing plays.
    expect(core.generate()).toBe(0);
    expect(core.play(PASS)).toBe(-1);
    // Undo goes all the way back.
    for (let i = 0; i < words.length; i++) expect(core.undo()).toBe(1);
    expect(core.undo()).toBe(0);
    expect(observed(core, hex34)).toEqual(expected(hex34, refugia.initial(hex34, 'empty', {})));
  });
});

// ---------------------------------------------------------------- Ludii's positions

const ludii = new URL('./fixtures/ludii/', import.meta.url).pathname;
const ludiiFiles = existsSync(ludii) ? readdirSync(ludii).filter((f) => /^refugia-.*-positions\.jsonl\.gz$/.test(f)).sort() : [];

interface OracleMove {
  kind: 'pass' | 'place' | 'step' | 'hop';
  from?: number;
  to?: number;
  over?: number;
  scores: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2 | null;
}

interface OraclePosition {
  board: string;
  cells: number[];
  toMove: 1 | 2;
  scores: [number, number];
  lastMoveWasPass: boolean;
  prev: { p: 1 | 2 } | null;
  terminal: boolean;
  winner: 0 | 1 | 2 | null;
  legal: OracleMove[];
}

function oracleState(p: OraclePosition): RefugiaState {
  const cellsOf = Uint8Array.from(p.cells);
  if (p.terminal) {
    const last = p.prev!.p;
    return { cells: cellsOf, toMove: last === 1 ? 2 : 1, passCount: 2, lastMover: last, ended: true };
  }
  return { cells: cellsOf, toMove: p.toMove, passCount: p.lastMoveWasPass ? 1 : 0, lastMover: 0, ended: false };
}

function oraclePacked(m: OracleMove): number {
  if (m.kind === 'pass') return PASS;
  if (m.kind === 'place') return pack(MOVE_PLACE, m.to!);
  return pack(m.kind === 'step' ? MOVE_STEP : MOVE_HOP, m.from!, m.to!);
}

describe("Ludii's recorded Refugia positions on the raw module", () => {
  it('has the ten boards', () => {
    expect(ludiiFiles).toHaveLength(10);
  });

  it.each(ludiiFiles)('%s: legal moves, scores, end and winner after every legal move', async (file) => {
    const positions = gunzipSync(readFileSync(ludii + file))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as OraclePosition);
    const t = refugia.board(positions[0]!.board);
    if (!t.ok) throw t.error;
    const core = await newCore();
    install(core, t.value);
    let checked = 0;
    for (const p of positions) {
      load(core, t.value, oracleState(p));
      expect([core.score(1), core.score(2)]).toEqual(p.scores);
      if (p.terminal) {
        expect(scalar(core, S_WINNER)).toBe(p.winner);
        expect(core.generate()).toBe(0);
        continue;
      }
      const ours = legal(core);
      expect(ours).toEqual(p.legal.map(oraclePacked).sort((a, b) => a - b));
      for (const m of p.legal) {
        expect(core.play(oraclePacked(m))).toBe(0);
        expect([core.score(1), core.score(2)]).toEqual(m.scores);
        expect(scalar(core, S_ENDED) !== END_NONE).toBe(!!m.terminal);
        if (m.terminal) expect(scalar(core, S_WINNER)).toBe(m.winner);
        if (m.kind === 'hop') expect(cells(core, t.value)[m.over!]).not.toBe(p.cells[m.over!]);
        expect(core.undo()).toBe(1);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(100);
  });
});

// ---------------------------------------------------------------- against the reference

/** Boards of every kind Refugia accepts: Ludii's sizes, a hex-hex, a torus, holes, a custom set. */
const BOARDS: Array<[string, number]> = [
  ['hex2-3', 400],
  ['hex3-4', 250],
  ['hex6-8', 25],
  ['hexhex(5)', 40],
  ['torus(6,5)', 40],
  ['torus(9,7)', 15],
  ['perforated(hexhex(5),c3,e5,g7,e7,c5)', 40],
  ['custom(0:0,1:0,2:0,0:1,1:1,2:1,3:1,1:2,2:2,3:2)', 200],
];

function topologyOf(spec: string): Topology {
  const t = refugia.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

/**
 * Seeded random games played move by move on the module (its `play`, with undo records) and on
 * the reference, comparing the whole position and the legal list after every move, and now and
 * then taking a move back. Returns the number of positions compared.
 */
function differential(core: Core, t: Topology, games: number, firstSeed: number): number {
  install(core, t);
  let positions = 0;
  for (let g = 0; g < games; g++) {
    const rng = new Rng(firstSeed + g);
    const s = refugia.initial(t, 'empty', {});
    load(core, t, s);
    for (let ply = 0; ; ply++) {
      const ref = refugia.legalMoves(t, s, {});
      expect(legal(core)).toEqual(ref.map((m) => refugia.pack(m)));
      expect(observed(core, t)).toEqual(expected(t, s));
      positions++;
      if (s.ended) break;
      const move = ref[rng.below(ref.length)]!;
      // Every seventh move: play another legal move, take it back, and check nothing changed.
      if (ply % 7 === 3) {
        const other = ref[(ply * 31) % ref.length]!;
        expect(core.play(refugia.pack(other))).toBe(0);
        expect(core.undo()).toBe(1);
        expect(observed(core, t)).toEqual(expected(t, s));
      }
      expect(core.play(refugia.pack(move))).toBe(0);
      refugia.apply(t, s, move, {});
    }
  }
  return positions;
}

/** The reference's seeded playout (reference/search/playout.ts) on a copy of `start`. */
function referencePlayout(t: Topology, start: RefugiaState, seed: number, maxMoves: number) {
  const s = refugia.cloneState(start);
  const rng = new Rng(seed);
  const played: number[] = [];
  while (played.length < maxMoves && !s.ended) {
    const list = refugia.legalMoves(t, s, {});
    const move = list[rng.below(list.length)]!;
    refugia.apply(t, s, move, {});
    played.push(refugia.pack(move));
  }
  const outcome = refugia.outcome(t, s, {});
  return { moves: played, length: played.length, scores: refugia.scores(t, s), ended: s.ended, winner: outcome?.winner ?? 0 };
}

function modulePlayout(core: Core, seed: number, maxMoves: number) {
  const length = core.playout(seed, maxMoves, true);
  const r = result(core);
  return {
    moves: Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), length)),
    length: r[RESULT_LENGTH]!,
    scores: [r[RESULT_SCORE1]!, r[RESULT_SCORE2]!],
    ended: r[RESULT_END] === END_TWO_PASSES,
    winner: r[RESULT_WINNER]!,
  };
}

/** A position some random moves into a seeded game. */
function midGame(t: Topology, seed: number, plies: number): RefugiaState {
  const s = refugia.initial(t, 'empty', {});
  const rng = new Rng(seed);
  for (let i = 0; i < plies && !s.ended; i++) {
    const list = refugia.legalMoves(t, s, {});
    refugia.apply(t, s, list[rng.below(list.length)]!, {});
  }
  return s;
}

describe('the Refugia module against the reference', () => {
  it.each(BOARDS)('%s: legal lists, scores, end and winner after every move of seeded games', async (spec, games) => {
    const t = topologyOf(spec);
    const core = await newCore();
    const positions = differential(core, t, games, 1000);
    expect(positions).toBeGreaterThan(games * 5);
  });

  it('compares thousands of positions in all', async () => {
    const core = await newCore();
    let total = 0;
    for (const [spec, games] of BOARDS.slice(0, 2)) total += differential(core, topologyOf(spec), games, 77);
    expect(total).toBeGreaterThan(5000);
  });

  it.each(BOARDS)('%s: whole seeded playouts, move by move, from the start and from mid-game', async (spec) => {
    const t = topologyOf(spec);
    const core = await newCore();
    install(core, t);
    for (let seed = 0; seed < 30; seed++) {
      const start = seed < 15 ? refugia.initial(t, 'empty', {}) : midGame(t, seed, 3 + (seed % 9));
      load(core, t, start);
      const before = observed(core, t);
      expect(modulePlayout(core, seed, 10_000)).toEqual(referencePlayout(t, start, seed, 10_000));
      // The position is left as it was, and a short cut-off stops where the reference stops.
      expect(observed(core, t)).toEqual(before);
      expect(modulePlayout(core, seed, 5)).toEqual(referencePlayout(t, start, seed, 5));
    }
  });

  it('a batch of playouts plays the same games as single playouts', async () => {
    const t = topologyOf('hex3-4');
    const core = await newCore();
    install(core, t);
    load(core, t, refugia.initial(t, 'empty', {}));
    let total = 0;
    for (let seed = 50; seed < 90; seed++) total += core.playout(seed, 10_000, false);
    expect(core.playouts(50, 40, 10_000)).toBe(total);
  });

  it('memory does not grow over 100,000 playouts', async () => {
    const t = topologyOf('hex3-4');
    const core = await newCore();
    install(core, t);
    load(core, t, refugia.initial(t, 'empty', {}));
    const before = core.memory.buffer.byteLength;
    let moves = 0;
    for (let batch = 0; batch < 10; batch++) moves += core.playouts(batch * 10_000, 10_000, 10_000);
    expect(core.memory.buffer.byteLength).toBe(before);
    expect(moves).toBeGreaterThan(100_000);
  });

  it('undo beyond a short undo ring says so, and what it undid is exact', async () => {
    const t = topologyOf('hex3-4');
    const core = await newCore();
    install(core, t);
    const s = refugia.initial(t, 'empty', {});
    load(core, t, s);
    core.limitUndo(4);
    const history: RefugiaState[] = [];
    const rng = new Rng(5);
    for (let i = 0; i < 12 && !s.ended; i++) {
      history.push(refugia.cloneState(s));
      const list = refugia.legalMoves(t, s, {});
      const move = list[rng.below(list.length - 1)]!;
      expect(core.play(refugia.pack(move))).toBe(0);
      refugia.apply(t, s, move, {});
    }
    for (let i = 0; i < 4; i++) {
      expect(core.undo()).toBe(1);
      expect(observed(core, t)).toEqual(expected(t, history.pop()!));
    }
    expect(core.undo()).toBe(0);
  });

  it.each(['hex2-3', 'hex3-4', 'torus(6,5)'])('%s: a seeded search builds the same tree as the reference MCTS', async (spec) => {
    const t = topologyOf(spec);
    const core = await newCore();
    install(core, t, 16);
    const settings: SearchSettings[] = [
      { exploration: 0.3, cutoff: 2, evalScale: 4, biasPercent: 0, expandAfter: 8, heuristic: 0, turns: 0, widen: 0, implicit: 0, transpositions: 0, contempt: 0 },
      { exploration: 0.7, cutoff: 0, evalScale: 4, biasPercent: 30, expandAfter: 2, heuristic: 0, turns: 1, widen: 0, implicit: 0.4, transpositions: 0, contempt: 0 },
      { exploration: 0.3, cutoff: 1, evalScale: 3, biasPercent: 0, expandAfter: 4, heuristic: 1, turns: 0, widen: 0.5, implicit: 0.5, transpositions: 0, contempt: 0 },
      { exploration: 0.5, cutoff: 0, evalScale: 4, biasPercent: 0, expandAfter: 2, heuristic: 1, turns: 0, widen: 1.5, implicit: 0, transpositions: 0, contempt: 0 },
    ];
    for (const [i, base] of settings.entries()) for (const setting of [base, { ...base, transpositions: 1 as const }]) {
      for (const state of [refugia.initial(t, 'empty', {}), midGame(t, 40 + i, 6)]) {
        load(core, t, state);
        const reference = new ReferenceMcts<RefugiaState, RefugiaMove>(refugia, t, {});
        reference.settings = setting;
        reference.begin(state, 99 + i);
        new Int32Array(core.memory.buffer, core.evalWeightsPtr(), refugia.evaluation.terms.length).set(refugia.evaluation.terms.map((term) => term.weight));
        core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
        core.searchReset();
        core.searchBegin(99 + i);
        for (const step of [1, 50, 400]) {
          reference.run(step);
          expect(core.searchRun(step)).toBe(step);
        }
        const ours = wasmRootChildren(core);
        const theirs = reference.children().map((c) => ({ move: refugia.pack(c.move as GameMove), visits: c.visits, valueSum: c.valueSum, proven: c.proven }));
        expect(ours).toEqual(theirs);
        expect(result(core)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
        expect(result(core)[RESULT_EDGES]).toBeGreaterThan(0);
        const pv = core.searchPrincipalVariation(20);
        expect(Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), pv))).toEqual(
          reference.principalVariation(20).map((m) => refugia.pack(m as GameMove)),
        );
        // The search leaves the position as it was.
        expect(observed(core, t)).toEqual(expected(t, state));
      }
    }
  });

  it('re-rooting after a move keeps the subtree, as the reference does', async () => {
    const t = topologyOf('hex3-4');
    const core = await newCore();
    install(core, t, 16);
    const s = refugia.initial(t, 'empty', {});
    load(core, t, s);
    const reference = new ReferenceMcts<RefugiaState, RefugiaMove>(refugia, t, {});
    const setting = reference.settings;
    new Int32Array(core.memory.buffer, core.evalWeightsPtr(), refugia.evaluation.terms.length).set(refugia.evaluation.terms.map((term) => term.weight));
        core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
    core.searchBegin(7);
    reference.begin(s, 7);
    core.searchRun(3000);
    reference.run(3000);
    for (let ply = 0; ply < 3; ply++) {
      const best = reference.principalVariation(1)[0]!;
      expect(core.play(refugia.pack(best))).toBe(0);
      refugia.apply(t, s, best, {});
      core.searchAdvance(refugia.pack(best));
      reference.advance(best, s);
      core.searchBegin(8 + ply);
      reference.begin(s, 8 + ply);
      core.searchRun(500);
      reference.run(500);
      expect(core.searchChildren()).toBe(reference.children().length);
      expect(result(core)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
    }
  });
});

describe('the debug build of the Refugia module (assertions on)', () => {
  it('is the debug build, and agrees with the reference on seeded games and playouts', async () => {
    const core = await newCore(true);
    expect(core.isDebugBuild()).toBe(1);
    for (const [spec, games] of [['hex3-4', 40], ['torus(6,5)', 10], ['perforated(hexhex(5),c3,e5,g7,e7,c5)', 10]] as const) {
      const t = topologyOf(spec);
      expect(differential(core, t, games, 3000)).toBeGreaterThan(games * 5);
      load(core, t, refugia.initial(t, 'empty', {}));
      for (let seed = 0; seed < 5; seed++) {
        expect(modulePlayout(core, seed, 10_000)).toEqual(referencePlayout(t, refugia.initial(t, 'empty', {}), seed, 10_000));
      }
    }
  });

  it('refuses a cell value that is not a Refugia piece', async () => {
    const core = await newCore(true);
    install(core, hex34);
    const cellsView = new Uint8Array(core.memory.buffer, core.cellsPtr(), hex34.size);
    cellsView.fill(0);
    cellsView[3] = 4;
    expect(() => core.loadState(1, 0, 0, 0)).toThrow(/occupy: bad cell or value/);
  });
});
