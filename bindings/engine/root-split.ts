/**
 * One iteration of the parallel alpha-beta (parallel-alphabeta.ts) as a schedule of root moves:
 * which move a free worker searches next and in which window, and what the answers prove.
 *
 * Each root move carries bounds on its value, from fail-soft answers. The first move in the order
 * (the last iteration's best) is searched with the full window, as the one-core search does; every
 * other move is searched with a null window at the best exact value known (alpha): a move that
 * fails low is no better and is done, one that fails high is searched again with the window
 * (alpha, open) for its exact value, which raises alpha. Until the first exact value arrives the
 * free workers search the other moves with a null window at a guess (the value of an earlier
 * iteration): a move that fails low there is done once alpha reaches the guess, as it mostly does.
 * The iteration ends when every move is exact or bounded by alpha, so its value is the exact
 * maximum whatever the timing, the one-core search's value; only the choice among moves of equal
 * value may differ.
 */
import { OPEN } from './alphabeta-roots.js';

export interface Window {
  readonly index: number;
  readonly alpha: number;
  readonly beta: number;
  /** Tried at the guess, before any exact value is known. */
  readonly speculative: boolean;
}

export class RootSplit {
  /** Bounds on each move's value (lo = hi: exact). */
  private readonly lo: number[];
  private readonly hi: number[];
  private readonly running: boolean[];
  /** Moves whose try at the guess was cut short: they wait for alpha. */
  private readonly held: boolean[];
  /** The best exact value and its move's place in the order, or null before the first. */
  private bestAt: number | null = null;
  private alpha: number | null = null;
  /** Unfinished moves: none left means the iteration is done. */
  private open: number;

  /**
   * `order`: the root indices, the first searched with the full window; `guess`: the bound the
   * others are tried at before any exact value is known (null: they wait for it); `owner`: which
   * worker searched each root index last, whose table knows it best.
   */
  constructor(
    private readonly order: readonly number[],
    private readonly guess: number | null,
    private readonly owner: ReadonlyMap<number, number> = new Map(),
  ) {
    const n = order.length;
    this.lo = Array<number>(n).fill(-Infinity);
    this.hi = Array<number>(n).fill(Infinity);
    this.running = Array<boolean>(n).fill(false);
    this.held = Array<boolean>(n).fill(false);
    this.open = n;
  }

  private done(k: number): boolean {
    return this.lo[k] === this.hi[k] || (this.alpha !== null && this.hi[k]! <= this.alpha);
  }

  /** The window worker `worker` searches next, or null when nothing is worth starting now. */
  next(worker: number): Window | null {
    const first = this.order.length > 0 && !this.running[0] && this.lo[0] !== this.hi[0];
    if (first) return this.start(0, -OPEN, OPEN);
    const bound = this.alpha ?? this.guess;
    if (bound === null) return null;
    // A move known to beat alpha first (its exact value raises alpha), then this worker's own
    // moves of the last iteration, then the order.
    let pick = -1;
    let own = -1;
    for (let k = 1; k < this.order.length; k++) {
      if (this.running[k] || this.done(k) || this.hi[k]! <= bound || (this.held[k] && this.alpha === null)) continue;
      if (this.lo[k]! > bound) {
        pick = k;
        break;
      }
      if (own < 0 && this.owner.get(this.order[k]!) === worker) own = k;
      if (pick < 0 && own < 0) pick = k;
    }
    if (pick < 0 || (own >= 0 && this.lo[pick]! <= bound)) pick = own;
    if (pick < 0) return null;
    return this.lo[pick]! > bound ? this.start(pick, bound, OPEN) : this.start(pick, bound, bound + 1);
  }

  private start(k: number, alpha: number, beta: number): Window {
    this.running[k] = true;
    return { index: this.order[k]!, alpha, beta, speculative: k > 0 && this.alpha === null };
  }

  private placeOf(index: number): number {
    const k = this.order.indexOf(index);
    if (k < 0) throw new RangeError(`root move ${index} is not in this iteration`);
    return k;
  }

  /** A job's fail-soft answer. */
  record(job: Window, value: number): void {
    const k = this.placeOf(job.index);
    this.running[k] = false;
    if (value <= job.alpha) {
      this.hi[k] = Math.min(this.hi[k]!, value);
      // Answers that disagree (a table entry of another path): the newest is believed.
      if (this.lo[k]! > this.hi[k]!) this.lo[k] = -Infinity;
    } else if (value >= job.beta) {
      this.lo[k] = Math.max(this.lo[k]!, value);
      if (this.hi[k]! < this.lo[k]!) this.hi[k] = Infinity;
    } else {
      this.lo[k] = value;
      this.hi[k] = value;
      if (this.alpha === null || value > this.alpha || (value === this.alpha && k < this.bestAt!)) {
        this.alpha = value;
        this.bestAt = k;
      }
    }
    this.recount();
  }

  /** A job that ran out of budget: its move is free to be started again (once alpha is known, when `hold`). */
  release(job: Window, hold = false): void {
    const k = this.placeOf(job.index);
    this.running[k] = false;
    if (hold) this.held[k] = true;
  }

  private recount(): void {
    let open = 0;
    for (let k = 0; k < this.order.length; k++) if (!this.done(k)) open++;
    this.open = open;
  }

  /** Every move exact or no better than alpha: the iteration is complete. */
  get complete(): boolean {
    return this.open === 0 && this.alpha !== null;
  }

  /** Some job is still out. */
  get busy(): boolean {
    return this.running.some((r) => r);
  }

  /** The best exact move so far: its root index and value; `beatFirst` when it is not the first move and beat the first's exact value. */
  best(): { index: number; value: number; beatFirst: boolean } | null {
    if (this.bestAt === null) return null;
    const firstExact = this.lo[0] === this.hi[0];
    return { index: this.order[this.bestAt]!, value: this.alpha!, beatFirst: this.bestAt > 0 && firstExact && this.alpha! > this.lo[0]! };
  }

  /** What each searched move's value is known to be, for the next iteration's order: exact, or the bound found. */
  values(): Map<number, number> {
    const out = new Map<number, number>();
    this.order.forEach((index, k) => {
      const lo = this.lo[k]!;
      const hi = this.hi[k]!;
      if (Number.isFinite(hi)) out.set(index, hi);
      else if (Number.isFinite(lo)) out.set(index, lo);
    });
    return out;
  }
}
