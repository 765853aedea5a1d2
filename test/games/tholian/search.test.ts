/**
 * Searching Tholian Go (THOLIAN-GO.md §4, §10): turns of several moves, each of several steps,
 * and the movement dice of Oracle Go, which a search must not read ahead: the next turn's roll is
 * unknown when a player chooses (GameRules.chance); the game's contempt for the draw by two empty
 * turns; its levels' own settings. Both backends build the same trees, and the module's MCTS
 * builds the reference MCTS's tree under the settings the contract suite's searches do not use.
 */
import { describe, expect, it } from 'vitest';
import { RESULT_ROOT_VISITS } from '../../../assembly/core/abi.js';
import { levelSearch } from '../../../bindings/agents/levels.js';
import type { Backend, Engine } from '../../../bindings/engine/engine.js';
import { installBoard, tholianCodec, type TholianCore } from '../../../bindings/games/tholian/wasm-engine.js';
import { configureSearch } from '../../../bindings/wasm/search-cores.js';
import { createEngine } from '../../../bindings/index.js';
import type { GameMove } from '../../../reference/core/game.js';
import { tholian, type TholianMove, type TholianState } from '../../../reference/games/tholian/index.js';
import { ReferenceMcts } from '../../../reference/search/mcts.js';
import { DEFAULT_SEARCH_SETTINGS, type SearchSettings } from '../../../reference/search/settings.js';
import { expectState, MAIN, MB, midGame, newCore, opts, type Options, pack, randomMoves, wasmRootChildren } from './helpers.js';

const BACKENDS: Backend[] = ['reference', 'wasm'];

/** An Oracle Go position a few moves in, with this turn's roll in the position text. */
async function oracleEngine(backend: Backend, seed: number, position?: string): Promise<Engine> {
  const e = await createEngine({ game: 'tholian', backend, options: { variant: 'oracle', seed }, ...(position ? { position } : {}), arenaMB: 8 });
  return e;
}

function moversOf(e: Engine, line: readonly unknown[]): number[] {
  const movers: number[] = [];
  let played = 0;
  for (const m of line) {
    movers.push(e.toMove());
    e.play(m as never);
    played++;
  }
  for (; played > 0; played--) e.undo();
  return movers;
}

describe('searching with dice', () => {
  /**
   * Red to move with this turn's roll known; Blue, next, takes Red's L4.3 with D3.4>D3.3 (§12's
   * second example) only if Blue's dark die allows that axis. Blue's roll depends on the seed,
   * which a search must not use.
   */
  const THREAT = 'tholian oracle R:D1.1,D5.1,D6.1,L1.1,L2.1,L3.1,L4.3,L5.1,L6.1,L7.1 B:D2.2,D2.3,D3.4,D6.6,L1.7,L2.7,L3.7,L4.7,L5.7,L6.7 R d1l2 e0 t1 ra/xz';
  it('the search never reads the next turn: whatever the seed (the later rolls), the same choice', async () => {
    for (const backend of BACKENDS) {
      const results = new Set<string>();
      for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
        const e = await oracleEngine(backend, seed, THREAT);
        expect(e.position()).toBe(THREAT);
        const r = await e.search({ iterations: 2000, seed: 5 });
        const ab = await e.search({ algorithm: 'alphabeta', depth: 6, seed: 5 });
        results.add(JSON.stringify([r.children.map((c) => [e.formatMove(c.move), c.visits, c.value.toFixed(6)]), e.formatMove(ab.move), ab.score]));
      }
      expect(results.size, backend).toBe(1);
    }
  });

  it("the best line ends with the mover's turn with dice, and reaches the opponent's without", async () => {
    for (const backend of BACKENDS) {
      // Red's D3.4>D3.3 (dark die b) takes Blue's L4.3 (§12's second example), then the turn goes on.
      const capture = 'tholian oracle R:D2.2,D2.3,D3.4,D6.1,L1.1,L2.1,L3.1,L5.1,L6.1,L7.1 B:L4.3,D1.6,D2.6,D6.6,L1.7,L2.7,L3.7,L4.7,L5.7,L6.7 R d1l2 e0 t1 rb/xz';
      const dice = await oracleEngine(backend, 3, capture);
      const r = await dice.search({ algorithm: 'alphabeta', depth: 4, seed: 2 });
      expect(dice.formatMove(r.move)).toBe('D3.4>D3.3');
      expect(r.principalVariation.length).toBeGreaterThan(1);
      expect(new Set(moversOf(dice, r.principalVariation))).toEqual(new Set([1]));
      // Without dice (the main game) the search sees Blue's threat on L4.3 and saves the token. Red
      // has one light move left, so a depth-4 line reaches Blue's turn (a whole turn of pushes,
      // each step worth its advance, would fill it).
      const plain = await createEngine({ game: 'tholian', backend, position: THREAT.replace('oracle', 'main').replace(' t1 ra/xz', '').replace('d1l2', 'd0l1'), arenaMB: 8 });
      const ab = await plain.search({ algorithm: 'alphabeta', depth: 4, seed: 2 });
      expect(plain.formatMove(ab.move)).toMatch(/^L4\.3>/);
      expect(moversOf(plain, ab.principalVariation)).toContain(2);
    }
  });

  it('both engines build the same tree with dice', async () => {
    const [ref, wasm] = await Promise.all(BACKENDS.map((b) => oracleEngine(b, 8)));
    const a = await ref!.search({ iterations: 1500, seed: 9 });
    const b = await wasm!.search({ iterations: 1500, seed: 9 });
    const show = (e: Engine, r: typeof a) => r.children.map((c) => `${e.formatMove(c.move)}:${c.visits}:${c.value.toFixed(5)}`);
    expect(show(wasm!, b)).toEqual(show(ref!, a));
    expect(b.principalVariation.map((m) => wasm!.formatMove(m))).toEqual(a.principalVariation.map((m) => ref!.formatMove(m)));
  });
});

describe('a contempt for draws (GameRules.contempt, 0.1 in Tholian Go)', () => {
  /** Blue to move, a light token ahead, after Red's empty turn: Blue's empty turn draws (§4). */
  const AHEAD =
    'tholian main R:D1.1,D2.1,D3.1,D4.1,D5.1,D6.1,L1.1,L10.1,L2.1,L3.1,L4.1,L4.2,L5.1,L6.1,L6.2,L7.1,L8.1,L8.2,L9.1 ' +
    'B:D1.6,D2.6,D3.6,D4.6,D5.6,D6.6,L1.7,L10.7,L11.7,L2.7,L3.7,L4.7,L5.6,L5.7,L6.7,L7.6,L7.7,L8.7,L9.6,L9.7 B d1l2 e1';
  const drawOf = (r: { children: ReadonlyArray<{ move: unknown; value: number }> }): number =>
    r.children.find((c) => (c.move as { kind: string }).kind === 'end')!.value;

  it('alpha-beta values the drawing empty turn as a point behind, whatever the token margin, in both engines', async () => {
    for (const backend of BACKENDS) {
      const e = await createEngine({ game: 'tholian', backend, position: AHEAD });
      const before = e.position();
      // winProbability(-100) at the scale of 4: 0.5 - 1/10.
      expect(drawOf(await e.search({ algorithm: 'alphabeta', depth: 1 }))).toBeCloseTo(0.4, 9);
      // Without contempt a draw is worth one half, not the token a side is ahead.
      expect(drawOf(await e.search({ algorithm: 'alphabeta', depth: 1, settings: { contempt: 0 } }))).toBe(0.5);
      expect(drawOf(await e.search({ algorithm: 'alphabeta', depth: 1, settings: { contempt: 0.2 } }))).toBeCloseTo(0.3, 3);
      expect(e.position()).toBe(before);
    }
  });

  it('the MCTS takes the game\'s contempt unless a search sets its own, alike in both engines', async () => {
    const values: number[][] = [];
    for (const backend of BACKENDS) {
      const e = await createEngine({ game: 'tholian', backend, position: AHEAD });
      const search = (contempt?: number) => e.search({ iterations: 400, seed: 3, fresh: true, settings: { widen: 0, ...(contempt === undefined ? {} : { contempt }) } });
      const own = await search();
      expect(drawOf(own)).toBeCloseTo(0.4, 5);
      expect(drawOf(await search(0))).toBeCloseTo(0.5, 5);
      values.push(own.children.map((c) => c.value));
    }
    expect(values[1]).toEqual(values[0]);
  });

  it('a kept tree that valued a draw serves only its own player: the other starts afresh', async () => {
    const visits = (r: { children: ReadonlyArray<{ visits: number }> }): number => r.children.reduce((n, c) => n + c.visits, 0);
    for (const backend of BACKENDS) {
      const kept: number[] = [];
      for (const contempt of [0.1, 0]) {
        const e = await createEngine({ game: 'tholian', backend, position: AHEAD });
        const first = await e.search({ iterations: 3000, seed: 1, settings: { contempt } });
        // A step, then the end of Blue's turn (not empty, so no draw): Red searches next.
        const step = first.children.find((c) => (c.move as { kind: string }).kind !== 'end')!;
        e.play(step.move);
        e.play(e.legalMoves().find((m) => (m as { kind: string }).kind === 'end')!);
        expect(e.toMove()).toBe(1);
        kept.push(visits(await e.search({ iterations: 50, seed: 2, settings: { contempt } })));
      }
      // With contempt the draws Blue's tree valued were Blue's: Red's search is new.
      expect(kept[0]).toBe(50);
      expect(kept[1]).toBeGreaterThan(50);
    }
  });
});

describe("the levels' own settings (GameRules.levelSettings)", () => {
  it('a level grows a node at every visit, and its budget-sized arena holds a whole level-5 search', async () => {
    const e = await createEngine({ game: 'tholian', backend: 'wasm' });
    // A middle game: 120 seeded random steps from the start.
    randomMoves(e, 1, 120);
    expect(e.history()).toHaveLength(120);
    expect(e.outcome()).toBeNull();
    const level5 = levelSearch(5, e.rules);
    expect(level5.settings).toMatchObject({ expandAfter: 1, cutoff: 0, heuristic: 1 });
    const r = await e.search({ ...level5, seed: 3, iterations: 10_000, timeMs: undefined });
    // Grown ten thousand times the tree needs several MiB, which the arena grows to (wasm-engine.ts).
    expect(r.iterations).toBe(10_000);
    expect(r.arenaFull).toBe(false);
  });
});

// ---------------------------------------------------------------- the module's MCTS

/** The module's search settings and evaluation weights, as the wasm engine writes them. */
function configure(core: TholianCore, s: SearchSettings, contempt = s.contempt): void {
  new Int32Array(core.memory.buffer, core.evalWeightsPtr(), tholian.evaluation.terms.length).set(tholian.evaluation.terms.map((term) => term.weight));
  configureSearch(core, { ...s, contempt });
}

const referenceChildren = (r: ReferenceMcts<TholianState, TholianMove>) =>
  r.children().map((c) => ({ move: pack(c.move as GameMove), visits: c.visits, valueSum: c.valueSum, proven: c.proven }));

describe("the module's MCTS against the reference MCTS", () => {
  it('a seeded search builds the same tree as the reference MCTS', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 16 * MB);
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
      const o = opts(variants[i]!);
      for (const state of [tholian.initial(MAIN, 'standard', o), midGame(MAIN, o, 40 + i, 300)]) {
        tholianCodec.load(core, MAIN, o, state);
        const reference = new ReferenceMcts<TholianState, TholianMove>(tholian, MAIN, o);
        reference.settings = setting;
        reference.begin(state, 99 + i);
        configure(core, setting);
        core.searchReset();
        core.searchBegin(99 + i);
        for (const step of [1, 20, 60]) {
          reference.run(step);
          expect(core.searchRun(step)).toBe(step);
        }
        expect(wasmRootChildren(core)).toEqual(referenceChildren(reference));
        expect(new Int32Array(core.memory.buffer, core.resultPtr(), 4)[RESULT_ROOT_VISITS]).toBe(reference.rootVisits());
        expectState(core, MAIN, state, 'after the search');
      }
    }
  });

  it('a contempt for draws values the empty turn that draws below one half, in both engines alike', async () => {
    const core = await newCore();
    installBoard(core, MAIN, 16 * MB);
    const o = opts({ variant: 'main' });
    // Red ended a turn empty: Blue's empty turn now draws (§A-16).
    const state = tholian.cloneState(tholian.initial(MAIN, 'standard', o));
    tholian.apply(MAIN, state, { kind: 'end' }, o);
    const drawn = tholian.cloneState(state);
    tholian.apply(MAIN, drawn, { kind: 'end' }, o);
    expect(tholian.outcome(MAIN, drawn, o)?.winner).toBe(0);
    const end = pack({ kind: 'end' });
    const endVisits: number[] = [];
    for (const contempt of [0, 0.2]) {
      // Without widening, so that every edge, the drawing one too, is tried.
      const setting: SearchSettings = { ...DEFAULT_SEARCH_SETTINGS, widen: 0, contempt };
      const reference = new ReferenceMcts<TholianState, TholianMove>(tholian, MAIN, o);
      reference.settings = setting;
      tholianCodec.load(core, MAIN, o, state);
      configure(core, setting);
      core.searchReset();
      reference.begin(state, 5);
      core.searchBegin(5);
      reference.run(400);
      core.searchRun(400);
      const children = wasmRootChildren(core);
      expect(children).toEqual(referenceChildren(reference));
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
      configure(core, setting, contempt + 0.1);
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

describe('sequestration inside the searches', () => {
  // The module keeps each player's areas between moves (sequestration.ts) and must drop them
  // whenever a search puts a position back by copying it: every MCTS iteration and every
  // alpha-beta node starts from a copy. Mid-game on the main board captures happen within a few
  // moves, so areas kept from another line would remove other tokens than the reference does.
  it('the MCTS builds the reference tree from crowded mid-game positions, with playouts long enough to capture', async () => {
    // Playouts of 80 steps judged by the score margin: long enough to capture, short enough for the reference.
    const settings = { heuristic: 0 as const, cutoff: 80 };
    for (const seed of [3, 8]) {
      const engines = await Promise.all(BACKENDS.map((backend) => createEngine({ game: 'tholian', backend, arenaMB: 16 })));
      const rng = new (await import('../../../reference/core/rng.js')).Rng(seed);
      for (let ply = 0; ply < 400 && !engines[0]!.outcome(); ply++) {
        const legal = engines[0]!.legalMoves();
        const move = legal[rng.below(legal.length)]!;
        for (const e of engines) e.play(move);
      }
      if (engines[0]!.outcome()) continue;
      const [a, b] = await Promise.all(engines.map((e) => e.search({ iterations: 150, seed: 5, settings })));
      const tree = (r: typeof a): unknown => r!.children.map((c) => [engines[0]!.formatMove(c.move), c.visits, c.value.toFixed(5)]);
      expect(tree(b), `seed ${seed}`).toEqual(tree(a));
    }
  });
});
