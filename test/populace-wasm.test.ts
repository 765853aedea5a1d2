/**
 * The Populace wasm module (assembly/games/populace, build/populace.wasm) driven through its raw
 * exports and its codec (bindings/games/populace/wasm-engine.ts): the worked examples of
 * POPULACE.md §8, the independent model's recorded positions and games (test/fixtures/populace),
 * and the TypeScript reference (reference/games/populace) as the oracle on thousands of positions
 * of seeded random games (pie on and off, superko, the move limit, the search-based ball
 * fallback), whole seeded playouts and seeded searches, on the release and the debug build.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wasmRootChildren } from './helpers.js';
import { instantiate } from '../build/populace.js';
import { RESULT_EDGES, RESULT_END, RESULT_LENGTH, RESULT_ROOT_VISITS, RESULT_SCORE1, RESULT_SCORE2, RESULT_WINNER } from '../assembly/core/abi.js';
import {
  END_MOVE_LIMIT,
  END_NONE,
  END_TWO_PASSES,
  MOVE_AT_SHIFT,
  MOVE_KIND_SHIFT,
  MOVE_MOVE,
  MOVE_PASS,
  MOVE_PLACE,
  MOVE_REPLACE,
  MOVE_SWAP,
  OPTION_BUTTON,
  OPTION_PIE,
  OPTION_SUPERKO,
  S_BUTTON,
  S_CONTROL1,
  S_CONTROL2,
  S_ENDED,
  S_PASSES,
  S_PIECES1,
  S_PIECES2,
  S_PLY,
  S_SWAPPED,
  S_TO_MOVE,
  S_WINNER,
} from '../assembly/games/populace/abi.js';
import type { GameMove } from '../reference/core/game.js';
import { populace, type PopulaceMove, type PopulaceState } from '../reference/games/populace/index.js';
import { repeatingActions } from '../reference/games/populace/superko.js';
import { colourAtPly } from '../reference/games/populace/state.js';
import { Rng } from '../reference/core/rng.js';
import { ReferenceMcts } from '../reference/search/mcts.js';
import type { SearchSettings } from '../reference/search/settings.js';
import type { Topology } from '../reference/boards/topology.js';
import { ReferenceEngine } from '../bindings/engine/reference-engine.js';
import { createPopulaceWasmEngine, optionFlags, populaceCodec, type PopulaceCore } from '../bindings/games/populace/wasm-engine.js';

type Core = PopulaceCore;
type Options = Readonly<Record<string, unknown>>;

const modules = new Map<string, Promise<WebAssembly.Module>>();

/** A fresh instance of the release build, or of the debug build. */
async function newCore(debug = false): Promise<Core> {
  const file = new URL(`../build/populace${debug ? '.debug' : ''}.wasm`, import.meta.url);
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

/** Options, cells and state into the module: the codec's load. */
function load(core: Core, t: Topology, s: PopulaceState, options: Options = {}): void {
  populaceCodec.load(core, t, populace.resolveOptions(options), s);
}

function scalar(core: Core, offset: number): number {
  return new Int32Array(core.memory.buffer, core.statePtr() + offset, 1)[0]!;
}

function legal(core: Core): number[] {
  const n = core.generate();
  return Array.from(new Uint32Array(core.memory.buffer, core.movesPtr(), n));
}

function result(core: Core): Int32Array {
  return new Int32Array(core.memory.buffer, core.resultPtr(), 8);
}

/** What the module says about its position, in the reference's terms (scores in points). */
function observed(core: Core, t: Topology) {
  const s = populaceCodec.read(core, t);
  return {
    state: { ...s, cells: Array.from(s.cells) },
    scores: [core.score(1) / 2, core.score(2) / 2],
    stored: [scalar(core, S_PIECES1) + scalar(core, S_CONTROL1), scalar(core, S_PIECES2) + scalar(core, S_CONTROL2)],
    outcome: populaceCodec.outcome(core, [core.score(1) / 2, core.score(2) / 2]),
  };
}

/** The same, computed by the reference. */
function expected(t: Topology, s: PopulaceState, options: Options = {}) {
  const o = populace.resolveOptions(options);
  const scores = populace.scores(t, s);
  return {
    state: { ...s, cells: Array.from(s.cells), recent: o.superko === 'positional' ? s.recent : [] },
    scores,
    stored: scores.map((x) => Math.floor(x)),
    outcome: populace.outcome(t, s, o),
  };
}

const pack = (kind: number, at = 0, to = at): number => ((kind << MOVE_KIND_SHIFT) | (at << MOVE_AT_SHIFT) | to) >>> 0;
const PASS = pack(MOVE_PASS, 0, 0);
const SWAP = pack(MOVE_SWAP, 0, 0);
const kindOf = (m: number): number => m >>> MOVE_KIND_SHIFT;

function topologyOf(spec: string): Topology {
  const t = populace.board(spec);
  if (!t.ok) throw t.error;
  return t.value;
}

const hex4 = topologyOf('hexhex(4)');
const cellsOf = (t: Topology, text: string): number[] => text.split(' ').filter(Boolean).map((l) => t.cellOf(l));

/** A hexhex(4) position from labels, at a ply that fits the colour to move. */
function position(black: string, white: string, toMove: 1 | 2, ply = 10): PopulaceState {
  const s = populace.initial(hex4, 'empty', {});
  for (const c of cellsOf(hex4, black)) s.cells[c] = 1;
  for (const c of cellsOf(hex4, white)) s.cells[c] = 2;
  s.toMove = toMove;
  s.ply = ply + (colourAtPly(ply, false) === toMove ? 0 : 1);
  return s;
}

async function coreWith(t: Topology, s: PopulaceState, options: Options = {}): Promise<Core> {
  const core = await newCore();
  install(core, t);
  load(core, t, s, options);
  return core;
}

// ---------------------------------------------------------------- POPULACE.md §8

describe('POPULACE.md §8 on the raw module (hexhex(4))', () => {
  it('§8.1 the empty board: 37 placements, no pass under the pie', async () => {
    const core = await coreWith(hex4, populace.initial(hex4, 'empty', {}));
    expect(core.isDebugBuild()).toBe(0);
    expect(legal(core)).toEqual(Array.from({ length: 37 }, (_, c) => pack(MOVE_PLACE, c)));
    expect(core.play(PASS)).toBe(-1);
    // Without the pie, the pass too.
    load(core, hex4, populace.initial(hex4, 'empty', {}), { pie: false });
    expect(legal(core)).toEqual([...Array.from({ length: 37 }, (_, c) => pack(MOVE_PLACE, c)), PASS]);
  });

  it('§8.1 after d4: swap, 30 placements and pass; Black 7, White 0', async () => {
    const core = await coreWith(hex4, populace.initial(hex4, 'empty', {}));
    const d4 = hex4.cellOf('d4');
    expect(core.play(pack(MOVE_PLACE, d4))).toBe(0);
    const list = legal(core);
    const blocked = new Set([d4, ...hex4.adjacent[d4]!]);
    const places = Array.from({ length: 37 }, (_, c) => c).filter((c) => !blocked.has(c));
    expect(places).toHaveLength(30);
    expect(list).toEqual([...places.map((c) => pack(MOVE_PLACE, c)), PASS, SWAP]);
    expect([core.score(1), core.score(2)]).toEqual([14, 0]);
    // The swap: the board stays, White is still to move, the seats changed, no swap any more.
    expect(core.play(SWAP)).toBe(0);
    expect(scalar(core, S_TO_MOVE)).toBe(2);
    expect(scalar(core, S_SWAPPED)).toBe(1);
    expect(scalar(core, S_PLY)).toBe(2);
    expect(legal(core)).toEqual([...places.map((c) => pack(MOVE_PLACE, c)), PASS]);
    expect(core.undo()).toBe(1);
    expect(scalar(core, S_SWAPPED)).toBe(0);
    // Without the pie there is no swap.
    load(core, hex4, populace.initial(hex4, 'empty', {}), { pie: false });
    expect(core.play(pack(MOVE_PLACE, d4))).toBe(0);
    expect(legal(core).at(-1)).toBe(PASS);
  });

  it('§8.2 Black to move: 68 actions, exactly as listed; scores 8-8', async () => {
    const core = await coreWith(hex4, position('d3 d4 e4', 'c4 e5', 1));
    const place = 'a1 a2 a3 a4 b1 b2 b5 c1 c2 c3 c6 d1 d2 d6 d7 e2 e3 e7 f3 f4 f7 g4 g5 g6 g7';
    const fromD3 = 'c2 c3 d2 e3 b1 b2 b3 c1 d1 d5 e2 f3 f4 f5 a1 a2 a3 b4 c5 d6 e6 f6 g4 g5 g6';
    const fromE4 = 'e3 f4 f5 c2 c3 d2 d5 e2 e6 f3 f6 g4 g5 g6';
    const want = [
      ...cellsOf(hex4, place).map((c) => pack(MOVE_PLACE, c)),
      pack(MOVE_REPLACE, hex4.cellOf('e5')),
      ...cellsOf(hex4, fromD3).map((c) => pack(MOVE_MOVE, hex4.cellOf('d3'), c)),
      ...cellsOf(hex4, 'c3 d5').map((c) => pack(MOVE_MOVE, hex4.cellOf('d4'), c)),
      ...cellsOf(hex4, fromE4).map((c) => pack(MOVE_MOVE, hex4.cellOf('e4'), c)),
      PASS,
    ].sort((a, b) => a - b);
    expect(want).toHaveLength(68);
    expect(legal(core)).toEqual(want);
    expect([core.score(1), core.score(2)]).toEqual([16, 16]);
    // The destinations query: the empty cells within PV of a piece (either colour's).
    const marked = (): number[] => Array.from(new Int32Array(core.memory.buffer, core.outPtr(), hex4.size).entries()).filter(([, v]) => v === 1).map(([c]) => c);
    expect(core.destinations(hex4.cellOf('d3'))).toBe(25);
    expect(marked()).toEqual(cellsOf(hex4, fromD3).sort((a, b) => a - b));
    expect(core.destinations(hex4.cellOf('d4'))).toBe(2);
    expect(core.destinations(hex4.cellOf('c4'))).toBe(0);
    expect(core.destinations(hex4.cellOf('a1'))).toBe(0);
    expect([scalar(core, S_PIECES1), scalar(core, S_CONTROL1), scalar(core, S_PIECES2), scalar(core, S_CONTROL2)]).toEqual([3, 5, 2, 6]);
    // The replacement: e5 becomes Black; c4 is not threatened.
    expect(core.play(pack(MOVE_REPLACE, hex4.cellOf('c4')))).toBe(-1);
    expect(core.play(pack(MOVE_REPLACE, hex4.cellOf('e5')))).toBe(0);
    expect(observed(core, hex4).state.cells[hex4.cellOf('e5')]).toBe(1);
    expect(core.undo()).toBe(1);
    expect(observed(core, hex4)).toEqual(expected(hex4, position('d3 d4 e4', 'c4 e5', 1)));
  });

  it('§8.2 White to move: 26 placements and pass', async () => {
    const core = await coreWith(hex4, position('d3 d4 e4', 'c4 e5', 2));
    const place = 'a1 a2 a3 a4 b1 b2 b3 b4 b5 c1 c5 c6 d1 d5 d6 d7 e2 e6 e7 f3 f6 f7 g4 g5 g6 g7';
    expect(legal(core)).toEqual([...cellsOf(hex4, place).map((c) => pack(MOVE_PLACE, c)).sort((a, b) => a - b), PASS]);
    expect(legal(core)).toHaveLength(27);
  });

  it('§8.3 pass(B) b5(W) pass(B) pass(W): Black holds the button and ends with +1/2', async () => {
    const s = position('d3 d4 e4', 'c4 e5', 1);
    const core = await coreWith(hex4, s);
    const d2 = hex4.cellOf('d2');
    expect(core.play(PASS)).toBe(0);
    expect(scalar(core, S_BUTTON)).toBe(1);
    expect([core.score(1), core.score(2)]).toEqual([17, 16]);
    expect(core.play(pack(MOVE_PLACE, d2))).toBe(-1); // d2 is Black's (d3) and not isolated
    expect(core.play(pack(MOVE_PLACE, hex4.cellOf('b5')))).toBe(0);
    expect(scalar(core, S_PASSES)).toBe(0);
    expect(core.play(PASS)).toBe(0);
    expect(scalar(core, S_ENDED)).toBe(END_NONE);
    expect(core.play(PASS)).toBe(0);
    expect(scalar(core, S_ENDED)).toBe(END_TWO_PASSES);
    expect(scalar(core, S_BUTTON)).toBe(1);
    const black = scalar(core, S_PIECES1) + scalar(core, S_CONTROL1);
    expect(core.score(1)).toBe(2 * black + 1);
    expect(core.generate()).toBe(0);
    expect(core.play(PASS)).toBe(-1);
    // Button off: no half point, equal scores draw.
    load(core, hex4, s, { button: false });
    for (const m of [PASS, PASS]) expect(core.play(m)).toBe(0);
    expect(scalar(core, S_BUTTON)).toBe(0);
    expect([core.score(1), core.score(2)]).toEqual([16, 16]);
    expect(scalar(core, S_WINNER)).toBe(0);
    expect(populaceCodec.outcome(core, [8, 8])).toEqual({ winner: 0, reason: 'twoPasses', scores: [8, 8] });
  });

  it('the move limit ends the game at that ply; the higher score wins', async () => {
    const s = position('d3 d4 e4', 'c4 e5', 1, 10);
    const core = await coreWith(hex4, s, { moveLimit: 12 });
    expect(core.play(pack(MOVE_PLACE, hex4.cellOf('a1')))).toBe(0);
    expect(scalar(core, S_ENDED)).toBe(END_NONE);
    expect(core.play(pack(MOVE_PLACE, hex4.cellOf('g7')))).toBe(0);
    expect(scalar(core, S_ENDED)).toBe(END_MOVE_LIMIT);
    expect(core.generate()).toBe(0);
    expect(populaceCodec.read(core, hex4).ended).toBe(false);
    // A loaded position at the limit is over too.
    load(core, hex4, { ...s, ply: 12 }, { moveLimit: 12 });
    expect(scalar(core, S_ENDED)).toBe(END_MOVE_LIMIT);
    expect(scalar(core, S_WINNER)).toBe(0);
  });
});

// ---------------------------------------------------------------- the independent model's data

const fixtures = new URL('./fixtures/populace/', import.meta.url).pathname;
const fixtureFiles = (kind: string): string[] =>
  existsSync(fixtures) ? readdirSync(fixtures).filter((f) => f.startsWith('populace-') && f.endsWith(`-${kind}.jsonl.gz`)).sort() : [];

interface OracleAction {
  kind: 'pass' | 'place' | 'replace' | 'move' | 'swap';
  from?: number;
  to?: number;
  scores: [number, number];
  terminal?: boolean;
  winner?: 0 | 1 | 2;
}

interface OraclePosition {
  board: string;
  seed: number;
  ply: number;
  cells: number[];
  toMove: 1 | 2;
  passes: number;
  button: 0 | 1 | 2;
  pie: boolean;
  button_rule: boolean;
  scores: [number, number];
  legal: OracleAction[];
}

interface OracleGame {
  board: string;
  seed: number;
  pie: boolean;
  button_rule: boolean;
  moves: Array<OracleAction & { p: 1 | 2 }>;
  result: { winner: 0 | 1 | 2; scores: [number, number]; plies: number };
}

function readLines<T>(file: string): T[] {
  return gunzipSync(readFileSync(fixtures + file))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as T);
}

function oraclePacked(m: OracleAction): number {
  switch (m.kind) {
    case 'pass':
      return PASS;
    case 'swap':
      return SWAP;
    case 'place':
      return pack(MOVE_PLACE, m.to!);
    case 'replace':
      return pack(MOVE_REPLACE, m.to!);
    case 'move':
      return pack(MOVE_MOVE, m.from!, m.to!);
  }
}

function oracleState(p: OraclePosition): PopulaceState {
  return {
    cells: Uint8Array.from(p.cells),
    toMove: p.toMove,
    passes: p.passes,
    button: p.button,
    ply: p.ply,
    swapped: colourAtPly(p.ply, false) !== p.toMove,
    ended: false,
    recent: [],
  };
}

describe("the independent model's positions and games on the raw module", () => {
  const positionFiles = fixtureFiles('positions');
  const gameFiles = fixtureFiles('games');

  it('has the three boards', () => {
    expect(positionFiles).toHaveLength(3);
    expect(gameFiles).toHaveLength(3);
  });

  it.each(positionFiles)('%s: the full legal set, and scores, end and winner after every action', async (file) => {
    const positions = readLines<OraclePosition>(file);
    const t = topologyOf(positions[0]!.board);
    const core = await newCore();
    install(core, t);
    let actions = 0;
    for (const p of positions) {
      const options = { pie: p.pie, button: p.button_rule };
      load(core, t, oracleState(p), options);
      const where = `${p.board} seed ${p.seed} ply ${p.ply}`;
      expect([core.score(1), core.score(2)], where).toEqual(p.scores.map((x) => 2 * x));
      expect(legal(core), where).toEqual(p.legal.map(oraclePacked).sort((a, b) => a - b));
      for (const m of p.legal) {
        expect(core.play(oraclePacked(m)), where).toBe(0);
        expect([core.score(1), core.score(2)], `${where} ${m.kind} ${m.from} ${m.to}`).toEqual(m.scores.map((x) => 2 * x));
        expect(scalar(core, S_ENDED) !== END_NONE, where).toBe(!!m.terminal);
        if (m.terminal) expect(scalar(core, S_WINNER), where).toBe(m.winner);
        expect(core.undo()).toBe(1);
        actions++;
      }
    }
    expect(positions.length).toBeGreaterThan(250);
    expect(actions).toBeGreaterThan(5000);
  });

  it.each(gameFiles)('%s: every game replayed, scores after every move, the result', async (file) => {
    const games = readLines<OracleGame>(file);
    const t = topologyOf(games[0]!.board);
    const core = await newCore();
    install(core, t);
    for (const g of games) {
      load(core, t, populace.initial(t, 'empty', {}), { pie: g.pie, button: g.button_rule });
      for (const [i, m] of g.moves.entries()) {
        const where = `${g.board} seed ${g.seed} move ${i}`;
        expect(scalar(core, S_TO_MOVE), where).toBe(m.p);
        expect(scalar(core, S_ENDED), where).toBe(END_NONE);
        expect(core.play(oraclePacked(m)), where).toBe(0);
        expect([core.score(1), core.score(2)], where).toEqual(m.scores.map((x) => 2 * x));
      }
      expect(scalar(core, S_ENDED)).toBe(END_TWO_PASSES);
      expect(scalar(core, S_WINNER)).toBe(g.result.winner);
      expect(scalar(core, S_PLY)).toBe(g.result.plies);
      expect([core.score(1), core.score(2)]).toEqual(g.result.scores.map((x) => 2 * x));
    }
  });
});

// ---------------------------------------------------------------- against the reference

/** Boards of every kind: the spec's hex-hexes, an althex, a torus, a perforated board. */
const BOARDS: Array<[string, number, number]> = [
  // spec, games, plies per game (random games run to ~1,200 plies on hexhex(7))
  ['hexhex(4)', 16, 400],
  ['hexhex(7)', 4, 300],
  ['hexhex(9)', 2, 200], // 217 cells: four words per bit set
  ['althex(3,4)', 20, 400],
  ['torus(6,6)', 8, 250],
  ['perforated(hexhex(5),c3,e5,g7,e7,c5)', 8, 300],
];

/** The option sets a game of the differential runs under, by game number. */
function optionsFor(g: number): Options {
  return [{}, { pie: false }, { button: false }, { pie: false, button: false, moveLimit: 60 }][g % 4]!;
}

/**
 * Seeded random games played move by move on the module (its `play`, with undo records) and on
 * the reference, comparing the position, scores, end and winner and the legal list after every
 * move, and now and then taking a move back. With `bounce`, a player often plays back its own
 * last move, so that superko has repetitions to forbid. Returns [positions, positions where
 * superko forbade something].
 */
function differential(core: Core, t: Topology, games: number, plies: number, firstSeed: number, extra: Options = {}, bounce = false): [number, number] {
  install(core, t);
  let positions = 0;
  let forbidding = 0;
  for (let g = 0; g < games; g++) {
    const options = populace.resolveOptions({ ...optionsFor(g), ...extra });
    const rng = new Rng(firstSeed + g);
    const s = populace.initial(t, 'empty', options);
    load(core, t, s, options);
    const last: Array<GameMove | null> = [null, null, null];
    for (let ply = 0; ; ply++) {
      const ref = populace.legalMoves(t, s, options);
      const where = `${t.spec} game ${g} ply ${ply}`;
      expect(legal(core), where).toEqual(ref.map((m) => populace.pack(m)));
      expect(observed(core, t), where).toEqual(expected(t, s, options));
      positions++;
      if (options.superko === 'positional' && repeatingActions(t, s).size > 0) forbidding++;
      if (ref.length === 0 || ply >= plies) break;
      let move = ref[rng.below(ref.length)]!;
      const mine = last[s.toMove];
      if (bounce && mine?.kind === 'move' && rng.below(3) !== 0) {
        const back = ref.find((m) => m.kind === 'move' && m.at === mine.to && m.to === mine.at);
        if (back) move = back;
      }
      // Every seventh move: play another legal move, take it back, and check nothing changed.
      if (ply % 7 === 3) {
        const other = ref[(ply * 31) % ref.length]!;
        expect(core.play(populace.pack(other))).toBe(0);
        expect(core.undo()).toBe(1);
        expect(observed(core, t), `${where} after undo`).toEqual(expected(t, s, options));
      }
      // Every 23rd move: reload the module from the reference's state (superko's `recent` too).
      if (ply % 23 === 11) {
        load(core, t, s, options);
        expect(observed(core, t), `${where} reloaded`).toEqual(expected(t, s, options));
      }
      last[s.toMove] = move;
      expect(core.play(populace.pack(move)), where).toBe(0);
      populace.apply(t, s, move, options);
    }
  }
  return [positions, forbidding];
}

/** The reference's seeded playout (reference/search/playout.ts) on a copy of `start`. */
function referencePlayout(t: Topology, start: PopulaceState, options: Options, seed: number, maxMoves: number) {
  const o = populace.resolveOptions(options);
  const s = populace.cloneState(start);
  const rng = new Rng(seed);
  const played: number[] = [];
  while (played.length < maxMoves && !populace.outcome(t, s, o)) {
    const list = populace.legalMoves(t, s, o);
    const move = list[rng.below(list.length)]!;
    populace.apply(t, s, move, o);
    played.push(populace.pack(move));
  }
  const outcome = populace.outcome(t, s, o);
  return {
    moves: played,
    length: played.length,
    scores: populace.scores(t, s),
    end: outcome === null ? END_NONE : outcome.reason === 'twoPasses' ? END_TWO_PASSES : END_MOVE_LIMIT,
    winner: outcome?.winner ?? 0,
  };
}

function modulePlayout(core: Core, seed: number, maxMoves: number) {
  const length = core.playout(seed, maxMoves, true);
  const r = result(core);
  return {
    moves: Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), length)),
    length: r[RESULT_LENGTH]!,
    scores: [r[RESULT_SCORE1]! / 2, r[RESULT_SCORE2]! / 2],
    end: r[RESULT_END]!,
    winner: r[RESULT_WINNER]!,
  };
}

/** A position some random moves into a seeded game. */
function midGame(t: Topology, options: Options, seed: number, plies: number): PopulaceState {
  const o = populace.resolveOptions(options);
  const s = populace.initial(t, 'empty', o);
  const rng = new Rng(seed);
  for (let i = 0; i < plies && !populace.outcome(t, s, o); i++) {
    const list = populace.legalMoves(t, s, o);
    populace.apply(t, s, list[rng.below(list.length)]!, o);
  }
  return s;
}

describe('the Populace module against the reference', () => {
  let total = 0;

  it.each(BOARDS)('%s: legal lists, position, scores, end and winner after every move of seeded games', async (spec, games, plies) => {
    const core = await newCore();
    const [positions] = differential(core, topologyOf(spec), games, plies, 1000);
    total += positions;
    expect(positions).toBeGreaterThan(games * 50);
  });

  it('compared thousands of positions in all', () => {
    expect(total).toBeGreaterThan(5000);
  });

  it.each(['hexhex(4)', 'althex(3,4)', 'torus(6,6)'])('%s: positional superko forbids exactly what the reference forbids', async (spec) => {
    const core = await newCore();
    const [positions, forbidding] = differential(core, topologyOf(spec), 12, 300, 5000, { superko: 'positional' }, true);
    expect(positions).toBeGreaterThan(1000);
    expect(forbidding).toBeGreaterThan(10);
  });

  it('the bounded-search fallback for the balls gives the same games', async () => {
    const core = await newCore();
    core.setBallTableLimit(0);
    for (const spec of ['hexhex(4)', 'torus(6,6)', 'perforated(hexhex(5),c3,e5,g7,e7,c5)']) {
      expect(differential(core, topologyOf(spec), 4, 200, 8000)[0]).toBeGreaterThan(400);
    }
    core.setBallTableLimit(8 << 20);
  });

  it.each(BOARDS)('%s: whole seeded playouts, move by move, from the start and from mid-game', async (spec) => {
    const t = topologyOf(spec);
    const core = await newCore();
    install(core, t);
    const count = t.size > 200 ? 2 : t.size > 100 ? 4 : 16;
    for (let seed = 0; seed < count; seed++) {
      const options = optionsFor(seed);
      const start = seed % 2 === 0 ? populace.initial(t, 'empty', options) : midGame(t, options, seed, 3 + (seed % 9));
      load(core, t, start, options);
      const before = observed(core, t);
      expect(modulePlayout(core, seed, 10_000)).toEqual(referencePlayout(t, start, options, seed, 10_000));
      // The position is left as it was, and a short cut-off stops where the reference stops.
      expect(observed(core, t)).toEqual(before);
      expect(modulePlayout(core, seed, 5)).toEqual(referencePlayout(t, start, options, seed, 5));
    }
  });

  it('whole seeded playouts under superko', async () => {
    const t = topologyOf('althex(3,4)');
    const core = await newCore();
    install(core, t);
    for (let seed = 0; seed < 10; seed++) {
      const options = { ...optionsFor(seed), superko: 'positional' };
      const start = midGame(t, options, seed, 5 + seed);
      load(core, t, start, options);
      expect(modulePlayout(core, seed, 10_000)).toEqual(referencePlayout(t, start, options, seed, 10_000));
    }
  });

  it('a batch of playouts plays the same games as single playouts', async () => {
    const t = topologyOf('hexhex(4)');
    const core = await newCore();
    install(core, t);
    load(core, t, populace.initial(t, 'empty', {}));
    let total = 0;
    for (let seed = 50; seed < 90; seed++) total += core.playout(seed, 10_000, false);
    expect(core.playouts(50, 40, 10_000)).toBe(total);
  });

  it('memory does not grow over 20,000 playouts', async () => {
    const t = topologyOf('althex(3,4)');
    const core = await newCore();
    install(core, t);
    load(core, t, populace.initial(t, 'empty', {}));
    const before = core.memory.buffer.byteLength;
    let moves = 0;
    for (let batch = 0; batch < 4; batch++) moves += core.playouts(batch * 5_000, 5_000, 10_000);
    expect(core.memory.buffer.byteLength).toBe(before);
    expect(moves).toBeGreaterThan(100_000);
  });

  it('undo beyond a short undo ring says so, and what it undid is exact', async () => {
    const t = hex4;
    const core = await newCore();
    install(core, t);
    const s = populace.initial(t, 'empty', {});
    load(core, t, s);
    core.limitUndo(4);
    const history: PopulaceState[] = [];
    const rng = new Rng(5);
    for (let i = 0; i < 12; i++) {
      history.push(populace.cloneState(s));
      const list = populace.legalMoves(t, s, {});
      const move = list[rng.below(list.length)]!;
      expect(core.play(populace.pack(move))).toBe(0);
      populace.apply(t, s, move, {});
    }
    for (let i = 0; i < 4; i++) {
      expect(core.undo()).toBe(1);
      expect(observed(core, t)).toEqual(expected(t, history.pop()!));
    }
    expect(core.undo()).toBe(0);
  });

  it.each(['hexhex(4)', 'althex(3,4)', 'torus(6,6)'])('%s: a seeded search builds the same tree as the reference MCTS', async (spec) => {
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
      const options = i === 0 ? {} : { pie: false, superko: 'positional' };
      for (const state of [populace.initial(t, 'empty', options), midGame(t, options, 40 + i, 9)]) {
        load(core, t, state, options);
        const reference = new ReferenceMcts<PopulaceState, PopulaceMove>(populace, t, populace.resolveOptions(options));
        reference.settings = setting;
        reference.begin(state, 99 + i);
        new Int32Array(core.memory.buffer, core.evalWeightsPtr(), populace.evaluation.terms.length).set(populace.evaluation.terms.map((term) => term.weight));
        core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
        core.searchReset();
        core.searchBegin(99 + i);
        for (const step of [1, 50, 300]) {
          reference.run(step);
          expect(core.searchRun(step)).toBe(step);
        }
        const ours = wasmRootChildren(core);
        const theirs = reference.children().map((c) => ({ move: populace.pack(c.move as GameMove), visits: c.visits, valueSum: c.valueSum, proven: c.proven }));
        expect(ours).toEqual(theirs);
        expect(result(core)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
        expect(result(core)[RESULT_EDGES]).toBeGreaterThan(0);
        const pv = core.searchPrincipalVariation(20);
        expect(Array.from(new Uint32Array(core.memory.buffer, core.recordPtr(), pv))).toEqual(
          reference.principalVariation(20).map((m) => populace.pack(m as GameMove)),
        );
        // The search leaves the position as it was.
        expect(observed(core, t)).toEqual(expected(t, state, options));
      }
    }
  });

  it('re-rooting after a move keeps the subtree, as the reference does', async () => {
    const t = hex4;
    const core = await newCore();
    install(core, t, 16);
    const s = populace.initial(t, 'empty', {});
    load(core, t, s);
    const reference = new ReferenceMcts<PopulaceState, PopulaceMove>(populace, t, populace.resolveOptions({}));
    const setting = reference.settings;
    new Int32Array(core.memory.buffer, core.evalWeightsPtr(), populace.evaluation.terms.length).set(populace.evaluation.terms.map((term) => term.weight));
        core.searchConfigure(setting.exploration, setting.cutoff, setting.evalScale, setting.biasPercent, setting.expandAfter, setting.heuristic, setting.turns, setting.widen, setting.implicit, setting.transpositions, setting.contempt);
    core.searchBegin(7);
    reference.begin(s, 7);
    core.searchRun(2000);
    reference.run(2000);
    for (let ply = 0; ply < 3; ply++) {
      const best = reference.principalVariation(1)[0]!;
      expect(core.play(populace.pack(best))).toBe(0);
      populace.apply(t, s, best, {});
      core.searchAdvance(populace.pack(best));
      reference.advance(best, s);
      core.searchBegin(8 + ply);
      reference.begin(s, 8 + ply);
      core.searchRun(400);
      reference.run(400);
      expect(core.searchChildren()).toBe(reference.children().length);
      expect(result(core)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
    }
  });
});

// ---------------------------------------------------------------- the engine

describe('PopulaceWasmEngine against the reference engine', () => {
  it.each([
    ['hexhex(4)', {}],
    ['althex(3,4)', { pie: false, button: false }],
    ['torus(6,6)', { superko: 'positional', moveLimit: 80 }],
  ] as Array<[string, Options]>)('%s %j: moves, state, scores in half points, outcome, playouts', async (board, options) => {
    const wasm = await createPopulaceWasmEngine({ board, options, arenaMB: 4 });
    const ref = new ReferenceEngine(populace, { board, options });
    const rng = new Rng(3);
    for (let ply = 0; ply < 120; ply++) {
      expect(wasm.legalMoves()).toEqual(ref.legalMoves());
      expect(populace.statesEqual(wasm.state(), ref.state())).toBe(true);
      expect(wasm.scores()).toEqual(ref.scores());
      expect(wasm.outcome()).toEqual(ref.outcome());
      expect(wasm.toMove()).toBe(ref.toMove());
      if (ply % 10 === 0) expect(wasm.playout(ply, { record: true })).toEqual(ref.playout(ply, { record: true }));
      const list = ref.legalMoves();
      if (list.length === 0) break;
      const move = list[rng.below(list.length)]!;
      wasm.play(move);
      ref.play(move);
      if (ply % 9 === 4) {
        wasm.undo();
        ref.undo();
        expect(populace.statesEqual(wasm.state(), ref.state())).toBe(true);
        wasm.play(move);
        ref.play(move);
      }
    }
    // A position with superko's recent actions crosses into the module and back.
    wasm.load(ref.state());
    expect(populace.statesEqual(wasm.state(), ref.state())).toBe(true);
    expect(wasm.legalMoves()).toEqual(ref.legalMoves());
  });

  it('option flags', () => {
    expect(optionFlags({})).toBe(OPTION_PIE | OPTION_BUTTON);
    expect(optionFlags({ pie: false, button: false, superko: 'positional' })).toBe(OPTION_SUPERKO);
  });

  it('searches: a seeded search gives the same result as the reference backend', async () => {
    const wasm = await createPopulaceWasmEngine({ board: 'hexhex(4)', arenaMB: 4 });
    const ref = new ReferenceEngine(populace, { board: 'hexhex(4)' });
    for (const e of [wasm, ref]) e.play({ kind: 'place', at: 18 });
    const a = await wasm.search({ iterations: 500, seed: 11 });
    const b = await ref.search({ iterations: 500, seed: 11 });
    expect(a.move).toEqual(b.move);
    expect(a.children).toEqual(b.children);
  });
});

// ---------------------------------------------------------------- debug build

describe('the debug build of the Populace module (assertions on)', () => {
  it('is the debug build, and agrees with the reference on seeded games and playouts', async () => {
    const core = await newCore(true);
    expect(core.isDebugBuild()).toBe(1);
    for (const [spec, games] of [
      ['hexhex(4)', 8],
      ['torus(6,6)', 3],
      ['perforated(hexhex(5),c3,e5,g7,e7,c5)', 3],
    ] as const) {
      const t = topologyOf(spec);
      expect(differential(core, t, games, 200, 3000)[0]).toBeGreaterThan(games * 50);
      expect(differential(core, t, 2, 200, 3100, { superko: 'positional' }, true)[0]).toBeGreaterThan(100);
      load(core, t, populace.initial(t, 'empty', {}));
      for (let seed = 0; seed < 3; seed++) {
        expect(modulePlayout(core, seed, 10_000)).toEqual(referencePlayout(t, populace.initial(t, 'empty', {}), {}, seed, 10_000));
      }
    }
  });

  it('refuses a cell value that is not a Populace piece', async () => {
    const core = await newCore(true);
    install(core, hex4);
    const cellsView = new Uint8Array(core.memory.buffer, core.cellsPtr(), hex4.size);
    cellsView.fill(0);
    cellsView[3] = 3;
    expect(() => core.loadState(1, 0, 0, 10, 0)).toThrow(/occupy: bad cell or value/);
  });
});
