/**
 * Throngs on the reference backend: the generic reference engine plus Throngs' own queries,
 * computed by the rule modules of reference/games/throngs.
 */
import { UsageError } from '../../../reference/core/errors.js';
import { throngs, type ThrongsMove, type ThrongsState } from '../../../reference/games/throngs/index.js';
import { MAX_POWER, reachableFrom } from '../../../reference/games/throngs/destinations.js';
import { actionPotential } from '../../../reference/games/throngs/potential.js';
import { scoreBreakdown, territory, type ScoreBreakdown } from '../../../reference/games/throngs/scoring.js';
import type { Player } from '../../../reference/core/types.js';
import type { Outcome, RuleOptions } from '../../../reference/games/throngs/types.js';
import type { GameConfig } from '../../engine/engine.js';
import { ReferenceEngine } from '../../engine/reference-engine.js';
import type { ThrongsEngine } from './engine.js';

export class ThrongsReferenceEngine extends ReferenceEngine<ThrongsState, ThrongsMove> implements ThrongsEngine {
  declare options: RuleOptions;

  constructor(config: GameConfig = {}) {
    super(throngs, config);
  }

  override outcome(): Outcome | null {
    return super.outcome() as Outcome | null;
  }

  private get live(): ThrongsState {
    return this.session.state;
  }

  private site(site: number): number {
    if (!this.topology.isCell(site)) throw new UsageError(`site ${String(site)} is not on ${this.topology.spec} (0..${this.topology.size - 1})`);
    return site;
  }

  private player(player: Player | undefined): Player {
    if (player === undefined) return this.toMove();
    if (player !== 1 && player !== 2) throw new UsageError(`player must be 1 or 2, got ${String(player)}`);
    return player;
  }

  moveIndex(): 1 | 2 {
    return this.live.moveIndex;
  }

  counters(): [number, number] {
    return [this.live.counters[0], this.live.counters[1]];
  }

  pieStep(): number | null {
    return this.live.pieStep;
  }

  scoreBreakdown(player: Player): ScoreBreakdown {
    return scoreBreakdown(this.topology, this.live.cells, this.player(player));
  }

  territory(): Uint8Array {
    return territory(this.topology, this.live.cells);
  }

  actionPotential(site: number, player?: Player): number {
    return actionPotential(this.topology, this.live.cells, this.site(site), this.player(player));
  }

  actionPotentials(player?: Player): Int8Array {
    const p = this.player(player);
    const out = new Int8Array(this.topology.size);
    for (let s = 0; s < out.length; s++) out[s] = actionPotential(this.topology, this.live.cells, s, p);
    return out;
  }

  reachable(site: number, power: number): number[] {
    this.site(site);
    if (!Number.isInteger(power) || power < 0 || power > MAX_POWER) {
      throw new UsageError(`power must be a whole number from 0 to ${MAX_POWER}, got ${String(power)}`);
    }
    return reachableFrom(this.topology, this.live.cells, site, power);
  }
}
