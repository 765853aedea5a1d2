/**
 * The strength ladder: real matches between random, greedy, the reference search (mcts-ref) and the
 * wasm search (mcts) at 200 ms and 1 s a move, and the AI levels against each other, for every
 * game of the registry (the plan: bench/ladder-plan.ts). Each step is an SPRT (elo0 0, elo1 the
 * Elo of a 60% score) capped at --games, its pairs opened from the game's shipped opening suite;
 * it is saved in bench/ladder.json after every game with each game's result, so a run stopped
 * part way resumes (ladder-step.ts), and the table in docs/ladder.md is rebuilt from the file.
 *
 *   npm run ladder [-- --games 200] [-- --threads 2] [-- --game G] [-- --only "mcts:1000ms vs greedy"] [-- --board B]
 *                  [-- --sprt elo0=0,elo1=70 | --no-sprt] [-- --adjudicate P,N] [-- --redo] [-- --table-only] [-- --queue redis://HOST:PORT]
 *
 * With --queue the steps' pairs are played by `throngs worker --queue` on any number of machines;
 * each step is a queued match whose id follows from the step and where it starts, so a ladder run
 * stopped and started again picks up the pairs its workers already played.
 */
import { runLadder } from './ladder-run.js';

process.exitCode = await runLadder(process.argv.slice(2));
