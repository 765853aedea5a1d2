// The wasm solver's table keyed by the board's symmetries (assembly/core/solve-key.ts): a position
// and each of its images (the same line of play with every site mapped) get the same value for
// every move; the small solved boards of docs/solved.md keep their values with symmetry as without;
// and where a position cannot be mapped (Populace under superko, Tholian Go's graph boards) the
// solver keys positions as they are and still solves them.
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../bindings/index.js';
import type { Engine } from '../../bindings/engine/engine.js';
import type { GameId } from '../../bindings/games/registry.js';
import { Prover } from '../../bindings/solver/prover.js';
import { solvePosition } from '../../bindings/solver/solver.js';
import { boardSymmetries } from '../../bindings/solver/symmetries.js';
import { UNKNOWN, type ValueBounds } from '../../bindings/solver/value.js';
import { wasmSolveCore } from '../../bindings/solver/wasm-core.js';
import type { GameMove } from '../../reference/core/game.js';
import { mapCells } from '../../reference/boards/symmetry.js';
import { Rng } from '../../reference/core/rng.js';
import { referenceSolve } from '../../reference/search/solver.js';
import { runCli } from '../support/cli.js';

interface Config {
  readonly game: GameId;
  readonly board: string;
  readonly options?: Readonly<Record<string, unknown>>;
  readonly setup?: string;
}

const name = (c: Config): string => `${c.game} ${c.board}${c.setup ? ` ${c.setup}` : ''}${c.options ? ` ${JSON.stringify(c.options)}` : ''}`;

async function engineOf(c: Config): Promise<Engine> {
  return createEngine({ game: c.game, board: c.board, backend: 'wasm', arenaMB: 16, ...(c.options ? { options: c.options } : {}), ...(c.setup ? { setup: c.setup } : {}) });
}

/** A move's kind and sites, the sites seen through `image`. */
const moveKey = (m: GameMove, image?: Int32Array): string => {
  const site = (s: number | undefined): string => (s === undefined ? '-' : String(image ? image[s] : s));
  return `${m.kind} ${site(m.at)} ${site(m.to)}`;
};

/** A seeded random line of play from the start to the end of the game (at most 400 moves). */
async function randomLine(c: Config, rng: Rng): Promise<GameMove[]> {
  const e = await engineOf(c);
  const line: GameMove[] = [];
  while (!e.outcome() && line.length < 400) {
    const moves = e.legalMoves();
    const m = moves[rng.below(moves.length)]!;
    line.push(m);
    e.play(m);
  }
  return line;
}

/** Plays `line` on a new engine with every site mapped through `image` (each mapped move must be legal there). */
async function imageOf(c: Config, line: readonly GameMove[], image?: Int32Array): Promise<Engine> {
  const e = await engineOf(c);
  for (const m of line) {
    const wanted = moveKey(m, image);
    const found = e.legalMoves().find((x) => moveKey(x) === wanted);
    expect(found, `${name(c)}: the image of ${moveKey(m)}`).toBeDefined();
    e.play(found!);
  }
  return e;
}

/** Every legal move's exact value (result and margin), by its key with sites seen through `image`, and the nodes it took. */
function everyMove(e: Engine, symmetry: boolean, image?: Int32Array): { values: Map<string, number>; nodes: number; symmetries: number } {
  const solver = wasmSolveCore(e, { symmetry });
  const prover = new Prover(solver.core, 1_000_000);
  const values = new Map<string, number>();
  e.legalMoves().forEach((m, i) => {
    const b = prover.prove(i, UNKNOWN, true);
    expect(b.lower, `${moveKey(m)} proven exactly`).toBe(b.upper);
    values.set(moveKey(m, image), b.lower);
  });
  return { values, nodes: prover.nodes, symmetries: solver.symmetries };
}

// Boards with symmetries, each game on the small ones its solved rows use; `keep`: how many of
// them keep the start's stones where (Throngs' standard set-up) not all do: only those relate a
// line of play from the start to another. The positions solved are 3 to 5 moves before the end
// of a random game of at least `least` moves (a Throngs game that all pass early leaves a position
// whose every move's margin takes long to prove).
const RANDOM: readonly (Config & { readonly symmetries: number; readonly keep?: number; readonly least?: number })[] = [
  { game: 'refugia', board: 'hexhex(2)', symmetries: 12 },
  { game: 'refugia', board: 'hex2-3', symmetries: 6 },
  { game: 'throngs', board: 'hexhex(2)', setup: 'pie', symmetries: 12 },
  { game: 'throngs', board: 'althex(2,3)', symmetries: 6, keep: 2, least: 12 },
  { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 10 }, symmetries: 12 },
];

describe('the solver with the board\'s symmetries', () => {
  for (const c of RANDOM) {
    it(`gives a position and each of its images the same values: ${name(c)}`, async () => {
      const rng = new Rng(71);
      const start = await engineOf(c);
      const all = boardSymmetries(start.topology);
      expect(all).toHaveLength(c.symmetries);
      const cells = start.rules.cells(start.state());
      const keeping = all.filter((image) => mapCells(cells, image).every((v, i) => v === cells[i]));
      expect(keeping).toHaveLength(c.keep ?? c.symmetries);
      for (let game = 0; game < 2; game++) {
        const back = 3 + rng.below(3);
        let line = await randomLine(c, rng);
        for (let tries = 0; line.length < (c.least ?? 0) && tries < 20; tries++) line = await randomLine(c, rng);
        expect(line.length).toBeGreaterThanOrEqual(c.least ?? 0);
        const prefix = line.slice(0, line.length - back);
        const plain = everyMove(await imageOf(c, prefix), false);
        expect(plain.symmetries).toBe(0);
        for (const image of keeping) {
          // The image's moves keyed as the original's: their sites mapped back.
          const inverse = new Int32Array(image.length);
          image.forEach((to, from) => (inverse[to] = from));
          const seen = everyMove(await imageOf(c, prefix, image), true, inverse);
          expect(seen.symmetries).toBe(c.symmetries);
          expect(seen.values, `${name(c)}, image ${Array.from(image).join(',')}`).toEqual(plain.values);
        }
      }
    });
  }

  // docs/solved.md's rows that take a second or two: with symmetry as without, every move's value.
  const SOLVED: readonly Config[] = [
    { game: 'refugia', board: 'hexhex(2)' },
    { game: 'refugia', board: 'hex2-3' },
    { game: 'throngs', board: 'hexhex(2)', setup: 'pie' },
    { game: 'populace', board: 'hexhex(3)', options: { moveLimit: 6 } },
  ];
  for (const c of SOLVED) {
    it(`keeps the values of a solved board: ${name(c)}`, async () => {
      const without = await solvePosition(await engineOf(c), { symmetry: false });
      const withSymmetry = await solvePosition(await engineOf(c), { symmetry: true });
      expect(withSymmetry.value).toEqual(without.value);
      expect(withSymmetry.best).toEqual(without.best);
      expect(withSymmetry.moves.map((m) => m.move)).toEqual(without.moves.map((m) => m.move));
      // Moves proven to their result only may stop at other bounds: they must agree where both are exact.
      withSymmetry.moves.forEach((m, i) => {
        const b = without.moves[i]!.bounds;
        expect(overlap(m.bounds, b), `${m.move}`).toBe(true);
        if (m.bounds.lower === m.bounds.upper && b.lower === b.upper) expect(m.bounds.lower, m.move).toBe(b.lower);
      });
      console.log(`${name(c)}: ${without.nodes} nodes without symmetry, ${withSymmetry.nodes} with`);
    });
  }

  it('throngs solve --no-symmetry keys positions as they are: the same values', async () => {
    const args = ['solve', '--game', 'refugia', '--board', 'hexhex(2)', '--memory', '16'];
    const keyed = await runCli(args);
    const plain = await runCli([...args, '--no-symmetry']);
    expect([keyed.code, plain.code]).toEqual([0, 0]);
    const values = (out: string): string[] => out.split('\n').filter((l) => /^(value|moves that keep it|all moves):/.test(l));
    expect(values(keyed.out)).toHaveLength(3);
    expect(values(plain.out)).toEqual(values(keyed.out));
    const nodes = (out: string): number => Number(/^nodes: (\d+)/m.exec(out)![1]);
    console.log(`throngs solve refugia hexhex(2): ${nodes(plain.out)} nodes with --no-symmetry, ${nodes(keyed.out)} without`);
  });

  it('keys positions as they are where they cannot be mapped, and still solves them', async () => {
    // Populace under positional superko: the board has symmetries, the game maps no position, so
    // the search is the plain one, node for node, and its values the reference solver's.
    const c: Config = { game: 'populace', board: 'hexhex(3)', options: { superko: 'positional', moveLimit: 14 } };
    const rng = new Rng(72);
    for (let game = 0; game < 2; game++) {
      const line = await randomLine(c, rng);
      const prefix = line.slice(0, Math.max(0, line.length - 4));
      const e = await imageOf(c, prefix);
      const plain = everyMove(e, false);
      const keyed = everyMove(e, true);
      expect(keyed.symmetries).toBe(12);
      expect(keyed.values).toEqual(plain.values);
      expect(keyed.nodes).toBe(plain.nodes);
      const ref: Engine = await createEngine({ game: c.game, board: c.board, backend: 'reference', options: c.options! });
      for (const m of prefix) ref.play(ref.legalMoves().find((x) => moveKey(x) === moveKey(m))!);
      const oracle = referenceSolve(ref.rules, ref.topology, ref.rules.cloneState(ref.state()), ref.options);
      expect(oracle.moves.map((m) => m.value)).toEqual([...plain.values.values()]);
    }
    // Tholian Go's boards are graphs: no symmetry beyond the identity, none loaded.
    for (const board of ['main', 'periodic']) {
      const e = await createEngine({ game: 'tholian', board, backend: 'wasm', arenaMB: 16 });
      expect(boardSymmetries(e.topology), board).toHaveLength(1);
      expect(wasmSolveCore(e).symmetries, board).toBe(0);
    }
  });
});

function overlap(a: ValueBounds, b: ValueBounds): boolean {
  return Math.max(a.lower, b.lower) <= Math.min(a.upper, b.upper);
}

