/**
 * Throngs' named boards: the four boards of Ludii's Throngs (THRONGS.md §2.3), each a strip shape
 * of the shared board layer less the sites Ludii removes, with the standard set-up's stones. The
 * tests check every site, index and label against Ludii's own board files.
 */
import { BoardError, type Result } from '../../core/errors.js';
import { tryBoard, type BoardNames } from '../../boards/board-spec.js';
import type { Topology } from '../../boards/topology.js';

/** The strips(R,C,D0,D1) of a Ludii board without the sites it removes (labels of the strip). */
const ludiiBoard = (strips: string, removed: string, p1: string[], p2: string[]) => ({
  spec: `perforated(${strips},${removed.split(' ').join(',')})`,
  start: { p1, p2 },
});

export const THRONGS_BOARDS: BoardNames = Object.freeze({
  /** Ludii's option 'RaggedHex 63-Node'. */
  ragged63: ludiiBoard('strips(9,9,-4,5)', 'a1 b1 f1 a2 i4 a5 j5 j6 e9 f10 g10 j10', ['e3'], ['d6', 'h7']),
  /** Ludii's option 'Throngs 93-Node'. */
  throngs93: ludiiBoard('strips(12,12,-6,6)', 'c1 d1 e1 a3 i3 a4 j4 a7 m7 b8 c8 l8 m8 c9 d9 l9 m9 d10 e10 l10 m10 e11 m11 f12 i12 j12 m12 g13 h13 i13 j13 k13 l13 m13', ['i11'], ['c2', 'f2']),
  /** Ludii's option 'Ragged Hex 87-Node'. */
  ragged87: ludiiBoard('strips(11,11,-5,6)', 'a1 b1 c1 g1 a2 b2 a3 j4 k5 a6 k6 l6 l7 l8 e10 f11 g11 g12 h12 i12 l12', ['j9'], ['f3', 'd7']),
  /** Ludii's option 'Ragged Hex 153-Node'. */
  ragged153: ludiiBoard('strips(15,15,-7,8)', 'a1 b1 c1 d1 h1 i1 a2 b2 c2 j2 a3 b3 a4 m5 n6 a7 n7 o7 a8 o8 p8 b9 o9 p9 p10 p11 f13 g14 h14 h15 i15 j15 p15 i16 j16 k16 l16 o16 p16', ['h5'], ['f9', 'l11']),
});

export const THRONGS_BOARD_NAMES: readonly string[] = Object.freeze(Object.keys(THRONGS_BOARDS));

/** The board of a spec: one of the named boards above, or any shared board spec. */
export function throngsBoard(spec: string): Result<Topology, BoardError> {
  return tryBoard(spec, THRONGS_BOARDS);
}
