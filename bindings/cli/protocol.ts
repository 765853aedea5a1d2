/**
 * `throngs engine`: a line protocol on stdin/stdout in the manner of UCI, so that any GUI, bot
 * framework or other engine can drive ours. One command per line; answers are lines too. Errors
 * never end the session: they are reported as `info string error: ...` and change nothing.
 *
 *   uci                                  identify: id lines, the options, `uciok`
 *   isready                              `readyok` (after any command still being read)
 *   setoption name <Name> value <v>      Game, Board, Setup, Rules (name=value,...), Backend, Algorithm, Ponder
 *   ucinewgame                           a new game with the current options
 *   position startpos [moves m1 m2 ...]  the set-up, then moves in the game's notation
 *   position fen <position> [moves ...]  a position in the game's notation, then moves
 *   go [movetime ms] [iterations n] [depth d] [infinite] [seed s]
 *                                        search; `info` lines while it runs, then `bestmove m`
 *   stop                                 end the search now (it answers `bestmove`)
 *   d                                    the board as text, the position and the legal moves
 *   quit                                 leave; nothing after it is read (the end of input also
 *                                        leaves, stopping a search and dropping what was read after it)
 */
import { ThrongsError } from '../../reference/core/errors.js';
import { parseRuleList } from '../../reference/core/record.js';
import { createEngine } from '../games/create.js';
import type { Backend, Engine } from '../engine/engine.js';
import type { SearchProgress, SearchResult } from '../engine/search.js';
import { DEFAULT_GAME, GAME_IDS, gameEntry, isGameId, type GameId } from '../games/registry.js';
import { renderBoard } from './text-board.js';
import { MAX_LINE } from './line-reader.js';

export const ENGINE_NAME = 'Throngs Engine';

interface Settings {
  game: GameId;
  board: string | undefined;
  setup: string | undefined;
  rules: Readonly<Record<string, unknown>>;
  backend: Backend;
  algorithm: 'mcts' | 'alphabeta';
}


export class EngineProtocol {
  private settings: Settings = { game: DEFAULT_GAME, board: undefined, setup: undefined, rules: {}, backend: 'wasm', algorithm: 'mcts' };
  private engine: Engine | null = null;
  private search: { abort: AbortController; done: Promise<void> } | null = null;
  /** Commands run one after another; a `go` only holds the queue until its search has started. */
  private queue: Promise<void> = Promise.resolve();
  /** `quit` was read: nothing after it is. */
  private quitting = false;
  /** The input has ended: no search runs past its first slice any more. */
  private inputEnded = false;
  /** The input ended during a search: commands read but not yet started are dropped. */
  private abandoned = false;

  constructor(
    private readonly out: (line: string) => void,
    private readonly onQuit: () => void = () => {},
  ) {}

  /** Takes one input line; commands are carried out in order. Lines after `quit` are not read. */
  receive(line: string): void {
    if (this.quitting) return;
    const text = line.length > MAX_LINE ? null : line.trim();
    const word = text?.split(/\s+/)[0];
    // `stop` and `quit` must reach a running search at once, not after it.
    if (word === 'stop' || word === 'quit') this.search?.abort.abort();
    if (word === 'quit') this.quitting = true;
    this.enqueue(() => this.run(text));
  }

  private enqueue(command: () => Promise<void>): void {
    this.queue = this.queue.then(() => (this.abandoned ? undefined : command())).catch((e: unknown) => this.error(e));
  }

  /**
   * The input has closed: the session ends as on `quit`. A running search stops (answering its
   * bestmove) and what was read after it is dropped, so that input piled up during a long search
   * is not played out; without a search, what was read runs, each search stopped at once.
   */
  end(): void {
    if (this.quitting) return;
    this.inputEnded = true;
    if (this.search) {
      this.search.abort.abort();
      this.abandoned = true;
    }
    this.quitting = true;
    this.queue = this.queue.then(() => this.leave()).catch((e: unknown) => this.error(e));
  }

  private async leave(): Promise<void> {
    await this.stopSearch();
    this.onQuit();
  }

  /** Resolves when every command received so far has been carried out (and any search ended). */
  async idle(): Promise<void> {
    await this.queue;
    await this.search?.done;
  }

  private error(e: unknown): void {
    const message = e instanceof ThrongsError ? e.message : e instanceof Error ? `internal error: ${e.message}` : String(e);
    this.out(`info string error: ${message}`);
  }

  private async run(text: string | null): Promise<void> {
    if (text === null) return this.error(new ThrongsError(`line longer than ${MAX_LINE.toLocaleString('en-US')} characters ignored`));
    if (text === '') return;
    const [command = '', ...args] = text.split(/\s+/);
    switch (command) {
      case 'uci':
        return this.identify();
      case 'isready':
        // Answered at once, even while a search runs (as UCI asks).
        this.out('readyok');
        return;
      case 'setoption':
        return this.setOption(text);
      case 'ucinewgame':
        await this.stopSearch();
        this.engine = null;
        await this.current();
        return;
      case 'position':
        return this.position(args);
      case 'go':
        return this.go(args);
      case 'stop':
        return this.stopSearch();
      case 'ponderhit':
        return;
      case 'd':
        return this.show();
      case 'quit':
        return this.leave();
      default:
        throw new ThrongsError(`unknown command '${command.slice(0, 40)}' (uci, isready, setoption, ucinewgame, position, go, stop, d, quit)`);
    }
  }

  private identify(): void {
    this.out(`id name ${ENGINE_NAME}`);
    this.out('id author the Throngs Engine developers');
    this.out(`option name Game type combo default ${DEFAULT_GAME} ${GAME_IDS.map((g) => `var ${g}`).join(' ')}`);
    this.out('option name Board type string default <the game\'s default board>');
    this.out('option name Setup type string default <the game\'s first set-up>');
    this.out('option name Rules type string default <none: name=value,...>');
    this.out('option name Backend type combo default wasm var wasm var reference');
    this.out('option name Algorithm type combo default mcts var mcts var alphabeta');
    this.out('option name Ponder type check default false');
    this.out('uciok');
  }

  private async setOption(text: string): Promise<void> {
    const m = /^setoption\s+name\s+(\S+)(?:\s+value\s+(.*))?$/i.exec(text);
    if (!m) throw new ThrongsError('expected setoption name <Name> value <value>');
    const name = m[1]!.toLowerCase();
    const value = (m[2] ?? '').trim();
    await this.stopSearch();
    const next: Settings = { ...this.settings };
    switch (name) {
      case 'game':
        if (!isGameId(value)) throw new ThrongsError(`Game must be one of ${GAME_IDS.join(', ')}, not '${value.slice(0, 40)}'`);
        Object.assign(next, { game: value, board: undefined, setup: undefined, rules: {} });
        break;
      case 'board':
        next.board = value || undefined;
        break;
      case 'setup':
        next.setup = value || undefined;
        break;
      case 'rules':
        next.rules = parseRules(value);
        break;
      case 'backend':
        if (value !== 'wasm' && value !== 'reference') throw new ThrongsError(`Backend must be wasm or reference, not '${value.slice(0, 40)}'`);
        next.backend = value;
        break;
      case 'algorithm':
        if (value !== 'mcts' && value !== 'alphabeta') throw new ThrongsError(`Algorithm must be mcts or alphabeta, not '${value.slice(0, 40)}'`);
        // The search changes; the game stays.
        this.settings = { ...next, algorithm: value };
        return;
      case 'ponder':
        // The engine does not ponder; the option exists so that GUIs may switch it off.
        return;
      default:
        throw new ThrongsError(`unknown option '${m[1]!.slice(0, 40)}' (Game, Board, Setup, Rules, Backend, Algorithm, Ponder)`);
    }
    // A new setting takes effect only if a game can be made with it; otherwise nothing changes.
    const engine = await createEngine({ game: next.game, backend: next.backend, board: next.board, setup: next.setup, options: next.rules });
    this.settings = next;
    this.engine = engine;
  }

  private async current(): Promise<Engine> {
    if (!this.engine) {
      const s = this.settings;
      this.engine = await createEngine({ game: s.game, backend: s.backend, board: s.board, setup: s.setup, options: s.rules });
    }
    return this.engine;
  }

  private async position(args: string[]): Promise<void> {
    await this.stopSearch();
    const engine = await this.current();
    const movesAt = args.indexOf('moves');
    const head = movesAt < 0 ? args : args.slice(0, movesAt);
    const moves = movesAt < 0 ? [] : args.slice(movesAt + 1);
    // Set the game up on a scratch record first: a bad position or move leaves the game as it was.
    const before = engine.record();
    try {
      if (head[0] === 'startpos' && head.length === 1) {
        const s = this.settings;
        engine.reset({ board: s.board ?? engine.rules.defaultBoard, setup: s.setup, options: s.rules });
      } else if (head[0] === 'fen' && head.length > 1) {
        engine.reset({ position: head.slice(1).join(' '), options: this.settings.rules });
      } else {
        throw new ThrongsError('expected position startpos [moves ...] or position fen <position> [moves ...]');
      }
      for (const move of moves) engine.play(move);
    } catch (e) {
      engine.loadRecord(before);
      throw e;
    }
  }

  private async go(args: string[]): Promise<void> {
    await this.stopSearch();
    const engine = await this.current();
    let timeMs: number | undefined;
    let iterations: number | undefined;
    let depth: number | undefined;
    let seed: number | undefined;
    let infinite = false;
    for (let i = 0; i < args.length; i++) {
      const key = args[i]!;
      if (key === 'infinite') {
        infinite = true;
        continue;
      }
      const value = Number(args[i + 1]);
      if (!['movetime', 'iterations', 'nodes', 'seed', 'depth'].includes(key) || args[i + 1] === undefined || !Number.isFinite(value)) {
        throw new ThrongsError(`go: expected movetime <ms>, iterations <n>, depth <n>, seed <n> or infinite, not '${args.slice(i).join(' ').slice(0, 40)}'`);
      }
      if (key === 'depth' && this.settings.algorithm !== 'alphabeta') throw new ThrongsError('go depth needs setoption name Algorithm value alphabeta');
      if (key === 'movetime') timeMs = value;
      else if (key === 'seed') seed = value;
      else if (key === 'depth') depth = value;
      else iterations = value;
      i++;
    }
    if (engine.outcome()) throw new ThrongsError('the game is over: there is nothing to search');
    // `infinite` searches until `stop` (an hour at most, the search's own limit).
    if (infinite || (timeMs === undefined && iterations === undefined && depth === undefined)) timeMs = infinite ? 3_600_000 : 1000;
    const abort = new AbortController();
    // After the end of input nothing could stop a search: it answers from its first slice.
    if (this.inputEnded) abort.abort();
    const started = performance.now();
    let lastInfo = 0;
    const info = (p: { iterations: number; elapsedMs: number; value: number; pv: readonly string[]; depth?: number; score?: number }): void => {
      // Alpha-beta also says its depth and its value in hundredths of a point (UCI's centipawns).
      const ab = p.depth !== undefined ? `depth ${p.depth} ${p.score !== undefined ? `score cp ${Math.round(p.score * 100)} ` : ''}` : '';
      this.out(`info ${ab}iterations ${p.iterations} time ${Math.round(p.elapsedMs)} value ${p.value.toFixed(3)} pv ${p.pv.join(' ')}`);
    };
    const names = (moves: readonly unknown[]): string[] => moves.map((m) => engine.formatMove(m as never));
    const searching = engine.search({
      algorithm: this.settings.algorithm,
      depth,
      timeMs,
      iterations,
      seed,
      signal: abort.signal,
      onProgress: (p: SearchProgress) => {
        if (performance.now() - lastInfo < 250) return;
        lastInfo = performance.now();
        info({ iterations: p.iterations, elapsedMs: p.elapsedMs, value: p.bestValue, pv: names(p.principalVariation), depth: p.depth });
      },
    });
    const done = searching.then(
      (r: SearchResult) => {
        info({ iterations: r.iterations, elapsedMs: performance.now() - started, value: r.value, pv: names(r.principalVariation), depth: r.depth, score: r.score });
        this.out(`bestmove ${engine.formatMove(r.move)}`);
      },
      (e: unknown) => this.error(e),
    );
    this.search = { abort, done: done.finally(() => (this.search = null)) };
  }

  private async stopSearch(): Promise<void> {
    const running = this.search;
    if (!running) return;
    running.abort.abort();
    await running.done;
  }

  private async show(): Promise<void> {
    await this.stopSearch();
    const engine = await this.current();
    for (const line of renderBoard(engine).split('\n')) this.out(line);
    this.out(`position ${engine.position()}`);
    this.out(`legal ${engine.legalMoves().map((m) => engine.formatMove(m)).join(' ')}`);
    this.out(`game ${gameEntry(engine.rules.id).rules.id}`);
  }
}

function parseRules(text: string): Record<string, unknown> {
  const parsed = parseRuleList(text);
  if (!parsed.ok) throw new ThrongsError(parsed.error.detail);
  return parsed.value;
}
