/**
 * The triangular lattice of THRONGS.md §2.1: axial coordinates (c, r), the six directions in
 * their fixed order, and the site labels of §2.2 (bijective base-26 columns, 1-based rows).
 */

export interface Direction {
  readonly name: 'E' | 'W' | 'NW' | 'SE' | 'NE' | 'SW';
  readonly dc: number;
  readonly dr: number;
}

/** The order is part of the contract: wasm tables and rays use the same direction index. */
export const DIRECTIONS: readonly Direction[] = Object.freeze([
  { name: 'E', dc: 1, dr: 0 },
  { name: 'W', dc: -1, dr: 0 },
  { name: 'NW', dc: 0, dr: 1 },
  { name: 'SE', dc: 0, dr: -1 },
  { name: 'NE', dc: 1, dr: 1 },
  { name: 'SW', dc: -1, dr: -1 },
]);

export const DIRECTION_COUNT = 6;

/** Geometric position of a lattice point (rows horizontal, unit spacing). */
export function geometry(c: number, r: number): { x: number; y: number } {
  return { x: c - r / 2, y: (r * Math.sqrt(3)) / 2 };
}

/** 0 → a, 25 → z, 26 → aa, 27 → ab: bijective base 26. */
export function columnLetters(column: number): string {
  let n = column + 1;
  let out = '';
  while (n > 0) {
    const digit = (n - 1) % 26;
    out = String.fromCharCode(97 + digit) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

export function formatLabel(column: number, row: number): string {
  return columnLetters(column) + String(row + 1);
}

/**
 * Splits a label like `e5` or `AB12` into its 0-based column and row, or returns null when the
 * text is not a label. Case is ignored (§2.2: parsers accept any case).
 */
export function parseLabel(text: string): { column: number; row: number } | null {
  const match = /^([a-z]+)([1-9][0-9]*)$/i.exec(text);
  if (!match) return null;
  let column = 0;
  for (const ch of match[1]!.toLowerCase()) column = column * 26 + (ch.charCodeAt(0) - 96);
  const row = Number(match[2]);
  if (!Number.isSafeInteger(row) || column > 1e6) return null;
  return { column: column - 1, row: row - 1 };
}
