/**
 * What the element's attributes with values of their own say (ai, orientation, ai-delay,
 * workers, site-labels), read without the DOM. Each reader returns what to use and, for a bad
 * value, why it is not used, so that the element can warn once and carry on with the default.
 */
import type { GameView } from '../engine/view.js';
import { autoWorkers, MAX_WORKERS } from '../worker/client.js';
import { parseAiAttribute, type AiSides } from './board-logic.js';
import { Orientation } from './orientation.js';

/** Longest wait asked for between the AI's moves, so that a typo cannot stall a game for hours. */
export const MAX_AI_DELAY_MS = 60_000;

export interface Reading<T> {
  readonly value: T;
  /** Why the attribute's value was not used; absent when it was. */
  readonly problem?: string;
}

/** ai-delay: the least time, in ms, between the AI's moves; 0 when absent or bad. */
export function readAiDelay(raw: string | null): Reading<number> {
  if (raw === null || raw.trim() === '') return { value: 0 };
  const ms = Number(raw);
  if (!Number.isFinite(ms) || ms < 0) return { value: 0, problem: `bad ai-delay "${raw}" (milliseconds, 0 to ${MAX_AI_DELAY_MS}); no delay` };
  return { value: Math.min(ms, MAX_AI_DELAY_MS) };
}

/**
 * workers: how many workers a timed search uses (tree search root-parallel; the alpha-beta levels
 * with each depth's root moves split), `auto` for one per core but the page's (at most 8); 1 when
 * absent or bad.
 */
export function readWorkers(raw: string | null): Reading<number> {
  if (raw === null || raw.trim() === '') return { value: 1 };
  if (raw.trim() === 'auto') return { value: autoWorkers() };
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > MAX_WORKERS) return { value: 1, problem: `bad workers "${raw}" (auto, or 1 to ${MAX_WORKERS}); one worker` };
  return { value: n };
}

/**
 * site-labels: site labels separated by spaces or commas ("D2.2 L4.2"), matched to the board's
 * labels (letters in either case where that is unambiguous). Unknown ones are left out and named.
 */
export function readSiteLabels(raw: string | null, labels: readonly string[]): Reading<number[]> {
  const words = (raw ?? '').split(/[\s,]+/).filter((w) => w !== '');
  const sites: number[] = [];
  const bad: string[] = [];
  for (const word of words) {
    let site = labels.indexOf(word);
    if (site < 0) {
      const folded = labels.flatMap((l, i) => (l.toLowerCase() === word.toLowerCase() ? [i] : []));
      if (folded.length === 1) site = folded[0]!;
    }
    if (site < 0) bad.push(word);
    else if (!sites.includes(site)) sites.push(site);
  }
  return bad.length === 0 ? { value: sites } : { value: sites, problem: `bad site-labels: no site ${bad.map((b) => `"${b}"`).join(', ')} on this board; left out` };
}

/**
 * The element's readings of the attributes that name the game's sides and sites (read again
 * for each game), and the problems already reported, so that each is reported once.
 */
export class AttributeReadings {
  /** Who the AI plays for, by seat (the ai attribute). */
  ai: AiSides = {};
  /** Sites the site-labels attribute names, on the board on show. */
  named: number[] = [];
  private readonly warned = new Set<string>();

  constructor(
    private readonly tag: string,
    private readonly attribute: (name: string) => string | null,
  ) {}

  /** A reading's value, its problem reported once. */
  reading<T>(r: Reading<T>): T {
    if (r.problem && !this.warned.has(r.problem)) {
      this.warned.add(r.problem);
      console.warn(`${this.tag}: ${r.problem}`);
    }
    return r.value;
  }

  readAi(view: GameView | null): void {
    const parsed = parseAiAttribute(this.attribute('ai'), view?.players ?? []);
    if (typeof parsed === 'string') console.warn(`${this.tag}: bad ai attribute: ${parsed}; no AI will play`);
    this.ai = typeof parsed === 'string' ? {} : parsed;
  }

  checkOrientation(view: GameView | null): void {
    const problem = Orientation.problem(this.attribute('orientation'), view?.players ?? []);
    if (problem) console.warn(`${this.tag}: ${problem}`);
  }

  readSiteLabels(view: GameView | null): void {
    this.named = view ? this.reading(readSiteLabels(this.attribute('site-labels'), view.board.sites.map((s) => s.label))) : [];
  }
}
