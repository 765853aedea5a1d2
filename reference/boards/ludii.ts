/**
 * The four Throngs boards of Ludii (THRONGS.md §2.3): a strip shape minus removed labels, and the
 * standard set-up. The tests check every site, index and label against Ludii's own board files.
 */

export type LudiiBoardName = 'ragged63' | 'throngs93' | 'ragged87' | 'ragged153';

export interface LudiiBoard {
  readonly ludiiOption: string;
  readonly rows: number;
  readonly cols: number;
  readonly d0: number;
  readonly d1: number;
  readonly removed: readonly string[];
  readonly start: { readonly p1: readonly string[]; readonly p2: readonly string[] };
}

const words = (text: string): string[] => text.split(' ');

export const LUDII_BOARDS: Readonly<Record<LudiiBoardName, LudiiBoard>> = Object.freeze({
  ragged63: {
    ludiiOption: 'RaggedHex 63-Node',
    rows: 9,
    cols: 9,
    d0: -4,
    d1: 5,
    removed: words('a1 b1 f1 a2 i4 a5 j5 j6 e9 f10 g10 j10'),
    start: { p1: ['e3'], p2: ['d6', 'h7'] },
  },
  throngs93: {
    ludiiOption: 'Throngs 93-Node',
    rows: 12,
    cols: 12,
    d0: -6,
    d1: 6,
    removed: words(
      'c1 d1 e1 a3 i3 a4 j4 a7 m7 b8 c8 l8 m8 c9 d9 l9 m9 d10 e10 l10 m10 e11 m11 f12 i12 j12 m12 g13 h13 i13 j13 k13 l13 m13',
    ),
    start: { p1: ['i11'], p2: ['c2', 'f2'] },
  },
  ragged87: {
    ludiiOption: 'Ragged Hex 87-Node',
    rows: 11,
    cols: 11,
    d0: -5,
    d1: 6,
    removed: words('a1 b1 c1 g1 a2 b2 a3 j4 k5 a6 k6 l6 l7 l8 e10 f11 g11 g12 h12 i12 l12'),
    start: { p1: ['j9'], p2: ['f3', 'd7'] },
  },
  ragged153: {
    ludiiOption: 'Ragged Hex 153-Node',
    rows: 15,
    cols: 15,
    d0: -7,
    d1: 8,
    removed: words(
      'a1 b1 c1 d1 h1 i1 a2 b2 c2 j2 a3 b3 a4 m5 n6 a7 n7 o7 a8 o8 p8 b9 o9 p9 p10 p11 f13 g14 h14 h15 i15 j15 p15 i16 j16 k16 l16 o16 p16',
    ),
    start: { p1: ['h5'], p2: ['f9', 'l11'] },
  },
});

export const LUDII_BOARD_NAMES = Object.freeze(Object.keys(LUDII_BOARDS) as LudiiBoardName[]);

export function isLudiiBoardName(name: string): name is LudiiBoardName {
  return Object.prototype.hasOwnProperty.call(LUDII_BOARDS, name);
}
