/**
 * What both backends share: configuration, moves given as notation, legality checks with a
 * reason, the record of the game (start and every move) and replaying records. A backend only
 * supplies the rules core: install a state, list legal moves, apply one, take one back.
 */
import { resolveOptions } from '../reference/games/throngs.js';
import { explainIllegal } from '../reference/games/throngs/explain.js';
import { packMove, type LegalMove } from '../reference/games/throngs/moves.js';
import { checkState, cloneState, initialState, type ThrongsState } from '../reference/games/throngs/state.js';
import type { ScoreBreakdown } from '../reference/games/throngs/scoring.js';
import { IllegalMoveError, NotationError, UsageError, unwrap } from '../reference/errors.js';
import { formatMove, formatPosition, formatRecord, parseMoveToken, parsePosition, parseRecord, resolveMove } from '../reference/notation.js';
import type { PlayoutOptions, PlayoutResult } from '../reference/search/playout.js';
import { board } from '../reference/topology/board-spec.js';
import type { Topology } from '../reference/topology/topology.js';
import { LUDII_RULES, type Move, type Outcome, type Player, type RuleOptions, type Setup } from '../reference/types.js';
import { isMoveShaped } from '../reference/games/throngs.js';
import type { Backend, Engine, GameConfig } from './engine.js';
import { runSearch, type SearchCore, type SearchOptions, type SearchResult } from './search.js';

interface Played {
  readonly move: LegalMove;
  readonly player: Player;
}

export abstract class BaseEngine implements Engine {
  abstract readonly backend: Backend;
  topology!: Topology;
  options: RuleOptions = LUDII_RULES;
  /** How the game began: a set-up name, or the position it was loaded from. */
  private start: { setup: Setup } | { position: string } = { setup: 'standard' };
  private played: Played[] = [];

  /** The state the game started from (before any move of history()). */
  protected startState(): ThrongsState {
    return 'setup' in this.start ? initialState(this.topology, this.start.setup) : unwrap(parsePosition(this.start.position)).state;
  }

  /** Replaces the whole game; the state has already been checked. */
  protected abstract install(topology: Topology, options: RuleOptions, state: ThrongsState): void;
  protected abstract legal(): LegalMove[];
  /** Applies a move taken from legal(). */
  protected abstract apply(move: LegalMove): void;
  /** Takes back the last applied move. */
  protected abstract retract(): void;
  /** The backend's tree search, rooted at the current position. */
  protected abstract searchCore(): SearchCore;
  private searching = false;

  private requireIdle(what: string): void {
    if (this.searching) throw new UsageError(`cannot ${what} while a search is running`);
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    this.requireIdle('start a search');
    this.searching = true;
    try {
      return await runSearch(this.searchCore(), this.legal(), options);
    } finally {
      this.searching = false;
    }
  }

  abstract state(): ThrongsState;
  abstract toMove(): Player;
  abstract moveIndex(): 1 | 2;
  abstract counters(): [number, number];
  abstract pieStep(): number | null;
  abstract scores(): [number, number];
  abstract scoreBreakdown(player: Player): ScoreBreakdown;
  abstract territory(): Uint8Array;
  abstract outcome(): Outcome | null;
  abstract actionPotential(site: number, player?: Player): number;
  abstract actionPotentials(player?: Player): Int8Array;
  abstract destinations(site: number): number[];
  abstract reachable(site: number, power: number): number[];
  abstract playout(seed: number, options?: PlayoutOptions): PlayoutResult;

  reset(config: GameConfig = {}): void {
    this.requireIdle('start a new game');
    const options = resolveOptions(config.options ?? (this.topology ? this.options : {}));
    if (config.position !== undefined) {
      const parsed = unwrap(parsePosition(config.position));
      checkState(parsed.topology, parsed.state);
      this.begin(parsed.topology, options, parsed.state, { position: formatPosition(parsed.topology, parsed.state) });
      return;
    }
    const topology = board(config.board ?? this.topology?.spec ?? 'ragged63');
    const setup = config.setup ?? 'standard';
    if (setup !== 'standard' && setup !== 'pie') {
      throw new UsageError(`set-up must be 'standard' or 'pie', got ${JSON.stringify(setup)}`);
    }
    this.begin(topology, options, initialState(topology, setup), { setup });
  }

  load(position: string | ThrongsState): void {
    this.requireIdle('load a position');
    if (typeof position === 'string') {
      const parsed = unwrap(parsePosition(position));
      checkState(parsed.topology, parsed.state);
      this.begin(parsed.topology, this.options, parsed.state, { position: formatPosition(parsed.topology, parsed.state) });
    } else {
      checkState(this.topology, position);
      const state = cloneState(position);
      this.begin(this.topology, this.options, state, { position: formatPosition(this.topology, state) });
    }
  }

  private begin(topology: Topology, options: RuleOptions, state: ThrongsState, start: BaseEngine['start']): void {
    this.install(topology, options, state);
    this.topology = topology;
    this.options = options;
    this.start = start;
    this.played = [];
  }

  position(form: 'human' | 'machine' = 'human'): string {
    return formatPosition(this.topology, this.state(), form);
  }

  legalMoves(): LegalMove[] {
    return this.legal().slice();
  }

  formatMove(move: Move): string {
    if (!isMoveShaped(move, this.topology)) throw new UsageError(`not a move on ${this.topology.spec}: ${JSON.stringify(move)}`);
    return formatMove(this.topology, move);
  }

  parseMove(text: string): Move {
    const token = unwrap(parseMoveToken(this.topology, text));
    return resolveMove(token, this.state());
  }

  private find(move: Move | string): { move: Move; legal: LegalMove | undefined } {
    const m = typeof move === 'string' ? this.parseMove(move) : move;
    if (!isMoveShaped(m, this.topology)) {
      throw new IllegalMoveError(
        JSON.stringify(m),
        `not a move on ${this.topology.spec}: expected { kind, at, to } with sites 0..${this.topology.size - 1}`,
      );
    }
    const key = packMove(m);
    return { move: m, legal: this.legal().find((l) => packMove(l) === key) };
  }

  isLegal(move: Move | string): boolean {
    try {
      return this.find(move).legal !== undefined;
    } catch (e) {
      if (e instanceof NotationError || e instanceof IllegalMoveError) return false;
      throw e;
    }
  }

  play(move: Move | string): LegalMove {
    this.requireIdle('play');
    const { move: m, legal } = this.find(move);
    if (!legal) {
      const why = explainIllegal(this.topology, this.state(), m, this.legal(), this.options);
      throw new IllegalMoveError(formatMove(this.topology, m), why);
    }
    const player = this.toMove();
    this.apply(legal);
    this.played.push({ move: legal, player });
    return legal;
  }

  undo(): LegalMove {
    this.requireIdle('undo');
    const last = this.played.at(-1);
    if (!last) throw new UsageError('there is no move to undo');
    this.retract();
    this.played.pop();
    return last.move;
  }

  history(): LegalMove[] {
    return this.played.map((p) => p.move);
  }

  moveLog(): Array<{ move: LegalMove; player: Player; notation: string }> {
    return this.played.map((p) => ({ move: p.move, player: p.player, notation: formatMove(this.topology, p.move) }));
  }

  record(): string {
    const tags: Array<[string, string]> = [
      ['Game', 'Throngs'],
      ['Board', this.topology.spec],
    ];
    if ('setup' in this.start) tags.push(['Setup', this.start.setup]);
    else tags.push(['Position', this.start.position]);
    const rules = Object.entries(this.options).filter(([k, v]) => LUDII_RULES[k as keyof RuleOptions] !== v);
    if (rules.length > 0) tags.push(['Rules', rules.map(([k, v]) => `${k}=${String(v)}`).join(',')]);
    const outcome = this.outcome();
    if (outcome) {
      tags.push(['Result', outcome.winner === 1 ? '1-0' : outcome.winner === 2 ? '0-1' : '1/2-1/2']);
      tags.push(['Termination', outcome.reason], ['Score', `${outcome.scores[0]}-${outcome.scores[1]}`]);
    } else {
      tags.push(['Result', '*']);
    }
    const blocks: string[][] = [];
    let last: Player | 0 = 0;
    for (const p of this.played) {
      if (p.player !== last) blocks.push([]);
      blocks.at(-1)!.push(formatMove(this.topology, p.move));
      last = p.player;
    }
    return formatRecord(tags, blocks);
  }

  loadRecord(text: string): void {
    this.requireIdle('load a record');
    const record = unwrap(parseRecord(text));
    const tags = record.tags;
    const options: Record<string, unknown> = {};
    const rules = tags.get('Rules');
    if (rules) {
      for (const pair of rules.split(',')) {
        const [k, v] = pair.split('=');
        if (!k || v === undefined) throw new NotationError(`bad Rules entry '${pair}', expected name=value`, text, text.indexOf(pair));
        options[k.trim()] = v === 'true' ? true : v === 'false' ? false : v.trim();
      }
    }
    const game = tags.get('Game');
    if (game !== undefined && game.toLowerCase() !== 'throngs') {
      throw new NotationError(`this engine plays Throngs, not ${game}`, text, text.indexOf(game));
    }
    const config: GameConfig = tags.has('Position')
      ? { position: tags.get('Position')!, options }
      : { board: tags.get('Board') ?? 'ragged63', setup: (tags.get('Setup') ?? 'standard') as Setup, options };

    // Replay on a scratch copy first, so that a bad record leaves the current game untouched.
    const saved = { topology: this.topology, options: this.options, start: this.start, played: this.played };
    try {
      this.reset(config);
      record.moves.forEach((token, i) => {
        try {
          this.play(token);
        } catch (e) {
          if (e instanceof NotationError || e instanceof IllegalMoveError) {
            const why = e instanceof NotationError ? e.detail : e.message;
            throw new NotationError(`move ${i + 1} (${token}) cannot be played: ${why}`, text, record.offsets[i]!);
          }
          throw e;
        }
      });
    } catch (e) {
      this.restore(saved);
      throw e;
    }
  }

  private restore(saved: { topology: Topology; options: RuleOptions; start: BaseEngine['start']; played: Played[] }): void {
    this.topology = saved.topology;
    this.start = saved.start;
    this.begin(saved.topology, saved.options, this.startState(), saved.start);
    for (const p of saved.played) this.play(p.move);
  }

  /**
   * Rebuilds the backend's state from the start and the moves played, the first `moves` of them
   * (all by default). For backends whose own undo history is bounded, or that must recover.
   */
  protected rebuild(moves = this.played.length): void {
    this.install(this.topology, this.options, this.startState());
    for (const p of this.played.slice(0, moves)) this.apply(p.move);
  }
}
