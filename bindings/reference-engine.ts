/**
 * The Engine over the pure-TypeScript reference rules (reference/games/throngs.ts).
 */
import { ThrongsGame } from '../reference/games/throngs.js';
import type { LegalMove } from '../reference/games/throngs/moves.js';
import type { ScoreBreakdown } from '../reference/games/throngs/scoring.js';
import type { ThrongsState } from '../reference/games/throngs/state.js';
import { MAX_POWER } from '../reference/games/throngs/destinations.js';
import { UsageError } from '../reference/errors.js';
import { isSeed } from '../reference/rng.js';
import { randomPlayout, type PlayoutOptions, type PlayoutResult } from '../reference/search/playout.js';
import type { Topology } from '../reference/topology/topology.js';
import type { Outcome, Player, RuleOptions } from '../reference/types.js';
import { BaseEngine } from './base-engine.js';
import { ReferenceMcts } from '../reference/search/mcts.js';
import type { SearchCore } from './search.js';
import type { GameConfig } from './engine.js';

export class ReferenceEngine extends BaseEngine {
  readonly backend = 'reference' as const;
  private game!: ThrongsGame;
  private mcts!: ReferenceMcts;

  constructor(config: GameConfig = {}) {
    super();
    this.reset(config);
  }

  /** The underlying rules object, for tools that need more than the Engine interface. */
  get rules(): ThrongsGame {
    return this.game;
  }

  protected install(topology: Topology, options: RuleOptions, state: ThrongsState): void {
    this.game = ThrongsGame.fromState(topology, state, options);
    this.mcts = new ReferenceMcts(topology, options);
  }

  protected legal(): LegalMove[] {
    return this.game.legalMoves() as LegalMove[];
  }

  protected apply(move: LegalMove): void {
    this.game.play(move);
    this.mcts.advance(move, this.game.snapshot());
  }

  protected retract(): void {
    this.game.undo();
    this.mcts.reset();
  }

  protected searchCore(): SearchCore {
    const mcts = this.mcts;
    const game = this.game;
    return {
      begin(seed, settings) {
        mcts.settings = settings;
        mcts.begin(game.snapshot(), seed);
      },
      run: (n) => mcts.run(n),
      full: () => false,
      children: () => mcts.children(),
      principalVariation: (max) => mcts.principalVariation(max),
    };
  }

  state(): ThrongsState {
    return this.game.snapshot();
  }

  toMove(): Player {
    return this.game.toMove;
  }

  moveIndex(): 1 | 2 {
    return this.game.moveIndex;
  }

  counters(): [number, number] {
    const [a, b] = this.game.counters;
    return [a, b];
  }

  pieStep(): number | null {
    return this.game.pieStep;
  }

  scores(): [number, number] {
    return this.game.scores();
  }

  scoreBreakdown(player: Player): ScoreBreakdown {
    return this.game.scoreBreakdown(player);
  }

  territory(): Uint8Array {
    return this.game.territory();
  }

  outcome(): Outcome | null {
    return this.game.outcome();
  }

  actionPotential(site: number, player?: Player): number {
    return this.game.actionPotential(site, player);
  }

  actionPotentials(player?: Player): Int8Array {
    const out = new Int8Array(this.topology.size);
    for (let s = 0; s < out.length; s++) out[s] = this.game.actionPotential(s, player);
    return out;
  }

  destinations(site: number): number[] {
    return this.game.destinations(site);
  }

  reachable(site: number, power: number): number[] {
    if (!Number.isInteger(power) || power < 0 || power > MAX_POWER) {
      throw new UsageError(`power must be a whole number from 0 to ${MAX_POWER}, got ${String(power)}`);
    }
    return this.game.reachable(site, power);
  }

  playout(seed: number, options?: PlayoutOptions): PlayoutResult {
    if (!isSeed(seed)) throw new UsageError(`seed must be an integer from 0 to 2^32-1, got ${String(seed)}`);
    return randomPlayout(this.game, seed, options);
  }
}
