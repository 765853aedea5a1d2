/**
 * One step of the strength ladder: a match between two agents, played until its SPRT decides or
 * it reaches the cap, from the opening suite shipped for its game and board when there is one.
 * The step is saved after every game with each game's result, so a step stopped part way resumes
 * where it stopped with its SPRT intact. Deciding what to play (planStep) is kept apart from
 * playing it (playStep), and the match itself is played by a function of runMatch's options and
 * return shape, so that another runner of matches can stand in for runMatch.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeSummary, runMatch, summarise, type GameFacts, type MatchOptions, type MatchRun } from '../bindings/agents/match.js';
import { readSuite, suitePath } from '../bindings/agents/openings.js';
import { liveLine, liveTest, progressLine } from '../bindings/agents/progress.js';
import type { Adjudication } from '../bindings/agents/adjudication.js';
import { parseAgent, type AgentSpec } from '../bindings/agents/agents.js';
import { pentanomial, sprt, type SprtBounds, type SprtState } from '../bindings/agents/sprt.js';
import { describeElo, scoreEloRange } from '../bindings/agents/interval.js';
import { doc, file, formatEntries, load, root, same, sameBounds, sprtCell, writeTable, type Entry, type HowPlayed, type KeptGame, type KeptSprt } from './ladder-plan.js';

/** A row of the plan (ladder-plan.ts's LADDER). */
export interface Step {
  readonly game: string;
  readonly a: string;
  readonly b: string;
  /** The plan's random opening plies, for a step without a suite. */
  readonly openingPlies: number;
  readonly board: string;
}

export const stepOf = ([game, a, b, openingPlies, board]: readonly [string, string, string, number, string]): Step => ({ game, a, b, openingPlies, board });
export const label = (s: Step): string => `${s.game} ${s.board} ${s.a} vs ${s.b}`;

/** How a run of the ladder plays the steps it plays. */
export interface Run {
  /** At most this many games a step. */
  readonly cap: number;
  readonly threads: number;
  /** The SPRT's bounds; null: every step plays `cap` games. */
  readonly sprt: SprtBounds | null;
  /** Play the steps from scratch, their saved entries replaced once a game is in. */
  readonly redo: boolean;
  /** End games once both agents' searches agree on the winner; absent: every game is played out. */
  readonly adjudication?: Adjudication;
}

/** Where the ladder keeps its entries, writes its table and finds the opening suites. */
export interface LadderFiles {
  readonly entries: string;
  readonly doc: string;
  /** The directory suitePath()'s paths start from. */
  readonly root: string;
}

export const LADDER_FILES: LadderFiles = { entries: fileURLToPath(file), doc: fileURLToPath(doc), root: fileURLToPath(root) };

export interface StepSuite {
  /** As suitePath() writes it, from the root: what the entry records. */
  readonly path: string;
  readonly lines: readonly string[];
}

/** The suite shipped for the step's game and board, or null when there is none. */
export async function suiteFor(step: Step, rootDir: string): Promise<StepSuite | null> {
  const path = suitePath(step.game, step.board);
  const full = join(rootDir, path);
  return existsSync(full) ? { path, lines: await readSuite(full, { game: step.game, board: step.board }) } : null;
}

export const keep = (r: GameFacts): KeptGame => [r.index, r.scoreA, r.plies, r.reason];
export const unkeep = ([index, scoreA, plies, reason]: KeptGame): GameFacts => ({ index, scoreA, plies, reason });

/**
 * The games a step plays at once on `threads` cores: fewer where an agent searches on several
 * worker threads itself, so that each game has the cores its agents think with.
 */
export function stepThreads(step: Step, threads: number): number {
  const workers = Math.max(...[step.a, step.b].map((a) => workersOf(parseAgent(a))));
  return Math.max(1, Math.floor(threads / workers));
}

const workersOf = (spec: AgentSpec): number => ('workers' in spec && spec.workers ? spec.workers : 1);

/** How the steps of `run` are played: from the suite when there is one (its positions vary the games enough), else from the plan's random plies. */
export function howPlayed(step: Step, run: Run, suite: StepSuite | null): HowPlayed {
  const b = run.sprt;
  const a = run.adjudication;
  return {
    sprt: b && { elo0: b.elo0, elo1: b.elo1, alpha: b.alpha, beta: b.beta },
    suite: suite?.path ?? null,
    openingPlies: suite ? 0 : step.openingPlies,
    ...(a ? { adjudication: { threshold: a.threshold, plies: a.plies } } : {}),
  };
}

const sameAdjudication = (x: Adjudication | undefined, y: Adjudication | undefined): boolean =>
  x === y || (!!x && !!y && x.threshold === y.threshold && x.plies === y.plies);

const sameHow = (x: HowPlayed, y: HowPlayed): boolean =>
  sameBounds(x.sprt, y.sprt) && x.suite === y.suite && x.openingPlies === y.openingPlies && sameAdjudication(x.adjudication, y.adjudication);

export function describeHow(h: HowPlayed): string {
  const test = h.sprt ? `SPRT elo0=${h.sprt.elo0} elo1=${Number(h.sprt.elo1.toFixed(1))} alpha=${h.sprt.alpha} beta=${h.sprt.beta}` : 'a fixed number of games';
  const plies = h.openingPlies ? `${h.openingPlies} random plies` : '';
  const openings = h.suite ? `pairs from ${h.suite}${plies ? ` and ${plies}` : ''}` : plies ? `pairs opened by ${plies}` : 'pairs from the start';
  const adjudicated = h.adjudication ? `, adjudicated at ${h.adjudication.threshold} over ${h.adjudication.plies} decisions` : '';
  return `${test}, ${openings}${adjudicated}`;
}

/** The entry's SPRT state from its games, or null for an entry without games or without a test. */
export function testOf(e: Entry): SprtState | null {
  return e.played?.sprt && e.results ? sprt(e.played.sprt, pentanomial(e.results.map(unkeep))) : null;
}

/**
 * Whether a step needs no more games: its SPRT decided, or it has `cap` games (an entry saved
 * before the ladder kept each game is a fixed-length match, finished only at the cap).
 */
export const finished = (e: Entry, cap: number): boolean => !!testOf(e)?.decision || e.games >= cap;

export type StepPlan =
  | { readonly kind: 'skip'; readonly finished: boolean; readonly why: string }
  | {
      readonly kind: 'play';
      /** fresh: from game 0; resume: on from the entry's games, its SPRT counting them; top-up: more games for an entry without them, merged by counts. */
      readonly mode: 'fresh' | 'resume' | 'top-up';
      /** The match's options, but for onGame. */
      readonly options: MatchOptions;
      readonly played: HowPlayed | null;
      /** The entry the games add to (not for fresh). */
      readonly saved?: Entry;
    };

/**
 * What to play of a step, given its saved entry: nothing if it is finished; the rest of it, the
 * same way it started, if it kept its games; more games merged by counts, as the ladder did
 * before SPRT, for an entry that did not keep its games, if this run is of fixed length; from
 * scratch if there is no entry or the run redoes the step. A step started another way (other
 * bounds, another suite) is left alone: --redo re-measures it this run's way.
 */
export function planStep(step: Step, saved: Entry | undefined, run: Run, suite: StepSuite | null): StepPlan {
  const played = howPlayed(step, run, suite);
  const base = { a: step.a, b: step.b, games: run.cap, threads: stepThreads(step, run.threads), game: { game: step.game, board: step.board }, seed: 1 };
  const fresh: MatchOptions = {
    ...base,
    openingPlies: played.openingPlies,
    ...(played.sprt ? { sprt: played.sprt } : {}),
    ...(suite ? { openings: suite.lines, openingsOrder: 'random' as const } : {}),
    ...(played.adjudication ? { adjudication: played.adjudication } : {}),
  };
  if (!saved || run.redo) return { kind: 'play', mode: 'fresh', options: fresh, played };
  if (finished(saved, run.cap)) return { kind: 'skip', finished: true, why: `finished (${saved.games} games${saved.sprt ? `, SPRT ${sprtCell(saved)}` : ''})` };
  if (!saved.played || !saved.results) {
    if (run.sprt) {
      return {
        kind: 'skip',
        finished: false,
        why: `${saved.games} games saved without their results, which no SPRT can count: --redo re-measures the step, --no-sprt tops it up to ${run.cap} games`,
      };
    }
    return { kind: 'play', mode: 'top-up', options: { ...base, openingPlies: step.openingPlies, firstGame: saved.games }, played: null, saved };
  }
  if (!sameHow(saved.played, played)) {
    return { kind: 'skip', finished: false, why: `started with ${describeHow(saved.played)}, not ${describeHow(played)}: --redo re-measures it so` };
  }
  return { kind: 'play', mode: 'resume', options: { ...fresh, firstGame: saved.results.length, earlier: saved.results.map(unkeep) }, played, saved };
}

/** Games first, first+1, … that have all finished (with threads, games finish out of order). */
export function finishedPrefix<R extends { readonly index: number }>(results: readonly R[], first: number): R[] {
  const byIndex = new Map(results.map((r) => [r.index, r]));
  const prefix: R[] = [];
  for (let i = first; byIndex.has(i); i++) prefix.push(byIndex.get(i)!);
  return prefix;
}

const round = (x: number, digits: number): number => Number(x.toFixed(digits));

function keptSprt(s: SprtState): KeptSprt {
  return {
    llr: round(s.llr, 3),
    limits: [round(s.limits[0], 3), round(s.limits[1], 3)],
    decision: s.decision,
    pairs: s.pairs,
    pentanomial: s.pentanomial,
    elo: round(s.elo, 1),
    eloInterval95: [round(s.eloInterval95[0], 1), round(s.eloInterval95[1], 1)],
  };
}

/** The step's entry once `more` games are in, with the time and CPU these took. */
export function entryOf(step: Step, plan: Extract<StepPlan, { kind: 'play' }>, more: readonly GameFacts[], seconds: number, cpuSeconds: number | undefined, elsewhere?: string): Entry {
  const saved = plan.mode === 'fresh' ? undefined : plan.saved;
  const common = {
    game: step.game,
    a: step.a,
    b: step.b,
    board: step.board,
    date: new Date().toISOString(),
    seconds: Math.round(seconds + (saved?.seconds ?? 0)),
    threads: plan.options.threads,
    machine: elsewhere ?? `${cpus()[0]?.model ?? '?'} x${cpus().length}`,
  };
  // An entry saved before CPU was measured, or played elsewhere, leaves its total unknown.
  const cpu = cpuSeconds === undefined || (saved && saved.cpuSeconds === undefined) ? {} : { cpuSeconds: Math.round(cpuSeconds + (saved?.cpuSeconds ?? 0)) };
  if (plan.mode === 'top-up') return { ...common, ...mergeSummary(plan.saved!, more) };
  const games = [...(plan.options.earlier ?? []), ...more];
  const test = plan.played?.sprt ? sprt(plan.played.sprt, pentanomial(games)) : null;
  return { ...common, ...cpu, ...summarise(games), played: plan.played!, results: games.map(keep), ...(test ? { sprt: keptSprt(test) } : {}) };
}

/** Saves `entry` in place of the step's saved one (a new step's last) and rewrites the table. */
export function saveEntry(files: LadderFiles, entry: Entry): void {
  const entries = load(files.entries);
  const at = entries.findIndex((e) => same(e, entry.game!, entry.a, entry.b, entry.board));
  entries.splice(at < 0 ? entries.length : at, at < 0 ? 0 : 1, entry);
  writeFileSync(files.entries, formatEntries(entries));
  writeTable(files.doc, entries);
}

/** Plays a match: runMatch's options in, its return shape out. */
export type PlayMatch = (options: MatchOptions) => Promise<MatchRun>;

export interface StepIO {
  readonly files?: LadderFiles;
  /** runMatch, on this machine's threads, unless another runner plays the games. */
  readonly play?: PlayMatch;
  /** Where the games are played when not on this machine (a queue's workers): CPU is then not measured. */
  readonly elsewhere?: string;
  /** Where the step's first line and live line go: standard error by default. */
  readonly out?: { readonly isTTY?: boolean; write(text: string): unknown };
}

/**
 * Plays what planStep says of the step and returns the plan with the entry as saved last (the
 * saved entry, untouched, for a step skipped). The entry is saved after every game that extends
 * the games in order, so a run killed part way keeps what it played.
 */
export async function playStep(step: Step, run: Run, io: StepIO = {}): Promise<{ plan: StepPlan; entry: Entry | undefined }> {
  const files = io.files ?? LADDER_FILES;
  const out = io.out ?? process.stderr;
  const saved = load(files.entries).find((e) => same(e, step.game, step.a, step.b, step.board));
  const plan = planStep(step, saved, run, await suiteFor(step, files.root));
  if (plan.kind === 'skip') return { plan, entry: saved };
  const first = plan.options.firstGame ?? 0;
  const earlier = plan.options.earlier ?? [];
  out.write(`${label(step)}: ${plan.mode === 'fresh' ? 'from game 0' : `${plan.mode === 'resume' ? 'resuming' : 'topping up'} from game ${first}`} up to ${run.cap}, ${plan.played ? describeHow(plan.played) : 'a fixed number of games, as saved'}\n`);
  const started = performance.now();
  // process.cpuUsage() is the process's (getrusage of every thread), so it counts the worker
  // threads that play the games; a runner playing them elsewhere would have to report its own.
  const cpuStart = process.cpuUsage();
  const elapsed = (): number => (performance.now() - started) / 1000;
  const cpuSoFar = (): number | undefined => {
    if (io.elsewhere) return undefined;
    const c = process.cpuUsage(cpuStart);
    return (c.user + c.system) / 1e6;
  };
  let kept = 0;
  let entry: Entry | undefined;
  const checkpoint = (results: readonly GameFacts[]): void => {
    const more = finishedPrefix(results, first);
    if (more.length <= kept) return;
    kept = more.length;
    entry = entryOf(step, plan, more, elapsed(), cpuSoFar(), io.elsewhere);
    saveEntry(files, entry);
  };
  // A top-up's earlier games are only counts: its line covers the games it adds.
  const [offset, games] = plan.mode === 'top-up' ? [0, run.cap - first] : [first, run.cap];
  const live = liveLine(games, out);
  const liveState = liveTest(plan.played?.sprt);
  const earlierSeconds = plan.mode === 'fresh' ? 0 : plan.saved!.seconds;
  try {
    const played = await (io.play ?? runMatch)({
      ...plan.options,
      onGame(done, results) {
        checkpoint(results);
        const all = [...earlier, ...results];
        const test = liveState(all);
        live.show(offset + done, progressLine(offset + done, games, plan.mode === 'top-up' ? results : all, test, earlierSeconds + elapsed()), !!test?.decision);
      },
    });
    // A runner that reports no games as they finish is saved here.
    checkpoint(played.results);
  } finally {
    live.end();
  }
  return { plan, entry: entry ?? plan.saved };
}

/** The line that closes a step: the score, the Elo, the SPRT's verdict, the games, wall and CPU time. */
export function stepLine(step: Step, e: Entry): string {
  const elo = describeElo(scoreEloRange(e), 'short');
  const test = e.played?.sprt ? `, SPRT ${sprtCell(e)}` : '';
  const cpu = e.cpuSeconds === undefined ? '' : `, ${e.cpuSeconds} s CPU`;
  return `${label(step)}: ${e.winsA}-${e.winsB}-${e.draws} in ${e.games} games, ${(e.winRateA * 100).toFixed(1)}%, ${elo}${test} (${e.seconds} s${cpu})`;
}
