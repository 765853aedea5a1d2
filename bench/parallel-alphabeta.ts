/**
 * The speed-up the parallel alpha-beta's schedule allows, measured in nodes, so that it holds on a
 * busy machine: every worker is an engine in this thread, and their time is simulated, a job
 * ending at its start plus its nodes (the message's own cost left out; the jobs are counted). The
 * driver is the real one (engine/parallel-alphabeta.ts); only the clock is virtual.
 *
 *   npx tsx bench/parallel-alphabeta.ts [--game G] [--board B] [--plies P] [--depths 5,6,7] [--workers 2,3]
 *   npx tsx bench/parallel-alphabeta.ts --write
 *
 * --write measures the plan below (each game's ladder board, positions and depths where one
 * core's search takes from a tenth of a second to a minute) with 2 and 3 workers, saves the rows
 * in bench/parallel-alphabeta.json and rewrites the table in docs/benchmarks.md.
 *
 * The game is the registry's default, on its first benchmark board, unless named. The position:
 * P plies of a depth-2 alpha-beta from the start (deterministic). Prints per depth: the one-core
 * search's nodes, then per worker count the total nodes, the most any worker
 * searched, the critical path (the simulated time: waits included), the jobs (messages) and the
 * table entries the workers shared, and the one-core nodes over the critical path: the ideal
 * speed-up.
 */
import { writeFileSync } from 'node:fs';
import { createEngine } from '../bindings/index.js';
import { localSearcher, parallelAlphaBeta, type RootSearcher } from '../bindings/engine/parallel-alphabeta.js';
import type { Engine } from '../bindings/engine/engine.js';
import { AB_SHARE_WORDS } from '../assembly/core/abi.js';
import { DEFAULT_GAME, gameEntry } from '../bindings/games/registry.js';
import { PARALLEL_FILE, PLAN, table, writeParallelTable, type Row } from './parallel-alphabeta-plan.js';
import { scriptArgs } from './script-args.js';

const { values } = scriptArgs('parallel-alphabeta', {
  options: {
    game: { type: 'string', default: DEFAULT_GAME },
    board: { type: 'string' },
    plies: { type: 'string', default: '20' },
    depths: { type: 'string', default: '5,6' },
    workers: { type: 'string', default: '2' },
    write: { type: 'boolean' },
  },
});

/** The game's first benchmark board unless one is named. */
const board = values.board ?? gameEntry(values.game).bench.boards[0]!;

/** Simulated time: pending job ends run in order of their time, each once every thread has settled. */
class Clock {
  now = 0;
  private pending: Array<{ at: number; done: () => void }> = [];
  private scheduled = false;

  after<T>(cost: number, value: T): Promise<T> {
    return new Promise<T>((resolve) => {
      this.pending.push({ at: this.now + cost, done: () => resolve(value) });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    // A macrotask: every microtask (the driver's reaction to the last end) has run first.
    setImmediate(() => {
      this.scheduled = false;
      this.pending.sort((a, b) => a.at - b.at);
      const next = this.pending.shift();
      if (!next) return;
      this.now = next.at;
      next.done();
      if (this.pending.length > 0) this.schedule();
    });
  }
}

function timed<M, L>(searcher: RootSearcher<M, L>, clock: Clock, jobs: { n: number; entries: number }): RootSearcher<M, L> {
  return {
    begin: (o) => searcher.begin(o),
    search: async (job) => {
      jobs.n++;
      const r = await searcher.search(job);
      jobs.entries += (r.entries?.length ?? 0) / AB_SHARE_WORDS;
      return clock.after(r.nodes, r);
    },
    principalVariation: (index, max) => searcher.principalVariation(index, max),
  };
}

/** A position: `plies` plies of a depth-2 alpha-beta from the start (deterministic). */
async function position(game: string, on: string, plies: number): Promise<Engine> {
  const e = await createEngine({ game, board: on });
  for (let i = 0; i < plies && !e.outcome(); i++) e.play((await e.search({ algorithm: 'alphabeta', depth: 2 })).move);
  return e;
}

async function measure(game: string, on: string, plies: number, depth: number, counts: readonly number[]): Promise<Row> {
  const one = await (await position(game, on, plies)).search({ algorithm: 'alphabeta', depth });
  const workers: Row['workers'][number][] = [];
  for (const n of counts) {
    const clock = new Clock();
    const jobs = { n: 0, entries: 0 };
    const engines = await Promise.all(Array.from({ length: n }, () => position(game, on, plies)));
    const r = await parallelAlphaBeta(
      engines.map((e) => timed(localSearcher(e), clock, jobs)),
      { depth },
    );
    workers.push({ n, nodes: r.iterations, most: Math.max(...r.workerNodes), path: clock.now, jobs: jobs.n, entries: jobs.entries, sameValue: r.score === one.score });
  }
  return { game, board: on, plies, depth, oneCoreNodes: one.iterations, workers };
}


if (values.write) {
  const rows: Row[] = [];
  for (const [game, on, plies, depths] of PLAN) {
    for (const depth of depths) {
      rows.push(await measure(game, on, plies, depth, [2, 3]));
      console.log(table(rows).split('\n').at(-1));
    }
  }
  writeFileSync(PARALLEL_FILE, JSON.stringify(rows, null, 2) + '\n');
  writeParallelTable(rows);
} else {
  const plies = Number(values.plies);
  const start = await position(values.game, board, plies);
  console.log(`${values.game} ${board}, ${plies} plies: ${start.position()}`);
  console.log('| depth | one core: nodes | workers | nodes | most on a worker | critical path | jobs | entries shared | speed-up | value |');
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  for (const depth of values.depths.split(',').map(Number)) {
    const r = await measure(values.game, board, plies, depth, [1, ...values.workers.split(',').map(Number)]);
    for (const w of r.workers) {
      console.log(`| ${depth} | ${r.oneCoreNodes} | ${w.n} | ${w.nodes} | ${w.most} | ${w.path} | ${w.jobs} | ${w.entries} | ${(r.oneCoreNodes / w.path).toFixed(2)} | ${w.sameValue ? 'the one-core value' : 'differs'} |`);
    }
  }
}
