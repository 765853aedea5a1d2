/**
 * The Engine over the pure-TypeScript reference rules of any game (a GameSession of its
 * GameRules), with the generic reference search and playouts.
 */
import type { GameMove, GameOutcome, GameRules } from '../../reference/core/game.js';
import { GameSession } from '../../reference/core/session.js';
import { ReferenceMcts } from '../../reference/search/mcts.js';
import { ReferenceAlphaBeta } from '../../reference/search/alphabeta.js';
import { randomPlayout, type PlayoutOptions, type PlayoutResult } from '../../reference/search/playout.js';
import type { Topology } from '../../reference/boards/topology.js';
import type { Player } from '../../reference/core/types.js';
import { BaseEngine } from './base-engine.js';
import type { GameConfig } from './engine.js';
import type { SearchCore } from './search.js';
import type { AlphaBetaCore } from './alphabeta.js';

export class ReferenceEngine<S, M extends GameMove> extends BaseEngine<S, M> {
  readonly backend = 'reference' as const;
  protected session!: GameSession<S, M>;
  private mcts!: ReferenceMcts<S, M>;

  constructor(rules: GameRules<S, M>, config: GameConfig = {}) {
    super(rules);
    this.reset(config);
  }

  protected install(topology: Topology, options: Readonly<Record<string, unknown>>, state: S): void {
    this.session = new GameSession(this.rules, topology, options, state);
    this.mcts = new ReferenceMcts(this.rules, topology, options);
  }

  protected legal(): M[] {
    return this.session.legalMoves() as M[];
  }

  protected apply(move: M): void {
    this.session.playLegal(move);
    this.mcts.advance(move, this.session.state);
  }

  protected retract(): void {
    this.session.undo();
    this.mcts.reset();
  }

  protected searchCore(): SearchCore<M> {
    const { mcts, session } = this;
    return {
      begin(seed, settings, fresh, weights) {
        mcts.settings = settings;
        if (fresh) mcts.reset();
        mcts.weights = weights;
        mcts.begin(session.state, seed);
      },
      run: (n) => mcts.run(n),
      full: () => false,
      children: () => mcts.children(),
      principalVariation: (max) => mcts.principalVariation(max),
    };
  }

  protected alphaBetaCore(): AlphaBetaCore<M> {
    const { session, rules } = this;
    const ab = new ReferenceAlphaBeta(rules, session.topology, session.options);
    return {
      begin: (weights, draw) => ab.begin(session.state, weights, draw),
      iterate: (depth, budget) => ({ completed: ab.iterate(depth, budget), nodes: ab.lastNodes }),
      completedDepth: () => ab.completedDepth,
      value: () => ab.value,
      best: () => ab.bestMove!,
      children: () => {
        const best = ab.bestMove ? rules.pack(ab.bestMove) : -1;
        return ab.children().map((c) => ({ ...c, best: rules.pack(c.move) === best }));
      },
      principalVariation: (max) => ab.principalVariation(max),
      // The reference table is keyed by the state's text, not the wasm hash: it shares nothing.
      searchRoot: (index, depth, alpha, beta, budget) => {
        const completed = ab.searchRoot(index, depth, alpha, beta, budget);
        return { completed, nodes: ab.lastNodes, value: ab.rootMoveValue };
      },
      importEntries: () => undefined,
    };
  }

  evaluate(weights?: readonly number[]): number {
    this.requireIdle('evaluate a position');
    // As an integer: no -0 (the wasm module has none).
    return this.rules.evaluate(this.session.topology, this.session.state, this.evalWeights(weights)) || 0;
  }

  state(): S {
    return this.session.snapshot();
  }

  toMove(): Player {
    return this.session.toMove;
  }

  scores(): [number, number] {
    return this.session.scores();
  }

  outcome(): GameOutcome | null {
    return this.session.outcome();
  }

  playout(seed: number, options: PlayoutOptions = {}): PlayoutResult {
    const maxMoves = this.checkPlayout(seed, options);
    return randomPlayout(this.session, seed, { ...options, maxMoves });
  }
}
