/** `throngs solve`: the exact value of a position (a small board's start) and the moves that keep it. */
import { DFPN_INF, SOLVE_MAX_PLY } from '../../../assembly/core/abi.js';
import { excerpt } from '../../../reference/core/errors.js';
import { checkWritable } from '../../node/files.js';
import { SOLVE_METHODS, type SolveMethod } from '../../solver/method.js';
import { solveThreaded } from '../../solver/parallel.js';
import { describeAtLeast, describeBounds, resultOfBounds } from '../../solver/value.js';
import { GAME_LIST, gameFor, integerOf, out, RULE_OPTIONS, RULES_USAGE, rulesOf, setupOf, UsageProblem, type Command } from '../command.js';
import { solveOnQueue } from '../solve-queue.js';
import { printValue } from '../solve-output.js';

export const command: Command = {
  summary: 'prove the value of a small board (win, draw or loss, and the margin) by exhaustive search',
  usage: `throngs solve [--game ${GAME_LIST}] --board B [--position P] [--setup S] ${RULES_USAGE} [--threads T] [--memory MB] [--save F] [--result-only] [--method alphabeta|dfpn] [--no-symmetry]
       throngs solve ... --queue redis://HOST:PORT [--split-depth D] [--memory MB] [--save F] [--lease-ms L] [--result-only] [--method alphabeta|dfpn]

Searches every line of play from the start of board B (or position P) to the end of the game with
the wasm solver (alpha-beta with a transposition table) and prints the value for the player to
move: win, draw or loss, with the score margin of perfect play (the margin is skipped with
--result-only), the moves that keep it, the nodes searched, the table's size and the time.
--method dfpn proves the same values with the depth-first proof-number search instead (each
value by questions "at least k", the margin by bisection); its nodes count differently, and on
rules with endless lines it may search long before it refuses them.
--threads T (at most 64) splits the root's moves between T threads, each with a table of --memory
MB (default 256, from 2 to 512). --save F keeps each proven root move in F (a file of at most
16 MB, in a folder that exists), and every 5 minutes what the table proved of the positions
within 6 moves of the root (the costliest 20,000: its frontier); run the same command again after
an interruption, on this machine or another, and it skips the proven moves and puts the frontier
back into the table. A line the interruption cut off is dropped, and bounds no game on the board can
end with are left out (each with a warning) and proven again. The table keeps one entry for a
position and its images under the board's symmetries (where the game's rules and state allow);
--no-symmetry keeps one per position, to compare: the same values, usually more nodes. Progress
goes to stderr, with the value as far as it is proven (the result often long before the margin)
and, with --method dfpn, the proof and disproof numbers of each root move's open question;
a win or loss on equal scores reads "win on the tie-break". A game the rules let go on for ever (a repeated position,
or a line past ${SOLVE_MAX_PLY} moves) and a game with chance (dice during play; a random start
fixed by a seed is no chance) cannot be solved (exit 1).

With --queue the solve is spread over machines: the position is split into the subtrees D moves
deep (--split-depth D, 1 to 4; by default deep enough for 16 subtrees), each a job on the queue
in Redis that \`throngs worker --queue\` processes prove (with tables of --memory MB), and this
command combines their values into the same output. Every proof is kept in the save file (--save
F, else throngs-<solve id>.jsonl in this folder): the same command run again goes on from it. A
worker that dies costs only its job, which goes to another once its lock runs out; while this
command is stopped its jobs wait for it for L milliseconds (--lease-ms, default 60000).`,
  options: {
    game: { type: 'string' },
    board: { type: 'string' },
    position: { type: 'string' },
    setup: { type: 'string' },
    threads: { type: 'string' },
    memory: { type: 'string' },
    save: { type: 'string' },
    'result-only': { type: 'boolean' },
    queue: { type: 'string' },
    'split-depth': { type: 'string' },
    'lease-ms': { type: 'string' },
    'no-symmetry': { type: 'boolean' },
    method: { type: 'string' },
    ...RULE_OPTIONS,
  },
  async run(values) {
    const game = gameFor(values);
    // No default: a game's default board is far beyond any exhaustive search.
    if (values.board === undefined) throw new UsageProblem('give the board: --board B (a small one)');
    for (const name of ['split-depth', 'lease-ms'] as const) {
      if (values[name] !== undefined && values.queue === undefined) throw new UsageProblem(`--${name} is for a solve over a queue: give --queue too`);
    }
    if (values.queue !== undefined && values.threads !== undefined) throw new UsageProblem('--threads is for a solve in one process: with --queue, start workers (throngs worker --threads T)');
    if (values.queue !== undefined && values['no-symmetry']) throw new UsageProblem('--no-symmetry is for a solve in one process: the workers of a queue use the symmetries');
    const threads = integerOf(values.threads, 'threads', 1, 1, 64);
    const memory = integerOf(values.memory, 'memory', 2, 256, 512, 'MB per thread');
    const method = (values.method ?? 'alphabeta') as SolveMethod;
    if (!SOLVE_METHODS.includes(method)) throw new UsageProblem(`--method must be ${SOLVE_METHODS.join(' or ')}, not '${excerpt(String(values.method))}'`);
    const options = rulesOf(game, values);
    const setup = setupOf(game, values.setup);
    // A save file that cannot be written is refused before any search, not after the first proof.
    if (values.save !== undefined) checkWritable(String(values.save), 'the save file', true);
    const root = { board: values.board as string, ...(setup ? { setup } : {}), options, ...(values.position !== undefined ? { position: values.position as string } : {}) };
    if (values.queue !== undefined) return solveOnQueue(values, { game, setup: root, arenaMB: memory, margin: !values['result-only'], method });
    let last = 0;
    const r = await solveThreaded({
      game,
      setup: root,
      threads,
      arenaMB: memory,
      margin: !values['result-only'],
      symmetry: !values['no-symmetry'],
      method,
      ...(values.save !== undefined
        ? {
            save: values.save as string,
            onWarning: (line: string) => void process.stderr.write(`solve: ${line}\n`),
            onResume: ({ moves, seeded }: { moves: number; seeded: number }) => {
              if (moves + seeded > 0) process.stderr.write(`solve: from ${String(values.save)}: ${moves} root moves proven, ${seeded} positions of its frontier put back into the table\n`);
            },
          }
        : {}),
      onProgress: (p) => {
        if (p.elapsedMs - last < 2000) return;
        last = p.elapsedMs;
        const value = resultOfBounds(p.value) === null ? 'not yet proven' : describeBounds(p.value);
        // A proof-number search says how near each open question is: the proof and disproof numbers at its root.
        const open = p.questions.map((q) => `; ${q.move ?? 'the position'} ${describeAtLeast(q.atLeast)}? proof number ${numberText(q.proof)}, disproof number ${numberText(q.disproof)}`).join('');
        process.stderr.write(`solve: ${(p.elapsedMs / 1000).toFixed(0)} s, ${p.nodes} nodes, ${p.entries} table entries, ${p.done} proofs done (${p.total} root moves), value so far: ${value}${open}\n`);
      },
    });
    printValue(r);
    out(`nodes: ${r.nodes}; table: ${r.entries} positions (of ${r.capacity}); time: ${(r.elapsedMs / 1000).toFixed(2)} s; threads: ${threads}${method === 'alphabeta' ? '' : `; method: ${method}`}${r.resumed ? `; ${r.resumed} root moves from ${String(values.save)}` : ''}${r.seeded ? `; ${r.seeded} positions of its frontier put back into the table` : ''}`);
    return 0;
  },
};

function numberText(n: number): string {
  return n >= DFPN_INF ? 'infinite' : String(n);
}
