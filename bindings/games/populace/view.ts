/**
 * Populace's part of a board page's view: whose turn (and, after the pie's swap, which seat
 * plays which colour), the pass that would end the game, the score's parts (pieces, controlled
 * empty cells, the button's half point), the threatened pieces, and the overlays: who controls
 * each empty cell and each piece's potential value (POPULACE.md §3).
 */
import type { PopulaceMove, PopulaceState } from '../../../reference/games/populace/index.js';
import { controller, neighbourCounts } from '../../../reference/games/populace/potential.js';
import type { Player } from '../../../reference/core/types.js';
import type { Engine } from '../../engine/engine.js';
import { NO_VALUE, type GameDetails } from '../../engine/view.js';

export const PLAYERS = ['Black', 'White'] as const;

type PopulaceEngine = Engine<PopulaceState, PopulaceMove>;

const ORDINAL = ['', 'first', 'second'] as const;

/** The balance adj_owner − adj_other of each piece's cell, or null for an empty cell. */
function pieceBalance(e: PopulaceEngine, cells: Uint8Array, s: number): number | null {
  const owner = cells[s]!;
  if (owner !== 1 && owner !== 2) return null;
  const [black, white] = neighbourCounts(e.topology, cells, s);
  return owner === 1 ? black - white : white - black;
}

/** Every threatened piece (§3: two or more opponents adjacent to it than friendly pieces). */
export function threatenedPieces(e: PopulaceEngine): number[] {
  const cells = e.cells();
  const out: number[] = [];
  for (let s = 0; s < cells.length; s++) {
    const b = pieceBalance(e, cells, s);
    if (b !== null && b <= -2) out.push(s);
  }
  return out;
}

export function describePopulace(e: PopulaceEngine): GameDetails {
  const s = e.state();
  const over = e.outcome();
  const colour = s.toMove;
  const mover = PLAYERS[colour - 1]!;
  const seat = e.seatOf(colour);
  let turn: string;
  if (over) turn = 'Game over';
  else if (e.legalMoves().some((m) => m.kind === 'swap')) turn = `${mover}: play, or swap seats`;
  else if (seat !== colour) turn = `${mover} to move (the ${ORDINAL[seat]} player, after the swap)`;
  else if (s.ply === 0 && e.options.pie === true) turn = `${mover} to move (White may then swap seats)`;
  else turn = `${mover} to move`;

  const pieces: [number, number] = [0, 0];
  const controlled: [number, number] = [0, 0];
  for (let c = 0; c < s.cells.length; c++) {
    const v = s.cells[c]!;
    if (v === 1 || v === 2) pieces[v - 1] = pieces[v - 1]! + 1;
    else {
      const owner = controller(e.topology, s.cells, c);
      if (owner) controlled[owner - 1] = controlled[owner - 1]! + 1;
    }
  }
  const button: [number, number] = [s.button === 1 ? 0.5 : 0, s.button === 2 ? 0.5 : 0];
  const breakdown: Array<{ label: string; values: readonly [number, number] }> = [
    { label: 'pieces', values: pieces },
    { label: 'controlled empty cells', values: controlled },
  ];
  if (e.options.button !== false) breakdown.push({ label: 'button (first to pass)', values: button });
  breakdown.push({ label: 'total', values: e.scores() });
  const note = (p: Player): string => (s.button === p ? '+½ button' : '');
  return {
    turn,
    duty: !over && s.passes === 1 ? 'a pass now ends the game' : '',
    breakdown,
    changed: [],
    marks: threatenedPieces(e).map((cell) => ({ cell, mark: 'threatened' })),
    scoreNotes: [note(1), note(2)],
  };
}

/** For each empty cell the colour that controls it (1 or 2), 0 for a neutral cell or a piece. */
export function controlMap(e: PopulaceEngine): Int8Array {
  const cells = e.cells();
  const out = new Int8Array(cells.length);
  for (let c = 0; c < cells.length; c++) if (cells[c] === 0) out[c] = controller(e.topology, cells, c);
  return out;
}

/** For each piece its potential value (how far it may move when ≥ 1); NO_VALUE on empty cells. */
export function potentialMap(e: PopulaceEngine): Int8Array {
  const cells = e.cells();
  const out = new Int8Array(cells.length).fill(NO_VALUE);
  for (let c = 0; c < cells.length; c++) {
    const b = pieceBalance(e, cells, c);
    if (b !== null) out[c] = b + 1;
  }
  return out;
}
