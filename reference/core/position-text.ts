/**
 * Pieces of the position notations every game shares: the words of a position with where each
 * starts (for error columns), and a labelled list of cells (`b:c3,e4`, `n:` or `n:-` for none).
 */
import { NotationError, excerpt } from './errors.js';
import type { Topology } from '../boards/topology.js';

export interface Word {
  readonly word: string;
  /** Where the word starts in the input. */
  readonly offset: number;
}

export function wordsOf(input: string): Word[] {
  const out: Word[] = [];
  const re = /\S+/g;
  for (let m = re.exec(input); m; m = re.exec(input)) out.push({ word: m[0], offset: m.index });
  return out;
}

/**
 * Marks the cells that the word `w`, `<prefix><labels>`, lists with `value` in `cells`. Returns
 * why it cannot (a missing or other prefix, an unknown label, a cell listed twice), else null.
 * `noun` is what the game calls a cell in messages.
 */
export function readLabelList(
  t: Topology,
  input: string,
  w: Word | undefined,
  prefix: string,
  value: number,
  cells: Uint8Array,
  noun = 'cell',
): NotationError | null {
  if (!w || w.word.slice(0, prefix.length).toLowerCase() !== prefix) {
    return new NotationError(`expected '${prefix}' and a list of labels`, input, w?.offset ?? input.length);
  }
  const list = w.word.slice(prefix.length);
  if (list === '' || list === '-') return null;
  let offset = w.offset + prefix.length;
  for (const label of list.split(',')) {
    const cell = t.cellOf(label);
    if (cell < 0) return new NotationError(label === '' ? 'empty label' : `${excerpt(label)} is not a ${noun} of ${excerpt(t.spec)}`, input, offset);
    if (cells[cell] !== 0) return new NotationError(`${excerpt(label)} is listed twice`, input, offset);
    cells[cell] = value;
    offset += label.length + 1;
  }
  return null;
}
