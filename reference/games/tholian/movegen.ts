/**
 * The legal engine moves of a position (THOLIAN-GO.md §4, §6, §8, §10), in canonical order:
 * `end`, placements, first steps of moves, then the next step of a push in progress.
 */
import { DARK, LIGHT, type TholianBoard } from './board.js';
import { packMove, type TholianMove } from './moves.js';
import { features, type TholianOptions } from './options.js';
import { nextSteps, type PathRules } from './paths.js';
import { EMPTY, type TholianState } from './state.js';

const byPacked = (a: TholianMove, b: TholianMove): number => packMove(a) - packMove(b);

/** Nodes a placement may use: any empty node of the web (Ultimate, [A-22]) or of the own start set (Scrimmage, [A-19]). */
function placements(b: TholianBoard, s: TholianState, o: TholianOptions): TholianMove[] {
  const out: TholianMove[] = [];
  const onStartSet = features(s.variant, o).start === 'scrimmage';
  const allowed = (n: number) => s.cells[n] === EMPTY && (!onStartSet || b.start[s.toMove].includes(n));
  if (s.placeDark > 0) for (const n of b.nodesOf[DARK]) if (allowed(n)) out.push({ kind: 'place', at: n });
  if (s.placeLight > 0) for (const n of b.nodesOf[LIGHT]) if (allowed(n)) out.push({ kind: 'place', at: n });
  return out;
}

/** The dice's allowed axes for a first step on `web`, or null without dice (§10 Oracle). */
function firstAxes(b: TholianBoard, s: TholianState, o: TholianOptions, web: number): number[] | null {
  if (!features(s.variant, o).dice) return null;
  return web === DARK ? [s.rollDark] : s.rollLight.filter((a) => a >= 0);
}

function moveRules(s: TholianState, o: TholianOptions, free = false): PathRules {
  return { pushLimit: o.pushLimit, pusher: s.toMove, free };
}

/** First steps of moves on the webs with budget left. */
function firstSteps(b: TholianBoard, s: TholianState, o: TholianOptions, stopAtOne: boolean): TholianMove[] {
  const out: TholianMove[] = [];
  const rules = moveRules(s, o);
  for (const web of [DARK, LIGHT]) {
    if ((web === DARK ? s.darkLeft : s.lightLeft) <= 0) continue;
    const axes = firstAxes(b, s, o, web);
    for (const n of b.nodesOf[web]!) {
      if (s.cells[n] !== s.toMove) continue;
      for (const to of nextSteps(b, s.cells, [n], rules, axes)) {
        out.push({ kind: 'move', at: n, to });
        if (stopAtOne) return out;
      }
    }
  }
  return out;
}

export function generateMoves(b: TholianBoard, s: TholianState, o: TholianOptions): TholianMove[] {
  if (s.result) return [];
  if (s.path.length > 0) {
    const head = s.path[s.path.length - 1]!;
    const kind = s.freePush && s.path.length === 1 ? 'free' : 'push';
    return nextSteps(b, s.cells, s.path, moveRules(s, o, s.freePush)).map((to) => ({ kind, at: head, to }));
  }
  const place = placements(b, s, o);
  const out = [...place, ...firstSteps(b, s, o, false)];
  // Placements are the turn's duty (Ultimate's phase one, Scrimmage's set-up): no `end` before them.
  if (place.length === 0) out.push({ kind: 'end' });
  return out.sort(byPacked);
}

/** Whether the turn has anything left to do but `end` (§4's automatic end). */
export function hasAction(b: TholianBoard, s: TholianState, o: TholianOptions): boolean {
  return placements(b, s, o).length > 0 || firstSteps(b, s, o, true).length > 0;
}
