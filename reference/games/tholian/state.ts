/**
 * The state of a Tholian Go game (THOLIAN-GO.md §3, §4) as plain data: tokens, the turn and its
 * budget, a push being built step by step, the dice, and the result once there is one.
 *
 * A move of §6 is a push path of any length. The engine takes it one step at a time (see
 * moves.ts): `path` holds the nodes chosen so far, so search, playouts and the board all work
 * with small moves, and a whole move is the steps from an empty `path` back to an empty one.
 */
import type { Player } from '../../core/types.js';
import { Rng } from '../../core/rng.js';
import { DARK, LIGHT, type TholianBoard } from './board.js';
import { features, type TholianOptions, type Variant } from './options.js';

export const EMPTY = 0;
export const RED = 1;
export const BLUE = 2;
export const PLAYER_NAMES: readonly [string, string, string] = ['nobody', 'Red', 'Blue'];
export const other = (p: Player): Player => (p === RED ? BLUE : RED);

export interface TholianResult {
  /** 0 for a draw. */
  readonly winner: 0 | Player;
  readonly reason: 'tokens' | 'chain' | 'touchdown' | 'emptyTurns';
}

export interface TholianState {
  /** The game being played (§10): it decides the start, the turns, the captures and the win. */
  readonly variant: Variant;
  /** One entry per node (dark nodes, then light): 0 empty, 1 Red, 2 Blue. */
  cells: Uint8Array;
  toMove: Player;
  /** The turn, 1 = Red's first; it counts both players' turns. */
  turn: number;
  /** What is left of this turn (§4, §10): moves per web and placements per web. */
  darkLeft: number;
  lightLeft: number;
  placeDark: number;
  placeLight: number;
  /** Consecutive turns that ended without a move (§4): two make a draw. */
  emptyTurns: number;
  /** A move has been made this turn. */
  acted: boolean;
  /**
   * The push being built: n0 … ni, the head last (§6), or E … for a free push (§8). Tokens move
   * only when the head reaches an empty node.
   */
  path: number[];
  /** `path` is a transformation's free push. */
  freePush: boolean;
  /** Movement dice still unused this turn (§10 Oracle): a dark axis and two light axes, -1 used. */
  rollDark: number;
  rollLight: [number, number];
  result: TholianResult | null;
}

/** A turn's budget: the placement phases of Ultimate and Scrimmage, then 1 dark + 2 light (§4). */
export function turnBudget(o: TholianOptions, variant: Variant, turn: number, cells: Uint8Array, b: TholianBoard, p: Player) {
  const f = features(variant, o);
  const own = (web: number) => b.nodesOf[web]!.filter((n) => cells[n] === p).length;
  if (f.start === 'empty') {
    const round = Math.ceil(turn / 2);
    if (round <= 6) return { darkLeft: 0, lightLeft: 0, placeDark: 1, placeLight: 2 };
    if (round === 7) return { darkLeft: 1, lightLeft: 0, placeDark: 0, placeLight: 2 };
  }
  if (f.start === 'scrimmage' && turn <= 2 * (SCRIMMAGE_DARK + SCRIMMAGE_LIGHT)) {
    return { darkLeft: 0, lightLeft: 0, placeDark: own(DARK) < SCRIMMAGE_DARK ? 1 : 0, placeLight: own(LIGHT) < SCRIMMAGE_LIGHT ? 1 : 0 };
  }
  return { darkLeft: 1, lightLeft: 2, placeDark: 0, placeLight: 0 };
}

/** §10 Scrimmage: each player's tokens. */
export const SCRIMMAGE_DARK = 2;
export const SCRIMMAGE_LIGHT = 5;

/** Placements end a Scrimmage placement turn at once: one token at a time (§10). */
export function placesOneAtATime(s: TholianState, o: TholianOptions): boolean {
  return features(s.variant, o).start === 'scrimmage';
}

/**
 * The movement dice of a turn (§10 Oracle, [A-18]): uniform axes drawn from the game's seed and
 * the turn number, so a game replays exactly from its record and both engines roll alike.
 */
export function rollFor(seed: number, turn: number): { dark: number; light: [number, number] } {
  const rng = new Rng((seed ^ Math.imul(turn, 0x9e3779b1)) >>> 0);
  const dark = rng.below(3);
  return { dark, light: [rng.below(3), rng.below(3)] };
}

/** Starts turn `turn` for `p`: its budget and, with dice, its roll. */
export function beginTurn(b: TholianBoard, s: TholianState, o: TholianOptions, p: Player, turn: number): void {
  s.toMove = p;
  s.turn = turn;
  Object.assign(s, turnBudget(o, s.variant, turn, s.cells, b, p));
  s.acted = false;
  s.path = [];
  s.freePush = false;
  if (features(s.variant, o).dice) {
    const r = rollFor(o.seed, turn);
    s.rollDark = r.dark;
    s.rollLight = r.light;
  } else {
    s.rollDark = -1;
    s.rollLight = [-1, -1];
  }
}

export function initialState(b: TholianBoard, o: TholianOptions): TholianState {
  const cells = new Uint8Array(b.size);
  const f = features(o.variant, o);
  if (f.start === 'standard') {
    for (const p of [RED, BLUE] as const) for (const n of b.start[p]) cells[n] = p;
  } else if (f.start === 'random') {
    randomStart(b, cells, o.seed);
  }
  const s = blankState(o.variant, cells);
  beginTurn(b, s, o, RED, 1);
  return s;
}

/** A state of `variant` with these tokens, Red to move at turn 1 with nothing left to do. */
export function blankState(variant: Variant, cells: Uint8Array): TholianState {
  return {
    variant,
    cells,
    toMove: RED,
    turn: 1,
    darkLeft: 0,
    lightLeft: 0,
    placeDark: 0,
    placeLight: 0,
    emptyTurns: 0,
    acted: false,
    path: [],
    freePush: false,
    rollDark: -1,
    rollLight: [-1, -1],
    result: null,
  };
}

/**
 * §10 Tholi Go Lucky: tokens go alternately Red, Blue, each player's dark tokens first, then the
 * light ones, each on a uniformly random empty node of its web.
 */
function randomStart(b: TholianBoard, cells: Uint8Array, seed: number): void {
  const rng = new Rng(seed);
  const counts: readonly [number, number] = [b.start[RED].filter((n) => b.web[n] === DARK).length, b.start[RED].filter((n) => b.web[n] === LIGHT).length];
  for (const web of [DARK, LIGHT] as const) {
    for (let i = 0; i < counts[web]; i++) {
      for (const p of [RED, BLUE] as const) {
        const empty = b.nodesOf[web].filter((n) => cells[n] === EMPTY);
        cells[empty[rng.below(empty.length)]!] = p;
      }
    }
  }
}

export function cloneState(s: TholianState): TholianState {
  return { ...s, cells: s.cells.slice(), path: [...s.path], rollLight: [s.rollLight[0], s.rollLight[1]] };
}

export function statesEqual(a: TholianState, b: TholianState): boolean {
  return (
    a.variant === b.variant &&
    a.toMove === b.toMove &&
    a.turn === b.turn &&
    a.darkLeft === b.darkLeft &&
    a.lightLeft === b.lightLeft &&
    a.placeDark === b.placeDark &&
    a.placeLight === b.placeLight &&
    a.emptyTurns === b.emptyTurns &&
    a.acted === b.acted &&
    a.freePush === b.freePush &&
    a.rollDark === b.rollDark &&
    a.rollLight[0] === b.rollLight[0] &&
    a.rollLight[1] === b.rollLight[1] &&
    a.path.length === b.path.length &&
    a.path.every((n, i) => n === b.path[i]) &&
    a.cells.every((c, i) => c === b.cells[i]) &&
    a.result?.winner === b.result?.winner &&
    a.result?.reason === b.result?.reason
  );
}

/** Tokens of `p` on `web`. */
export function countTokens(b: TholianBoard, cells: Uint8Array, p: Player, web: number): number {
  let n = 0;
  for (const node of b.nodesOf[web]!) if (cells[node] === p) n++;
  return n;
}
