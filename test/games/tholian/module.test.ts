/**
 * The Tholian Go wasm module (assembly/games/tholian, build/tholian.wasm) driven through its own
 * exports, against the reference rules, where the contract suite does not reach: the state and
 * the legal steps at every step of whole seeded games (thousands of steps, to their results) of
 * every variant and of combined options, with every child of sampled positions and the rare cases
 * counted; positions set up for a chain win and for transformations with free pushes; seeded
 * playouts to the end, with the module's end codes; the evaluation of Chain set-ups no game
 * reaches; the dice; the board as data (a changed board, another layout, bad tables refused); and
 * the refusals of the module itself, in the release and the debug build.
 */
import { describe, expect, it } from 'vitest';
import { MOVE_END, OPTION_CAPTURES, OPTION_DICE, OPTION_TRANSFORMATION } from '../../../assembly/games/tholian/abi.js';
import { installBoard, optionFlags, tholianCodec, tholianTables } from '../../../bindings/games/tholian/wasm-engine.js';
import { BoardError } from '../../../reference/core/errors.js';
import { Rng } from '../../../reference/core/rng.js';
import type { BoardData } from '../../../reference/games/tholian/board.js';
import mainData from '../../../reference/games/tholian/boards/main.json' with { type: 'json' };
import { cheapestChain } from '../../../reference/games/tholian/eval.js';
import { tholian, TholianBoard, type TholianState } from '../../../reference/games/tholian/index.js';
import { rollFor } from '../../../reference/games/tholian/state.js';
import {
  checkChildren,
  differential,
  expectLegal,
  expectState,
  MAIN,
  MB,
  merge,
  midGame,
  modulePlayout,
  nearChain,
  nearTarget,
  newCore,
  newSeen,
  opts,
  type Options,
  pack,
  PERIODIC,
  referencePlayout,
  type Seen,
} from './helpers.js';

/** [name, board, options, games, steps]: every variant, the options of §6/§7, periodic board. */
const CONFIGS: Array<[string, TholianBoard, Options, number, number]> = [
  ['main', MAIN, {}, 4, 5000],
  ['ultimate', MAIN, { variant: 'ultimate' }, 3, 6000],
  ['chain', MAIN, { variant: 'chain' }, 2, 1500],
  ['football', MAIN, { variant: 'football' }, 4, 1500],
  ['lucky', MAIN, { variant: 'lucky' }, 4, 5000],
  ['lucky, no transformation', MAIN, { variant: 'lucky', transformation: false }, 2, 1500],
  ['oracle', MAIN, { variant: 'oracle' }, 4, 1500],
  ['scrimmage', MAIN, { variant: 'scrimmage' }, 4, 1500],
  ['lucky-scrimmage', MAIN, { variant: 'lucky-scrimmage' }, 4, 1500],
  ['main, push limit', MAIN, { pushLimit: true }, 3, 5000],
  ['main, sequestration full', MAIN, { sequestration: 'full' }, 3, 3000],
  ['main, sequestration ends-open', MAIN, { sequestration: 'ends-open' }, 3, 3000],
  ['periodic main', PERIODIC, {}, 3, 1500],
  ['periodic oracle, push limit', PERIODIC, { variant: 'oracle', pushLimit: true }, 2, 1500],
  ['periodic ultimate, ends-open', PERIODIC, { variant: 'ultimate', sequestration: 'ends-open' }, 2, 1500],
  ['football, push limit, full', MAIN, { variant: 'football', pushLimit: true, sequestration: 'full' }, 2, 1500],
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
    installBoard(core, MAIN, 4 * MB);
    const o = opts({ variant: 'chain' });
    const s = nearChain(MAIN);
    tholianCodec.load(core, MAIN, o, s);
    const seen = newSeen();
    checkChildren(core, MAIN, s, o, expectLegal(core, MAIN, s, o, 'near chain'), seen);
    expect(seen.results['child chain']).toBeGreaterThan(0);
    // Red is blocked by Blue barriers on the way: the chain must follow paths open to Red.
    differential(core, MAIN, { variant: 'chain' }, 6, 400, 77, seen, () => nearChain(MAIN));
    expect(seen.positions).toBeGreaterThan(600);
  });

  it('transformations and free pushes from positions set up for them', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 4 * MB);
    const seen = newSeen();
    for (const variant of ['main', 'oracle', 'lucky']) {
      differential(core, MAIN, { variant }, 4, 300, 500, seen, (g) => nearTarget(MAIN, variant, g));
    }
    expect(seen.transformations).toBeGreaterThan(5);
    expect(seen.freePush).toBeGreaterThan(5);
  });

  // The contract checks that the engine replays beyond the ring; this, that the module undoes
  // within it itself (an undo that always said no would pass there, replaying every time).
  it('undoes within a short undo ring itself, exactly, and says so beyond it', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 4 * MB);
    const o = opts({});
    const s = tholian.initial(MAIN, 'standard', o);
    tholianCodec.load(core, MAIN, o, s);
    core.limitUndo(4);
    const history: TholianState[] = [];
    const rng = new Rng(5);
    for (let i = 0; i < 12; i++) {
      history.push(tholian.cloneState(s));
      const list = tholian.legalMoves(MAIN, s, o);
      const m = list[rng.below(list.length)]!;
      expect(core.play(pack(m))).toBe(0);
      tholian.apply(MAIN, s, m, o);
    }
    for (let i = 0; i < 4; i++) {
      expect(core.undo()).toBe(1);
      expectState(core, MAIN, history.pop()!, 'undo');
    }
    expect(core.undo()).toBe(0);
    core.limitUndo(1 << 20);
  });

  it('refuses a step that is not legal, and changes nothing', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 4 * MB);
    const o = opts({});
    const s = tholian.initial(MAIN, 'standard', o);
    tholianCodec.load(core, MAIN, o, s);
    const d11 = MAIN.cellOf('D1.1');
    for (const bad of [pack({ kind: 'move', at: d11, to: MAIN.cellOf('D1.6') }), pack({ kind: 'push', at: d11, to: MAIN.cellOf('D1.2') }), 0xffffffff]) {
      expect(core.play(bad)).toBe(-1);
      expectState(core, MAIN, s, 'refused');
    }
    expect(core.play(MOVE_END)).toBe(0);
  });

  it('the dice are the reference rollFor, bit for bit, for any seed and turn', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 4 * MB);
    const rng = new Rng(9);
    const o = opts({ variant: 'oracle' });
    for (let i = 0; i < 300; i++) {
      const seed = i < 3 ? [0, 1, 0xffffffff][i]! : rng.nextU32();
      const turn = 1 + (i < 100 ? i : rng.below(2_000_000));
      const s = tholian.initial(MAIN, 'standard', o);
      // The turn before, ended: the module rolls for `turn` as the reference does.
      s.turn = turn - 1;
      s.toMove = turn % 2 === 1 ? 2 : 1;
      s.acted = true;
      tholianCodec.load(core, MAIN, { ...o, seed }, s);
      expect(core.play(MOVE_END)).toBe(0);
      const r = rollFor(seed, turn);
      const got = tholianCodec.read(core, MAIN);
      expect([got.turn, got.rollDark, ...got.rollLight]).toEqual([turn, r.dark, ...r.light]);
    }
  });
});

// ---------------------------------------------------------------- playouts, the evaluation

const PLAYOUT_CONFIGS: Array<[string, TholianBoard, Options]> = [
  ['main', MAIN, {}],
  ['ultimate', MAIN, { variant: 'ultimate' }],
  ['chain', MAIN, { variant: 'chain' }],
  ['football', MAIN, { variant: 'football' }],
  ['lucky', MAIN, { variant: 'lucky', seed: 5 }],
  ['oracle', MAIN, { variant: 'oracle', seed: 6 }],
  ['scrimmage', MAIN, { variant: 'scrimmage' }],
  ['lucky-scrimmage', MAIN, { variant: 'lucky-scrimmage', seed: 7 }],
  ['main, push limit', MAIN, { pushLimit: true }],
  ['main, ends-open', MAIN, { sequestration: 'ends-open' }],
  ['periodic', PERIODIC, { sequestration: 'full' }],
];

describe('whole seeded playouts, and the evaluation of Chain set-ups', () => {
  it.each(PLAYOUT_CONFIGS)('%s: the same steps and result as the reference, from the start and from mid-game', async (_name, t, options) => {
    const core = await newCore();
    installBoard(core, t, 4 * MB);
    const o = opts(options);
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

  it('evaluates Chain set-ups as the reference does: near a chain, cut off, short of spares or with spares to spare', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 4 * MB);
    const o = opts({ variant: 'chain' });
    const defaults = tholian.evaluation.terms.map((term) => term.weight);
    const spares = tholian.evaluation.terms.findIndex((term) => term.name === 'spares');
    const rng = new Rng(23);
    const cases = { noChain: 0, fewerSpares: 0, moreSpares: 0, pairs: 0 };
    const compare = (s: TholianState) => {
      tholianCodec.load(core, MAIN, o, s);
      // The spares term alone, then all of them, then any weights.
      for (const weights of [defaults.map((w, i) => (i === spares ? w : 0)), defaults, defaults.map(() => rng.below(400) - 200)]) {
        new Int32Array(core.memory.buffer, core.evalWeightsPtr(), 16).fill(0).set(weights);
        expect(core.evaluate()).toBe(tholian.evaluate(MAIN, s, weights) || 0);
      }
      for (const p of [1, 2] as const) {
        const chain = cheapestChain(MAIN, s.cells, p);
        if (!chain) cases.noChain++;
        else {
          const gaps = chain.filter((n) => s.cells[n] !== p).length;
          const own = MAIN.nodesOf[1].filter((n) => s.cells[n] === p).length - (chain.length - gaps);
          if (own < gaps) cases.fewerSpares++;
          else if (own > gaps) cases.moreSpares++;
          else if (gaps > 1) cases.pairs++;
        }
      }
    };
    // Random games from near a chain, Blue's barriers about.
    for (let g = 0; g < 4; g++) {
      const s = nearChain(MAIN);
      for (let i = 0; i < 300 && !s.result; i++) {
        if (i % 3 === 0) compare(s);
        const list = tholian.legalMoves(MAIN, s, o);
        tholian.apply(MAIN, s, list[rng.below(list.length)]!, o);
      }
    }
    // Random set-ups: up to 20 light tokens a player (more or fewer spares than gaps), and up to
    // 30 dark ones (barriers that cut every chain).
    for (let i = 0; i < 400; i++) {
      const s = tholian.initial(MAIN, 'standard', o);
      s.cells.fill(0);
      for (const [web, most] of [[0, 30], [1, 20]] as const) {
        const free = [...MAIN.nodesOf[web]];
        for (const p of [1, 2]) {
          for (let k = rng.below(most + 1); k > 0 && free.length > 0; k--) s.cells[free.splice(rng.below(free.length), 1)[0]!] = p;
        }
      }
      compare(s);
    }
    for (const seen of Object.values(cases)) expect(seen).toBeGreaterThan(20);
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
    const o = opts({});
    expect(tholian.initial(t, 'standard', o).cells).not.toEqual(tholian.initial(MAIN, 'standard', o).cells);
  });

  it('the module is laid out afresh for another board, and back', async () => {
    const core = await newCore();
    const seen = newSeen();
    for (const t of [MAIN, PERIODIC, MAIN]) {
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
    installBoard(core, MAIN, 4 * MB);
    const o = opts({});
    const s = tholian.initial(MAIN, 'standard', o);
    tholianCodec.load(core, MAIN, o, s);
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
      expectState(core, MAIN, s, what);
      expectLegal(core, MAIN, s, o, what);
    }
  });

  it('the variant reaches the module as its features', () => {
    expect(optionFlags('main', opts({})) & (OPTION_CAPTURES | OPTION_TRANSFORMATION | OPTION_DICE)).toBe(OPTION_CAPTURES | OPTION_TRANSFORMATION);
    expect(optionFlags('lucky', opts({ transformation: false })) & OPTION_TRANSFORMATION).toBe(0);
    expect(optionFlags('lucky-scrimmage', opts({})) & (OPTION_CAPTURES | OPTION_DICE)).toBe(OPTION_DICE);
  });
});

// ---------------------------------------------------------------- debug build

describe('the debug build of the Tholian Go module (assertions on)', () => {
  it('refuses a node value that is not a Red or Blue token, and bad board tables', async () => {
    const core = await newCore(true);
    installBoard(core, MAIN, 4 * MB);
    const o = opts({});
    const s = tholian.initial(MAIN, 'standard', o);
    s.cells[3] = 3;
    expect(() => tholianCodec.load(core, MAIN, o, s)).toThrow(/recount/);
    // Tables the bindings would refuse, written past them: the debug build refuses them too.
    new Int32Array(core.memory.buffer, core.dualTable(), 2)[0] = 9999;
    expect(() => core.commitTables(MAIN.target[1], MAIN.target[2], MAIN.entry[1], MAIN.entry[2])).toThrow(/bad dual/);
    expect(() => core.commitTables(MAIN.entry[1], MAIN.target[2], MAIN.entry[1], MAIN.entry[2])).toThrow(/bad target/);
  });
});
