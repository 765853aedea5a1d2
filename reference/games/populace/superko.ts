/**
 * Positional superko (option `superko: 'positional'`, POPULACE.md §6 [I-5]): a placement,
 * replacement or move may not recreate a position (cells and colour to move) seen earlier in the
 * game. Passes and the swap are exempt: they leave the board as it is, and forbidding them would
 * forbid ending the game and the pie.
 *
 * A placement adds a piece and no action removes one for good, so a placement never repeats and
 * nothing before the last placement can come back. The state keeps the actions since then
 * (`recent`); walking them back from the current board gives every position that can recur.
 */
import type { Topology } from '../../boards/topology.js';
import type { Player } from '../../core/types.js';
import { packMove, unpackMove } from './moves.js';
import { EMPTY, other, WHITE, type PopulaceState } from './state.js';
import { excerpt } from '../../core/errors.js';

interface Seen {
  readonly cells: Uint8Array;
  readonly toMove: Player;
}

/**
 * The positions of the window, newest first (the current one included), or the reason why
 * `recent` cannot have led to the current position.
 */
function walkBack(t: Topology, s: PopulaceState): Seen[] | string {
  const out: Seen[] = [{ cells: s.cells, toMove: s.toMove }];
  let board = s.cells.slice();
  let colour = s.toMove;
  for (let i = s.recent.length - 1; i >= 0; i--) {
    const packed = s.recent[i]!;
    let a;
    try {
      a = unpackMove(packed);
    } catch {
      return `recent action ${packed} is not a packed action`;
    }
    const ply = s.ply - (s.recent.length - i);
    const where = `recent action ${i + 1} (ply ${ply})`;
    if (a.kind === 'place') return `${where} is a placement; the recent actions are those since the last placement`;
    if (a.kind !== 'pass' && a.kind !== 'swap' && (!t.isCell(a.at) || (a.kind === 'move' && !t.isCell(a.to)))) {
      return `${where} names a cell that is not on ${excerpt(t.spec)}`;
    }
    if (a.kind === 'swap') {
      if (ply !== 1 || colour !== WHITE) return `${where} is a swap, which is played only on ply 1`;
      out.push({ cells: board.slice(), toMove: colour });
      continue;
    }
    const mover = other(colour);
    board = board.slice();
    if (a.kind === 'move') {
      if (board[a.to] !== mover || board[a.at] !== EMPTY) return `${where} ${t.labels[a.at]}-${t.labels[a.to]} does not lead to this board`;
      board[a.to] = EMPTY;
      board[a.at] = mover;
    } else if (a.kind === 'replace') {
      if (board[a.at] !== mover) return `${where} x${t.labels[a.at]} does not lead to this board`;
      board[a.at] = other(mover);
    }
    colour = mover;
    out.push({ cells: board, toMove: colour });
  }
  return out;
}

/** Why `s.recent` is impossible, or null when it is consistent. */
export function recentProblem(t: Topology, s: PopulaceState): string | null {
  const walked = walkBack(t, s);
  if (typeof walked === 'string') return walked;
  let trailing = 0;
  while (trailing < s.recent.length && unpackMove(s.recent[s.recent.length - 1 - trailing]!).kind === 'pass') trailing++;
  const consistent = trailing < s.recent.length ? s.passes === trailing : s.passes >= Math.min(trailing, 2);
  if (!consistent || trailing > 2) return `the recent actions end with ${trailing} passes, but the pass count is ${s.passes}`;
  return null;
}

/**
 * The packed replacements and moves of the player to move that would recreate a position of the
 * window. A replacement changes one cell and a move two, so a window position is recreated only
 * when it differs from the current board in exactly those cells, the right way round.
 */
export function repeatingActions(t: Topology, s: PopulaceState): Set<number> {
  const out = new Set<number>();
  const walked = walkBack(t, s);
  if (typeof walked === 'string') return out;
  const me = s.toMove;
  const after = other(me);
  const now = s.cells;
  for (const seen of walked) {
    if (seen.toMove !== after) continue;
    const diff: number[] = [];
    for (let c = 0; c < t.size && diff.length <= 2; c++) if (seen.cells[c] !== now[c]) diff.push(c);
    if (diff.length === 1) {
      const x = diff[0]!;
      if (now[x] === after && seen.cells[x] === me) out.add(packMove({ kind: 'replace', at: x }));
    } else if (diff.length === 2) {
      for (const [from, to] of [
        [diff[0]!, diff[1]!],
        [diff[1]!, diff[0]!],
      ] as const) {
        if (now[from] === me && seen.cells[from] === EMPTY && now[to] === EMPTY && seen.cells[to] === me) {
          out.add(packMove({ kind: 'move', at: from, to }));
        }
      }
    }
  }
  return out;
}
