/**
 * Text forms of POPULACE.md §7.
 *
 * Moves: `d4` (place), `xd4` (replace), `d3-f5` (move), `pass`, `swap`; any case on input, lower
 * case on output.
 *
 * Positions: `populace <board> b:<labels> w:<labels> <b|w> p<passes> btn:<-|b|w> ply:<n>`, then
 * two optional fields that make a position complete:
 * - `swapped` when the pie's swap was played (the first player now plays White);
 * - `ko:<actions>`, the actions since the last placement (comma-separated, e.g. `ko:d3-f5,pass`),
 *   written only while positional superko keeps them (state.ts `recent`); without it a loaded
 *   game remembers no earlier position.
 * The machine form has one character per cell in canonical order (`.`, `b`, `w`) in place of the
 * two lists. An empty list may be written `b:` or `b:-`.
 *
 * Parsers check syntax and give NotationError with the column; whether a parsed position can
 * occur (cell count, pass count, ply and colour) is checkState's business.
 */
import type { GameMove, ParsedPosition } from '../../core/game.js';
import { err, NotationError, ok, type Result, excerpt } from '../../core/errors.js';
import { readLabelList, wordsOf } from '../../core/position-text.js';
import type { Topology } from '../../boards/topology.js';
import { populaceBoard } from './boards.js';
import { packMove, unpackMove } from './moves.js';
import type { PopulaceState } from './state.js';

// ---------------------------------------------------------------- moves

export function formatMove(t: Topology, m: GameMove): string {
  switch (m.kind) {
    case 'pass':
    case 'swap':
      return m.kind;
    case 'place':
      return t.label(m.at!);
    case 'replace':
      return `x${t.label(m.at!)}`;
    default:
      return `${t.label(m.at!)}-${t.label(m.to!)}`;
  }
}

/** A label at the start of a token, and a token that is exactly one label. */
const LABEL = /^[a-z]+[0-9]+/i;
const WHOLE_LABEL = /^[a-z]+[0-9]+$/i;

function cellAt(t: Topology, input: string, text: string, offset: number): Result<number, NotationError> {
  if (!WHOLE_LABEL.test(text)) return err(new NotationError(`'${excerpt(text)}' is not a cell label`, input, offset));
  const cell = t.cellOf(text);
  if (cell < 0) return err(new NotationError(`${excerpt(text)} is not a cell of ${excerpt(t.spec)}`, input, offset));
  return ok(cell);
}

export function parseMove(t: Topology, input: string): Result<GameMove, NotationError> {
  const text = input.trim();
  const lead = input.length - input.trimStart().length;
  if (text === '') return err(new NotationError('empty move', input, 0));
  const lower = text.toLowerCase();
  if (lower === 'pass' || lower === 'swap') return ok({ kind: lower });
  // Column letters reach 'x' only on boards wider than 23 columns, and a label is never an 'x'
  // followed by another label, so `x<label>` is a replacement unless it is itself a cell.
  if (lower.startsWith('x') && !(WHOLE_LABEL.test(text) && t.cellOf(text) >= 0)) {
    const rest = text.slice(1);
    if (rest === '') return err(new NotationError(`missing cell after 'x'`, input, lead + 1));
    const at = cellAt(t, input, rest, lead + 1);
    return at.ok ? ok({ kind: 'replace', at: at.value }) : at;
  }
  const first = LABEL.exec(text);
  if (!first) {
    return err(new NotationError(`'${excerpt(text)}' is not a move (write a placement d4, a replacement xd4, a move d3-f5, pass or swap)`, input, lead));
  }
  const atText = first[0];
  const at = cellAt(t, input, atText, lead);
  if (!at.ok) return at;
  const rest = text.slice(atText.length);
  if (rest === '') return ok({ kind: 'place', at: at.value });
  const sepOffset = lead + atText.length;
  if (rest[0] !== '-') return err(new NotationError(`expected '-' after ${atText}`, input, sepOffset));
  const toText = rest.slice(1);
  if (toText === '') return err(new NotationError(`missing destination after ${atText}-`, input, sepOffset + 1));
  const to = cellAt(t, input, toText, sepOffset + 1);
  if (!to.ok) return to;
  if (to.value === at.value) return err(new NotationError(`a piece cannot move to its own cell ${atText}`, input, sepOffset + 1));
  return ok({ kind: 'move', at: at.value, to: to.value });
}

// ---------------------------------------------------------------- positions

const MACHINE_CHARS = '.bw';
const COLOUR_CHARS = '-bw';

export function formatPosition(t: Topology, s: PopulaceState, form: 'human' | 'machine' = 'human'): string {
  const parts = ['populace', t.spec];
  if (form === 'human') {
    const list = (v: number): string => t.labels.filter((_, i) => s.cells[i] === v).join(',');
    parts.push(`b:${list(1)}`, `w:${list(2)}`);
  } else {
    parts.push(Array.from(s.cells, (v) => MACHINE_CHARS[v] ?? '?').join(''));
  }
  parts.push(COLOUR_CHARS[s.toMove]!, `p${s.passes}`, `btn:${COLOUR_CHARS[s.button]}`, `ply:${s.ply}`);
  if (s.swapped) parts.push('swapped');
  if (s.recent.length > 0) parts.push(`ko:${s.recent.map((m) => formatMove(t, unpackMove(m))).join(',')}`);
  return parts.join(' ');
}

/** Longest numbers accepted as text; checkState refuses impossible values anyway. */
const MAX_PASS_DIGITS = 6;
const MAX_PLY_DIGITS = 9;

export function parsePosition(input: string): Result<ParsedPosition<PopulaceState>, NotationError> {
  const words = wordsOf(input);
  const fail = (message: string, offset: number): { ok: false; error: NotationError } => err(new NotationError(message, input, offset));
  const end = input.length;
  if (words.length === 0) return fail('empty position', 0);
  if (words[0]!.word.toLowerCase() !== 'populace') return fail(`expected the game name 'populace'`, words[0]!.offset);
  const boardWord = words[1];
  if (!boardWord) return fail('missing board', end);
  const built = populaceBoard(boardWord.word);
  if (!built.ok) return fail(built.error.detail, boardWord.offset + built.error.offset);
  const t = built.value;

  let cells = new Uint8Array(t.size);
  let i = 2;
  const first = words[i];
  if (!first) return fail('missing pieces', end);
  if (first.word.includes(':')) {
    for (const [value, prefix] of [
      [1, 'b:'],
      [2, 'w:'],
    ] as const) {
      const problem = readLabelList(t, input, words[i], prefix, value, cells);
      if (problem) return err(problem);
      i++;
    }
  } else {
    // The length is not checked here: a wrong cell count is an impossible position (checkState).
    cells = new Uint8Array(first.word.length);
    for (let k = 0; k < first.word.length; k++) {
      const v = MACHINE_CHARS.indexOf(first.word[k]!.toLowerCase());
      if (v < 0) return fail(`'${first.word[k]}' is not '.', 'b' or 'w'`, first.offset + k);
      cells[k] = v;
    }
    i++;
  }

  const turn = words[i];
  const colour = turn ? ['b', 'w'].indexOf(turn.word.toLowerCase()) : -1;
  if (colour < 0) return fail(`expected the colour to move, b or w`, turn?.offset ?? end);
  i++;
  const passWord = words[i];
  const pm = passWord && new RegExp(`^p([0-9]{1,${MAX_PASS_DIGITS}})$`, 'i').exec(passWord.word);
  if (!pm) return fail(`expected the pass count, like 'p0'`, passWord?.offset ?? end);
  i++;
  const buttonWord = words[i];
  const bm = buttonWord && /^btn:([-bw])$/i.exec(buttonWord.word);
  if (!bm) return fail(`expected the button holder, 'btn:-', 'btn:b' or 'btn:w'`, buttonWord?.offset ?? end);
  i++;
  const plyWord = words[i];
  const plm = plyWord && new RegExp(`^ply:([0-9]{1,${MAX_PLY_DIGITS}})$`, 'i').exec(plyWord.word);
  if (!plm) return fail(`expected the ply, like 'ply:0'`, plyWord?.offset ?? end);
  i++;

  let swapped = false;
  if (words[i]?.word.toLowerCase() === 'swapped') {
    swapped = true;
    i++;
  }
  const recent: number[] = [];
  const koWord = words[i];
  if (koWord && koWord.word.slice(0, 3).toLowerCase() === 'ko:') {
    const list = koWord.word.slice(3);
    let offset = koWord.offset + 3;
    if (list !== '' && list !== '-') {
      for (const token of list.split(',')) {
        if (token === '') return fail('empty action', offset);
        const m = parseMove(t, token);
        if (!m.ok) return fail(m.error.detail, offset + m.error.offset);
        recent.push(packMove(m.value));
        offset += token.length + 1;
      }
    }
    i++;
  }
  if (i < words.length) return fail(`unexpected '${excerpt(words[i]!.word)}' after the ply`, words[i]!.offset);

  const passes = Number(pm[1]);
  const state: PopulaceState = {
    cells,
    toMove: colour === 0 ? 1 : 2,
    passes,
    button: COLOUR_CHARS.indexOf(bm[1]!.toLowerCase()) as 0 | 1 | 2,
    ply: Number(plm[1]),
    swapped,
    ended: passes >= 2,
    recent,
  };
  return ok({ topology: t, state });
}
